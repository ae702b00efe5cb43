extension TaskMerge {
    /// The check that every task of the ancestor's written outside a conflict is in the group
    /// the merge owes it: the group a side moved it to, or its own when neither side moved it.
    /// A task both sides moved, to different groups, is owed a conflict. A group is the
    /// ancestor's group it is (renamed, it is still that group), or a new group by its path of
    /// titles; a task below a conflict that holds a heading must be in its group whichever
    /// side's lines the conflict keeps.
    struct MergedGroups {
        /// A group as the three versions share it.
        enum Group: Hashable {
            /// The ancestor's heading (nil: above the first heading).
            case base(Int?)
            /// A group the ancestor has not, by its path.
            case new([String])
        }

        let base: Document, ours: Document, theirs: Document
        let oursMatching: TaskMatching, theirsMatching: TaskMatching
        /// Per version (ancestor, ours, theirs), each heading's group.
        private var groups: [[Group]] = []
        /// The groups a path of titles may name in the merged file.
        private var named: [[String]: Set<Group>] = [:]

        init(base: Document, ours: Document, theirs: Document, oursMatching: TaskMatching, theirsMatching: TaskMatching) {
            self.base = base
            self.ours = ours
            self.theirs = theirs
            self.oursMatching = oursMatching
            self.theirsMatching = theirsMatching
            // A side's group is the ancestor's of its path; else the ancestor's group it took
            // most tasks from, more than half of those it still has, when it took tasks from no
            // other group (renamed, with some tasks moved out, as an archive moves them); else,
            // with no such tasks, the ancestor's at its place.
            let baseKeys = Self.headingKeys(base)
            var baseHeadings: [[String]: Int] = [:]
            for (heading, key) in baseKeys.enumerated() where baseHeadings[key] == nil { baseHeadings[key] = heading }
            func groups(of side: Document, _ matching: TaskMatching) -> [Group] {
                let keys = Self.headingKeys(side)
                var result = keys.map { baseHeadings[$0].map(Group.base) ?? .new($0) }
                let named = Set(keys)
                var kept: [Int: Int] = [:], into: [Int: [Int: Int]] = [:], sources: [Int: Set<Int>] = [:]
                for task in side.tasks {
                    guard let origin = matching.old(of: task.index), let from = base.tasks[origin].group else { continue }
                    kept[from, default: 0] += 1
                    guard let to = task.group else { continue }
                    into[from, default: [:]][to, default: 0] += 1
                    sources[to, default: []].insert(from)
                }
                for (from, counts) in into.sorted(by: { $0.key < $1.key }) where !named.contains(baseKeys[from]) {
                    guard let (to, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                          count * 2 > kept[from, default: 0], sources[to] == [from], case .new = result[to] else { continue }
                    result[to] = .base(from)
                }
                // A group left with no task of its ancestor's (an empty one renamed): the heading
                // at the same place, of the same level, when both have as many.
                if side.headings.count == base.headings.count {
                    let taken = Set(result.compactMap { group -> Int? in if case .base(let heading?) = group { return heading } else { return nil } })
                    for index in side.headings.indices where !taken.contains(index) && !named.contains(baseKeys[index])
                        && side.headings[index].level == base.headings[index].level {
                        if case .new = result[index] { result[index] = .base(index) }
                    }
                }
                return result
            }
            self.groups = [base.headings.indices.map { Group.base($0) }, groups(of: ours, oursMatching), groups(of: theirs, theirsMatching)]
            for (version, document) in [base, ours, theirs].enumerated() {
                for (heading, key) in Self.headingKeys(document).enumerated() {
                    named[key, default: [.new(key)]].insert(self.groups[version][heading])
                }
            }
        }

        static func headingKeys(_ document: Document) -> [[String]] {
            document.headings.indices.map { Sections.pathKey(document.groupPath(ofHeading: $0)) }
        }

        /// The group of a task of a version (0: the ancestor, 1: ours, 2: theirs).
        func group(_ version: Int, _ task: Int) -> Group {
            let document = version == 0 ? base : version == 1 ? ours : theirs
            return document.tasks[task].group.map { groups[version][$0] } ?? .base(nil)
        }

        /// What a task of the ancestor's is owed where it is written outside a conflict.
        enum Owed: Equatable {
            /// This group.
            case group(Group)
            /// A conflict: both sides moved it, to different groups.
            case conflict
            /// Nothing checked here: a side deleted it, which the merge marks on its own.
            case unchecked
        }

        func owed(_ task: Int) -> Owed {
            guard let mine = oursMatching.new(of: task), let yours = theirsMatching.new(of: task) else { return .unchecked }
            let (original, moved, other) = (group(0, task), group(1, mine), group(2, yours))
            if moved != original, other != original, moved != other { return .conflict }
            return .group(moved != original ? moved : other)
        }

        /// A task written outside a conflict: what it is owed, the lines it stands on in ours
        /// and in theirs, and where its line ends in the merged bytes.
        struct Placed {
            let owed: Owed
            let ours: Int?, theirs: Int?
            let end: Int
        }

        /// A conflict the merge marked: the last byte of each of its marker lines.
        struct Marked {
            let open: Int, separator: Int, close: Int
        }

        /// Those of `placed` written in a group they are not owed, or more times than the
        /// versions hold their line: as often as the ancestor, and as many more as either
        /// side added. `marked`: the conflicts the merge marked in `bytes` (markers a version
        /// held already are its text).
        func misplaced(in bytes: [UInt8], placed: [Placed], marked: [Marked]) -> [Placed] {
            guard !placed.isEmpty else { return [] }
            // The merge as each resolution leaves it: one side's lines of every conflict kept,
            // the other's and the markers read as blank lines (so that the lines stay where they
            // are, and `=======` under a line makes no heading of it).
            // Lines as a document has them: a CR alone ends one too.
            let lineStarts = TextDocument.lineStarts(bytes)
            func line(_ offset: Int) -> Int { lineStarts.partitionPoint { $0 > offset } - 1 }
            let blocks = marked.map { conflict in
                let (open, separator, close) = (line(conflict.open), line(conflict.separator), line(conflict.close))
                return ConflictMarkers.Block(open: open, ours: (open + 1)..<separator, theirs: (separator + 1)..<close, close: close)
            }
            func resolved(keeping side: Int) -> Document {
                var cleaned = bytes
                for block in blocks {
                    let dropped = side == 0 ? Array(block.ours.upperBound..<block.close) : Array((block.open + 1)..<block.theirs.lowerBound)
                    for line in dropped + [block.open, block.close] {
                        var index = lineStarts[line]
                        while index < cleaned.count, cleaned[index] != 0x0A, cleaned[index] != 0x0D { cleaned[index] = Byte.space; index += 1 }
                    }
                }
                return Document(bytes: cleaned)
            }
            let resolutions = blocks.isEmpty ? [Document(bytes: bytes)] : [resolved(keeping: 0), resolved(keeping: 1)]
            let keys = resolutions.map(Self.headingKeys)
            let taskAtLine = resolutions.map { document in
                var atLine = [Int?](repeating: nil, count: document.lines.count)
                for task in document.tasks { atLine[task.line] = task.index }
                return atLine
            }
            let merged = resolutions[0]
            var wrong: [Placed] = []
            var written: [ArraySlice<UInt8>: [Placed]] = [:]
            for task in placed {
                guard task.end > 0 else { continue }
                let line = line(task.end - 1)
                written[merged.bytes[merged.lines[line].contentRange], default: []].append(task)
                switch task.owed {
                case .unchecked: continue
                case .conflict: wrong.append(task)
                case .group(let owed):
                    // In the group it is owed whichever side's lines each conflict keeps.
                    for (version, document) in resolutions.enumerated() {
                        guard let index = taskAtLine[version][line] else { continue }
                        let key = document.tasks[index].group.map { keys[version][$0] }
                        let named = key.map { self.named[$0] ?? [.new($0)] } ?? [.base(nil)]
                        if !named.contains(owed) {
                            wrong.append(task)
                            break
                        }
                    }
                }
            }
            // Lines written more often than the versions allow (a task both sides kept, written
            // from each): counted only for lines some version has as they are.
            let counts = [base, ours, theirs].map { document -> [ArraySlice<UInt8>: Int] in
                var counts: [ArraySlice<UInt8>: Int] = [:]
                for task in document.tasks where written[document.bytes[document.lines[task.line].contentRange]] != nil {
                    counts[document.bytes[document.lines[task.line].contentRange], default: 0] += 1
                }
                return counts
            }
            for (text, tasks) in written where tasks.count > 1 {
                let (b, o, t) = (counts[0][text] ?? 0, counts[1][text] ?? 0, counts[2][text] ?? 0)
                guard max(b, o, t) > 0, tasks.count > b + max(0, o - b) + max(0, t - b) else { continue }
                wrong += tasks
            }
            return wrong
        }
    }
}
