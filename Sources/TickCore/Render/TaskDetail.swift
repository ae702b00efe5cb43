/// One task whole, for `tick show`:
///
///     TODO.md:17  [ ] Write the quarterly report  in 9 days
///       group       Work
///       due         2026-12-01
///       priority    high
///       tags        #q4
///       notes       Draft is in docs/q4.md; ask Sam for the numbers.
///       subtasks
///          18  [ ] Collect the numbers
package enum TaskDetail {
    package static func render(_ task: Task, in document: Document, file: String, today: CivilDate, style: TextStyle,
                              into out: inout TextBuffer) {
        out.appendStyled(style, .bold) { $0.appendSanitized(file); $0.append(Byte.colon); $0.appendDecimal(task.line + 1) }
        out.appendSpaces(2)
        ListView.appendLine(for: task, in: document, today: today, style: style, to: &out)
        out.append(Byte.lf)
        func row(_ label: String, _ value: String) {
            out.appendSpaces(2)
            out.appendStyled(style, .dim) { $0.append(label) }
            out.appendSpaces(12 - label.count)
            out.appendSanitized(value)
            out.append(Byte.lf)
        }
        let path = document.shownGroupPath(ofHeading: task.group)
        if !path.isEmpty { row("group", GroupName.shown(path)) }
        row("status", task.statusType.rawValue + (task.status.isGitHubCheckbox || task.status == .doing ? "" : " ([\(task.status.character)])"))
        if task.important { row("important", "yes") }
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        for kind in TaskField.Kind.allCases where kind.isDate {
            guard let date = fields.date(kind, in: text) else { continue }
            row(kind.rawValue, date.description)
        }
        if let priority = fields.priority(in: text) { row("priority", priority.name) }
        if let rule = fields.first(.recurrence) { row("repeats", TaskFields.value(rule, in: text)) }
        if let action = fields.first(.onCompletion) {
            let value = TaskFields.value(action, in: text)
            row("when done", OnCompletion.isKnown(value) ? value : value + " (not an action: kept)")
        }
        if let id = fields.first(.id) { row("id", TaskFields.value(id, in: text)) }
        let waits = fields.dependencies(in: text)
        for (index, id) in waits.enumerated() { row(index == 0 ? "waits for" : "", dependency(id, in: document)) }
        let tokens = TaskTokens(bytes: text)
        let words = tokens.tags.map { "#" + $0 } + tokens.projects.map { "+" + $0 } + tokens.contexts.map { "@" + $0 }
        if !words.isEmpty { row("tags", words.joined(separator: " ")) }
        if let parent = task.parent { row("subtask of", "line \(document.tasks[parent].line + 1)") }
        let notes = document.notes(of: task)
        for (index, note) in notes.enumerated() { row(index == 0 ? "notes" : "", note) }
        let subtasks = document.descendants(of: task)
        guard !subtasks.isEmpty else { return }
        out.appendSpaces(2)
        out.appendStyled(style, .dim) { $0.append("subtasks") }
        out.append(Byte.lf)
        let width = subtasks.map { TextBuffer.decimalDigits($0.line + 1) }.max() ?? 1
        for subtask in subtasks {
            out.appendSpaces(4 + width - TextBuffer.decimalDigits(subtask.line + 1))
            out.appendStyled(style, .dim) { $0.appendDecimal(subtask.line + 1) }
            out.appendSpaces(2 + 2 * (subtask.depth - task.depth - 1))
            ListView.appendLine(for: subtask, in: document, today: today, style: style, to: &out)
            out.append(Byte.lf)
        }
    }

    /// A dependency as `show` says it: the id, and the line and status of the task with that
    /// id in the file (Obsidian Tasks' `🆔`, `id:`), or that no task there has it.
    static func dependency(_ id: String, in document: Document) -> String {
        let wanted = Array(id.utf8)
        for task in document.tasks where task.fieldKinds.contains(.id) {
            let text = document.textBytes(of: task)
            guard let field = document.fields(of: task).first(.id),
                  text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)].elementsEqual(wanted) else { continue }
            return "\(id) (line \(task.line + 1), \(task.statusType.rawValue))"
        }
        return "\(id) (no task in this file has this id)"
    }
}
