extension TaskMerge {
    /// The check that every task of the ancestor's written outside a conflict is in the group
    /// the merge owes it: the group a side moved it to, or its own when neither side moved it.
    /// A task both sides moved, to different groups, is owed a conflict. Groups are compared by
    /// their paths of titles; a task below a conflict that holds a heading is in a group the
    /// resolution decides, and is not checked.
    struct MergedGroups {
        let base: Document, ours: Document, theirs: Document
        let oursMatching: TaskMatching, theirsMatching: TaskMatching
        private var keys: [[[String]]] = [[], [], []]

        init(base: Document, ours: Document, theirs: Document, oursMatching: TaskMatching, theirsMatching: TaskMatching) {
            self.base = base
            self.ours = ours
            self.theirs = theirs
            self.oursMatching = oursMatching
            self.theirsMatching = theirsMatching
            keys = [base, ours, theirs].map(Self.headingKeys)
        }

        static func headingKeys(_ document: Document) -> [[String]] {
            document.headings.indices.map { Sections.pathKey(document.groupPath(ofHeading: $0)) }
        }

        private func key(_ version: Int, _ task: Int) -> [String] {
            let document = version == 0 ? base : version == 1 ? ours : theirs
            return document.tasks[task].group.map { keys[version][$0] } ?? []
        }

        /// What a task of the ancestor's is owed where it is written outside a conflict.
        enum Owed: Equatable {
            /// The group with this path (no path: above the first heading).
            case group([String])
            /// A conflict: both sides moved it, to different groups.
            case conflict
            /// Nothing checked here: a side deleted it, which the merge marks on its own.
            case unchecked
        }

        func owed(_ task: Int) -> Owed {
            guard let mine = oursMatching.new(of: task), let yours = theirsMatching.new(of: task) else { return .unchecked }
            let (original, moved, other) = (key(0, task), key(1, mine), key(2, yours))
            if moved != original, other != original, moved != other { return .conflict }
            return .group(moved != original ? moved : other)
        }

        /// The tasks of the ancestor's, among `placed` (each with where its line ends in
        /// `bytes`), written in a group they are not owed.
        func misplaced(in bytes: [UInt8], placed: [(task: Int, end: Int)]) -> [Int] {
            guard !placed.isEmpty else { return [] }
            // The markers read as blank lines: `=======` under a line would make it a heading.
            let blocks = ConflictMarkers.blocks(in: bytes, first: false)
            var cleaned = bytes
            var lineStarts: [Int] = [0]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
            for block in blocks {
                for line in [block.open, block.close] + Array(block.ours.upperBound..<block.theirs.lowerBound) {
                    var index = lineStarts[line]
                    while index < cleaned.count, cleaned[index] != 0x0A, cleaned[index] != 0x0D { cleaned[index] = Byte.space; index += 1 }
                }
            }
            let merged = Document(bytes: cleaned)
            let mergedKeys = Self.headingKeys(merged)
            var taskAtLine = [Int?](repeating: nil, count: merged.lines.count)
            for task in merged.tasks { taskAtLine[task.line] = task.index }
            // Lines below a conflict that holds a heading, up to the next heading outside one:
            // their group is the resolution's.
            var undecided = [Bool](repeating: false, count: merged.lines.count)
            var headingAt = [Bool](repeating: false, count: merged.lines.count)
            for heading in merged.headings { headingAt[heading.line] = true }
            var line = 0, below = false
            for block in blocks {
                while line < block.open {
                    if headingAt[line] { below = false }
                    undecided[line] = below
                    line += 1
                }
                if (block.open...block.close).contains(where: { headingAt[$0] }) { below = true }
                line = block.close + 1
            }
            while line < merged.lines.count {
                if headingAt[line] { below = false }
                undecided[line] = below
                line += 1
            }
            var wrong: [Int] = []
            for (task, end) in placed {
                switch owed(task) {
                case .unchecked: continue
                case .conflict: wrong.append(task)
                case .group(let owed):
                    guard end > 0, let line = Self.line(containing: end - 1, in: merged), !undecided[line],
                          let index = taskAtLine[line] else { continue }
                    if (merged.tasks[index].group.map { mergedKeys[$0] } ?? []) != owed { wrong.append(task) }
                }
            }
            return wrong
        }

        /// The line that holds the byte at `offset`.
        static func line(containing offset: Int, in document: Document) -> Int? {
            var low = 0, high = document.lines.count
            while low < high {
                let middle = (low + high) / 2
                if document.lines[middle].end <= offset { low = middle + 1 } else { high = middle }
            }
            return low < document.lines.count ? low : nil
        }
    }
}
