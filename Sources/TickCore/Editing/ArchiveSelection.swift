/// What `tick archive` moves: every closed (done or cancelled) top-level task outside the
/// archive group and its subgroups, with its block, unless a task in its block is still to do. Those are left
/// where they are, and said so: archiving a done parent would file its open subtasks away
/// with it, out of every view of open work.
package struct ArchiveSelection: Sendable {
    /// The tasks moved, in file order.
    package let moved: [Task]
    /// The closed top-level tasks left, each with how many tasks of its block are not closed.
    package let kept: [(task: Task, openTasks: Int)]

    /// `archive`: the archive group's heading (`ArchivePlace`), when the document has it (its
    /// tasks stay).
    package init(_ document: Document, archive: Int? = nil) {
        var moved: [Task] = [], kept: [(task: Task, openTasks: Int)] = []
        func isArchived(_ task: Task) -> Bool {
            var group = task.group
            while let heading = group, let archive, heading >= archive {
                if heading == archive { return true }
                group = document.headings[heading].parent
            }
            return false
        }
        for task in document.tasks where task.parent == nil && task.isClosed && !isArchived(task) {
            let open = document.descendants(of: task).reduce(0) { $0 + ($1.isClosed ? 0 : 1) }
            if open == 0 { moved.append(task) } else { kept.append((task, open)) }
        }
        self.moved = moved
        self.kept = kept
    }

    /// Why a kept task stays, as an edit's output says it.
    package static func reason(openTasks: Int) -> String {
        "not archived: \(openTasks) \(openTasks == 1 ? "subtask is" : "subtasks are") not closed"
    }
}
