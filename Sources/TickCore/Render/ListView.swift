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
    /// `showsFiles`: rows name their file even when there is one (as a query over a vault does).
    public static func render(_ items: [ViewItem], in sources: [SourceDocument], order: TaskOrder,
                              today: CivilDate, style: TextStyle, notes: Bool = false, absoluteDates: Bool = false,
                              showsFiles: Bool = false) -> String {
        var out = TextBuffer(capacity: items.count * 64)
        render(items, in: sources, order: order, today: today, style: style, notes: notes, absoluteDates: absoluteDates,
               showsFiles: showsFiles, into: &out)
        return out.string
    }

    /// `notes`: each task's notes follow its row, dimmed, under its text. `absoluteDates`: due
    /// dates as dates (`2026-11-25`), in the same colours, rather than "in 3 days".
    /// `emit` is handed the buffer whenever it holds 64 KiB or more, to write it out and empty
    /// it: a long listing streams instead of being held whole (by default it is held).
    package static func render(_ items: [ViewItem], in sources: [SourceDocument], order: TaskOrder,
                              today: CivilDate, style: TextStyle, notes: Bool = false, absoluteDates: Bool = false,
                              showsFiles: Bool = false, into out: inout TextBuffer, emit: (inout TextBuffer) -> Void = { _ in }) {
        let options = ListRows.Options(order: order, today: today, style: style, notes: notes, absoluteDates: absoluteDates,
                                       showFiles: showsFiles || sources.count > 1)
        let (files, references) = rows(items, in: sources, options: options)
        print(files, references, options: options, into: &out, emit: emit)
    }

    /// The rows of `items`, rendered a file at a time (a `ListRows` per file that shows any),
    /// and the order `items` gives them.
    package static func rows(_ items: [ViewItem], in sources: [SourceDocument],
                            options: ListRows.Options) -> (files: [ListRows], order: [RowReference]) {
        guard !items.isEmpty else { return ([], []) }
        if sources.count == 1 {
            return ([ListRows(sources[0], tasks: items.map(\.task)[...], options: options)],
                    items.indices.map { RowReference(file: 0, row: $0) })
        }
        // Each file's tasks in the order the items give them, and each item's place among them.
        var tasks = [[Int]](repeating: [], count: sources.count)
        var places: [(source: Int, row: Int)] = []
        places.reserveCapacity(items.count)
        for item in items {
            places.append((item.source, tasks[item.source].count))
            tasks[item.source].append(item.task)
        }
        var fileOfSource = [Int](repeating: -1, count: sources.count)
        var files: [ListRows] = []
        for (source, shown) in tasks.enumerated() where !shown.isEmpty {
            fileOfSource[source] = files.count
            files.append(ListRows(sources[source], tasks: shown[...], options: options))
        }
        return (files, places.map { RowReference(file: fileOfSource[$0.source], row: $0.row) })
    }

    /// Prints rows rendered by `ListRows` (with the same `options`) in the order `references`
    /// gives (`ListPrinter`).
    package static func print(_ files: [ListRows], _ references: [RowReference], options: ListRows.Options,
                             into out: inout TextBuffer, emit: (inout TextBuffer) -> Void = { _ in }) {
        let widest = options.grouped ? 0 : references.lazy.map { files[$0.file].locationWidth(ofRow: $0.row) }.max() ?? 0
        var printer = ListPrinter(options: options, widest: widest)
        for reference in references {
            printer.print(files[reference.file], row: reference.row, file: reference.file, into: &out)
            if out.count >= 1 << 16 { emit(&out) }
        }
    }

    /// `items` as `--json` prints them.
    package static func printJSON(_ items: [ViewItem], in sources: [SourceDocument], today: CivilDate,
                                 emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let (files, order) = rows(items, in: sources, options: ListRows.Options(order: .file, today: today, style: .plain, json: true))
        printJSON(files, order, emit: emit)
    }

    /// The rows as `--json` prints them (`ListRows` rendered with `json`), in the order `references` gives.
    package static func printJSON(_ files: [ListRows], _ references: [RowReference], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var printer = JSONRowPrinter()
        for reference in references { printer.print(files[reference.file], row: reference.row, emit: emit) }
        printer.finish(emit: emit)
    }

    /// A task as one line: checkbox, star, text, its subtasks done (`2/5`), its due date
    /// relative to today, and the dates it records (done, cancelled, created) in words.
    static func appendLine(for task: Task, in document: Document, today: CivilDate, style: TextStyle, absoluteDate: Bool = false, to out: inout TextBuffer) {
        let closed = task.isClosed
        out.appendStyled(closed ? style : .plain, .dim) { out in
            out.append(Byte.leftBracket)
            switch task.status {
            case .open: out.append(Byte.space)
            case .done: out.append(0x78)
            case .doing: out.append(Byte.slash)
            case .other(let raw): out.appendSanitized(raw)
            }
            out.append(Byte.rightBracket)
        }
        out.append(Byte.space)
        if task.important {
            out.appendStyled(style, .yellow) { $0.append(Byte.star) }
            out.append(Byte.space)
        }
        let recorded = recordedDates(of: task, in: document)
        out.appendStyled(closed ? style : .plain, .dim) { appendDisplayText(task, in: document, cutting: recorded.map(\.cut), to: &$0) }
        if let progress = document.subtaskProgress(of: task) {
            out.appendSpaces(2)
            out.appendStyled(style, .dim) { out in
                out.appendDecimal(progress.done)
                out.append(Byte.slash)
                out.appendDecimal(progress.total)
            }
        }
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
        for date in recorded {
            out.appendSpaces(2)
            out.appendStyled(style, .dim) { out in
                switch date.kind {
                case .start: out.appendLiteral(date.date < today ? "started " : "starts ")
                case .scheduled: out.appendLiteral("scheduled ")
                case .created: out.appendLiteral("created ")
                case .done: out.appendLiteral("done ")
                default: out.appendLiteral("cancelled ")
                }
                if absoluteDate {
                    out.appendDate(date.date)
                } else {
                    out.append(RecordedDate.words(date.date, today: today))
                }
            }
        }
    }

    /// The dates besides the due date that a row shows in words after the text (start,
    /// scheduled, done, cancelled, created), each with the part of the text it is cut from
    /// (the field and a space beside it). A field whose value is no date stays in the text,
    /// as written.
    static func recordedDates(of task: Task, in document: Document) -> [(kind: TaskField.Kind, date: CivilDate, cut: Range<Int>)] {
        let shown: [TaskField.Kind] = [.start, .scheduled, .done, .cancelled, .created]
        let kinds = task.fieldKinds
        guard shown.contains(where: kinds.contains) else { return [] }
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        return shown.compactMap { kind in
            guard let field = fields.first(kind), let date = fields.date(kind, in: text) else { return nil }
            return (kind, date, Document.cut(field.range, in: text))
        }
    }

    /// The task's text as a row shows it, when a row leaves part of it out (its due date, the
    /// dates it records); nil when a row shows the text whole.
    static func shownText(ifCut task: Task, in document: Document) -> String? {
        let recorded = recordedDates(of: task, in: document)
        guard task.due != nil || !recorded.isEmpty else { return nil }
        var out = TextBuffer(capacity: task.textLocation.count)
        appendDisplayText(task, in: document, cutting: recorded.map(\.cut), to: &out)
        return out.string
    }

    /// The task's text without its due field (and one space beside it), which is shown as a
    /// relative date instead. Everything else, runs of spaces included, stays as written.
    package static func displayText(_ task: Task, in document: Document) -> String {
        guard task.due != nil else { return document.text(of: task) }
        var out = TextBuffer(capacity: task.textLocation.count)
        appendDisplayText(task, in: document, to: &out)
        return out.string
    }

    /// `displayText`, sanitized for the terminal, written straight into `out`: from the file's
    /// bytes, cut where the due field is; through a String only to show bad bytes as U+FFFD.
    /// `cutting`: more of the text to leave out (offsets from its start), as the due field is.
    static func appendDisplayText(_ task: Task, in document: Document, cutting more: [Range<Int>] = [], to out: inout TextBuffer) {
        let text = document.textBytes(of: task)
        let due = task.due == nil ? nil : document.dueCut(of: task)
        guard due != nil || !more.isEmpty else { return appendText(text, checked: task.hasInvalidUTF8, to: &out) }
        // The cuts in order, those that meet (two fields sharing the space between them) as one.
        var cuts: [Range<Int>] = []
        for cut in ((due.map { [$0] } ?? []) + more).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = cuts.last, cut.lowerBound <= last.upperBound {
                cuts[cuts.count - 1] = last.lowerBound..<max(last.upperBound, cut.upperBound)
            } else {
                cuts.append(cut)
            }
        }
        // Cuts that run to the text's end take the spaces before them along.
        if let last = cuts.last, last.upperBound == text.count {
            var lower = last.lowerBound
            while lower > 0, text[text.startIndex + lower - 1] == Byte.space { lower -= 1 }
            cuts[cuts.count - 1] = lower..<last.upperBound
        }
        var position = 0
        for cut in cuts {
            appendText(text[(text.startIndex + position)..<(text.startIndex + cut.lowerBound)], checked: task.hasInvalidUTF8, to: &out)
            position = cut.upperBound
        }
        appendText(text[(text.startIndex + position)...], checked: task.hasInvalidUTF8, to: &out)
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
