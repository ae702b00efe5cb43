/// What a task says to its reader: its status, star, due date and text. An edit must leave it
/// as it was for every task the edit is not about (`EditCheck`), a move for the task it moves
/// (`BlockEdits.readsTheSame`, with its notes), a group edit for the group's tasks, and range
/// formatting for every task: one definition of "reads the same" for all of them.
///
/// Compared as the documents' bytes (`same`), which every edit asks of many tasks; or held as
/// a value (`init(_:in:)`), to compare tasks as multisets or in tests.
public struct TaskMeaning: Hashable, Sendable {
    public let status: TaskStatus
    public let important: Bool
    /// The due field's value as written, valid or not.
    public let due: String?
    public let text: String

    public init(_ task: Task, in document: borrowing Document) {
        (status, important, due, text) = (task.status, task.important, document.dueValue(of: task), document.text(of: task))
    }

    /// Whether `old` of `before` says what `new` of `after` says, compared as bytes; `notes`:
    /// and has the same notes, line for line.
    package static func same(_ old: Task, in before: borrowing Document, as new: Task, in after: borrowing Document, notes: Bool = false) -> Bool {
        guard old.status == new.status, old.important == new.important, old.dueValueRange == new.dueValueRange,
              before.textBytes(of: old) == after.textBytes(of: new) else { return false }
        return !notes || before.noteContents(of: old) == after.noteContents(of: new)
    }
}
