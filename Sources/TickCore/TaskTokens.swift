/// The todo.txt-style tokens in a task's text: `key:value`, `#tag`, `+project`, `@context`.
///
/// A token is a word separated by spaces or tabs. Words inside inline code spans (between
/// backticks) are not tokens, and neither are URLs (`https://…`, whose value starts with `/`).
/// Scanning works on UTF-8 bytes; only the tokens found become Strings.
package struct TaskTokens: Sendable, Equatable {
    package var tags: [String] = []
    package var projects: [String] = []
    package var contexts: [String] = []
    /// `key:value` pairs in order of appearance (`due` included).
    package var fields: [Field] = []

    package struct Field: Sendable, Equatable {
        package let key: String
        package let value: String
    }

    package init(text: String) {
        self.init(bytes: Array(text.utf8)[...])
    }

    /// The tokens of text given as UTF-8 bytes (a task's `Document.textBytes(of:)`, with no String made).
    init(bytes: ArraySlice<UInt8>) {
        TaskTokens.forEachToken(bytes) { kind, name, value in
            let text = String(decoding: name, as: UTF8.self)
            switch kind {
            case .tag: tags.append(text)
            case .project: projects.append(text)
            case .context: contexts.append(text)
            case .field: fields.append(Field(key: text, value: String(decoding: value, as: UTF8.self)))
            }
        }
    }

    /// What a token is: `#tag`, `+project`, `@context` or `key:value`.
    enum Kind { case tag, project, context, field }

    /// Whether `bytes` may hold a token: it holds a sigil (`#`, `+`, `@`) or a colon. Most
    /// texts hold none, and are then not split into words.
    static func mayHoldToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { $0 == Byte.hash || $0 == Byte.plus || $0 == Byte.at || $0 == Byte.colon }
    }

    /// Calls `body` with each token of `bytes` in order (only those of kind `only`, when given):
    /// its kind and its name (after the sigil), or for a field its key and its value, as slices
    /// of `bytes`. No String is made.
    static func forEachToken(_ bytes: ArraySlice<UInt8>, only: Kind? = nil,
                             _ body: (Kind, ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) {
        // A kind asked for alone is looked for only in a text that holds its sigil (or colon).
        if let only {
            let mark = switch only {
            case .tag: Byte.hash
            case .project: Byte.plus
            case .context: Byte.at
            case .field: Byte.colon
            }
            guard ByteSearch.contains(mark, in: bytes) else { return }
        }
        let wantsFields = only == nil || only == .field
        let wantsNames = only != .field
        forEachWord(bytes) { word in
            let first = word[word.startIndex]
            switch first {
            case Byte.hash, Byte.plus, Byte.at:
                guard wantsNames else { break }
                let kind: Kind = first == Byte.hash ? .tag : first == Byte.plus ? .project : .context
                guard only == nil || only == kind, let name = name(word.dropFirst()) else { break }
                body(kind, name, name[name.endIndex...])
            default:
                if wantsFields, let colon = fieldColon(word) { body(.field, word[..<colon], word[(colon + 1)...]) }
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
        while end > rest.startIndex, rest[end - 1] == Byte.underscore || rest[end - 1] == Byte.minus || rest[end - 1] == Byte.slash { end -= 1 }
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

    /// Whether a `key:value` word's value reads as a value, not as a piece of prose that
    /// happens to hold a colon (`test:30m)`, `i18n:verify:runtime、pnpm`): ASCII letters,
    /// digits and `-_.+/%=@#`, with no further colon.
    static func isMetadataValue(_ value: ArraySlice<UInt8>) -> Bool {
        value.allSatisfy { byte in
            Byte.isAlnum(byte) || byte == Byte.minus || byte == Byte.underscore || byte == Byte.dot || byte == Byte.plus
                || byte == Byte.slash || byte == 0x25 || byte == Byte.equals || byte == Byte.at || byte == Byte.hash
        }
    }

    /// Calls `body` with each word outside inline code, as a slice of `bytes`: the runs of
    /// bytes that are not spaces or tabs, where a code span also ends a word and is skipped.
    static func forEachWord(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        let spans = codeSpans(bytes)
        var next = 0
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            // The next word's start: past spaces, tabs and code spans.
            if next < spans.count, index == spans[next].lowerBound {
                index = spans[next].upperBound
                next += 1
                continue
            }
            let byte = bytes[index]
            if byte == Byte.space || byte == Byte.tab {
                index += 1
                continue
            }
            let start = index
            let stop = next < spans.count ? spans[next].lowerBound : end
            index += 1
            while index < stop, bytes[index] != Byte.space, bytes[index] != Byte.tab { index += 1 }
            body(bytes[start..<index])
        }
    }

    /// The code spans of one line of text, as CommonMark finds them: a run of backticks opens a
    /// span only when a later run of the same length closes it; an unmatched run is literal.
    /// Linear: each run's closer is found through the next run of each length.
    static func codeSpans(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        guard ByteSearch.contains(Byte.backtick, in: bytes) else { return [] }
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
