/// What a file's tasks write in their fields, read in one pass: how many fields each dialect
/// has, and which kinds some task records. Edits ask it the dialect a new field is written in
/// and whether the file records done, cancelled or created dates.
public struct FieldUsage: Sendable {
    private var counts: [TaskField.Dialect: Int] = [:]
    private var recorded: Set<TaskField.Kind> = []

    public init(_ document: Document) {
        for task in document.tasks {
            for field in task.fields.fields {
                counts[field.dialect, default: 0] += 1
                recorded.insert(field.kind)
            }
        }
    }

    /// The dialect most fields are in; with no fields, `fallback` (`.tick.toml`'s
    /// `[tasks] dialect`, or the typed text's), else tick's.
    public func dialect(fallback: TaskField.Dialect? = nil) -> TaskField.Dialect {
        guard !counts.isEmpty else { return fallback ?? .tick }
        return TaskField.Dialect.allCases.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? .tick
    }

    /// Whether some task has a field of `kind` (a `✅` done date, say).
    public func records(_ kind: TaskField.Kind) -> Bool { recorded.contains(kind) }
}
