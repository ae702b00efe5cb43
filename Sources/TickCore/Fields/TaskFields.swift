/// The fields of a task's text in every dialect (`TaskField`), found in one pass over its bytes.
///
/// Obsidian Tasks' emoji fields count only at the end of the text, as there (`FieldScanner`),
/// or of a wrapped task's first line, which is the task to Obsidian Tasks
/// (`init(_:firstLineEnd:)`); one that text follows is `unread`, and lint says so. Words
/// inside inline code are not fields.
package struct TaskFields: Sendable, Equatable {
    /// The fields tick reads, in text order.
    package private(set) var fields: [TaskField] = []
    /// Obsidian Tasks' emoji fields that other text follows: Obsidian Tasks reads its fields
    /// only at the end of the text, and tick reads them as it does, so these are text (`tick
    /// lint` reports them, `unread-field`).
    package private(set) var unread: [TaskField] = []

    /// No fields.
    package init() {}

    /// `textFollows`: more of the task's text comes after these bytes (a line of a wrapped
    /// task that is not its last, where what the later lines hold is not an Obsidian ending:
    /// `obsidianEnding`), so no Obsidian field here ends the text.
    package init(_ text: ArraySlice<UInt8>, textFollows: Bool = false) {
        let list = text.withUnsafeBufferPointer { buffer in FieldScanner.scan(buffer, into: FieldList(), textFollows: textFollows) }
        fields = list.fields
        unread = list.unread
    }

    package init(_ text: String) {
        var copy = text
        let list = copy.withUTF8 { FieldScanner.scan($0, into: FieldList()) }
        fields = list.fields
        unread = list.unread
    }

    /// Whether `text` (the lines of a task's text after one of its lines) is one Obsidian Tasks
    /// passes as the end of a task: only its fields, tags, block links and spaces, with every
    /// Obsidian field read. The Obsidian fields at the end of the line before it are then read.
    static func obsidianEnding(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            let list = FieldScanner.scan(buffer, into: FieldList())
            guard list.unread.isEmpty, list.fields.allSatisfy({ $0.dialect == .obsidian }) else { return false }
            return FieldScanner<FieldList>.passes(buffer, 0..<(list.fields.first?.range.lowerBound ?? buffer.count))
        }
    }

    package func first(_ kind: TaskField.Kind) -> TaskField? { fields.first { $0.kind == kind } }

    /// The fields of a wrapped task's text, whose first line's part ends at `firstLineEnd`
    /// (`Document.fields(of:)`): Obsidian Tasks reads a task as its first line, so the Obsidian
    /// fields at the end of that line are read whatever the later lines hold, and no field runs
    /// from one line into the next.
    package init(_ text: ArraySlice<UInt8>, firstLineEnd: Int?) {
        let list = text.withUnsafeBufferPointer { buffer in FieldScanner.scan(buffer, into: FieldList(), firstLineEnd: firstLineEnd) }
        fields = list.fields
        unread = list.unread
    }

    /// What the parse asks of each task's text: its first due field and the kinds of field it
    /// holds, with every field counted in `usage` on the way; no list of fields is made.
    /// `firstLineEnd`: as `init(_:firstLineEnd:)` reads it.
    static func tally(_ text: ArraySlice<UInt8>, firstLineEnd: Int? = nil, counting usage: inout FieldUsage) -> (due: TaskField?, kinds: TaskField.Kinds) {
        text.withUnsafeBufferPointer { tally($0, firstLineEnd: firstLineEnd, counting: &usage) }
    }

    static func tally(_ text: UnsafeBufferPointer<UInt8>, firstLineEnd: Int? = nil, counting usage: inout FieldUsage) -> (due: TaskField?, kinds: TaskField.Kinds) {
        let tally = FieldScanner.scan(text, into: UsageTally(), firstLineEnd: firstLineEnd)
        if !tally.kinds.isEmpty { usage.add(tally.usage) }
        return (tally.due, tally.kinds)
    }

    /// Whether `bytes` (a whole file) may hold a due date in any dialect (`due:` in any case,
    /// as tick and Dataview write it, or 📅, 📆, 🗓) or, with `scheduled`, a scheduled one
    /// (`scheduled:`, ⏳, ⌛); false means no task of the file has one.
    ///
    /// Every key a field scan reads is followed by its colon (`due:`, `due::`, `[due:: `), so
    /// the search is for the rare bytes, with `memchr`: each colon, checked for the key before
    /// it, and each lead byte of the markers (0xF0, and 0xE2 for scheduled), checked for the
    /// marker. Prose that says "due" without a colon passes no file to the parse.
    package static func mayHoldDate(_ bytes: [UInt8], scheduled: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            func keyEnds(at colon: Int, _ key: [UInt8]) -> Bool {
                guard colon >= key.count else { return false }
                for offset in key.indices where buffer[colon - key.count + offset] | 0x20 != key[offset] { return false }
                return true
            }
            func marker(at index: Int) -> Bool {
                guard let marker = emoji(buffer, at: index) else { return false }
                return marker.kind == .due || (scheduled && marker.kind == .scheduled)
            }
            return ByteSearch.anyOffset(of: Byte.colon, in: buffer) { keyEnds(at: $0, dueKey) || (scheduled && keyEnds(at: $0, scheduledKey)) }
                || ByteSearch.anyOffset(of: 0xF0, in: buffer, where: marker)
                || (scheduled && ByteSearch.anyOffset(of: 0xE2, in: buffer, where: marker))
        }
    }

    private static let dueKey: [UInt8] = Array("due".utf8)
    private static let scheduledKey: [UInt8] = Array("scheduled".utf8)

    /// The first due field of a text: what every parse asks.
    package static func due(in text: ArraySlice<UInt8>, textFollows: Bool = false) -> TaskField? {
        TaskFields(text, textFollows: textFollows).first(.due)
    }

    /// The date of the first field of `kind` in `text` (the bytes the fields were read from),
    /// when it is a real date.
    /// The date a recurrence rule moves: the due date, else the scheduled, else the start.
    package func recurrenceReference(in text: ArraySlice<UInt8>) -> (kind: TaskField.Kind, date: CivilDate)? {
        [TaskField.Kind.due, .scheduled, .start].lazy.compactMap { kind in self.date(kind, in: text).map { (kind, $0) } }.first
    }

    package func date(_ kind: TaskField.Kind, in text: ArraySlice<UInt8>) -> CivilDate? {
        guard let field = first(kind) else { return nil }
        return CivilDate(isoBytes: text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)])
    }

    /// The value of a field as text.
    package static func value(_ field: TaskField, in text: ArraySlice<UInt8>) -> String {
        String(decoding: text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)], as: UTF8.self)
    }

    /// The ids of the tasks this one waits for (`dep:a,b`, `⛔ a,b`, `[dependsOn:: a,b]`): the
    /// comma-separated words of its dependsOn fields, in order, without spaces.
    package func dependencies(in text: ArraySlice<UInt8>) -> [String] {
        fields.filter { $0.kind == .dependsOn }.flatMap { field in
            text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)]
                .split(separator: Byte.comma)
                .map { String(decoding: $0, as: UTF8.self).trimmingSpaces }
                .filter { !$0.isEmpty }
        }
    }

    /// The priority the text gives, if any.
    package func priority(in text: ArraySlice<UInt8>) -> Priority? {
        guard let field = first(.priority) else { return nil }
        let value = Self.value(field, in: text)
        if field.dialect == .obsidian { return Self.emojiPriority[value] }
        return Priority(name: value)
    }

    /// The dialect most of the fields are in (nil without fields).
    package var dialect: TaskField.Dialect? {
        var counts: [TaskField.Dialect: Int] = [:]
        for field in fields { counts[field.dialect, default: 0] += 1 }
        return TaskField.Dialect.allCases.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }.flatMap { (counts[$0] ?? 0) > 0 ? $0 : nil }
    }

    static let emojiPriority: [String: Priority] = ["🔺": .highest, "⏫": .high, "🔼": .medium, "🔽": .low, "⏬": .lowest]

    // MARK: Scanning


    /// An emoji field marker at `index`: its kind and where it ends (after a variation selector).
    /// Every marker starts with the byte 0xE2 (three bytes) or 0xF0 0x9F (four): any other byte,
    /// a letter of most scripts among them, is ruled out at once.
    fileprivate static func emoji(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (kind: TaskField.Kind, end: Int, priority: Bool)? {
        let lead = text[index]
        var end: Int
        let kind: TaskField.Kind
        if lead == 0xE2 {
            guard index + 3 <= text.count else { return nil }
            switch (text[index + 1], text[index + 2]) {
            case (0x8F, 0xB3), (0x8C, 0x9B): kind = .scheduled
            case (0x9E, 0x95): kind = .created
            case (0x9C, 0x85): kind = .done
            case (0x9D, 0x8C): kind = .cancelled
            case (0x8F, 0xAB), (0x8F, 0xAC): kind = .priority
            case (0x9B, 0x94): kind = .dependsOn
            default: return nil
            }
            end = index + 3
        } else if lead == 0xF0 {
            guard index + 4 <= text.count, text[index + 1] == 0x9F else { return nil }
            switch (text[index + 2], text[index + 3]) {
            case (0x93, 0x85), (0x93, 0x86), (0x97, 0x93): kind = .due
            case (0x9B, 0xAB): kind = .start
            case (0x94, 0x81): kind = .recurrence
            case (0x94, 0xBA), (0x94, 0xBC), (0x94, 0xBD): kind = .priority
            case (0x86, 0x94): kind = .id
            case (0x8F, 0x81): kind = .onCompletion
            default: return nil
            }
            end = index + 4
        } else {
            return nil
        }
        // U+FE0F, the emoji presentation selector, may follow.
        if end + 3 <= text.count, text[end] == 0xEF, text[end + 1] == 0xB8, text[end + 2] == 0x8F { end += 3 }
        return (kind, end, kind == .priority)
    }


    /// Where a rule starting at `start` ends: it is words of letters, digits, commas and `!`
    /// (`[A-Za-z0-9, !]`, as Obsidian Tasks reads them), up to the next emoji field, a tag or
    /// other text, or the end; trailing spaces are not part of it.
    fileprivate static func ruleEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start, cursor = start
        while cursor < text.count {
            let byte = text[cursor]
            let isRuleByte = Byte.isAlnum(byte) || Byte.isSpaceOrTab(byte) || byte == 0x2C || byte == 0x21
            guard isRuleByte else { break }
            cursor += 1
            if !Byte.isSpaceOrTab(byte) { end = cursor }
        }
        return end
    }

    /// Where a list of ids starting at `start` ends (`⛔ a,b`, `⛔ a, b`, `⛔ a , b`, as
    /// Obsidian Tasks reads them): a word, then each comma with the word after it, spaces
    /// around the comma allowed; trailing spaces and a comma with no word after it are not
    /// part of it.
    fileprivate static func idsEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        @inline(__always) func wordEnd(_ from: Int) -> Int {
            var end = from
            while end < text.count, !Byte.isSpaceOrTab(text[end]), text[end] != Byte.comma { end += 1 }
            return end
        }
        var end = wordEnd(start)
        while true {
            var cursor = end
            while cursor < text.count, Byte.isSpaceOrTab(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == Byte.comma else { return end }
            cursor += 1
            while cursor < text.count, Byte.isSpaceOrTab(text[cursor]) { cursor += 1 }
            let next = wordEnd(cursor)
            // A comma that ends the text, or one another field follows, is not part of the list.
            guard next > cursor, text[cursor] < 0xE2 || TaskFields.emoji(text, at: cursor) == nil else { return end }
            end = next
        }
    }

    /// The bytes of a field key: ASCII letters, digits, `_` and `-`, as two 64-bit masks
    /// (bytes 0x00 to 0x3F, 0x40 to 0x7F) held in the code: a static table would cost every
    /// call a check that it is made, and four comparisons a byte cost more.
    @inline(__always) static func isKeyByte(_ byte: UInt8) -> Bool {
        let mask: UInt64 = byte < 0x40 ? 0x03FF_2000_0000_0000 : byte < 0x80 ? 0x07FF_FFFE_87FF_FFFE : 0
        return (mask >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// Where the run of key bytes from `start` ends.
    fileprivate static func keyEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < text.count, isKeyByte(text[end]) { end += 1 }
        return end
    }

    /// Whether `key:value` with this key is one of tick's fields (`due`, `t`, `rec`, ...).
    package static func isFieldKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { tickKeys.kind(of: $0, $0.indices) } != nil
    }

    fileprivate static func tickKind(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TaskField.Kind? {
        tickKeys.kind(of: text, range)
    }

    fileprivate static func dataviewKind(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TaskField.Kind? {
        dataviewKeys.kind(of: text, range)
    }

    private static let tickKeys = FieldKeys([
        .init("due", .due), .init("t", .start), .init("start", .start), .init("threshold", .start), .init("scheduled", .scheduled),
        .init("created", .created), .init("done", .done), .init("completed", .done), .init("cancelled", .cancelled),
        .init("canceled", .cancelled), .init("rec", .recurrence), .init("pri", .priority), .init("id", .id), .init("dep", .dependsOn),
    ])

    private static let dataviewKeys = FieldKeys([
        .init("due", .due), .init("scheduled", .scheduled), .init("start", .start), .init("created", .created),
        .init("completion", .done), .init("cancelled", .cancelled), .init("repeat", .recurrence), .init("priority", .priority),
        .init("id", .id), .init("dependson", .dependsOn), .init("oncompletion", .onCompletion),
    ])
}

/// A dialect's field keys, matched in any case against the bytes of a word, with no String
/// made for the word: most words a scan meets are not keys.
///
/// Kept as one array sorted by length with where each length starts, of a struct rather than
/// tuples: every run builds these tables, and each tuple type costs the runtime a metadata
/// instantiation at start-up.
private struct FieldKeys {
    struct Key {
        let bytes: [UInt8]
        let kind: TaskField.Kind
        init(_ key: String, _ kind: TaskField.Kind) {
            bytes = Array(key.utf8)
            self.kind = kind
        }
    }

    /// The keys, shortest first.
    private let keys: [Key]
    /// `keys[starts[n]..<starts[n + 1]]` are the keys of length `n`.
    private let starts: [Int]

    init(_ keys: [Key]) {
        let sorted = keys.sorted { $0.bytes.count < $1.bytes.count }
        let longest = sorted.last?.bytes.count ?? 0
        var starts = [Int](repeating: sorted.count, count: longest + 2)
        for (index, key) in sorted.enumerated().reversed() { starts[key.bytes.count] = index }
        // A length no key has starts where the next length does.
        for length in stride(from: longest, through: 0, by: -1) where starts[length] > starts[length + 1] { starts[length] = starts[length + 1] }
        self.keys = sorted
        self.starts = starts
    }

    /// The kind whose key `text[range]` is, letters in any case. Keys are lower-case letters,
    /// and setting bit 0x20 maps only `A`-`Z` onto them (digits and `-` keep it set; `_`
    /// becomes DEL, which no key holds).
    func kind(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TaskField.Kind? {
        guard range.count + 1 < starts.count else { return nil }
        for entry in keys[starts[range.count]..<starts[range.count + 1]] {
            var index = 0
            while index < entry.bytes.count, text[range.lowerBound + index] | 0x20 == entry.bytes[index] { index += 1 }
            if index == entry.bytes.count { return entry.kind }
        }
        return nil
    }
}

/// What a field scan hands each field it finds to: a list of them (`TaskFields`), or a
/// tally that keeps none (the parse's due date and field usage).
protocol FieldSink {
    mutating func add(_ field: TaskField)
    /// An Obsidian field that other text follows, which Obsidian Tasks, and so tick, does not read.
    mutating func addUnread(_ field: TaskField)
}

/// The first due field and the kinds of field seen, and every field counted in `usage`.
struct UsageTally: FieldSink {
    /// This text's fields alone (added to the file's by the caller).
    var usage = FieldUsage()
    var due: TaskField?
    var kinds = TaskField.Kinds()
    mutating func add(_ field: TaskField) {
        usage.count(field)
        kinds.insert(field.kind)
        if due == nil, field.kind == .due { due = field }
    }
    mutating func addUnread(_ field: TaskField) { kinds.insertUnread() }
}

/// A sink that hands on fields found in a part of a text, placed in the whole of it.
struct ShiftedSink<Base: FieldSink>: FieldSink {
    var base: Base
    let offset: Int
    mutating func add(_ field: TaskField) { base.add(field.shifted(by: offset)) }
    mutating func addUnread(_ field: TaskField) { base.addUnread(field.shifted(by: offset)) }
}

/// Every field, in text order.
struct FieldList: FieldSink {
    var fields: [TaskField] = []
    var unread: [TaskField] = []
    mutating func add(_ field: TaskField) { fields.append(field) }
    mutating func addUnread(_ field: TaskField) { unread.append(field) }
}

/// The one pass over a text's bytes that finds its fields, handing each to `sink`.
///
/// Obsidian Tasks reads its emoji fields from the end of the text back, passing tags and a
/// block link (`^id`) among them, and stops at anything else: an emoji field that other text
/// follows (`✅ 2026-07-18 rebuilt by hand`) is text to it, and to tick. The scan holds such
/// fields back from the sink (`pending`) until it knows: another field, or a word that is not a
/// tag or a block link, makes them text (`addUnread`); the end of the text makes them fields.
/// A field of another dialect is text to Obsidian Tasks too, so the held fields are always the
/// last found, and the sink still gets the fields in text order.
struct FieldScanner<Sink: FieldSink> {
    var sink: Sink
    /// Obsidian fields found since the last text Obsidian Tasks stops at, and where the last
    /// ends. Storage of its own, made at the first and freed by `scanByteByByte`: the scanner
    /// holds no reference, so that a scan of a text with no Obsidian field (nearly all of them,
    /// one per task in every parse) counts none.
    private var pending: UnsafeMutablePointer<TaskField>?
    private var pendingCount = 0, pendingCapacity = 0
    private var pendingEnd = 0

    init(sink: Sink) { self.sink = sink }

    /// `textFollows`: the text goes on after these bytes (`TaskFields.init(_:textFollows:)`).
    @inline(__always)
    static func scan(_ text: UnsafeBufferPointer<UInt8>, into sink: Sink, textFollows: Bool = false) -> Sink {
        var scanner = FieldScanner(sink: sink)
        scanner.scan(text, textFollows: textFollows)
        return scanner.sink
    }

    /// A wrapped task's text read as two: its first line's part, which ends an Obsidian task
    /// (`TaskFields.init(_:firstLineEnd:)`), then the rest after the joining space, its fields
    /// placed in the whole text.
    static func scan(_ text: UnsafeBufferPointer<UInt8>, into sink: Sink, firstLineEnd: Int?) -> Sink {
        guard let end = firstLineEnd, end > 0, end < text.count else { return scan(text, into: sink) }
        let first = scan(UnsafeBufferPointer(rebasing: text[..<end]), into: sink)
        let rest = end + 1
        return FieldScanner<ShiftedSink<Sink>>.scan(UnsafeBufferPointer(rebasing: text[rest...]), into: ShiftedSink(base: first, offset: rest)).base
    }

    /// Most texts hold no field, and most of those that do hold only `key:value` words: the
    /// bytes are classed once (`TextBytes`), and only a text with a backtick, a bracket, a
    /// parenthesis or an emoji marker is read byte by byte (`scanEveryByte`).
    @inline(__always)
    mutating func scan(_ text: UnsafeBufferPointer<UInt8>, textFollows: Bool = false) {
        switch TextBytes.of(text) {
        case .noField: return
        case .wordsOnly: scanColons(text)
        case .any: scanByteByByte(text, textFollows: textFollows)
        }
    }

    /// Every byte read (`scanEveryByte`), and the Obsidian fields held back handed on as
    /// fields or as text once the end is known.
    mutating func scanByteByByte(_ text: UnsafeBufferPointer<UInt8>, textFollows: Bool = false) {
        scanEveryByte(text)
        guard let held = pending else { return }
        if !textFollows, Self.passes(text, pendingEnd..<text.count) {
            for index in 0..<pendingCount { sink.add(held[index]) }
            pendingCount = 0
        } else {
            dropPending()
        }
        held.deallocate()
        pending = nil
        pendingCapacity = 0
    }

    /// A field found, in text order.
    @inline(__always)
    private mutating func found(_ field: TaskField, in text: UnsafeBufferPointer<UInt8>) {
        if pendingCount > 0, field.dialect != .obsidian || !Self.passes(text, pendingEnd..<field.range.lowerBound) {
            dropPending()
        }
        guard field.dialect == .obsidian else { return sink.add(field) }
        hold(field)
    }

    private mutating func hold(_ field: TaskField) {
        if pendingCount == pendingCapacity {
            let capacity = max(8, pendingCapacity * 2)
            let grown = UnsafeMutablePointer<TaskField>.allocate(capacity: capacity)
            if let held = pending {
                grown.moveInitialize(from: held, count: pendingCount)
                held.deallocate()
            }
            pending = grown
            pendingCapacity = capacity
        }
        (pending! + pendingCount).initialize(to: field)
        pendingCount += 1
        pendingEnd = field.range.upperBound
    }

    private mutating func dropPending() {
        guard let held = pending else { return }
        for index in 0..<pendingCount { sink.addUnread(held[index]) }
        pendingCount = 0
    }

    /// Whether Obsidian Tasks passes `text[range]` beside its fields: spaces, tabs, words that
    /// start with `#` (tags), and block links (`^id`: letters, digits and `-`; `^a_b` is text).
    /// (Obsidian reads a block link only as the last word of the text; tick passes one among
    /// the fields too, for the lines of a wrapped task are read one by one.)
    static func passes(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = text[index]
            if Byte.isSpaceOrTab(byte) {
                index += 1
                continue
            }
            if byte == Byte.caret {
                var end = index + 1
                while end < text.count, BlockLink.isNameByte(text[end]) { end += 1 }
                guard end > index + 1, end == range.upperBound || Byte.isSpaceOrTab(text[end]) else { return false }
                index = end
                continue
            }
            guard byte == Byte.hash else { return false }
            while index < range.upperBound, !Byte.isSpaceOrTab(text[index]) { index += 1 }
        }
        return true
    }

    /// What a text's bytes let a field scan skip.
    enum TextBytes {
        /// No colon, `(` or emoji lead byte (0xE2, 0xF0): every field has one of them.
        case noField
        /// Colons, but no backtick, bracket, `(` or emoji lead byte: the only fields are words
        /// with a colon (`due:2026-11-25`, `due:: 2026-11-25`).
        case wordsOnly
        case any

        /// Eight bytes at a time: a word holds a byte `b` when `word ^ (b × 0x01…01)` has a
        /// zero byte, which `(x - 0x01…01) & ~x & 0x80…80` tells (exactly whether, if not
        /// which). The last eight bytes of a text of at least eight are read again as one word
        /// (a byte read twice classes the text the same); a shorter text is read byte by byte.
        static func of(_ text: UnsafeBufferPointer<UInt8>) -> TextBytes {
            guard let base = text.baseAddress else { return .noField }
            let highs = ByteWords.highs
            @inline(__always) func holds(_ word: UInt64, _ byte: UInt8) -> UInt64 { ByteWords.holds(word, byte) }
            var index = 0
            let count = text.count
            if count >= 8 {
                var colons: UInt64 = 0
                while true {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    // Bytes of 0x80 and up are rare: the emoji lead bytes are looked for only then.
                    if holds(word, 0x28) | holds(word, Byte.leftBracket) | holds(word, Byte.backtick) != 0
                        || (word & highs != 0 && holds(word, 0xE2) | holds(word, 0xF0) != 0) { return .any }
                    colons |= holds(word, Byte.colon)
                    if index + 8 == count { break }
                    index = min(index + 8, count - 8)
                }
                return colons != 0 ? .wordsOnly : .noField
            }
            var colon = false
            while index < count {
                switch base[index] {
                case 0x28, Byte.leftBracket, Byte.backtick, 0xE2, 0xF0: return .any
                case Byte.colon: colon = true
                default: break
                }
                index += 1
            }
            return colon ? .wordsOnly : .noField
        }
    }

    /// The fields of a text whose only fields are words with a colon (`TextBytes.wordsOnly`):
    /// each colon is looked at where the byte-by-byte scan would, at the start of its word,
    /// when that scan reaches the word (a field before it may have taken it in as its value).
    /// One pass: the word a byte is in, and the key bytes it starts with, are kept as the pass
    /// goes, so that a word of many colons is read once (`PathologicalInputTests`).
    mutating func scanColons(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        var resume = 0     // where the byte-by-byte scan goes on
        var wordStart = 0  // where the word holding `index` starts, not before `resume`
        var keyEnd = -1    // where the key bytes from `wordStart` end, once asked
        var index = 0
        while index < count {
            let byte = text[index]
            if Byte.isSpaceOrTab(byte) {
                wordStart = index + 1
                keyEnd = -1
            } else if byte == Byte.colon, wordStart < index {
                // A word that starts before where the scan resumes is never started by it.
                let startsWord = wordStart > resume || resume == 0 || Byte.isSpaceOrTab(text[resume - 1])
                if keyEnd < 0 { keyEnd = TaskFields.keyEnd(text, from: wordStart) }
                if startsWord, keyEnd == index {
                    resume = scanWord(text, at: wordStart)
                    if resume > index + 1 {
                        index = resume
                        wordStart = resume
                        keyEnd = -1
                        continue
                    }
                }
            }
            index += 1
        }
    }

    /// The scan that reads every byte: inline code, emoji, brackets and words.
    mutating func scanEveryByte(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        // todo.txt's priority: `(A) ` at the very start.
        if count >= 4, text[0] == 0x28, text[1] >= 0x41, text[1] <= 0x5A, text[2] == 0x29, text[3] == Byte.space || text[3] == Byte.tab {
            found(TaskField(kind: .priority, dialect: .tick, range: 0..<3, value: 1..<2), in: text)
        }
        var index = 0
        // The text's code spans, found (in one pass) at its first backtick; the next one.
        var spans: [Range<Int>]?
        var nextSpan = 0
        while index < count {
            let byte = text[index]
            if byte == Byte.backtick {
                // Inline code is skipped whole; an unmatched run of backticks is text.
                let found = spans ?? TaskTokens.codeSpans(Array(text)[...])
                spans = found
                while nextSpan < found.count, found[nextSpan].upperBound <= index { nextSpan += 1 }
                var run = 0
                while index + run < count, text[index + run] == Byte.backtick { run += 1 }
                if nextSpan < found.count, found[nextSpan].lowerBound < index + run {
                    index = max(index + run, found[nextSpan].upperBound)
                } else {
                    index += run
                }
                continue
            }
            if byte == 0xE2 || byte == 0xF0, let emoji = TaskFields.emoji(text, at: index) {
                index = scanEmoji(text, kind: emoji.kind, start: index, after: emoji.end)
                continue
            }
            if (byte == Byte.leftBracket || byte == 0x28), let end = scanBracketed(text, at: index) {
                index = end
                continue
            }
            let wordStart = index == 0 || Byte.isSpaceOrTab(text[index - 1])
            if wordStart, !Byte.isSpaceOrTab(byte) {
                index = scanWord(text, at: index)
                continue
            }
            index += 1
        }
    }
    /// An emoji field: its value runs to the next emoji field or the end of the text (a date
    /// is one word; a rule is words); trailing spaces are not part of it.
    mutating func scanEmoji(_ text: UnsafeBufferPointer<UInt8>, kind: TaskField.Kind, start: Int, after end: Int) -> Int {
        if kind == .priority {
            // The marker is the value (without the selector).
            var markerEnd = end
            if end - start > 3, text[end - 3] == 0xEF, text[end - 2] == 0xB8, text[end - 1] == 0x8F { markerEnd = end - 3 }
            found(TaskField(kind: .priority, dialect: .obsidian, range: start..<end, value: start..<markerEnd), in: text)
            return end
        }
        var valueStart = end
        while valueStart < text.count, Byte.isSpaceOrTab(text[valueStart]) { valueStart += 1 }
        var valueEnd = valueStart
        if valueStart < text.count, text[valueStart] >= 0xE2, TaskFields.emoji(text, at: valueStart) != nil {
            // A marker with no value before the next one (`❌ 📅 2026-11-22`): the next is a field of its own.
            valueStart = end
            valueEnd = end
        } else if kind == .dependsOn {
            valueEnd = TaskFields.idsEnd(text, from: valueStart)
        } else if kind.isDate, valueStart + 1 < text.count, text[valueStart] == Byte.leftBracket, text[valueStart + 1] == Byte.leftBracket {
            // A wiki link (`📅 [[2026-11-25]]`, a daily note) is not a date to Obsidian Tasks:
            // it is text (the fields before it are text too), kept apart as unread for lint to
            // name, and an edit of the due date leaves it alone.
            while valueEnd < text.count, !Byte.isSpaceOrTab(text[valueEnd]) { valueEnd += 1 }
            if pendingCount > 0 { dropPending() }
            sink.addUnread(TaskField(kind: kind, dialect: .obsidian, range: start..<valueEnd, value: valueStart..<valueEnd))
            return valueEnd
        } else if kind.isDate || kind == .id || kind == .onCompletion {
            while valueEnd < text.count, !Byte.isSpaceOrTab(text[valueEnd]) { valueEnd += 1 }
        } else {
            valueEnd = TaskFields.ruleEnd(text, from: valueStart)
        }
        found(TaskField(kind: kind, dialect: .obsidian, range: start..<valueEnd, value: valueStart..<valueEnd), in: text)
        return max(valueEnd, end)
    }
    /// `[key:: value]` or `(key:: value)`.
    mutating func scanBracketed(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let close: UInt8 = text[index] == Byte.leftBracket ? Byte.rightBracket : 0x29
        var keyEnd = index + 1
        while keyEnd < text.count, TaskFields.isKeyByte(text[keyEnd]) { keyEnd += 1 }
        guard keyEnd > index + 1, keyEnd + 1 < text.count, text[keyEnd] == Byte.colon, text[keyEnd + 1] == Byte.colon,
              let kind = TaskFields.dataviewKind(text, index + 1..<keyEnd) else { return nil }
        // The value runs to the closing bracket; another opening one first means this one is
        // never closed (a field written after it must not close it and read as its value).
        var end = keyEnd + 2
        while end < text.count, text[end] != close, text[end] != text[index] { end += 1 }
        guard end < text.count, text[end] == close else { return nil }
        var valueStart = keyEnd + 2
        while valueStart < end, Byte.isSpaceOrTab(text[valueStart]) { valueStart += 1 }
        var valueEnd = end
        while valueEnd > valueStart, Byte.isSpaceOrTab(text[valueEnd - 1]) { valueEnd -= 1 }
        found(TaskField(kind: kind, dialect: .dataview, range: index..<(end + 1), value: valueStart..<valueEnd), in: text)
        return end + 1
    }
    /// A word: `key:value` (tick's fields) or `key:: value` (Dataview without brackets: a word,
    /// or a rule's words). Returns where the scan goes on: after the field or the word, or,
    /// when the word is no field, after the key bytes it starts with (which start nothing
    /// either: no backtick, bracket or emoji among them, and none follows a space).
    mutating func scanWord(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let keyEnd = TaskFields.keyEnd(text, from: index)
        guard keyEnd > index, keyEnd < text.count, text[keyEnd] == Byte.colon else { return max(keyEnd, index + 1) }
        var wordEnd = keyEnd
        while wordEnd < text.count, !Byte.isSpaceOrTab(text[wordEnd]) { wordEnd += 1 }
        if keyEnd + 1 < text.count, text[keyEnd + 1] == Byte.colon {
            guard let kind = TaskFields.dataviewKind(text, index..<keyEnd) else { return wordEnd }
            var valueStart = keyEnd + 2
            while valueStart < text.count, Byte.isSpaceOrTab(text[valueStart]) { valueStart += 1 }
            // A date (or any value but a rule) is one word; a rule is words, as after 🔁.
            var valueEnd = valueStart
            if kind == .recurrence {
                valueEnd = TaskFields.ruleEnd(text, from: valueStart)
            } else {
                while valueEnd < text.count, !Byte.isSpaceOrTab(text[valueEnd]) { valueEnd += 1 }
            }
            found(TaskField(kind: kind, dialect: .dataview, range: index..<valueEnd, value: valueStart..<valueEnd), in: text)
            return max(valueEnd, keyEnd + 2)
        }
        // `key:value`, with a value that does not start with `/` (a URL).
        guard wordEnd > keyEnd + 1, text[keyEnd + 1] != Byte.slash, let kind = TaskFields.tickKind(text, index..<keyEnd) else { return wordEnd }
        found(TaskField(kind: kind, dialect: .tick, range: index..<wordEnd, value: (keyEnd + 1)..<wordEnd), in: text)
        return wordEnd
    }
}
