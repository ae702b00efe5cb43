/// `tick list`: tasks grouped under their headings, each with its line number.
///
///     Groceries
///        3  [ ] Buy milk  tomorrow
///        4  [ ] * Eggs
///     Work / Backend
///       12  [/] Fix login  2 days overdue
///       13    [ ] Write the test
public enum ListView {
    public static func render(_ sources: [SourceDocument], today: CivilDate, style: TextStyle,
                              include: (Task) -> Bool) -> String {
        var out = ""
        let showFiles = sources.count > 1
        for source in sources {
            let document = source.document
            let shown = document.tasks.filter(include)
            guard !shown.isEmpty else { continue }
            let width = String(shown.map { $0.line + 1 }.max() ?? 1).count
            var currentGroup: Int?? = .none
            for task in shown {
                if currentGroup != .some(task.group) {
                    currentGroup = .some(task.group)
                    let path = document.groupPath(of: task).joined(separator: " / ")
                    let header = showFiles ? (path.isEmpty ? source.path : "\(source.path): \(path)") : path
                    if !header.isEmpty { out += style.bold(TerminalText.sanitized(header)) + "\n" }
                }
                out += line(for: task, width: width, today: today, style: style) + "\n"
            }
        }
        return out
    }

    static func line(for task: Task, width: Int, today: CivilDate, style: TextStyle) -> String {
        let number = String(task.line + 1)
        var text = String(repeating: " ", count: 2 + width - number.count) + style.dim(number) + "  "
        text += String(repeating: "  ", count: task.depth)
        let box = "[\(task.status.character)]"
        text += task.status == .done ? style.dim(box) : box
        text += " "
        if task.important { text += style.yellow("*") + " " }
        let body = TerminalText.sanitized(displayText(task))
        text += task.status.isClosed ? style.dim(body) : body
        if let due = task.due {
            let state = DueState(due: due, today: today)
            let label = state.description
            switch state {
            case _ where task.status.isClosed: text += "  " + style.dim(label)
            case .overdue: text += "  " + style.red(label)
            case .today: text += "  " + style.yellow(label)
            case .upcoming: text += "  " + style.cyan(label)
            }
        }
        return text
    }

    /// The task's text without its `due:` token (and one space beside it), which is shown as a
    /// relative date instead. Everything else, runs of spaces included, stays as written.
    static func displayText(_ task: Task) -> String {
        guard task.due != nil, let value = task.dueValue else { return task.text }
        let words = task.text.split(separator: " ", omittingEmptySubsequences: false)
        guard let position = words.firstIndex(where: { $0 == "due:" + value }) else { return task.text }
        var remaining = words
        remaining.remove(at: position)
        // The token's neighbours met at two spaces where one separated each from it: drop one.
        if position > 0, position < remaining.count, remaining[position].isEmpty {
            remaining.remove(at: position)
        }
        return remaining.joined(separator: " ")
    }
}
