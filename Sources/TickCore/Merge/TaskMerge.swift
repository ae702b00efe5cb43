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
        package let bytes: [UInt8]
        /// How many conflicts are marked in `bytes`.
        package let conflicts: Int
        /// False when the sides differ in more places than the line comparison follows
        /// (`SequenceDiff.maximumDistance`): lines were then matched only where they occur once,
        /// and more is marked as conflicts than a closer comparison would.
        package let exact: Bool
    }

    public struct Labels: Sendable {
        package let ours: String
        package let theirs: String
        public init(ours: String = "ours", theirs: String = "theirs") {
            self.ours = ours
            self.theirs = theirs
        }
    }

    public static func merge(base: Document, ours: Document, theirs: Document,
                             markerSize: Int = 7, labels: Labels = Labels()) -> Result {
        // A side that changed nothing: the other side is the merge, byte for byte.
        if theirs.bytes == base.bytes { return Result(bytes: ours.bytes, conflicts: 0, exact: true) }
        if ours.bytes == base.bytes { return Result(bytes: theirs.bytes, conflicts: 0, exact: true) }
        let oursMatching = TaskMatching(old: base, new: ours), theirsMatching = TaskMatching(old: base, new: theirs)
        let baseSide = Side(ancestor: base)
        let oursSide = Side(ours, number: 0, base: base, matching: oursMatching, other: theirsMatching, baseTokens: baseSide.tokens)
        let theirsSide = Side(theirs, number: 1, base: base, matching: theirsMatching, other: oursMatching, baseTokens: baseSide.tokens)

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
        /// Appends whole lines: after a side's last line, which may have no ending, a line
        /// that follows needs one first (two tasks never run into one line).
        func write(_ lines: some Collection<UInt8>) {
            guard !lines.isEmpty else { return }
            if let last = out.last, last != 0x0A, last != 0x0D { out += ending }
            out += lines
        }
        func markers(_ character: UInt8, _ label: String?) {
            write([UInt8](repeating: character, count: markerSize))
            if let label { out += [Byte.space] + Array(label.utf8) }
            out += ending
        }
        func conflict(ours oursBytes: () -> Void, theirs theirsBytes: () -> Void) {
            conflicts += 1
            markers(UInt8(ascii: "<"), labels.ours)
            oursBytes()
            markers(UInt8(ascii: "="), nil)
            theirsBytes()
            markers(UInt8(ascii: ">"), labels.theirs)
        }
        // Lines of a side already written inside a conflict of their task's own.
        var written: [Set<Int>] = [[], []]
        /// A side's line as the merge writes it: a task line with both sides' changes merged in
        /// (or, when they conflict, marked as a conflict of its own unless already inside one).
        /// A task this side moved and the other deleted is a conflict around its block, where
        /// this side put it.
        func emit(_ side: Side, _ line: Int, insideConflict: Bool) {
            let document = side.document
            if insideConflict { return write(document.bytes[document.lines[line].fullRange]) }
            guard !written[side.number].contains(line) else { return }
            let other = side.number == 0 ? theirsMatching : oursMatching
            if let origin = side.origins[line], other.new(of: origin) == nil, let task = side.taskAtLine[line] {
                let block = document.tasks[task].blockLines
                written[side.number].formUnion(block)
                let bytes = { write(document.bytes[document.lines[block.lowerBound].start..<document.lines[block.upperBound].end]) }
                return side.number == 0 ? conflict(ours: bytes, theirs: {}) : conflict(ours: {}, theirs: bytes)
            }
            guard let task = side.tags[line] else { return write(document.bytes[document.lines[line].fullRange]) }
            if let line = mergedLine(task) { return write(line) }
            conflict(ours: { write(oursMatching.new(of: task).map { ours.bytes[ours.lines[ours.tasks[$0].line].fullRange] } ?? []) },
                     theirs: { write(theirsMatching.new(of: task).map { theirs.bytes[theirs.lines[theirs.tasks[$0].line].fullRange] } ?? []) })
        }

        var exact = true
        let chunks = sectionChunks(baseSide, oursSide, theirsSide, exact: &exact).map { chunk in
            (chunk, chunk.stable ? Diff3.Outcome.ours : Diff3.outcome(chunk, base: baseSide.tokens, ours: oursSide.tokens, theirs: theirsSide.tokens))
        }
        func isUnion(_ chunk: Diff3.Chunk, _ outcome: Diff3.Outcome) -> Bool {
            outcome == .conflict && chunk.base.isEmpty && oursSide.holdsOnlyTasks(chunk.ours) && theirsSide.holdsOnlyTasks(chunk.theirs)
        }
        // Runs where both sides only deleted lines (different tasks, say): the lines both kept.
        let deletions = chunks.map { chunk, outcome in
            outcome == .conflict ? keptByBoth(chunk, base: baseSide.tokens, ours: oursSide.tokens, theirs: theirsSide.tokens) : nil
        }
        // A task both sides moved, to different places, goes where ours put it (inside a
        // conflict or not): their copy (its whole block) is left out.
        var oursPlaced = Set<Int>()
        for ((chunk, outcome), kept) in zip(chunks, deletions) where outcome != .theirs && kept == nil {
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

        for ((chunk, outcome), deleted) in zip(chunks, deletions) {
            switch outcome {
            case .ours, .same: for line in chunk.ours { emit(oursSide, line, insideConflict: false) }
            case .theirs: for line in chunk.theirs where !theirsLeftOut.contains(line) { emit(theirsSide, line, insideConflict: false) }
            case .conflict:
                if let kept = deleted {
                    for line in kept { write(base.bytes[base.lines[line].fullRange]) }
                    continue
                }
                // Both sides added tasks at the same place: both, ours first; a line theirs adds
                // that ours added too (the same new task, or a task both moved here) once.
                if isUnion(chunk, outcome) {
                    for line in chunk.ours { emit(oursSide, line, insideConflict: false) }
                    var oursLines: [UInt64: Int] = [:]
                    for line in chunk.ours { oursLines[oursSide.tokens[line], default: 0] += 1 }
                    for line in chunk.theirs where !theirsLeftOut.contains(line) {
                        if let count = oursLines[theirsSide.tokens[line]], count > 0, theirsSide.document.kinds[line] != .blank {
                            oursLines[theirsSide.tokens[line]] = count - 1
                            continue
                        }
                        emit(theirsSide, line, insideConflict: false)
                    }
                    continue
                }
                // Lines both sides agree on at either end stay outside the markers; a task line
                // only when it is the same task (two new lines alike may be different tasks).
                var oursRange = chunk.ours, theirsRange = chunk.theirs
                func agree(_ a: Int, _ b: Int) -> Bool {
                    oursSide.tokens[a] == theirsSide.tokens[b] && (oursSide.taskAtLine[a] == nil || oursSide.tags[a] != nil)
                }
                var head = 0
                while head < oursRange.count, head < theirsRange.count, agree(oursRange.lowerBound + head, theirsRange.lowerBound + head) { head += 1 }
                var tail = 0
                while tail < oursRange.count - head, tail < theirsRange.count - head,
                      agree(oursRange.upperBound - 1 - tail, theirsRange.upperBound - 1 - tail) { tail += 1 }
                for line in oursRange.prefix(head) { emit(oursSide, line, insideConflict: false) }
                oursRange = (oursRange.lowerBound + head)..<(oursRange.upperBound - tail)
                theirsRange = (theirsRange.lowerBound + head)..<(theirsRange.upperBound - tail)
                conflict(ours: { for line in oursRange { emit(oursSide, line, insideConflict: true) } },
                         theirs: { for line in theirsRange { emit(theirsSide, line, insideConflict: true) } })
                for line in chunk.ours.suffix(tail) { emit(oursSide, line, insideConflict: false) }
            }
        }
        return Result(bytes: out, conflicts: conflicts, exact: exact)
    }

    /// The three-way comparison, group by group: headings all three versions have once, in the
    /// same order, cut the versions into sections compared on their own, so that a task moved
    /// between groups never makes a heading look moved.
    static func sectionChunks(_ base: Side, _ ours: Side, _ theirs: Side, exact: inout Bool) -> [Diff3.Chunk] {
        var chunks: [Diff3.Chunk] = []
        var start = (0, 0, 0)
        for anchor in headingAnchors(base, ours, theirs) + [(base.tokens.count, ours.tokens.count, theirs.tokens.count)] {
            let ranges = (start.0..<anchor.0, start.1..<anchor.1, start.2..<anchor.2)
            for chunk in Diff3.chunks(base: Array(base.tokens[ranges.0]), ours: Array(ours.tokens[ranges.1]),
                                      theirs: Array(theirs.tokens[ranges.2]), exact: &exact) {
                chunks.append(Diff3.Chunk(base: chunk.base.shifted(by: start.0), ours: chunk.ours.shifted(by: start.1),
                                          theirs: chunk.theirs.shifted(by: start.2), stable: chunk.stable))
            }
            guard anchor.0 < base.tokens.count else { break }
            chunks.append(Diff3.Chunk(base: anchor.0..<(anchor.0 + 1), ours: anchor.1..<(anchor.1 + 1), theirs: anchor.2..<(anchor.2 + 1), stable: true))
            start = (anchor.0 + 1, anchor.1 + 1, anchor.2 + 1)
        }
        return chunks
    }

    /// The headings each version has once, the longest run of them in the same order in all
    /// three. Past 4 096 headings, none (the comparison is then of the whole files).
    static func headingAnchors(_ base: Side, _ ours: Side, _ theirs: Side) -> [(Int, Int, Int)] {
        func unique(_ side: Side) -> [UInt64: Int] {
            var seen: [UInt64: Int] = [:]
            for line in side.document.lines.indices where side.document.kinds[line] == .atxHeading {
                seen[side.tokens[line]] = seen[side.tokens[line]] == nil ? line : -1
            }
            return seen
        }
        let (b, o, t) = (unique(base), unique(ours), unique(theirs))
        let candidates = b.compactMap { token, line -> (Int, Int, Int)? in
            guard line >= 0, let x = o[token], x >= 0, let y = t[token], y >= 0 else { return nil }
            return (line, x, y)
        }.sorted { $0.0 < $1.0 }
        guard candidates.count <= 4_096 else { return [] }
        // The longest chain increasing in all three: a quadratic dynamic program over few lines.
        var length = [Int](repeating: 1, count: candidates.count), previous = [Int](repeating: -1, count: candidates.count)
        for i in candidates.indices {
            for j in 0..<i where candidates[j].1 < candidates[i].1 && candidates[j].2 < candidates[i].2 && length[j] + 1 > length[i] {
                length[i] = length[j] + 1
                previous[i] = j
            }
        }
        var chain: [(Int, Int, Int)] = []
        var index = length.indices.max { length[$0] < length[$1] } ?? -1
        while index >= 0 {
            chain.append(candidates[index])
            index = previous[index]
        }
        return chain.reversed()
    }

    /// When each side's lines in `chunk` are some of the ancestor's there, in order (both only
    /// deleted), the ancestor's lines that both kept.
    static func keptByBoth(_ chunk: Diff3.Chunk, base: [UInt64], ours: [UInt64], theirs: [UInt64]) -> [Int]? {
        func kept(_ side: ArraySlice<UInt64>) -> Set<Int>? {
            var result = Set<Int>()
            var next = side.startIndex
            for line in chunk.base where next < side.endIndex && base[line] == side[next] {
                result.insert(line)
                next += 1
            }
            return next == side.endIndex ? result : nil
        }
        guard !chunk.base.isEmpty, let a = kept(ours[chunk.ours]), let b = kept(theirs[chunk.theirs]) else { return nil }
        return chunk.base.filter { a.contains($0) && b.contains($0) }
    }

    /// One version as the line merge sees it: each line's token (a task line the other side
    /// has too counts as the ancestor's line) and the ancestor's task it holds.
    struct Side {
        /// 0 for ours (and the ancestor), 1 for theirs.
        let number: Int
        let document: Document
        /// What the three-way comparison compares: a line by its bytes; a task line of the
        /// ancestor by its bytes and its task (twins are different lines); a side's task line
        /// as the ancestor's when both sides have that task, or this side left it as it was.
        let tokens: [UInt64]
        /// For each line, the ancestor's task whose line it is, when its merged line is written
        /// there.
        let tags: [Int?]
        /// For each line, the ancestor's task whose line it is.
        let origins: [Int?]
        /// For each line, the index of the task whose checkbox line it is.
        let taskAtLine: [Int?]
        /// Whether each line is a task's (its checkbox line, wrapped text, notes or subtasks).
        let inTaskBlock: [Bool]

        /// The ancestor itself: each task line tagged with its own task.
        init(ancestor document: Document) {
            number = 0
            self.document = document
            var tokens = Side.lineHashes(document)
            var tags = [Int?](repeating: nil, count: document.lines.count)
            for task in document.tasks {
                tags[task.line] = task.index
                tokens[task.line] = Side.identity(tokens[task.line], task.index)
            }
            self.tokens = tokens
            self.tags = tags
            origins = tags
            taskAtLine = tags
            inTaskBlock = Side.taskBlocks(document)
        }

        /// One side: `matching` pairs its tasks with the ancestor's, `other` the other side's.
        init(_ document: Document, number: Int, base: Document, matching: TaskMatching, other: TaskMatching, baseTokens: [UInt64]) {
            self.number = number
            self.document = document
            var tokens = Side.lineHashes(document)
            var tags = [Int?](repeating: nil, count: document.lines.count)
            var origins = [Int?](repeating: nil, count: document.lines.count)
            var taskAtLine = [Int?](repeating: nil, count: document.lines.count)
            for task in document.tasks {
                taskAtLine[task.line] = task.index
                guard let origin = matching.old(of: task.index) else { continue }
                origins[task.line] = origin
                // A task the other side deleted (or cannot tell) keeps its own line when this side
                // changed it: a change of it against that deletion is a conflict, not lost.
                let baseLine = base.tasks[origin].line
                guard other.new(of: origin) != nil || document.bytes[document.lines[task.line].fullRange].elementsEqual(base.bytes[base.lines[baseLine].fullRange]) else { continue }
                tags[task.line] = origin
                tokens[task.line] = baseTokens[baseLine]
            }
            self.tokens = tokens
            self.tags = tags
            self.origins = origins
            self.taskAtLine = taskAtLine
            inTaskBlock = Side.taskBlocks(document)
        }

        func holdsOnlyTasks(_ lines: Range<Int>) -> Bool {
            lines.allSatisfy { inTaskBlock[$0] || document.kinds[$0] == .blank }
        }

        /// A task line's token: its bytes and which task it is.
        static func identity(_ hash: UInt64, _ task: Int) -> UInt64 { hash ^ (UInt64(task + 1) &* 0x9E37_79B9_7F4A_7C15) }

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

extension Range<Int> {
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
