/// Checks of tasks and of lines that look like tasks but are not.
enum TaskChecks {
    static func run(_ findings: inout LintFindings, today: CivilDate) {
        let document = findings.document
        var duplicates = DuplicateFinder(document)
        var rules: [String: Recurrence?] = [:]
        var readsObsidian = false
        var unreadObsidian: [Diagnostic] = []
        for task in document.tasks {
            let obsidian = FieldChecks.run(task, &findings, rules: &rules)
            readsObsidian = readsObsidian || obsidian.readsAny
            if let unread = obsidian.unread { unreadObsidian.append(unread) }
            if !document.statuses.knows(task.status) {
                findings.add(.unknownStatus, line: task.line, offset: task.checkboxStart,
                             "tick reads '[\(task.status.character)]' as todo, and GitHub shows it as text; give it a meaning in .tick.toml [statuses]")
            } else if !task.status.isGitHubCheckbox {
                findings.add(.nonGFMStatus, line: task.line, offset: task.checkboxStart,
                             "'[\(task.status.character)]' shows as text on GitHub, not as a checkbox")
            }
            // The text is trimmed already.
            if task.textBytes.isEmpty {
                findings.add(.emptyTask, line: task.line, offset: task.checkboxStart, "task has no text")
            } else {
                if let first = duplicates.firstLine(sameAs: task) {
                    findings.add(.duplicateTask, line: task.line, offset: task.textStart, "same task as line \(first + 1) in this list")
                }
            }
            if task.statusType == .done, let open = document.descendants(of: task).first(where: { !$0.isClosed }) {
                findings.add(.doneParentOpenSubtasks, line: task.line, offset: task.checkboxStart,
                             "done, but its subtask on line \(open.line + 1) is not")
            }
            if let due = task.due, due < today, !task.isClosed {
                let days = today.days(until: due)
                findings.add(.overdue, line: task.line, offset: task.textStart, "overdue by \(-days) day\(days == -1 ? "" : "s") (due \(due))")
            }
        }
        if readsObsidian { findings.items += unreadObsidian }
        checkBullets(&findings)
        checkLookalikes(&findings)
    }

    /// Tasks are duplicates when their text matches (in any case) under the same group and parent.
    ///
    /// Each task is looked up by a 64-bit hash of its group, parent and folded text, and its
    /// text compared with the task found, so the usual task costs one hash of its bytes and no
    /// allocation; tasks whose hash meets a different task's (rare) go to a table of exact keys.
    struct DuplicateFinder {
        private let document: Document
        /// Hash → the first task with it.
        private var byHash: [UInt64: Int] = [:]
        /// Exact keys of the tasks whose hash was taken by a different task → first line.
        private var collided: [DuplicateKey: Int] = [:]

        /// How tasks are hashed: `hash(_:)`, or in a test one that makes them all collide.
        private let hashing: (Task) -> UInt64

        init(_ document: Document, hashing: @escaping (Task) -> UInt64 = DuplicateFinder.hash) {
            self.document = document
            self.hashing = hashing
            byHash.reserveCapacity(document.tasks.count)
        }

        /// The line of the first task like `task`, or nil when it is the first (now recorded).
        mutating func firstLine(sameAs task: Task) -> Int? {
            let hash = hashing(task)
            guard let index = byHash[hash] else {
                byHash[hash] = task.index
                return nil
            }
            let first = document.tasks[index]
            if first.group == task.group, first.parent == task.parent, DuplicateKey.folded(first) == DuplicateKey.folded(task) {
                return first.line
            }
            let key = DuplicateKey(group: task.group ?? -1, parent: task.parent ?? -1, text: DuplicateKey.folded(task))
            if let line = collided[key] { return line }
            collided[key] = task.line
            return nil
        }

