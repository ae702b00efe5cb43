/// What `tick archive` moves: every closed (done or cancelled) top-level task outside the
/// archive groups and their subgroups (of one group only, when `within` names it), with its
/// block, unless a task in its block is still to do. Those are left where they are, and said
/// so: archiving a done parent would file its open subtasks away with it, out of every view
/// of open work.
package struct ArchiveSelection: Sendable {
    /// The tasks moved, in file order.
    package let moved: [Task]
    /// The closed top-level tasks left, each with how many tasks of its block are not closed.
    package let kept: [(task: Task, openTasks: Int)]

    /// `archives`: the headings of the groups that hold what was archived before (the
    /// configured archive group's, and the one archived into now: `ArchivePlace`), whose tasks
    /// stay, unless `within` (a group's heading: only its tasks) is in one of them.
    package init(_ document: Document, archives: [Int] = [], within: Int? = nil) {
        var moved: [Task] = [], kept: [(task: Task, openTasks: Int)] = []
        func isIn(_ task: Task, _ heading: Int) -> Bool { task.group.map { Self.isUnder($0, heading, in: document) } ?? false }
        let archives = archives.filter { archive in within.map { !Self.isUnder($0, archive, in: document) } ?? true }
        func isArchived(_ task: Task) -> Bool { archives.contains { isIn(task, $0) } }
        for task in document.tasks where task.parent == nil && task.isClosed && !isArchived(task) && within.map({ isIn(task, $0) }) ?? true {
            let open = document.descendants(of: task).reduce(0) { $0 + ($1.isClosed ? 0 : 1) }
            if open == 0 { moved.append(task) } else { kept.append((task, open)) }
        }
        self.moved = moved
        self.kept = kept
    }

    /// Whether the group with heading `inner` is the one with heading `outer` or below it.
    static func isUnder(_ inner: Int, _ outer: Int, in document: Document) -> Bool {
        var group: Int? = inner
        while let heading = group, heading >= outer {
            if heading == outer { return true }
            group = document.headings[heading].parent
        }
        return false
    }

    /// Why a kept task stays, as an edit's output says it.
    package static func reason(openTasks: Int) -> String {
        "not archived: \(openTasks) \(openTasks == 1 ? "subtask is" : "subtasks are") not closed"
    }
}
