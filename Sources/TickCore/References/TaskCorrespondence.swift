/// Which task of an edited document each task of the original became.
///
/// Lines outside the edit's splices are the same lines, shifted by the lines inserted or
/// deleted above them. A task inside a splice is found again among the tasks the splices wrote
/// (a moved block, a checkbox ticked): by its whole block (`TaskFingerprint.block`), then by its
/// text (`TaskFingerprint.of`), equal ones pairing in order; a task whose words changed pairs
/// with the task written at its place in the splice (`tick edit`). A task with no partner was
/// deleted.
public struct TaskCorrespondence: Sendable {
    /// For each task of the original, the index of its task in the edited document, or -1.
    private let partner: [Int32]
    /// The tasks of the edited document that no task of the original became: the ones it wrote.
    public let unpartnered: [Int]

    /// `splices` are the edit that turned `before` into `after`; without them (or when they do
    /// not account for the lines), the lines the two share at the start and the end are kept
    /// and everything between is one splice.
    public init(before: Document, after: Document, splices: [Splice]? = nil) {
        var spans = (splices ?? []).sorted { ($0.lines.lowerBound, $0.lines.upperBound) < ($1.lines.lowerBound, $1.lines.upperBound) }
            .map { (lines: $0.lines, count: $0.replacement.count) }
        let delta = spans.reduce(0) { $0 + $1.count - $1.lines.count }
        if splices == nil || before.lines.count + delta != after.lines.count {
            spans = Self.difference(before, after).map { [$0] } ?? []
        }
        var partner = [Int32](repeating: -1, count: before.tasks.count)
        var used = [Bool](repeating: false, count: after.tasks.count)
        // Tasks inside a splice, and which splice.
        var inside: [(task: Int, span: Int)] = []
        var spanAfterStart: [Int] = []
        var shift = 0
        for span in spans {
            spanAfterStart.append(span.lines.lowerBound + shift)
            shift += span.count - span.lines.count
        }
        var spanIndex = 0
        var cursor = 0
        shift = 0
        for task in before.tasks {
            while spanIndex < spans.count, spans[spanIndex].lines.upperBound <= task.line,
                  !(spans[spanIndex].lines.isEmpty && spans[spanIndex].lines.lowerBound == task.line) {
                shift += spans[spanIndex].count - spans[spanIndex].lines.count
                spanIndex += 1
            }
            // An insertion right at the task's line pushes it down; it is not inside it.
            var pending = shift
            var probe = spanIndex
            while probe < spans.count, spans[probe].lines.isEmpty, spans[probe].lines.lowerBound == task.line {
                pending += spans[probe].count
                probe += 1
            }
            if probe < spans.count, spans[probe].lines.contains(task.line) {
                inside.append((task.index, probe))
            } else {
                // Outside the splices tasks keep their order: one cursor walks the edited tasks.
                let line = task.line + pending
                while cursor < after.tasks.count, after.tasks[cursor].line < line { cursor += 1 }
                if cursor < after.tasks.count, after.tasks[cursor].line == line, !used[cursor] {
                    partner[task.index] = Int32(cursor)
                    used[cursor] = true
                }
            }
        }
        // Tasks the splices wrote, paired first by their whole block (which tells duplicates
        // apart), then by their text, each in order.
        var unmatched = inside
        let beforeGroups = TaskFingerprint.groupHashes(before), afterGroups = TaskFingerprint.groupHashes(after)
        for byBlock in [true, false] {
            func signature(_ task: Task, _ document: Document, _ groups: [UInt64]) -> UInt64 {
                byBlock ? TaskFingerprint.block(task, in: document, groups: groups) : TaskFingerprint.of(task, in: document)
            }
            var written: [UInt64: [Int]] = [:]
            for (number, span) in spans.enumerated() where span.count > 0 {
                let range = spanAfterStart[number]..<(spanAfterStart[number] + span.count)
                for index in Self.tasks(inLines: range, in: after) where !used[index] {
                    written[signature(after.tasks[index], after, afterGroups), default: []].append(index)
                }
            }
            let keys = unmatched.map { signature(before.tasks[$0.task], before, beforeGroups) }
            var wanted: [UInt64: Int] = [:]
            for key in keys { wanted[key, default: 0] += 1 }
            var taken: [UInt64: Int] = [:]
            var left: [(task: Int, span: Int)] = []
            for (entry, key) in zip(unmatched, keys) {
                if let candidates = written[key], candidates.count == wanted[key] {
                    let next = taken[key, default: 0]
                    taken[key] = next + 1
                    partner[entry.task] = Int32(candidates[next])
                    used[candidates[next]] = true
                } else {
                    left.append(entry)
                }
            }
            unmatched = left
        }
        // Words changed in place: the task written at the same place in its splice (a wrapped
        // text rewritten on fewer lines keeps its first line), in a splice that wrote as many
        // tasks as it replaced. (One that wrote fewer, such as an undo of two tasks' next
        // occurrences, would pair each task with its neighbour's place.)
        for entry in unmatched {
            let span = spans[entry.span]
            let offset = before.tasks[entry.task].line - span.lines.lowerBound
            guard offset < span.count,
                  Self.tasks(inLines: span.lines, in: before).count
                    == Self.tasks(inLines: spanAfterStart[entry.span]..<(spanAfterStart[entry.span] + span.count), in: after).count
            else { continue }
            if let index = Self.task(atLine: spanAfterStart[entry.span] + offset, in: after), !used[index] {
                partner[entry.task] = Int32(index)
                used[index] = true
            }
        }
        self.partner = partner
        unpartnered = used.indices.filter { !used[$0] }
    }

    /// The index in the edited document of what the original's task `index` became.
    public func partner(of index: Int) -> Int? {
        guard index >= 0, index < partner.count, partner[index] >= 0 else { return nil }
        return Int(partner[index])
    }

    /// The one splice between two versions: the lines they share at the start and at the end
    /// are kept, except that the splice takes in the whole block of every task it touches (two
    /// tasks alike whose notes differ must not be told apart by their first lines alone). Nil
    /// when the versions are the same.
    static func difference(_ before: Document, _ after: Document) -> (lines: Range<Int>, count: Int)? {
        guard let changed = Splice.changedLines(from: before, to: after) else { return nil }
        var prefix = changed.old.lowerBound, suffix = before.lines.count - changed.old.upperBound
        // Widen to whole blocks, in both versions, until no block crosses an edge.
        var widened = true
        while widened {
            widened = false
            for document in [before, after] {
                let end = document.lines.count - suffix
                for task in document.tasks where task.line < max(end, prefix + 1) && task.lastLine >= prefix {
                    if task.line < prefix { prefix = task.line; widened = true }
                    if task.lastLine + 1 > document.lines.count - suffix {
                        suffix = document.lines.count - task.lastLine - 1
                        widened = true
                    }
                }
            }
        }
        return (prefix..<(before.lines.count - suffix), after.lines.count - suffix - prefix)
    }

    /// The task whose checkbox is on `line`.
    static func task(atLine line: Int, in document: Document) -> Int? {
        let index = firstTask(atOrAfter: line, in: document)
        return index < document.tasks.count && document.tasks[index].line == line ? index : nil
    }

    static func tasks(inLines lines: Range<Int>, in document: Document) -> Range<Int> {
        firstTask(atOrAfter: lines.lowerBound, in: document)..<firstTask(atOrAfter: lines.upperBound, in: document)
    }

    private static func firstTask(atOrAfter line: Int, in document: Document) -> Int {
        var low = 0, high = document.tasks.count
        while low < high {
            let middle = (low + high) / 2
            if document.tasks[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
