/// Which task of an edited document each task of the original became.
///
/// Lines outside the edit's splices are the same lines, shifted by the lines inserted or
/// deleted above them. A task inside a splice is found again among the tasks the splices wrote
/// (a moved block, a checkbox ticked): by its whole block (`TaskFingerprint.block`), then by its
/// text (`TaskFingerprint.of`), equal ones pairing in order; a task whose words changed pairs
/// with the task written at its place in the splice (`tick edit`). A task with no partner was
/// deleted.
package struct TaskCorrespondence: Sendable {
    /// For each task of the original, the index of its task in the edited document, or -1.
    private let partner: [Int32]
    /// The tasks of the edited document that no task of the original became: the ones it wrote.
    package let unpartnered: [Int]

    /// `splices` are the edit that turned `before` into `after`; without them (or when they do
    /// not account for the lines), the lines the two share at the start and the end are kept
    /// and everything between is one splice.
    package init(before: Document, after: Document, splices: [Splice]? = nil) {
        var spans = (splices ?? []).sorted { ($0.lines.lowerBound, $0.lines.upperBound) < ($1.lines.lowerBound, $1.lines.upperBound) }
            .map { (lines: $0.lines, count: $0.replacement.count) }
        let delta = spans.reduce(0) { $0 + $1.count - $1.lines.count }
        if splices == nil || before.lines.count + delta != after.lines.count {
            spans = Self.difference(before, after)
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
    package func partner(of index: Int) -> Int? {
        guard index >= 0, index < partner.count, partner[index] >= 0 else { return nil }
        return Int(partner[index])
    }

    /// The splices between two versions: the lines they share at the start and at the end are
    /// kept, and between those the lines a line diff finds in both (`SequenceDiff.myers`, up to
    /// `ChangeHunks.maximumDistance` changes; past that, all of them are one splice). Each splice
    /// takes in the whole block of every task it touches (two tasks alike whose notes differ
    /// must not be told apart by their first lines alone); splices that then meet are one. An
    /// undo of a move from a file's top to its end is two splices, not the file between them.
    /// None when the versions are the same.
    static func difference(_ before: Document, _ after: Document) -> [(lines: Range<Int>, count: Int)] {
        guard let changed = Splice.changedLines(from: before, to: after) else { return [] }
        var runs: [(old: Range<Int>, new: Range<Int>)] = [(changed.old, changed.new)]
        func line(_ document: Document, _ index: Int) -> ArraySlice<UInt8> { document.bytes[document.lines[index].fullRange] }
        if !changed.old.isEmpty, !changed.new.isEmpty {
            let old = changed.old.map { ContentHash.of(line(before, $0)) }, new = changed.new.map { ContentHash.of(line(after, $0)) }
            // Matched lines are the same bytes (not only the same hash), or the diff is not used.
            if let matches = SequenceDiff.myers(old, new, limit: ChangeHunks.maximumDistance),
               matches.allSatisfy({ line(before, changed.old.lowerBound + $0.0) == line(after, changed.new.lowerBound + $0.1) }) {
                runs = []
                var a = 0, b = 0
                for (matchA, matchB) in matches + [(old.count, new.count)] {
                    if matchA > a || matchB > b {
                        runs.append(((changed.old.lowerBound + a)..<(changed.old.lowerBound + matchA),
                                     (changed.new.lowerBound + b)..<(changed.new.lowerBound + matchB)))
                    }
                    a = matchA + 1
                    b = matchB + 1
                }
            }
        }
        // Widened to whole blocks in both versions, until no block crosses an edge. The lines
        // between two runs are the same in both, so a run widens alike on both sides; one that
        // would reach into its neighbour is one run with it.
        func merge(_ index: Int) {
            let (first, second) = (runs[index], runs[index + 1])
            runs[index] = (first.old.lowerBound..<second.old.upperBound, first.new.lowerBound..<second.new.upperBound)
            runs.remove(at: index + 1)
        }
        var index = 0
        runs: while index < runs.count {
            let run = runs[index]
            for (document, isBefore) in [(before, true), (after, false)] {
                let lines = isBefore ? run.old : run.new
                var low = lines.lowerBound, high = lines.upperBound
                // A block that holds the run's first line starts above it: the last task above
                // the run is that task or one of its subtasks.
                var task = firstTask(atOrAfter: low, in: document) - 1
                while task >= 0 {
                    if document.tasks[task].lastLine >= low { low = min(low, document.tasks[task].line) }
                    task = document.tasks[task].parent ?? -1
                }
                for task in Self.tasks(inLines: lines, in: document) { high = max(high, document.tasks[task].lastLine + 1) }
                let floor = index > 0 ? (isBefore ? runs[index - 1].old.upperBound : runs[index - 1].new.upperBound) : 0
                let ceiling = index + 1 < runs.count ? (isBefore ? runs[index + 1].old.lowerBound : runs[index + 1].new.lowerBound)
                                                     : document.lines.count
                if low < floor { merge(index - 1); index -= 1; continue runs }
                if high > ceiling { merge(index); continue runs }
                let up = lines.lowerBound - low, down = high - lines.upperBound
                if up > 0 || down > 0 {
                    runs[index] = ((run.old.lowerBound - up)..<(run.old.upperBound + down), (run.new.lowerBound - up)..<(run.new.upperBound + down))
                    continue runs
                }
            }
            index += 1
        }
        return runs.map { ($0.old, $0.new.count) }
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
