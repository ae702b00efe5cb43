/// `tick merge`: a three-way merge of a task file that knows tasks.
///
/// Each side's tasks are matched to the ancestor's (`TaskMatching`). A task line one side
/// changed in place (ticked, starred, re-dated, re-worded) counts, for the merge of lines, as
/// the ancestor's line, and the changes of both sides are merged into it part by part
/// (`TaskLineMerge`) wherever the line ends up. Lines then merge as diff3 merges them: a run one
/// side changed takes that side's lines; both sides adding tasks at the same place keeps both,
/// ours first; anything else both changed is a conflict, cut down to the lines that differ and
/// marked as git marks it. A task one side deleted and the other changed is a conflict on that
/// task's lines. Untouched lines are copied byte for byte.
public enum TaskMerge {
    public struct Result: Sendable {
        public let bytes: [UInt8]
        /// How many conflicts are marked in `bytes`.
        public let conflicts: Int
    }

    public struct Labels: Sendable {
        public let ours: String
        public let theirs: String
        public init(ours: String = "ours", theirs: String = "theirs") {
            self.ours = ours
            self.theirs = theirs
        }
    }

    public static func merge(base: Document, ours: Document, theirs: Document,
                             markerSize: Int = 7, labels: Labels = Labels()) -> Result {
        let oursMatching = TaskMatching(old: base, new: ours), theirsMatching = TaskMatching(old: base, new: theirs)
        let baseSide = Side(ancestor: base)
        let oursSide = Side(ours, base: base, matching: oursMatching, other: theirsMatching, baseHashes: baseSide.hashes)
        let theirsSide = Side(theirs, base: base, matching: theirsMatching, other: oursMatching, baseHashes: baseSide.hashes)

        // Each base task's merged line, worked out when first needed.
        var merged: [Int: [UInt8]?] = [:]
        func mergedLine(_ task: Int) -> [UInt8]? {
            if let known = merged[task] { return known }
            let baseVersion = TaskLineMerge.Version(base.tasks[task], in: base)
            let oursVersion = oursMatching.new(of: task).map { TaskLineMerge.Version(ours.tasks[$0], in: ours) } ?? baseVersion
            let theirsVersion = theirsMatching.new(of: task).map { TaskLineMerge.Version(theirs.tasks[$0], in: theirs) } ?? baseVersion
            let line = TaskLineMerge.merge(base: baseVersion, ours: oursVersion, theirs: theirsVersion)
            merged[task] = line
            return line
        }

        let ending = Array((ours.lines.isEmpty ? LineEnding.lf : ours.dominantLineEnding).rawValue.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(max(ours.bytes.count, theirs.bytes.count) + 256)
        var conflicts = 0
        func markers(_ character: UInt8, _ label: String?) {
            // A marker starts a line: after a last line without an ending, it needs one first.
            if let last = out.last, last != 0x0A, last != 0x0D { out += ending }
            out += [UInt8](repeating: character, count: markerSize)
            if let label { out += [Byte.space] + Array(label.utf8) }
            out += ending
        }
        /// A side's line as the merge writes it: a task line with both sides' changes merged in
        /// (or, when they conflict, marked as a conflict of its own unless already inside one).
        func emit(_ side: Side, _ line: Int, insideConflict: Bool) {
            guard let task = side.tags[line] else { return out += side.document.bytes[side.document.lines[line].fullRange] }
            if let line = mergedLine(task) { return out += line }
            if insideConflict { return out += side.document.bytes[side.document.lines[line].fullRange] }
            conflicts += 1
            markers(UInt8(ascii: "<"), labels.ours)
            out += oursMatching.new(of: task).map { ours.bytes[ours.lines[ours.tasks[$0].line].fullRange] } ?? []
            markers(UInt8(ascii: "="), nil)
            out += theirsMatching.new(of: task).map { theirs.bytes[theirs.lines[theirs.tasks[$0].line].fullRange] } ?? []
            markers(UInt8(ascii: ">"), labels.theirs)
        }

        let chunks = Diff3.chunks(base: baseSide.hashes, ours: oursSide.hashes, theirs: theirsSide.hashes).map { chunk in
            (chunk, chunk.stable ? Diff3.Outcome.ours : Diff3.outcome(chunk, base: baseSide.hashes, ours: oursSide.hashes, theirs: theirsSide.hashes))
        }
        func isUnion(_ chunk: Diff3.Chunk, _ outcome: Diff3.Outcome) -> Bool {
            outcome == .conflict && chunk.base.isEmpty && oursSide.holdsOnlyTasks(chunk.ours) && theirsSide.holdsOnlyTasks(chunk.theirs)
        }
        // A task both sides moved, to different places, goes where ours put it: their copy (its
        // whole block) is left out.
        var oursPlaced = Set<Int>()
        for (chunk, outcome) in chunks where outcome == .ours || outcome == .same || isUnion(chunk, outcome) {
            for line in chunk.ours { if let task = oursSide.tags[line] { oursPlaced.insert(task) } }
        }
        var theirsLeftOut = Set<Int>()
        for (chunk, outcome) in chunks where outcome == .theirs || isUnion(chunk, outcome) {
            for line in chunk.theirs {
                guard let task = theirsSide.tags[line], oursPlaced.contains(task),
                      let index = theirsMatching.new(of: task) else { continue }
                theirsLeftOut.formUnion(theirs.tasks[index].blockLines)
            }
        }

        for (chunk, outcome) in chunks {
            switch outcome {
            case .ours, .same: for line in chunk.ours { emit(oursSide, line, insideConflict: false) }
            case .theirs: for line in chunk.theirs where !theirsLeftOut.contains(line) { emit(theirsSide, line, insideConflict: false) }
            case .conflict:
                // Both sides added tasks at the same place: both, ours first; a line theirs adds
                // that ours added too (the same new task, or a task both moved here) once.
                if isUnion(chunk, outcome) {
                    for line in chunk.ours { emit(oursSide, line, insideConflict: false) }
                    var oursLines: [UInt64: Int] = [:]
                    for line in chunk.ours { oursLines[oursSide.hashes[line], default: 0] += 1 }
                    for line in chunk.theirs where !theirsLeftOut.contains(line) {
                        if let count = oursLines[theirsSide.hashes[line]], count > 0, theirsSide.document.kinds[line] != .blank {
                            oursLines[theirsSide.hashes[line]] = count - 1
                            continue
                        }
                        emit(theirsSide, line, insideConflict: false)
                    }
                    continue
                }
                // Lines both sides agree on at either end stay outside the markers.
                var oursRange = chunk.ours, theirsRange = chunk.theirs
                var head = 0
                while head < oursRange.count, head < theirsRange.count,
                      oursSide.hashes[oursRange.lowerBound + head] == theirsSide.hashes[theirsRange.lowerBound + head] { head += 1 }
                var tail = 0
                while tail < oursRange.count - head, tail < theirsRange.count - head,
                      oursSide.hashes[oursRange.upperBound - 1 - tail] == theirsSide.hashes[theirsRange.upperBound - 1 - tail] { tail += 1 }
                for line in oursRange.prefix(head) { emit(oursSide, line, insideConflict: false) }
                oursRange = (oursRange.lowerBound + head)..<(oursRange.upperBound - tail)
                theirsRange = (theirsRange.lowerBound + head)..<(theirsRange.upperBound - tail)
                conflicts += 1
                markers(UInt8(ascii: "<"), labels.ours)
                for line in oursRange { emit(oursSide, line, insideConflict: true) }
                markers(UInt8(ascii: "="), nil)
                for line in theirsRange { emit(theirsSide, line, insideConflict: true) }
                markers(UInt8(ascii: ">"), labels.theirs)
                for line in chunk.ours.suffix(tail) { emit(oursSide, line, insideConflict: false) }
            }
        }
        return Result(bytes: out, conflicts: conflicts)
    }

    /// One version as the line merge sees it: each line's hash (a task line the other side
    /// still has counts as the ancestor's line) and the ancestor's task it holds.
    struct Side {
        let document: Document
        let hashes: [UInt64]
        /// For each line, the index of the ancestor's task whose checkbox line it is.
        let tags: [Int?]
        /// Whether each line is a task's (its checkbox line, wrapped text, notes or subtasks).
        let inTaskBlock: [Bool]

        /// The ancestor itself: each task line tagged with its own task.
        init(ancestor document: Document) {
            self.document = document
            hashes = Side.lineHashes(document)
            var tags = [Int?](repeating: nil, count: document.lines.count)
            for task in document.tasks { tags[task.line] = task.index }
            self.tags = tags
            inTaskBlock = Side.taskBlocks(document)
        }

        /// One side: `matching` pairs its tasks with the ancestor's, `other` the other side's.
        init(_ document: Document, base: Document, matching: TaskMatching, other: TaskMatching, baseHashes: [UInt64]) {
            self.document = document
            var hashes = Side.lineHashes(document)
            var tags = [Int?](repeating: nil, count: document.lines.count)
            for task in document.tasks {
                guard let origin = matching.old(of: task.index) else { continue }
                // A task the other side deleted keeps its own line: a change of it against that
                // deletion is a conflict, not lost.
                guard other.new(of: origin) != nil else { continue }
                tags[task.line] = origin
                hashes[task.line] = baseHashes[base.tasks[origin].line]
            }
            self.hashes = hashes
            self.tags = tags
            inTaskBlock = Side.taskBlocks(document)
        }

        func holdsOnlyTasks(_ lines: Range<Int>) -> Bool {
            lines.allSatisfy { inTaskBlock[$0] || document.kinds[$0] == .blank }
        }

        /// Whole lines, endings included: the merge keeps bytes, so a changed ending is a change.
        static func lineHashes(_ document: Document) -> [UInt64] {
            document.lines.map { ContentHash.of(document.bytes[$0.fullRange]) }
        }

        static func taskBlocks(_ document: Document) -> [Bool] {
            var result = [Bool](repeating: false, count: document.lines.count)
            for task in document.tasks where task.parent == nil {
                for line in task.blockLines { result[line] = true }
            }
            return result
        }
    }
}
