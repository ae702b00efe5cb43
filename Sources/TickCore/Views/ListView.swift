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
                              today: CivilDate, style: TextStyle, notes: Bool = false, absoluteDates: Bool = false) -> String {
        var out = TextBuffer(capacity: items.count * 64)
        render(items, in: sources, order: order, today: today, style: style, notes: notes, absoluteDates: absoluteDates, into: &out)
        return out.string
    }

    /// `notes`: each task's notes follow its row, dimmed, under its text. `absoluteDates`: due
    /// dates as dates (`2026-11-25`), in the same colours, rather than "in 3 days".
    /// `emit` is handed the buffer whenever it holds 64 KiB or more, to write it out and empty
    /// it: a long listing streams instead of being held whole (by default it is held).
    public static func render(_ items: [ViewItem], in sources: [SourceDocument], order: TaskOrder,
                              today: CivilDate, style: TextStyle, notes: Bool = false, absoluteDates: Bool = false,
                              into out: inout TextBuffer, emit: (inout TextBuffer) -> Void = { _ in }) {
        func streamed() { if out.count >= 1 << 16 { emit(&out) } }
        let showFiles = sources.count > 1
        if order.keepsGroupsTogether {
            var numberWidths = [Int](repeating: 1, count: sources.count)
            for item in items {
                let line = sources[item.source].document.tasks[item.task].line + 1
                numberWidths[item.source] = max(numberWidths[item.source], TextBuffer.decimalDigits(line))
            }
            var current: (source: Int, group: Int?)?
            // The task arrays, taken once: a `Document` copied per row costs a retain and a
            // release of each of its arrays.
            let tasks = sources.map(\.document.tasks)
            for item in items {
                let task = tasks[item.source][item.task]
                if current == nil || current!.source != item.source || current!.group != task.group {
                    current = (item.source, task.group)
                    let path = GroupName.shown(sources[item.source].document.groupPath(of: task))
                    let file = sources[item.source].path
                    let header = showFiles ? (path.isEmpty ? file : "\(file): \(path)") : path
                    if !header.isEmpty {
                        out.appendStyled(style, sources[item.source].titleColor(ofHeading: task.group)) { $0.appendSanitized(header) }
                        out.append(Byte.lf)
                    }
                }
                let line = task.line + 1
                out.appendSpaces(2 + numberWidths[item.source] - TextBuffer.decimalDigits(line))
                out.appendStyled(style, .dim) { $0.appendDecimal(line) }
                out.appendSpaces(2 + 2 * task.depth)
                appendLine(for: task, today: today, style: style, absoluteDate: absoluteDates, to: &out)
                out.append(Byte.lf)
                if notes { appendNotes(of: task, in: sources[item.source].document, indent: 2 + numberWidths[item.source] + 2 + 2 * task.depth + 4, style: style, to: &out) }
                streamed()
            }
        } else {
            // The location column (`line`, or `path:line` with several files), right-aligned.
            let pathWidths = sources.map { showFiles ? DisplayWidth.of(TerminalText.sanitized($0.path)) + 1 : 0 }
            func width(_ item: ViewItem) -> Int {
                pathWidths[item.source] + TextBuffer.decimalDigits(sources[item.source].document.tasks[item.task].line + 1)
            }
            let widest = items.lazy.map(width).max() ?? 0
            // Each group's path, joined once per group rather than once per row.
            var paths = sources.map { [String?](repeating: nil, count: $0.document.headings.count) }
            for item in items {
                let document = sources[item.source].document
                let task = document.tasks[item.task]
                out.appendSpaces(2)
                if !showFiles { out.appendSpaces(widest - width(item)) }
                out.appendStyled(style, .dim) { out in
                    if showFiles {
                        out.appendSanitized(sources[item.source].path)
                        out.append(Byte.colon)
                    }
                    out.appendDecimal(task.line + 1)
                }
                if showFiles { out.appendSpaces(widest - width(item)) }
                out.appendSpaces(2)
                appendLine(for: task, today: today, style: style, absoluteDate: absoluteDates, to: &out)
                if let group = task.group {
                    if paths[item.source][group] == nil {
                        paths[item.source][group] = GroupName.shown(document.groupPath(ofHeading: group))
                    }
                    let path = paths[item.source][group]!
                    if !path.isEmpty {
                        out.appendSpaces(2)
                        let color = sources[item.source].color(ofHeading: group).map { TextStyle.Color.group($0) } ?? .dim
                        out.appendStyled(style, color) { $0.append("· "); $0.appendSanitized(path) }
                    }
                }
                out.append(Byte.lf)
                if notes { appendNotes(of: task, in: document, indent: 2 + widest + 2 + 4, style: style, to: &out) }
                streamed()
            }
        }
    }

    /// The task's notes, one per line at `indent` columns, dimmed.
    static func appendNotes(of task: Task, in document: Document, indent: Int, style: TextStyle, to out: inout TextBuffer) {
        for note in document.notes(of: task) {
            out.appendSpaces(indent)
            out.appendStyled(style, .dim) { $0.appendSanitized(note) }
            out.append(Byte.lf)
        }
    }

    /// A task as one line: checkbox, star, text and its due date relative to today.
    static func appendLine(for task: Task, today: CivilDate, style: TextStyle, absoluteDate: Bool = false, to out: inout TextBuffer) {
        let closed = task.isClosed
        out.appendStyled(task.statusType == .done ? style : .plain, .dim) { out in
            out.append(Byte.leftBracket)
            out.appendSanitized(task.status.character)
            out.append(Byte.rightBracket)
        }
        out.append(Byte.space)
        if task.important {
            out.appendStyled(style, .yellow) { $0.append(Byte.star) }
            out.append(Byte.space)
        }
        out.appendStyled(closed ? style : .plain, .dim) { appendDisplayText(task, to: &$0) }
        if let due = task.due {
            out.appendSpaces(2)
            let state = DueState(due: due, today: today)
            // A closed task is never late: its date is shown as a date.
            out.appendStyled(style, closed ? .dim : state.color) { out in
                if closed || absoluteDate {
                    out.appendLiteral("due ")
                    out.appendDate(due)
                } else {
                    state.append(to: &out)
                }
            }
        }
    }

    /// "2 days overdue" in red, "today" in yellow, later dates in cyan; dim once the task is closed.
    static func dueLabel(_ task: Task, today: CivilDate, style: TextStyle) -> String? {
        guard let due = task.due else { return nil }
        let state = DueState(due: due, today: today)
        let label = task.isClosed ? "due \(due)" : state.description
        return style.wrap(label, task.isClosed ? .dim : state.color)
    }

    /// The task's text without its due field (and one space beside it), which is shown as a
    /// relative date instead. Everything else, runs of spaces included, stays as written.
    public static func displayText(_ task: Task) -> String {
        guard task.due != nil else { return task.text }
        var out = TextBuffer(capacity: task.text.utf8.count)
        appendDisplayText(task, to: &out)
        return out.string
    }

    /// `displayText`, sanitized for the terminal, written straight into `out`: from the file's
    /// bytes, cut where the due field is; through a String only to show bad bytes as U+FFFD.
    static func appendDisplayText(_ task: Task, to out: inout TextBuffer) {
        let text = task.textBytes
        guard task.due != nil, let cut = task.dueCut else { return appendText(text, checked: task.hasInvalidUTF8, to: &out) }
        appendText(text[..<(text.startIndex + cut.lowerBound)], checked: task.hasInvalidUTF8, to: &out)
        appendText(text[(text.startIndex + cut.upperBound)...], checked: task.hasInvalidUTF8, to: &out)
    }

    /// Text from the file, sanitized; `checked`: it may hold bytes that are not UTF-8, shown as U+FFFD.
    private static func appendText(_ text: ArraySlice<UInt8>, checked: Bool, to out: inout TextBuffer) {
        if checked {
            var decoded = String(decoding: text, as: UTF8.self)
            decoded.withUTF8 { out.appendSanitized($0) }
        } else {
            text.withUnsafeBufferPointer { out.appendSanitized($0) }
        }
    }
}
