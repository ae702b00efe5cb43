/// The todo.txt-style tokens in a task's text: `key:value`, `#tag`, `+project`, `@context`.
///
/// A token is a whitespace-separated word. Words inside inline code spans (between backticks)
/// are not tokens, and neither are URLs (`https://…`, whose value starts with `//`).
public struct TaskTokens: Sendable, Equatable {
    public var tags: [String] = []
    public var projects: [String] = []
    public var contexts: [String] = []
    /// `key:value` pairs in order of appearance (`due` included).
    public var fields: [(key: String, value: String)] = []

    public static func == (lhs: TaskTokens, rhs: TaskTokens) -> Bool {
        lhs.tags == rhs.tags && lhs.projects == rhs.projects && lhs.contexts == rhs.contexts
            && lhs.fields.map(\.key) == rhs.fields.map(\.key) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public init(text: String) {
        for word in TaskTokens.words(text) {
            guard let first = word.first else { continue }
            let rest = word.dropFirst()
            if first == "#", !rest.isEmpty, !rest.allSatisfy({ $0 == "#" }) {
                tags.append(String(rest))
            } else if first == "+", !rest.isEmpty, rest.first?.isLetter == true || rest.first?.isNumber == true {
                projects.append(String(rest))
            } else if first == "@", !rest.isEmpty, rest.first?.isLetter == true || rest.first?.isNumber == true {
                contexts.append(String(rest))
            } else if let pair = TaskTokens.field(word) {
                fields.append(pair)
            }
        }
    }

    /// The value of the first `key:value` token with this key.
    public static func value(ofKey key: String, inText text: String) -> String? {
        guard text.utf8.count > key.utf8.count, text.contains(key + ":") else { return nil }
        for word in words(text) {
            if let pair = field(word), pair.key == key { return pair.value }
        }
        return nil
    }

    /// `key:value` with a key of letters, digits, `_` and `-` starting with a letter, and a value
    /// that is not empty and is not a URL's `//…`.
    static func field(_ word: Substring) -> (key: String, value: String)? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let key = word[..<colon]
        let value = word[word.index(after: colon)...]
        guard let first = key.first, first.isASCII, first.isLetter,
              key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }),
              !value.isEmpty, !value.hasPrefix("/") else { return nil }
        return (String(key), String(value))
    }

    /// Whitespace-separated words outside inline code spans.
    static func words(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var inCode = false
        var wordStart: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "`" {
                if let start = wordStart, !inCode { result.append(text[start..<index]) }
                wordStart = nil
                inCode.toggle()
            } else if character == " " || character == "\t" {
                if let start = wordStart, !inCode { result.append(text[start..<index]) }
                wordStart = nil
            } else if wordStart == nil && !inCode {
                wordStart = index
            }
            index = text.index(after: index)
        }
        if let start = wordStart, !inCode { result.append(text[start...]) }
        return result
    }
}
