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
                // and an interpolated String costs about 2 000 instructions each.
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

    /// Tasks are duplicates when their text matches (in any case) under the same group and
    /// parent, and both are open or both closed: a done task beside an open one of the same
    /// words is a chore done and its next time (a repeating task done with no date recorded).
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
            if first.group == task.group, first.parent == task.parent, first.isClosed == task.isClosed,
               DuplicateKey.folded(first, in: document) == DuplicateKey.folded(task, in: document) {
                return first.line
            }
            let key = DuplicateKey(group: task.group ?? -1, parent: task.parent ?? -1, closed: task.isClosed, text: DuplicateKey.folded(task, in: document))
            if let line = collided[key] { return line }
            collided[key] = task.line
            return nil
        }

        /// A hash of the group, the parent and the text folded as `DuplicateKey.folded` folds
        /// it: by its bytes (`byteFolded`), eight at a time, where they say it all; else by
        /// what every spelling of it shares (`skeletonHash`), else by its lowercased String's
        /// hash, which canonically equivalent texts share.
        static func hash(_ task: Task, in document: Document) -> UInt64 {
            var hash = mixed(0xcbf2_9ce4_8422_2325, UInt64(bitPattern: Int64(task.group ?? -1)))
            hash = mixed(hash, UInt64(bitPattern: Int64(task.parent ?? -1)))
            hash = mixed(hash, task.isClosed ? 1 : 0)
            let seed = hash
            let text = document.withTextBytes(of: task) { bytes -> UInt64? in
                if let hashed = wordHash(bytes, seed: seed, anyBytes: false) { return hashed }
                guard let folded = byteFolded(bytes, always: comparesBytes(task, bytes)) else { return nil }
                return folded.withUnsafeBufferPointer { wordHash($0, seed: seed, anyBytes: true) }
            }
            if let text { return text }
            // Compared as Unicode text ("é" precomposed or not): hashed by what every spelling
            // of it shares, else as a String is.
            return document.withTextBytes(of: task) { skeletonHash($0, seed: hash) }
                ?? mixed(hash, UInt64(bitPattern: Int64(document.text(of: task).lowercased().hashValue)))
        }

        /// A text longer than this is compared by its bytes: Unicode's normalization of a long
        /// run of combining marks takes time that grows with its square.
        static let longText = 4096

        /// Whether a task's text is compared by its bytes whatever they hold: one with bytes
        /// that are not UTF-8 (two such texts read alike as Strings, U+FFFD each), or longer
        /// than `longText`.
        static func comparesBytes(_ task: Task, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            task.hasInvalidUTF8 || bytes.count > longText
        }

        /// The hash of bytes eight at a time, ASCII letters lowered; nil when a byte is not
        /// ASCII and the text does not fold by its bytes (`foldsByBytes`), unless `anyBytes`.
        private static func wordHash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64, anyBytes: Bool) -> UInt64? {
            // The length first: the last word is padded with zero bytes.
            var text = mixed(seed, UInt64(bytes.count))
            var start = 0, checked = anyBytes
            while start < bytes.count {
                var word: UInt64 = 0
                let count = min(8, bytes.count - start)
                if count == 8 {
                    word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self))
                } else {
                    for offset in 0..<count { word |= UInt64(bytes[start + offset]) << (8 * UInt64(offset)) }
                }
                if word & 0x8080_8080_8080_8080 == 0 {
                    word = lowercased(word)
                } else {
                    if !checked {
                        guard foldsByBytes(bytes) else { return nil }
                        checked = true
                    }
                    // ASCII bytes to lower case one by one; the others as they are.
                    var folded: UInt64 = 0
                    for offset in stride(from: 0, to: 64, by: 8) { folded |= UInt64(Byte.lower(UInt8(truncatingIfNeeded: word >> UInt64(offset)))) << UInt64(offset) }
                    word = folded
                }
                text = mixed(text, word)
                start += 8
            }
            return text
        }

        /// A text as its bytes fold when they say it all: ASCII letters lowered, the characters
        /// `foldsByBytes` lets by as they are, and the Kelvin sign, the Greek question mark
        /// and the Greek varia as the ASCII they are canonically (`k`, `;`, `` ` ``), so that
        /// `\u{212A}elvin` is `Kelvin`; nil for a text with any other character, unless
        /// `always` (`comparesBytes`): then every other byte as it is.
        static func byteFolded(_ bytes: UnsafeBufferPointer<UInt8>, always: Bool) -> [UInt8]? {
            // Checked first, with nothing made: a text with an accent (the usual other case)
            // is told apart without an array.
            guard always || fold(bytes, always: false, { _ in }) else { return nil }
            var folded: [UInt8] = []
            folded.reserveCapacity(bytes.count)
            _ = fold(bytes, always: always) { folded.append($0) }
            return folded
        }

        /// Hands each byte of `bytes` folded (`byteFolded`) to `emit`; false at the first
        /// character that does not fold by its bytes, unless `always`.
        @inline(__always)
        private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, always: Bool, _ emit: (UInt8) -> Void) -> Bool {
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    emit(Byte.lower(byte))
                    index += 1
                    continue
                }
                func at(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
                // The Kelvin sign (E2 84 AA), the Greek question mark (CD BE), the Greek varia (E1 BF AF).
                if byte == 0xE2, at(1) == 0x84, at(2) == 0xAA { emit(0x6B); index += 3; continue }
                if byte == 0xCD, at(1) == 0xBE { emit(0x3B); index += 2; continue }
                if byte == 0xE1, at(1) == 0xBF, at(2) == 0xAF { emit(0x60); index += 3; continue }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if always {
                    emit(byte)
                    index += 1
                    continue
                }
                guard index + length <= count, foldsByBytes(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])) else { return false }
                for offset in 0..<length { emit(bytes[index + offset]) }
                index += length
            }
            return true
        }

        /// A hash of what every canonically equivalent spelling of a text, in either case,
        /// holds: its ASCII bytes, lowered, but for one a combining mark follows (`e` in `e` +
        /// U+0301, which `é` spells without it) and for `K`, `k`, `;` and `` ` `` (which
        /// U+212A, U+037E and U+1FEF decompose or lowercase to). Nil when fewer than 8 bytes are
        /// kept: too little to tell tasks apart (a text in a script without ASCII), which are
        /// then hashed as Strings.
        static func skeletonHash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64? {
            var hash = mixed(seed, 0x736B_656C_6574_6F6E), kept = 0
            let count = bytes.count
            for index in 0..<count {
                let byte = bytes[index]
                guard byte < 0x80 else { continue }
                if index + 1 < count, bytes[index + 1] >= 0x80, combines(bytes, at: index + 1) { continue }
                let lower = Byte.lower(byte)
                if lower == 0x6B || lower == 0x3B || lower == 0x60 { continue }
                hash = mixed(hash, UInt64(lower))
                kept += 1
            }
            return kept >= 8 ? hash : nil
        }

        /// Whether the character at `index` (not ASCII) may combine with the one before it: a
        /// combining mark (a canonical combining class other than 0), or one that decomposes
        /// into such marks. Bytes that are not UTF-8
        /// read as U+FFFD, as the text's String reads them, which does not.
        private static func combines(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            let lead = bytes[index]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > 0, index + length <= bytes.count else { return false }
            var value = UInt32(lead) & (0x7F >> UInt32(length))
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return false }
                value = value << 6 | UInt32(next & 0x3F)
            }
            // An overlong form is not UTF-8 either.
            guard value >= [0, 0, 0x80, 0x800, 0x10000][length], let scalar = Unicode.Scalar(value) else { return false }
            // The Tibetan vowel signs U+0F73, U+0F75 and U+0F81 are of class 0 but decompose into
            // marks of other classes (Unicode's non-starter decompositions).
            return scalar.properties.canonicalCombiningClass != .notReordered || value == 0x0F73 || value == 0x0F75 || value == 0x0F81
        }

        /// Whether a text's bytes, ASCII letters folded, say the same as its lowercased
        /// Unicode text: each character outside ASCII is one that has no other case, no
        /// canonical decomposition and no character it composes with, so that two such texts
        /// are canonically equivalent exactly when their bytes are equal. These are the emoji
        /// and symbols task files are full of (📅 ✅ ⏫ 🔁, dashes and quotes): U+2002 to U+203F,
        /// U+2300 to U+27FF but for the angle brackets U+2329 and U+232A and the circled
        /// letters (U+2480 to U+24FF, which have cases), the variation selectors U+FE00 to
        /// U+FE0F, and U+1F000 to U+1FFFF. Any other text is compared as a String.
        static func foldsByBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 { index += 1; continue }
                switch lead {
                case 0xE2:
                    guard index + 2 < count else { return false }
                    let second = bytes[index + 1], third = bytes[index + 2]
                    guard third & 0xC0 == 0x80 else { return false }
                    switch second {
                    case 0x80: guard third >= 0x82 else { return false }                        // U+2002-U+203F
                    case 0x8C: guard third != 0xA9, third != 0xAA else { return false }       // U+2300-U+233F, not the angle brackets
                    case 0x8D...0x91, 0x94...0x9F: break                                         // U+2340-U+247F, U+2500-U+27FF
                    default: return false
                    }
                    index += 3
                case 0xEF:
                    guard index + 2 < count, bytes[index + 1] == 0xB8, (0x80...0x8F).contains(bytes[index + 2]) else { return false }
                    index += 3
                case 0xF0:
                    // U+1F000-U+1FFFF
                    guard index + 3 < count, bytes[index + 1] == 0x9F, bytes[index + 2] & 0xC0 == 0x80, bytes[index + 3] & 0xC0 == 0x80 else { return false }
                    index += 4
                default:
                    return false
                }
            }
            return true
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
        let closed: Bool
        let text: Folded

        /// Text in one case: folded byte by byte where its bytes say it all
        /// (`DuplicateFinder.byteFolded`: the common case, and cheap to hash), anything else
        /// as a lowercased String, compared as Unicode text.
        enum Folded: Hashable {
            case bytes([UInt8])
            case unicode(String)

            func hash(into hasher: inout Hasher) {
                switch self {
                case .bytes(let bytes):
                    // All at once: combining byte by byte costs a call per byte.
                    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                case .unicode(let text):
                    hasher.combine(text)
                }
            }
        }

        static func folded(_ task: Task, in document: Document) -> Folded {
            let folded = document.withTextBytes(of: task) {
                DuplicateFinder.byteFolded($0, always: DuplicateFinder.comparesBytes(task, $0))
            }
            return folded.map(Folded.bytes) ?? .unicode(document.text(of: task).lowercased())
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
            if kind == .fenceContent {
                // In code, any status a task may have (`- [-]`, `- [?]`): a letter or digit
                // other than x reads as a link or a note's mark (`- [1]`).
                let status = inside.count == 1 && inside.allSatisfy { Byte.isPunctuation($0) && $0 != Byte.leftBracket }
                if looksLikeBox && !inside.isEmpty || status, spaces >= 1 {
                    findings.add(.taskInCodeBlock, line: index, offset: marker, "task-like line inside a code block is not a task")
                }
                continue
            }
            guard looksLikeBox else { continue }
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
