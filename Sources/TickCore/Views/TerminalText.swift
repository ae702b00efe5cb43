/// Text from a file made safe to print on a terminal: control characters (which could move the
/// cursor or change colours) are shown as U+FFFD.
public enum TerminalText {
    public static func sanitized(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains(where: isControl) }) else { return text }
        var buffer = TextBuffer(capacity: text.utf8.count + 8)
        buffer.appendSanitized(text)
        return buffer.string
    }

    /// U+FFFD in UTF-8.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
}
