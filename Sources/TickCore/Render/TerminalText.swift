/// Text from a file made safe to print on a terminal: control characters (which could move the
/// cursor or change colours), C0 and C1 alike, are shown as U+FFFD, and a tab as a space (it
/// would jump to a tab stop and break a view's columns). So are the bidirectional embeddings,
/// overrides and isolates (U+202A to U+202E, U+2066 to U+2069): a task's text must not reverse
/// how the rest of its row, or the rows below, read ("Trojan Source"). Right-to-left text
/// needs none of them to show as it should.
package enum TerminalText {
    /// A message as it is printed: one line whatever the values in it (a task reference or
    /// date from the command line, text from a file), with line breaks, terminal escapes and
    /// bytes that are not UTF-8 shown as `\n`, `\xNN` (`PathBytes.escaped`; paths in it
    /// are already shown so); and at most about 400 characters, the middle of a longer one
    /// left out, so a huge value is not echoed whole.
    package static func oneLine(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > 400 else { return PathBytes.escaped(message, backslash: false) }
        var text = String.UnicodeScalarView(scalars.prefix(300))
        text.append(contentsOf: " … ".unicodeScalars)
        text.append(contentsOf: scalars.suffix(100))
        return PathBytes.escaped(String(text), backslash: false)
    }

    package static func sanitized(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains { isControl($0) || $0 == c1Lead || $0 == bidiLead } }) else { return text }
        var buffer = TextBuffer(capacity: text.utf8.count + 8)
        buffer.appendSanitized(text)
        return buffer.string
    }

    /// U+FFFD in UTF-8.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// The first byte of the UTF-8 of U+0080 to U+00BF, among them the C1 controls (U+0080 to
    /// U+009F: U+009B is a terminal's CSI, as ESC [ is).
    static let c1Lead: UInt8 = 0xC2

    /// The first byte of the UTF-8 of U+2000 to U+2FFF, among them the bidirectional controls.
    static let bidiLead: UInt8 = 0xE2

    /// How many bytes at `index` are a control character to replace: 1 for a C0 one or DEL, 2
    /// for a C1 one, 3 for a bidirectional control, 0 for anything else.
    @inline(__always)
    static func controlLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        if isControl(byte) { return 1 }
        if byte == c1Lead, index + 1 < utf8.count, utf8[index + 1] >= 0x80, utf8[index + 1] <= 0x9F { return 2 }
        if byte == bidiLead, index + 2 < utf8.count {
            let second = utf8[index + 1], third = utf8[index + 2]
            // U+202A to U+202E: E2 80 AA to AE; U+2066 to U+2069: E2 81 A6 to A9.
            if (second == 0x80 && third >= 0xAA && third <= 0xAE) || (second == 0x81 && third >= 0xA6 && third <= 0xA9) { return 3 }
        }
        return 0
    }
}
