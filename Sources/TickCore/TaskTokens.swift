/// The todo.txt-style tokens in a task's text: `key:value`, `#tag`, `+project`, `@context`.
///
/// A token is a word separated by spaces or tabs. Words inside inline code spans (between
/// backticks) are not tokens, and neither are URLs (`https://…`, whose value starts with `/`).
/// Scanning works on UTF-8 bytes; only the tokens found become Strings.
public struct TaskTokens: Sendable, Equatable {
    public var tags: [String] = []
    public var projects: [String] = []
    public var contexts: [String] = []
    /// `key:value` pairs in order of appearance (`due` included).
    public var fields: [Field] = []

    public struct Field: Sendable, Equatable {
        public let key: String
        public let value: String
    }

    public init(text: String) {
        self.init(bytes: Array(text.utf8)[...])
    }

    /// The tokens of text given as UTF-8 bytes (a task's `textBytes`, with no String made).
    init(bytes: ArraySlice<UInt8>) {
        TaskTokens.forEachWord(bytes) { word in
            guard let first = word.first else { return }
            let rest = word.dropFirst()
            switch first {
            case Byte.hash, Byte.plus, Byte.at:
                guard let name = TaskTokens.name(rest) else { break }
                let text = String(decoding: name, as: UTF8.self)
                if first == Byte.hash { tags.append(text) } else if first == Byte.plus { projects.append(text) } else { contexts.append(text) }
            default:
                if let colon = TaskTokens.fieldColon(word) {
                    fields.append(Field(key: String(decoding: word[..<colon], as: UTF8.self),
                                        value: String(decoding: word[(colon + 1)...], as: UTF8.self)))
                }
            }
        }
    }

    /// The name after a `#`, `+` or `@`, as Obsidian reads a tag: letters, digits, `_`, `-`, `/`
    /// and any non-ASCII character, up to other punctuation (`#tags,` is `tags`); without the
    /// `_`, `-` or `/` that end it (`__issue #4__` is bold, not the tag `4__`); starting with a
    /// letter, a digit or `_` (`#_private`); and with a character that is not a digit or `_`
    /// (`#42` is an issue number, `+1` a vote). Nil when no name.
    static func name(_ rest: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var end = rest.startIndex
        while end < rest.endIndex {
            let byte = rest[end]
            guard byte >= 0x80 || Byte.isAlnum(byte) || byte == Byte.underscore || byte == Byte.minus || byte == Byte.slash else { break }
            end += 1
        }
        while end > rest.startIndex, [Byte.underscore, Byte.minus, Byte.slash].contains(rest[end - 1]) { end -= 1 }
        let name = rest[rest.startIndex..<end]
        // `#_private` is a tag; `#_` and `#__` are not (nothing is left of them above).
        guard name.first.map({ $0 >= 0x80 || Byte.isAlnum($0) || $0 == Byte.underscore }) == true,
              name.contains(where: { !Byte.isDigit($0) && $0 != Byte.underscore }) else { return nil }
        return name
    }

    /// The colon of a `key:value` word: an ASCII key of letters, digits, `_` and `-` that starts
    /// with a letter, and a value that is not empty and does not start with `/` (a URL) or `:`
    /// (Dataview's `key:: value`).
    static func fieldColon(_ word: ArraySlice<UInt8>) -> Int? {
        guard let first = word.first, Byte.isAlpha(first) else { return nil }
        var index = word.startIndex + 1
        while index < word.endIndex {
            let byte = word[index]
            if byte == Byte.colon { break }
            guard Byte.isAlnum(byte) || byte == Byte.underscore || byte == Byte.minus else { return nil }
            index += 1
        }
        guard index + 1 < word.endIndex, word[index + 1] != Byte.slash, word[index + 1] != Byte.colon else { return nil }
        return index
    }

    /// Calls `body` with each word outside inline code, as a slice of `bytes`.
    static func forEachWord(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        let spans = codeSpans(bytes)
        var next = 0
        var start = -1
        var index = bytes.startIndex
        func emit(_ end: Int) {
            if start >= 0 { body(bytes[start..<end]) }
            start = -1
        }
        while index < bytes.endIndex {
            if next < spans.count, index == spans[next].lowerBound {
                emit(index)
                index = spans[next].upperBound
                next += 1
                continue
            }
            let byte = bytes[index]
            if byte == Byte.space || byte == Byte.tab {
                emit(index)
            } else if start < 0 {
                start = index
            }
            index += 1
        }
        emit(bytes.endIndex)
    }

    /// The code spans of one line of text, as CommonMark finds them: a run of backticks opens a
    /// span only when a later run of the same length closes it; an unmatched run is literal.
    /// Linear: each run's closer is found through the next run of each length.
    static func codeSpans(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        guard bytes.contains(Byte.backtick) else { return [] }
        var runs: [(start: Int, length: Int)] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == Byte.backtick else { index += 1; continue }
            var end = index
            while end < bytes.endIndex, bytes[end] == Byte.backtick { end += 1 }
            // `\`` is an escaped backtick, not part of the run.
            let escaped = index > bytes.startIndex && bytes[index - 1] == Byte.backslash
            let start = escaped ? index + 1 : index
            if end > start { runs.append((start, end - start)) }
            index = end
        }
        var closer = [Int](repeating: -1, count: runs.count)
        var nextOfLength: [Int: Int] = [:]
        for run in runs.indices.reversed() {
            closer[run] = nextOfLength[runs[run].length] ?? -1
            nextOfLength[runs[run].length] = run
        }
        var spans: [Range<Int>] = []
        var run = 0
        while run < runs.count {
            let end = closer[run]
            guard end >= 0 else { run += 1; continue }
            spans.append(runs[run].start..<(runs[end].start + runs[end].length))
            run = end + 1
        }
        return spans
    }
}
