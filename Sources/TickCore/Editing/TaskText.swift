/// The text an edit writes for a task (`tick add`, `tick edit`): it must read back as exactly
/// that text, so it is one line and does not start with what the format reads as the star.
public enum TaskText {
    public static func check(_ text: String) throws(EditError) {
        guard !text.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            throw .invalidText("the task text must be one line")
        }
        let words = text.trimmingSpaces
        if words == "*" || words.hasPrefix("* ") || words.hasPrefix("*\t") {
            throw .invalidText("the task text cannot start with '* ', which marks a task important; use --star")
        }
    }
}
