/// Text from a file made safe to print on a terminal: control characters (which could move the
/// cursor or change colours) are shown as U+FFFD.
public enum TerminalText {
    public static func sanitized(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0
        }))
    }
}
