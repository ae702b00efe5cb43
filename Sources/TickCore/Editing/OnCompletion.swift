/// Obsidian Tasks' on-completion action (`🏁 delete`, `[onCompletion:: delete]`): what is
/// done with a task once it is done. `keep`, or no field, keeps it.
package enum OnCompletion {
    /// Whether `tick done` deletes the task: its field says `delete` (in any case), and its
    /// block is its text alone. A task with subtasks or notes is kept, as Obsidian Tasks keeps
    /// what it cannot delete whole.
    package static func deletes(_ task: Task, in document: Document) -> Bool {
        guard task.fieldKinds.contains(.onCompletion), task.lastLine == task.textLastLine else { return false }
        let text = document.textBytes(of: task)
        guard let field = document.fields(of: task).first(.onCompletion) else { return false }
        return TaskFields.value(field, in: text).lowercased() == "delete"
    }

    /// Whether a value is an action Obsidian Tasks and tick know: `delete` or `keep`, in any
    /// case. Any other keeps the task, as no action does.
    package static func isKnown(_ value: String) -> Bool {
        let action = value.lowercased()
        return action == "delete" || action == "keep"
    }
}
