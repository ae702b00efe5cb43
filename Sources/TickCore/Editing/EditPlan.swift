/// What an edit will do: its splices, and what it is about, for the line it prints per task.
public struct EditPlan: Sendable {
    public enum Subject: Sendable, Equatable {
        /// A task of the original document the edit is about; `unchanged` says why the edit
        /// left it as it was ("already done").
        case task(Int, verb: String, unchanged: String? = nil)
        /// A task the edit removes (with its subtasks), shown as it was.
        case removed(Int, verb: String)
        /// Every task the edit writes that the original did not have.
        case newTasks(verb: String)
        /// A group: the title it has after the edit, and how many tasks it holds.
        case group(title: String, verb: String, tasks: Int)
    }

    public var splices: [Splice]
    public var subjects: [Subject]

    public init(_ splices: [Splice] = [], subjects: [Subject] = []) {
        self.splices = splices
        self.subjects = subjects
    }

    /// The same edit for each task: its splices, and the task as a subject whether or not it changed.
    public mutating func add(_ task: Task, verb: String, unchanged: String, _ splices: [Splice]) {
        self.splices += splices
        subjects.append(.task(task.index, verb: verb, unchanged: splices.isEmpty ? unchanged : nil))
    }
}