        /// FNV-1a over the group, the parent and the text folded as `DuplicateKey.folded` folds
        /// it (ASCII letters to lower case; a text with other bytes by its lowercased String's
        /// hash, which canonically equivalent texts share).
        static func hash(_ task: Task) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x0000_0100_0000_01B3 }
            mix(UInt64(bitPattern: Int64(task.group ?? -1)))
            mix(UInt64(bitPattern: Int64(task.parent ?? -1)))
            let context = hash
            let ascii = task.textBytes.withUnsafeBufferPointer { bytes -> Bool in
                for byte in bytes {
                    guard byte < 0x80 else { return false }
                    mix(UInt64(Byte.lower(byte)))
                }
                return true
            }
            if !ascii {
                hash = context  // what the ASCII bytes before the first other byte mixed in is dropped
                // Compared as Unicode text ("é" precomposed or not): hashed as a String is.
                mix(UInt64(bitPattern: Int64(task.text.lowercased().hashValue)))
            }
            return hash
        }
    }

    /// A task's exact duplicate key.
    private struct DuplicateKey: Hashable {
        let group: Int
        let parent: Int
        let text: Folded

        /// Text in one case: ASCII folded byte by byte (the common case, and cheap to hash),
        /// anything else as a lowercased String, compared as Unicode text.
        enum Folded: Hashable {
            case ascii([UInt8])
            case unicode(String)

            func hash(into hasher: inout Hasher) {
                switch self {
                case .ascii(let bytes):
                    // All at once: combining byte by byte costs a call per byte.
                    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                case .unicode(let text):
                    hasher.combine(text)
                }
            }
        }

        static func folded(_ task: Task) -> Folded {
            var folded: [UInt8] = []
            folded.reserveCapacity(task.textBytes.count)
            for byte in task.textBytes {
                guard byte < 0x80 else { return .unicode(task.text.lowercased()) }
                folded.append(Byte.lower(byte))
            }
            return .ascii(folded)
        }
    }

    /// One finding per task list whose bullet fmt makes `-` (`BulletLists`).
    static func checkBullets(_ findings: inout LintFindings) {
        let document = findings.document
        for list in BulletLists.rewritten(in: document) {
            guard let index = list.first(where: { document.items[$0].checkboxStart >= 0 }) else { continue }
            let item = document.items[index]
            findings.add(.inconsistentMarker, line: item.line, offset: item.markerStart,
                         "task list with '\(Character(Unicode.Scalar(item.delimiter)))' bullets; tick fmt writes '-'")
        }
    }

    /// Lines that were probably meant as tasks (`- []`, `-[ ]`, `[ x]`, `- [ ]text`) and task-shaped
    /// lines inside fenced code.
    static func checkLookalikes(_ findings: inout LintFindings) {
        let document = findings.document
        var isTaskLine = [Bool](repeating: false, count: document.lines.count)
        for task in document.tasks { isTaskLine[task.line] = true }
        for index in document.lines.indices where !isTaskLine[index] {
            let kind = document.kinds[index]
            guard kind == .paragraph || kind == .fenceContent || kind == .marker else { continue }
            let line = document.lines[index]
            let bytes = document.bytes
            var i = line.start
            while i < line.contentEnd, Byte.isSpaceOrTab(bytes[i]) || bytes[i] == Byte.greater { i += 1 }
            guard i < line.contentEnd, bytes[i] == Byte.minus || bytes[i] == Byte.star || bytes[i] == Byte.plus else { continue }
            let marker = i
            i += 1
            var spaces = 0, stray = false
            while i < line.contentEnd, Byte.isSpaceChar(bytes[i]) {
                stray = stray || !Byte.isSpaceOrTab(bytes[i])
                i += 1
                spaces += 1
            }
            guard i < line.contentEnd, bytes[i] == Byte.leftBracket,
                  let close = bytes[i..<line.contentEnd].firstIndex(of: Byte.rightBracket) else { continue }
            let inside = bytes[(i + 1)..<close]
            let looksLikeBox = inside.count <= 3 && inside.allSatisfy { $0 == Byte.space || $0 == 0x78 || $0 == 0x58 }
            guard looksLikeBox else { continue }
            if kind == .fenceContent {
                if !inside.isEmpty, spaces >= 1 {
                    findings.add(.taskInCodeBlock, line: index, offset: marker, "task-like line inside a code block is not a task")
                }
                continue
            }
            let problem: String
            if stray, inside.count == 1 {
                findings.add(.malformedCheckbox, line: index, offset: marker,
                             "form feed or vertical tab before the checkbox; GitHub shows the box garbled or not at all")
                continue
            } else if spaces == 0 {
                problem = "no space between the list marker and the checkbox"
            } else if inside.isEmpty {
                problem = "empty brackets '[]'; a checkbox is '[ ]'"
            } else if inside.count != 1 {
                problem = "'[\(String(decoding: inside, as: UTF8.self))]' is not a checkbox; use '[ ]' or '[x]'"
            } else if close + 1 < line.contentEnd, !Byte.isSpaceOrTab(bytes[close + 1]) {
                problem = "no space after the checkbox"
            } else if close + 1 == line.contentEnd {
                problem = "a checkbox needs a space after it, even with no text"
            } else {
                continue
            }
            findings.add(.malformedCheckbox, line: index, offset: marker, problem + "; GitHub shows no checkbox")
        }
    }
}
