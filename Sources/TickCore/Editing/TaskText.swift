/// The text an edit writes for a task (`tick add`, `tick edit`): it must read back as exactly
/// that text, so it is one line and does not start with what the format reads as the star.
package enum TaskText {
    package static func check(_ text: String) throws(EditError) {
        guard isOneLine(text) else {
            throw .invalidText("the task text must be one line, without control characters")
        }
        let words = text.trimmingSpaces
        if words == "*" || words.hasPrefix("* ") || words.hasPrefix("*\t") {
            throw .invalidText("the task text cannot start with '* ', which marks a task important; use 'tick star', or --star when adding")
        }
    }

    /// Text that can stand on one line of a file: no line breaks and no control characters
    /// (a terminal escape in a task would reach every terminal that lists it). Tabs are fine.
    /// No line break and no control character but a tab: C0, DEL and C1 (U+0080 to U+009F,
    /// among them U+009B, a terminal's CSI, and U+0085, a line break to some).
    package static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x09) || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// A group name: one line, not empty.
    package static func checkGroupName(_ name: String) throws(EditError) {
        guard !name.trimmingSpaces.isEmpty, isOneLine(name) else {
            throw .invalidText("a group name must be one non-empty line, without control characters")
        }
    }
}
