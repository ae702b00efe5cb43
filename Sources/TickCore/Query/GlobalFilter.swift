/// Obsidian Tasks' global filter (`.tick.toml`'s `[tasks] global-filter`): in a vault where
/// every task carries a mark (`#task`), a checklist item without it is not a task to views.
/// A tag (`#task`) is held by a task that carries that tag, not a longer one (`#tasks`); any
/// other text, by a task whose text holds it, case and all.
public struct GlobalFilter: Sendable, Equatable {
    public let text: String
    private let bytes: [UInt8]
    private let tag: String?

    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        tag = text.hasPrefix("#") && text.count > 1 && !text.dropFirst().contains(where: \.isWhitespace) ? String(text.dropFirst()).lowercased() : nil
    }

    /// Whether the task's text holds the filter.
    package func isHeld(byTextOf task: Task, in document: Document) -> Bool {
        isHeld(by: Array(document.textBytes(of: task)))
    }

    /// Whether a task's text, as bytes, holds the filter.
    package func isHeld(by text: [UInt8]) -> Bool {
        guard ByteSearch.contains(bytes, in: text, 0..<text.count) else { return false }
        guard let tag else { return true }
        return TaskTokens(bytes: text[...]).tags.contains { $0.lowercased() == tag }
    }
}
