/// Checks of tasks and of lines that look like tasks but are not.
enum TaskChecks {
    static func run(_ findings: inout LintFindings, today: CivilDate) {
        let document = findings.document
        var duplicates = DuplicateFinder(document)
        var rules: [String: Recurrence?] = [:]
        var readsObsidian = false
        var unreadObsidian: [Diagnostic] = []
        for task in document.tasks {
            if FieldChecks.run(task, in: document, &findings, rules: &rules, unreadObsidian: &unreadObsidian) { readsObsidian = true }
            if !document.statuses.knows(task.status) {
                findings.add(.unknownStatus, line: task.line, offset: task.checkboxStart,
                             "tick reads '[\(task.status.character)]' as todo, and GitHub shows it as text; give it a meaning in .tick.toml [statuses]")
            } else if !task.status.isGitHubCheckbox {
                findings.add(.nonGFMStatus, line: task.line, offset: task.checkboxStart,
                             "'[\(task.status.character)]' shows as text on GitHub, not as a checkbox")
            }
            // The text is trimmed already.
            if task.textLocation.count == 0 {
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
                // Written into bytes: a file of late tasks has a finding on most of its lines,
                // and an interpolated String took about 2 000 instructions each.
                var message = TextBuffer(capacity: 40)
                message.appendLiteral("overdue by ")
                message.appendDecimal(-days)
                message.appendLiteral(days == -1 ? " day (due " : " days (due ")
                message.appendDate(due)
                message.append(0x29)
                findings.add(.overdue, line: task.line, offset: task.textStart, message.string)
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
        /// Hash → the first task with it, as its index + 1.
        private var byHash: HashTable
        /// Exact keys of the tasks whose hash was taken by a different task → first line.
        private var collided: [DuplicateKey: Int] = [:]

        /// How tasks are hashed: `hash(_:)`, or in a test one that makes them all collide.
        private let hashing: (Task, Document) -> UInt64

        init(_ document: Document, hashing: @escaping (Task, Document) -> UInt64 = DuplicateFinder.hash) {
            self.document = document
            self.hashing = hashing
            byHash = HashTable(capacity: document.tasks.count)
        }

        /// The line of the first task like `task`, or nil when it is the first (now recorded).
        mutating func firstLine(sameAs task: Task) -> Int? {
            let hash = hashing(task, document)
            let stored = byHash[hash]
            guard stored > 0 else {
                byHash.add(hash, task.index + 1)
                return nil
            }
            let first = document.tasks[stored - 1]
            if first.group == task.group, first.parent == task.parent, DuplicateKey.folded(first, in: document) == DuplicateKey.folded(task, in: document) {
                return first.line
            }
            let key = DuplicateKey(group: task.group ?? -1, parent: task.parent ?? -1, text: DuplicateKey.folded(task, in: document))
            if let line = collided[key] { return line }
            collided[key] = task.line
            return nil
        }

        /// A hash of the group, the parent and the text folded as `DuplicateKey.folded` folds
        /// it: ASCII letters to lower case, eight bytes at a time; a text with other bytes by
        /// its lowercased String's hash, which canonically equivalent texts share.
        static func hash(_ task: Task, in document: Document) -> UInt64 {
            var hash = mixed(0xcbf2_9ce4_8422_2325, UInt64(bitPattern: Int64(task.group ?? -1)))
            hash = mixed(hash, UInt64(bitPattern: Int64(task.parent ?? -1)))
            let text = document.withTextBytes(of: task) { bytes -> UInt64? in
                // The length first: the last word is padded with zero bytes.
                var text = mixed(hash, UInt64(bytes.count))
                var start = 0
                while start < bytes.count {
                    var word: UInt64 = 0
                    let count = min(8, bytes.count - start)
                    if count == 8 {
                        word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self))
                    } else {
                        for offset in 0..<count { word |= UInt64(bytes[start + offset]) << (8 * UInt64(offset)) }
                    }
                    guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
                    text = mixed(text, lowercased(word))
                    start += 8
                }
                return text
            }
            // Compared as Unicode text ("é" precomposed or not): hashed as a String is.
            return text ?? mixed(hash, UInt64(bitPattern: Int64(document.text(of: task).lowercased().hashValue)))
        }

        /// `hash` with `value` mixed in (a multiply and a shift).
        @inline(__always) private static func mixed(_ hash: UInt64, _ value: UInt64) -> UInt64 {
            let product = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
            return product ^ (product >> 29)
        }

        /// Eight ASCII bytes (none above 0x7F) with `A` to `Z` made lower case: a byte plus
        /// 0x3F reaches 0x80 from `A` up, plus 0x25 from the byte after `Z` up, and no sum
        /// carries into the next byte.
        static func lowercased(_ word: UInt64) -> UInt64 {
            let fromA = word &+ 0x3F3F_3F3F_3F3F_3F3F
            let pastZ = word &+ 0x2525_2525_2525_2525
            let upper = fromA & ~pastZ & 0x8080_8080_8080_8080
            return word | (upper >> 2)
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

        static func folded(_ task: Task, in document: Document) -> Folded {
            let text = document.textBytes(of: task)
            var folded: [UInt8] = []
            folded.reserveCapacity(text.count)
            for byte in text {
                guard byte < 0x80 else { return .unicode(document.text(of: task).lowercased()) }
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
            } else if close + 2 < line.contentEnd, bytes[close + 1] == Byte.star, Byte.isSpaceOrTab(bytes[close + 2]) {
                // Kiro's optional task (`- [ ]* 2.3 Write tests`): a task to the one who wrote it.
                problem = "'[\(String(decoding: inside, as: UTF8.self))]*' (an optional task, as Kiro writes it) has no space after the checkbox"
            } else if close + 1 < line.contentEnd, !Byte.isSpaceOrTab(bytes[close + 1]) {
                // Punctuation after it is prose about checkboxes, such as a legend
                // (`- [ ]: open`, `- [x], done`), not a task missing its space.
                guard !Byte.isPunctuation(bytes[close + 1]) else { continue }
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
