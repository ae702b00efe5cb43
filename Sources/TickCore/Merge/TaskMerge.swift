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
        // A side that changed nothing, or both the same: the other side is the merge, byte
        // for byte.
        if theirs.bytes == base.bytes || theirs.bytes == ours.bytes { return Result(bytes: ours.bytes, conflicts: 0, exact: true) }
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

        let groups = MergedGroups(base: base, ours: ours, theirs: theirs, oursMatching: oursMatching, theirsMatching: theirsMatching)

        /// The merge with the sections `forced` marked whole as conflicts, and the sections
        /// where a task landed in a group neither side put it in (`Placement`) or other than
        /// the one it is owed (`MergedGroups`): for a task, those of both sides' lines of it.
        func attempt(forced: Set<Int>) -> (Result, misplaced: Set<Int>) {
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
            // The conflicts marked, each by the last byte of its three marker lines.
            var marked: [MergedGroups.Marked] = []
            func conflict(ours oursBytes: () -> Void, theirs theirsBytes: () -> Void) {
                conflicts += 1
                markers(UInt8(ascii: "<"), labels.ours)
                let open = out.count - 1
                oursBytes()
                markers(UInt8(ascii: "="), nil)
                let separator = out.count - 1
                theirsBytes()
                markers(UInt8(ascii: ">"), labels.theirs)
                marked.append(MergedGroups.Marked(open: open, separator: separator, close: out.count - 1))
            }
            // Lines of a side already written inside a conflict of their task's own.
            var written: [Set<Int>] = [[], []]
            // The ancestor's tasks written outside conflicts, each with where its line ends.
            var placed: [MergedGroups.Placed] = []
            /// Records the line of the ancestor's `task` just written outside a conflict.
            func place(_ task: Int) {
                placed.append(MergedGroups.Placed(owed: groups.owed(task), ours: oursMatching.new(of: task).map { ours.tasks[$0].line },
                                                  theirs: theirsMatching.new(of: task).map { theirs.tasks[$0].line }, end: out.count))
            }
            /// Records a task line of a side just written outside a conflict.
            func place(_ side: Side, _ line: Int) {
                guard let task = side.taskAtLine[line] else { return }
                if let origin = side.origins[line] {
                    place(origin)
                } else {
                    // Added by the side: owed the group it was added to.
                    placed.append(MergedGroups.Placed(owed: .group(groups.group(side.number + 1, task)), ours: side.number == 0 ? line : nil,
                                                      theirs: side.number == 1 ? line : nil, end: out.count))
                }
            }
            /// A side's line as the merge writes it: a task line with both sides' changes merged in
            /// (or, when they conflict, marked as a conflict of its own unless already inside one).
            /// A task this side moved and the other deleted, or both moved to different groups,
            /// is a conflict around its block, where this side put it.
            func emit(_ side: Side, _ line: Int, insideConflict: Bool) {
                let document = side.document
                placement.read(side, line, insideConflict: insideConflict, in: chunks[current].chunk)
                if insideConflict { return write(document.bytes[document.lines[line].fullRange]) }
                guard !written[side.number].contains(line) else { return }
                let other = side.number == 0 ? theirsMatching : oursMatching
                if let origin = side.origins[line], other.new(of: origin) == nil || groups.owed(origin) == .conflict,
                   let task = side.taskAtLine[line] {
                    let block = document.tasks[task].blockLines
                    written[side.number].formUnion(block)
                    let bytes = { write(document.bytes[document.lines[block.lowerBound].start..<document.lines[block.upperBound].end]) }
                    return side.number == 0 ? conflict(ours: bytes, theirs: {}) : conflict(ours: {}, theirs: bytes)
                }
                guard let task = side.tags[line] else {
                    write(document.bytes[document.lines[line].fullRange])
                    return place(side, line)
                }
                writeMerged(task)
            }
            /// The line of the ancestor's `task` with both sides' changes merged in, or, when
            /// they conflict, both sides' lines marked as a conflict.
            func writeMerged(_ task: Int) {
                if let line = mergedLine(task) {
                    write(line)
                    return place(task)
                }
                conflict(ours: { write(oursMatching.new(of: task).map { ours.bytes[ours.lines[ours.tasks[$0].line].fullRange] } ?? []) },
                         theirs: { write(theirsMatching.new(of: task).map { theirs.bytes[theirs.lines[theirs.tasks[$0].line].fullRange] } ?? []) })
            }

            /// Whether `line` of `side` is a task both sides moved to different groups.
            func owesConflict(_ side: Side, _ line: Int) -> Bool {
                guard side.taskAtLine[line] != nil, let origin = side.origins[line] else { return false }
                return groups.owed(origin) == .conflict
            }

            var exact = true
            let sectioned = sectionChunks(baseSide, oursSide, theirsSide, forced: forced, exact: &exact)
            // A section forced whole is a conflict even where one side alone changed it.
            let chunks = sectioned.map { chunk, section in
                (chunk: chunk, outcome: chunk.stable ? Diff3.Outcome.ours : forced.contains(section) ? .conflict
                    : Diff3.outcome(chunk, base: baseSide.tokens, ours: oursSide.tokens, theirs: theirsSide.tokens))
            }
            var placement = Placement(base: baseSide, ours: oursSide, theirs: theirsSide, oursMatching: oursMatching, theirsMatching: theirsMatching)
            var current = 0
            func isUnion(_ chunk: Diff3.Chunk, _ outcome: Diff3.Outcome) -> Bool {
                outcome == .conflict && chunk.base.isEmpty && oursSide.holdsOnlyTasks(chunk.ours) && theirsSide.holdsOnlyTasks(chunk.theirs)
            }
            // Runs where both sides only deleted lines (different tasks, say): the lines both kept.
            let deletions = chunks.map { chunk, outcome in
                outcome == .conflict ? keptByBoth(chunk, base: baseSide.tokens, ours: oursSide.tokens, theirs: theirsSide.tokens) : nil
            }
            // Runs where one side only deleted tasks and the other only added whole tasks (a
            // task moved away or removed, and one added after it): the adding side's lines
            // without the deleted ones.
            let additions = zip(chunks, deletions).map { pair -> (side: Int, lines: [Int])? in
                let ((chunk, outcome), kept) = pair
                guard outcome == .conflict, kept == nil else { return nil }
                return addedAgainstDeleted(chunk, baseSide, oursSide, theirsSide)
            }
            // A task both sides moved to different places within a group, or to the same group,
            // goes where ours put it (inside a conflict or not): their copy (its whole block) is
            // left out. (To different groups, each copy is a conflict of its own.)
            var oursPlaced = Set<Int>()
            for (((chunk, outcome), kept), added) in zip(zip(chunks, deletions), additions) where outcome != .theirs && kept == nil {
                for line in added.map({ $0.side == 0 ? $0.lines : [] }) ?? Array(chunk.ours) {
                    if let task = oursSide.tags[line] { oursPlaced.insert(task) }
                }
            }
            // Conflicts where one side opened a group and the other added lines to the group
            // there: whether ours is the side that opened it.
            let opened = chunks.map { chunk, outcome -> Bool? in
                guard outcome == .conflict, chunk.base.isEmpty else { return nil }
                let (oursLevels, theirsLevels) = (Placement.levels(oursSide, chunk.ours), Placement.levels(theirsSide, chunk.theirs))
                let oursOpens = oursLevels.min().map { level in theirsLevels.allSatisfy { $0 > level } } ?? false
                let theirsOpens = theirsLevels.min().map { level in oursLevels.allSatisfy { $0 > level } } ?? false
                return oursOpens != theirsOpens ? oursOpens : nil
            }
            var theirsLeftOut = Set<Int>()
            for (index, ((chunk, outcome), added)) in zip(chunks, additions).enumerated()
            where outcome == .theirs || isUnion(chunk, outcome) || added?.side == 1 || opened[index] != nil {
                for line in added?.lines ?? Array(chunk.theirs) {
                    guard let task = theirsSide.tags[line], oursPlaced.contains(task), groups.owed(task) != .conflict,
                          let index = theirsMatching.new(of: task) else { continue }
                    theirsLeftOut.formUnion(theirs.tasks[index].blockLines)
                }
            }

            let moved = tasksAddedBelowNewHeadings(chunks, baseSide, oursSide, theirsSide, settled: zip(deletions, additions).map { $0 != nil || $1 != nil })
            for (index, (((chunk, outcome), deleted), added)) in zip(zip(chunks, deletions), additions).enumerated() {
                current = index
                placement.section = sectioned[index].section
                placement.enter(chunk, outcome)
                // Tasks one side added to a group below where the other opened a new one: written
                // above that one, in the group they were added to.
                for earlier in moved.above[index] ?? [] {
                    let (side, lines) = chunks[earlier].1 == .ours ? (oursSide, chunks[earlier].0.ours) : (theirsSide, chunks[earlier].0.theirs)
                    current = earlier
                    // The blank lines that set them apart from the lines above go below them,
                    // between them and the heading they are moved above.
                    let blank = lines.prefix { side.document.kinds[$0] == .blank }
                    for line in Array(lines.dropFirst(blank.count)) + Array(blank) where side.number == 0 || !theirsLeftOut.contains(line) {
                        emit(side, line, insideConflict: false)
                    }
                }
                current = index
                if moved.written.contains(index) { continue }
                if let added {
                    let side = added.side == 0 ? oursSide : theirsSide
                    for line in added.lines where side.number == 0 || !theirsLeftOut.contains(line) { emit(side, line, insideConflict: false) }
                    continue
                }
                let shared = moved.shared[index] ?? []
                switch outcome {
                // The other side's copy of a task both moved to different groups is written
                // where it stands too (a conflict of its own), though its run is not taken.
                case .ours, .same:
                    for line in chunk.ours where !shared.contains(line) { emit(oursSide, line, insideConflict: false) }
                    for line in chunk.theirs where owesConflict(theirsSide, line) { emit(theirsSide, line, insideConflict: false) }
                case .theirs:
                    for line in chunk.ours where owesConflict(oursSide, line) { emit(oursSide, line, insideConflict: false) }
                    for line in chunk.theirs where !theirsLeftOut.contains(line) && !shared.contains(line) { emit(theirsSide, line, insideConflict: false) }
                case .conflict:
                    if let kept = deleted {
                        // A task line both kept may be one a side changed in place.
                        for line in kept {
                            if let task = baseSide.tags[line] { writeMerged(task) } else { write(base.bytes[base.lines[line].fullRange]) }
                        }
                        for line in chunk.ours where owesConflict(oursSide, line) { emit(oursSide, line, insideConflict: false) }
                        for line in chunk.theirs where owesConflict(theirsSide, line) { emit(theirsSide, line, insideConflict: false) }
                        continue
                    }
                    // One side opened a group where the other added lines to the group there
                    // (tasks, subgroups deeper than the new group): those first, in their group,
                    // then the new group, as with additions after it.
                    if let oursOpens = opened[index] {
                        let (first, firstLines, then, thenLines) = oursOpens ? (theirsSide, chunk.theirs, oursSide, chunk.ours)
                            : (oursSide, chunk.ours, theirsSide, chunk.theirs)
                        let blank = firstLines.prefix { first.document.kinds[$0] == .blank }
                        for line in Array(firstLines.dropFirst(blank.count)) + Array(blank) where first.number == 0 || !theirsLeftOut.contains(line) {
                            emit(first, line, insideConflict: false)
                        }
                        for line in thenLines where then.number == 0 || !theirsLeftOut.contains(line) { emit(then, line, insideConflict: false) }
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
                    // Lines below a heading inside the conflict are in the group the resolution
                    // keeps: the end the sides agree on stays inside too.
                    var tail = 0
                    let holdsHeading = Placement.headings(oursSide, (oursRange.lowerBound + head)..<oursRange.upperBound) > 0
                        || Placement.headings(theirsSide, (theirsRange.lowerBound + head)..<theirsRange.upperBound) > 0
                    while !holdsHeading, tail < oursRange.count - head, tail < theirsRange.count - head,
                          agree(oursRange.upperBound - 1 - tail, theirsRange.upperBound - 1 - tail) { tail += 1 }
                    for line in oursRange.prefix(head) { emit(oursSide, line, insideConflict: false) }
                    oursRange = (oursRange.lowerBound + head)..<(oursRange.upperBound - tail)
                    theirsRange = (theirsRange.lowerBound + head)..<(theirsRange.upperBound - tail)
                    conflict(ours: { for line in oursRange { emit(oursSide, line, insideConflict: true) } },
                             theirs: { for line in theirsRange { emit(theirsSide, line, insideConflict: true) } })
                    for line in chunk.ours.suffix(tail) { emit(oursSide, line, insideConflict: false) }
                }
            }
            var misplaced = Set(placement.misplaced.map { [$0] } ?? [])
            let misgrouped = groups.misplaced(in: out, placed: placed, marked: marked)
            if !misgrouped.isEmpty {
                var sections: [[Int]] = [Array(repeating: 0, count: ours.lines.count), Array(repeating: 0, count: theirs.lines.count)]
                for (chunk, section) in sectioned {
                    for line in chunk.ours { sections[0][line] = section }
                    for line in chunk.theirs { sections[1][line] = section }
                }
                for task in misgrouped {
                    if let line = task.ours { misplaced.insert(sections[0][line]) }
                    if let line = task.theirs { misplaced.insert(sections[1][line]) }
                }
            }
            return (Result(bytes: out, conflicts: conflicts, exact: exact), misplaced)
        }

        // A merge whose lines put a task in a group neither side put it in (below a heading one
        // side added, where the other side's task lands) is made again with that task's
        // section marked as one conflict, and so on until none does.
        var forced = Set<Int>()
        while true {
            let (result, misplaced) = attempt(forced: forced)
            guard !misplaced.isSubset(of: forced) else { return result }
            forced.formUnion(misplaced)
        }
    }

    /// Which group the merged lines are in as they are written, for the check that every task
    /// written outside a conflict is in a group a side put it in. Headings all three versions
    /// share, and headings a side changed in place (renamed), keep tasks where they were; a
    /// heading one side added holds that side's tasks, and the other side's only where the
    /// adding side has them under it too; after a conflict that adds a heading, which group
    /// follows is not known until the next heading.
    struct Placement {
        /// The group the lines written now are in: one all sides have; one a side added (its
        /// heading); the group above a heading a side took away; or not known.
        enum Group { case known, opened(side: Int, heading: Int), removed(side: Int), unknown }
        let base: Side, ours: Side, theirs: Side
        let oursMatching: TaskMatching, theirsMatching: TaskMatching
        var group = Group.known
        var section = 0
        /// The first section where a task was written in a group no side put it in.
        var misplaced: Int?

        static func headings(_ side: Side, _ lines: Range<Int>) -> Int {
            side.headingsAbove[lines.upperBound] - side.headingsAbove[lines.lowerBound]
        }

        /// The levels of the headings among `lines` of `side`.
        static func levels(_ side: Side, _ lines: Range<Int>) -> [Int] {
            lines.compactMap { side.headingAtLine[$0].map { side.document.headings[$0].level } }
        }

        /// Before a chunk's lines are written: a heading of the ancestor's that a side took
        /// away there puts what follows in the group above it, as that side has it; taken
        /// away in a conflict, the resolution decides.
        mutating func enter(_ chunk: Diff3.Chunk, _ outcome: Diff3.Outcome) {
            guard !chunk.stable else { return }
            let inBase = Self.headings(base, chunk.base)
            guard Self.headings(ours, chunk.ours) < inBase || Self.headings(theirs, chunk.theirs) < inBase else { return }
            switch outcome {
            case .ours: group = .removed(side: 0)
            case .theirs: group = .removed(side: 1)
            case .same: group = .known
            case .conflict: group = .unknown
            }
        }

        mutating func read(_ side: Side, _ line: Int, insideConflict: Bool, in chunk: Diff3.Chunk) {
            if let heading = side.headingAtLine[line] {
                // Of a run's headings, the last as many as the ancestor's there replace those
                // (renamed); those before them are added.
                let lines = side.number == 0 ? chunk.ours : chunk.theirs
                let adds = !chunk.stable && Self.headings(side, lines.lowerBound..<line) < Self.headings(side, lines) - Self.headings(base, chunk.base)
                guard adds else { group = .known; return }
                guard !insideConflict else { group = .unknown; return }
                // A group one side added, inside one the other side added (a deeper heading), or
                // below a heading it took away: not where its side put it.
                switch group {
                case .known: break
                case .opened(let number, let opened):
                    let opener = number == 0 ? ours : theirs
                    if number != side.number, side.document.headings[heading].level > opener.document.headings[opened].level { place() }
                case .removed(let number): if number != side.number { place() }
                case .unknown: place()
                }
                group = .opened(side: side.number, heading: heading)
                return
            }
            guard !insideConflict, side.taskAtLine[line] != nil else { return }
            switch group {
            case .known: return
            case .unknown: break
            case .opened(let number, let heading):
                if number == side.number { return }
                let (opener, matching) = number == 0 ? (ours, oursMatching) : (theirs, theirsMatching)
                if let origin = side.origins[line], let there = matching.new(of: origin), opener.document.tasks[there].group == heading { return }
            case .removed(let number):
                // A task of the other side's that it left in its group, which the side that
                // took the heading away has too, is where that side put it.
                if number == side.number { return }
                let matching = number == 0 ? oursMatching : theirsMatching
                if let origin = side.origins[line], matching.new(of: origin) != nil, let task = side.taskAtLine[line],
                   Sections.pathKey(side.document.groupPath(ofHeading: side.document.tasks[task].group))
                    == Sections.pathKey(base.document.groupPath(ofHeading: base.document.tasks[origin].group)) { return }
            }
            place()
        }

        /// Records the section as one where a line landed in a group no side put it in.
        private mutating func place() {
            if misplaced == nil { misplaced = section }
        }
    }

    /// The three-way comparison, group by group: headings all three versions have once, in the
    /// same order, cut the versions into sections compared on their own, so that a task moved
    /// between groups never makes a heading look moved.
    /// Each chunk comes with its section's number; a section in `forced` is one chunk, the
    /// whole of it, when the sides differ there.
    static func sectionChunks(_ base: Side, _ ours: Side, _ theirs: Side, forced: Set<Int> = [],
                              exact: inout Bool) -> [(chunk: Diff3.Chunk, section: Int)] {
        var chunks: [(chunk: Diff3.Chunk, section: Int)] = []
        var start = (0, 0, 0)
        for (section, anchor) in (headingAnchors(base, ours, theirs) + [(base.tokens.count, ours.tokens.count, theirs.tokens.count)]).enumerated() {
            let ranges = (start.0..<anchor.0, start.1..<anchor.1, start.2..<anchor.2)
            let parts = Diff3.chunks(base: Array(base.tokens[ranges.0]), ours: Array(ours.tokens[ranges.1]),
                                     theirs: Array(theirs.tokens[ranges.2]), exact: &exact)
            if forced.contains(section), parts.contains(where: { !$0.stable }) {
                chunks.append((Diff3.Chunk(base: ranges.0, ours: ranges.1, theirs: ranges.2, stable: false), section))
            } else {
                for chunk in parts {
                    chunks.append((Diff3.Chunk(base: chunk.base.shifted(by: start.0), ours: chunk.ours.shifted(by: start.1),
                                               theirs: chunk.theirs.shifted(by: start.2), stable: chunk.stable), section))
                }
            }
            guard anchor.0 < base.tokens.count else { break }
            chunks.append((Diff3.Chunk(base: anchor.0..<(anchor.0 + 1), ours: anchor.1..<(anchor.1 + 1), theirs: anchor.2..<(anchor.2 + 1), stable: true),
                           section + 1))
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
        // The heaviest chain increasing in all three, each heading weighing the ancestor's lines
        // of its group up to the next heading: where one side moved a group, the chain keeps the
        // groups with tasks in place rather than an empty one (whose lines, out of the chain,
        // would merge with the others'). A quadratic dynamic program over few lines.
        let headingLines = base.document.headings.map(\.line) + [base.document.lines.count]
        var next = 0
        let weights = candidates.map { candidate in
            // Candidates come in the ancestor's order: the next heading is found in one pass.
            while headingLines[next] <= candidate.0 { next += 1 }
            return headingLines[next] - candidate.0
        }
        var length = weights, previous = [Int](repeating: -1, count: candidates.count)
        for i in candidates.indices {
            for j in 0..<i where candidates[j].1 < candidates[i].1 && candidates[j].2 < candidates[i].2 && length[j] + weights[i] > length[i] {
                length[i] = length[j] + weights[i]
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

    /// Lines one side added below a heading the other side added, in one section (between
    /// headings all three versions share): written where they are, they would land in the new
    /// group (an archive's `## Done` opened after a group's last open task, and a task or a
    /// subgroup added at the group's end), not in the group their side added them to. Returns,
    /// for each chunk that adds headings, the later chunks of the other side's additions (tasks,
    /// subgroups, text) to write above it, in order (`above`), and those chunks (`written`). A
    /// run of either side that changes the ancestor's lines with a heading of the ancestor's or
    /// the other side's ends the search, and `settled` chunks are left where they are.
    ///
    /// A later addition of the other side's that opens with the same heading (both archived:
    /// each a `## Done`) is that group: its heading and the blank line after it are left out
    /// (`shared`, by chunk), and what it adds goes into the group as the other side wrote it.
    static func tasksAddedBelowNewHeadings(_ chunks: [(chunk: Diff3.Chunk, outcome: Diff3.Outcome)], _ base: Side, _ ours: Side, _ theirs: Side,
                                           settled: [Bool]) -> (above: [Int: [Int]], written: Set<Int>, shared: [Int: Set<Int>]) {
        let headings = Placement.headings
        var above: [Int: [Int]] = [:], written = Set<Int>(), shared: [Int: Set<Int>] = [:]
        // How far the last search went, for each side as the opener: a chunk it passed (the
        // opener's own subgroup) was searched from already, so every chunk is read once.
        var searched = [-1, -1]
        for (index, (chunk, outcome)) in chunks.enumerated() where !chunk.stable && !settled[index] && !written.contains(index) {
            guard outcome == .ours || outcome == .theirs else { continue }
            let (opener, other) = outcome == .ours ? (ours, theirs) : (theirs, ours)
            guard index > searched[opener.number] else { continue }
            let lines = { (side: Side, chunk: Diff3.Chunk) in side.number == 0 ? chunk.ours : chunk.theirs }
            // A run that only adds headings: one that replaces the ancestor's (a group renamed,
            // and one added above it) leaves what follows in the renamed group.
            guard headings(base, chunk.base) == 0, headings(opener, lines(opener, chunk)) > 0 else { continue }
            // A group the other side added beside the new one or above it (both archived:
            // two `## Done`) is no subgroup of the section's: it stays where it is.
            let levels = Placement.levels
            let openerLevel = levels(opener, lines(opener, chunk)).min() ?? 0
            let openerHeading = lines(opener, chunk).first { opener.headingAtLine[$0] != nil }
            for later in (index + 1)..<chunks.count {
                searched[opener.number] = later
                let (next, nextOutcome) = chunks[later]
                let adds = !next.stable && !settled[later] && next.base.isEmpty && nextOutcome == (other.number == 0 ? .ours : .theirs)
                if adds, levels(other, lines(other, next)).allSatisfy({ $0 > openerLevel }) {
                    above[index, default: []].append(later)
                    written.insert(later)
                    continue
                }
                let added = lines(other, next)
                if adds, shared[later] == nil, let first = added.first(where: { other.document.kinds[$0] != .blank }), let openerHeading,
                   other.headingAtLine[first] != nil, other.tokens[first] == opener.tokens[openerHeading] {
                    let after = first + 1
                    shared[later] = after < added.upperBound && other.document.kinds[after] == .blank ? [first, after] : [first]
                    continue
                }
                // A heading the opener added too is the new group's subgroup (`### Home`
                // under `## Done`): tasks after it are moved above the first.
                let openerOnly = !next.stable && nextOutcome == (opener.number == 0 ? .ours : .theirs) && headings(base, next.base) == 0
                if headings(base, next.base) > 0 || headings(other, lines(other, next)) > 0 && !openerOnly { break }
            }
        }
        return (above, written, shared)
    }

    /// When one side's lines in `chunk` are some of the ancestor's there, in order (it only
    /// deleted), each a task's or blank, and the other side's are all of the ancestor's there
    /// with whole top-level tasks added among them (new ones, or moved there): that side and
    /// its lines without those the first deleted. Nil otherwise: a task one side deleted and
    /// the other changed, or a note or subtask added under a deleted task, stays a conflict.
    static func addedAgainstDeleted(_ chunk: Diff3.Chunk, _ base: Side, _ ours: Side, _ theirs: Side) -> (side: Int, lines: [Int])? {
        /// The ancestor's lines `side` kept in `lines`, in order, when it only deleted.
        func kept(_ side: Side, _ lines: Range<Int>) -> Set<Int>? {
            var result = Set<Int>()
            var next = lines.lowerBound
            for line in chunk.base where next < lines.upperBound && base.tokens[line] == side.tokens[next] {
                result.insert(line)
                next += 1
            }
            return next == lines.upperBound ? result : nil
        }
        /// The lines of `side` in `lines` that are the ancestor's, each matched in order, when
        /// every ancestor line is there and every other line is blank or in a task added whole.
        func added(_ side: Side, _ lines: Range<Int>) -> [Int]? {
            var next = chunk.base.lowerBound
            var matched: [Int] = []
            // The top-level tasks whose checkbox lines are added: their blocks are added whole.
            var addedTasks = Set<Int>()
            for line in lines {
                if next < chunk.base.upperBound, side.tokens[line] == base.tokens[next] {
                    matched.append(line)
                    next += 1
                } else if side.document.kinds[line] != .blank {
                    guard let owner = side.topLevelTask(atLine: line) else { return nil }
                    if side.document.tasks[owner].line == line { addedTasks.insert(owner) }
                    guard addedTasks.contains(owner) else { return nil }
                }
            }
            return next == chunk.base.upperBound ? matched : nil
        }
        guard !chunk.base.isEmpty, base.holdsOnlyTasks(chunk.base) else { return nil }
        for (deleting, adding) in [(ours, theirs), (theirs, ours)] {
            let (deletingLines, addingLines) = deleting.number == 0 ? (chunk.ours, chunk.theirs) : (chunk.theirs, chunk.ours)
            guard let keptLines = kept(deleting, deletingLines), keptLines.count < chunk.base.count,
                  let matched = added(adding, addingLines), matched.count < addingLines.count else { continue }
            // The adding side's lines, but for those that are ancestor lines the other deleted.
            var dropped = Set<Int>()
            for (line, baseLine) in zip(matched, chunk.base) where !keptLines.contains(baseLine) { dropped.insert(line) }
            return (adding.number, addingLines.filter { !dropped.contains($0) })
        }
        return nil
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
        /// For each line of a task's block (its checkbox line, wrapped text, notes or
        /// subtasks), the top-level task whose block it is.
        let blockOwners: [Int?]
        /// For each heading's first line, the heading.
        let headingAtLine: [Int?]
        /// How many headings start above each line (and, last, in the whole version): a run's
        /// headings are counted at once, however many the run holds.
        let headingsAbove: [Int]

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
            blockOwners = Side.blockOwners(document)
            headingAtLine = Side.headingAtLine(document)
            headingsAbove = Side.headingsAbove(headingAtLine)
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
            blockOwners = Side.blockOwners(document)
            headingAtLine = Side.headingAtLine(document)
            headingsAbove = Side.headingsAbove(headingAtLine)
        }

        func holdsOnlyTasks(_ lines: Range<Int>) -> Bool {
            lines.allSatisfy { blockOwners[$0] != nil || document.kinds[$0] == .blank }
        }

        /// The top-level task whose block holds `line`, if any.
        func topLevelTask(atLine line: Int) -> Int? { blockOwners[line] }

        /// A task line's token: its bytes and which task it is.
        static func identity(_ hash: UInt64, _ task: Int) -> UInt64 { hash ^ (UInt64(task + 1) &* 0x9E37_79B9_7F4A_7C15) }

        /// Whole lines, endings included: the merge keeps bytes, so a changed ending is a change.
        static func lineHashes(_ document: Document) -> [UInt64] {
            document.lines.map { ContentHash.of(document.bytes[$0.fullRange]) }
        }

        static func headingsAbove(_ headingAtLine: [Int?]) -> [Int] {
            var counts = [0]
            counts.reserveCapacity(headingAtLine.count + 1)
            for heading in headingAtLine { counts.append(counts.last! + (heading == nil ? 0 : 1)) }
            return counts
        }

        static func headingAtLine(_ document: Document) -> [Int?] {
            var result = [Int?](repeating: nil, count: document.lines.count)
            for (index, heading) in document.headings.enumerated() { result[heading.line] = index }
            return result
        }

        static func blockOwners(_ document: Document) -> [Int?] {
            var result = [Int?](repeating: nil, count: document.lines.count)
            for task in document.tasks where task.parent == nil {
                for line in task.blockLines { result[line] = task.index }
            }
            return result
        }
    }
}

extension Range<Int> {
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
