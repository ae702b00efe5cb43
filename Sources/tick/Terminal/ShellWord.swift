/// Text as one word of a POSIX shell command line: as it is when nothing in it is special,
/// else in single quotes.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        isPlain(text) ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `quoted`, for a command a message shows in single quotes: in double quotes when those
    /// keep the text as it is, so that the quotes do not nest.
    static func quotedInQuotes(_ text: String) -> String {
        if isPlain(text) { return text }
        return text.contains(where: { "\"$`\\!".contains($0) }) ? quoted(text) : "\"" + text + "\""
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+".contains($0)) }
    }
}
