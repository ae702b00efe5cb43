/// `tick list` and the views built on it (today, overdue, important, completed).
///
/// In file or group order, tasks appear under their group headings with their line numbers:
///
///     Groceries
///        3  [ ] Buy milk  tomorrow
///        4  [ ] * Eggs
///     Work / Backend
///       12  [/] Fix login  2 days overdue
///       13    [ ] Write the test
///
/// In any other order the list is flat, and each task ends with its group:
///
///       12  [/] Fix login  2 days overdue  · Work / Backend
///        3  [ ] Buy milk  tomorrow  · Groceries
///
/// With more than one file, headings name the file and flat rows start with `path:line`.
public enum ListView {
    public static func render(_ items: [ViewItem], in sources: [SourceDocument], order: TaskOrder,
                              today: CivilDate, style: TextStyle) -> String {
        var out = ""
        out.reserveCapacity(items.count * 64)
        let showFiles = sources.count > 1
        if order.keepsGroupsTogether {
            var numberWidths = [Int](repeating: 1, count: sources.count)
            for item in items {
                let line = sources[item.source].document.tasks[item.task].line + 1
                numberWidths[item.source] = max(numberWidths[item.source], decimalDigits(line))
            }
            var current: (source: Int, group: Int?)?
            for item in items {
                let document = sources[item.source].document
                let task = document.tasks[item.task]
                if current == nil || current!.source != item.source || current!.group != task.group {
                    current = (item.source, task.group)
                    let path = document.groupPath(of: task).joined(separator: " / ")
                    let file = sources[item.source].path
                    let header = showFiles ? (path.isEmpty ? file : "\(file): \(path)") : path
                    if !header.isEmpty { out += style.bold(TerminalText.sanitized(header)); out += "\n" }
                }
                let number = String(task.line + 1)
                out += String(repeating: " ", count: 2 + numberWidths[item.source] - number.utf8.count)
                out += style.dim(number)
                out += String(repeating: " ", count: 2 + 2 * task.depth)
                appendLine(for: task, today: today, style: style, to: &out)
                out += "\n"
            }
        } else {
            let locations = items.map { item -> String in
                let line = String(sources[item.source].document.tasks[item.task].line + 1)
                return showFiles ? "\(sources[item.source].path):\(line)" : line
            }
            let widths = locations.map { DisplayWidth.of($0) }
            let width = widths.max() ?? 0
            for (index, item) in items.enumerated() {
                let document = sources[item.source].document
                let task = document.tasks[item.task]
                let shownLocation = style.dim(TerminalText.sanitized(locations[index]))
                out += "  "
                if showFiles { out += shownLocation }
                out += String(repeating: " ", count: width - widths[index])
                if !showFiles { out += shownLocation }
                out += "  "
                appendLine(for: task, today: today, style: style, to: &out)
                let path = document.groupPath(of: task).joined(separator: " / ")
                if !path.isEmpty { out += "  "; out += style.dim("· " + TerminalText.sanitized(path)) }
                out += "\n"
            }
        }
        return out
    }

    /// A task as one line: checkbox, star, text and its due date relative to today.
    static func appendLine(for task: Task, today: CivilDate, style: TextStyle, to out: inout String) {
        let box = "[\(TerminalText.sanitized(task.status.character))]"
        out += task.status == .done ? style.dim(box) : box
        out += " "
        if task.important { out += style.yellow("*"); out += " " }
        let body = TerminalText.sanitized(displayText(task))
        out += task.status.isClosed ? style.dim(body) : body
        if let label = dueLabel(task, today: today, style: style) { out += "  "; out += label }
    }

    /// "2 days overdue" in red, "today" in yellow, later dates in cyan; dim once the task is closed.
    static func dueLabel(_ task: Task, today: CivilDate, style: TextStyle) -> String? {
        guard let due = task.due else { return nil }
        let state = DueState(due: due, today: today)
        let label = state.description
        if task.status.isClosed { return style.dim(label) }
        switch state {
        case .overdue: return style.red(label)
        case .today: return style.yellow(label)
        case .upcoming: return style.cyan(label)
        }
    }

    static func decimalDigits(_ value: Int) -> Int {
        var digits = 1, rest = value
        while rest >= 10 { rest /= 10; digits += 1 }
        return digits
    }

    /// The task's text without its `due:` token (and one space beside it), which is shown as a
    /// relative date instead. Everything else, runs of spaces included, stays as written.
    public static func displayText(_ task: Task) -> String {
        guard task.due != nil, let value = task.dueValue else { return task.text }
        let text = Array(task.text.utf8)
        let token = Array(("due:" + value).utf8)
        var start = 0
        while start + token.count <= text.count {
            let atWordStart = start == 0 || text[start - 1] == Byte.space
            let end = start + token.count
            if atWordStart, text[start..<end].elementsEqual(token), end == text.count || text[end] == Byte.space {
                // Remove the token and the space after it (or before it, at the end of the text).
                var cut = start..<end
                if end < text.count { cut = start..<(end + 1) } else if start > 0 { cut = (start - 1)..<end }
                var kept = text
                kept.removeSubrange(cut)
                return String(decoding: kept, as: UTF8.self)
            }
            guard let next = text[(start + 1)...].firstIndex(of: Byte.space) else { break }
            start = next + 1
        }
        return task.text
    }
}
