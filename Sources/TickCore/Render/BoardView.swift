/// `tick board`: Todo, Doing and Done side by side, one card per task, fitted to `width`
/// columns. Below 60 columns the three lists are stacked instead.
///
///     Todo (4)                 │ Doing (1)                │ Done (2)
///     ─────────────────────────┼──────────────────────────┼─────────────────────────
///     * Renew passport  2 da…  │ Paint the fence @weekend │ Call the plumber
///     Milk                     │                          │ Sand the boards
///
/// Cards are cut to their column by display width (CJK and emoji take two columns) and end in
/// `…` when cut. The due date stays visible when the column has room for it.
public enum BoardView {
    package static let minimumSideBySideWidth = 60

    package enum Column: Int, CaseIterable, Sendable {
        case todo, doing, done

        package var title: String {
            switch self {
            case .todo: return "Todo"
            case .doing: return "Doing"
            case .done: return "Done"
            }
        }

        package init(_ type: StatusType) {
            switch TaskQuery.StatusClass(type) {
            case .open: self = .todo
            case .doing: self = .doing
            case .closed: self = .done
            }
        }
    }

    /// The items of each column, in the order given.
    package static func columns(_ items: [ViewItem], in sources: [SourceDocument]) -> [[ViewItem]] {
        var columns: [[ViewItem]] = Array(repeating: [], count: Column.allCases.count)
        for item in items {
            columns[Column(sources[item.source].document.tasks[item.task].statusType).rawValue].append(item)
        }
        return columns
    }

    public static func render(_ items: [ViewItem], in sources: [SourceDocument], width: Int,
                              today: CivilDate, style: TextStyle) -> String {
        var out = TextBuffer(capacity: items.count * 64)
        render(items, in: sources, width: width, today: today, style: style, into: &out)
        return out.string
    }

    /// The board written into `out`, card by card, with no String per card.
    package static func render(_ items: [ViewItem], in sources: [SourceDocument], width: Int,
                              today: CivilDate, style: TextStyle, into out: inout TextBuffer) {
        var bySource = [[ViewItem]](repeating: [], count: sources.count)
        for item in items { bySource[item.source].append(item) }
        for (source, own) in zip(sources, bySource) {
            if sources.count > 1 {
                guard !own.isEmpty else { continue }
                appendHeading(of: source.path, first: out.isEmpty, width: width, style: style, to: &out)
            }
            // Loops, not closures: a closure that captured the document copied it per card.
            let document = source.document
            var tasks: [[Card]] = []
            for column in columns(own, in: sources) {
                var cards: [Card] = []
                cards.reserveCapacity(column.count)
                for item in column {
                    let task = document.tasks[item.task]
                    cards.append(Card(task, in: document, color: source.color(ofHeading: task.group)))
                }
                tasks.append(cards)
            }
            if width >= minimumSideBySideWidth {
                sideBySide(tasks, width: width, today: today, style: style, into: &out)
            } else {
                stacked(tasks, width: width, today: today, style: style, into: &out)
            }
        }
    }

    /// The name over a file's board when a board shows several: bold, cut to `width`, and
    /// after a blank line unless it is the `first` thing printed.
    package static func appendHeading(of path: String, first: Bool, width: Int, style: TextStyle, to out: inout TextBuffer) {
        if !first { out.append(Byte.lf) }
        out.append(style.bold(DisplayWidth.truncated(TerminalText.sanitized(path), to: width)))
        out.append(Byte.lf)
    }

    static func sideBySide(_ columns: [[Card]], width: Int, today: CivilDate, style: TextStyle, into out: inout TextBuffer) {
        let cell = (width - 6) / 3
        func separator(_ out: inout TextBuffer) {
            out.append(Byte.space)
            out.appendStyled(style, .dim) { $0.appendLiteral("│") }
            out.append(Byte.space)
        }
        for column in Column.allCases {
            if column != .todo { separator(&out) }
            let title = DisplayWidth.truncated(header(column, count: columns[column.rawValue].count), to: cell)
            out.append(style.bold(title))
            // No spaces after the last title.
            if column != .done { out.appendSpaces(cell - DisplayWidth.of(title)) }
        }
        out.append(Byte.lf)
        out.appendStyled(style, .dim) { out in
            for column in Column.allCases {
                if column != .todo { out.appendLiteral("─┼─") }
                for _ in 0..<cell { out.appendLiteral("─") }
            }
        }
        out.append(Byte.lf)
        let height = columns.map(\.count).max() ?? 0
        let numberWidths = columns.map(Self.numberWidth)
        for row in 0..<height {
            for (index, column) in columns.enumerated() {
                let isLast = index == columns.count - 1
                if index > 0 {
                    if isLast && row >= column.count {
                        out.append(Byte.space)
                        out.appendStyled(style, .dim) { $0.appendLiteral("│") }
                    } else {
                        separator(&out)
                    }
                }
                if row < column.count {
                    let used = card(column[row], width: cell, numberWidth: numberWidths[index], today: today, style: style, into: &out)
                    if !isLast { out.appendSpaces(cell - used) }
                } else if !isLast {
                    out.appendSpaces(cell)
                }
            }
            out.append(Byte.lf)
        }
    }

    static func stacked(_ columns: [[Card]], width: Int, today: CivilDate, style: TextStyle, into out: inout TextBuffer) {
        for column in Column.allCases {
            if column != .todo { out.append(Byte.lf) }
            out.append(style.bold(header(column, count: columns[column.rawValue].count)))
            out.append(Byte.lf)
            let numberWidth = Self.numberWidth(columns[column.rawValue])
            for entry in columns[column.rawValue] {
                out.appendSpaces(2)
                _ = card(entry, width: max(width - 2, 1), numberWidth: numberWidth, today: today, style: style, into: &out)
                out.append(Byte.lf)
            }
        }
    }

    static func header(_ column: Column, count: Int) -> String { "\(column.title) (\(count))" }

    /// A task on the board, with the colour of its group (`tick group color`): what its card
    /// shows, taken from the task once (a `Task` held and read again would be copied, with
    /// its references counted, each time).
    struct Card {
        let line: Int
        let isSubtask: Bool
        let important: Bool
        let due: CivilDate?
        let isClosed: Bool
        let text: CardText
        let color: GroupColor?
        /// Its subtasks done and not cancelled (`Document.subtaskProgress`).
        let progress: (done: Int, total: Int)?

        init(_ task: Task, in document: borrowing Document, color: GroupColor?) {
            line = task.line + 1
            isSubtask = task.depth > 0
            important = task.important
            due = task.due
            isClosed = task.isClosed
            text = CardText(task, in: document)
            self.color = color
            progress = document.subtaskProgress(of: task)
        }
    }

    /// The widest line number of a column's cards: each is right-aligned to it.
    static func numberWidth(_ cards: [Card]) -> Int {
        cards.lazy.map { TextBuffer.decimalDigits($0.line) }.max() ?? 0
    }

    /// A card at most `width` columns wide, written into `out`: line number right-aligned to
    /// `numberWidth` (in its group's colour, if the group has one), `↳` for a subtask, star,
    /// text, its subtasks done and the due date when they fit (the date in short when only
    /// that fits). Returns the columns it takes.
    static func card(_ card: Card, width: Int, numberWidth: Int = 0, today: CivilDate, style: TextStyle, into out: inout TextBuffer) -> Int {
        let line = card.line
        let pad = max(numberWidth - TextBuffer.decimalDigits(line), 0)
        let prefixWidth = pad + TextBuffer.decimalDigits(line) + 1 + (card.isSubtask ? 2 : 0) + (card.important ? 2 : 0)
        let text = card.text
        let state = card.due.map { DueState(due: $0, today: today) }
        var labelWidth = card.due == nil ? 0 : card.isClosed ? 14 : state!.descriptionWidth  // "due YYYY-MM-DD"
        var room = max(width - prefixWidth, 1)
        // The short form when the long one does not fit, or when the short one keeps whole a
        // text the long one would cut (`in 3d`, not `in 3 days` and a cut text). A late task or
        // one due today keeps its mark however little of its text is left, a later one while
        // six columns of its text are: the text is cut before the mark.
        var showsLabel = card.due != nil && room - labelWidth - 2 >= min(text.width, 10)
        var compact = false
        if !card.isClosed, let state, !showsLabel || (room - labelWidth - 2 < text.width && room - state.compactWidth - 2 >= text.width),
           room - state.compactWidth - 2 >= (state.isPressing ? 1 : min(text.width, 6)) {
            showsLabel = true
            compact = true
            labelWidth = state.compactWidth
        }
        if showsLabel { room -= labelWidth + 2 }
        // The subtasks done (`2/5`), when the text keeps room besides.
        let progressWidth = card.progress.map { TextBuffer.decimalDigits($0.done) + 1 + TextBuffer.decimalDigits($0.total) } ?? 0
        let showsProgress = card.progress != nil && room - progressWidth - 2 >= min(text.width, 10)
        if showsProgress { room -= progressWidth + 2 }

        out.appendSpaces(pad)
        out.appendStyled(style, card.color.map { .group($0) } ?? .dim) { $0.appendDecimal(line) }
        out.append(Byte.space)
        if card.isSubtask { out.appendLiteral("↳ ") }
        if card.important {
            out.appendStyled(style, .yellow) { $0.append(Byte.star) }
            out.append(Byte.space)
        }
        let bodyWidth = text.write(truncatedTo: room, style: card.isClosed ? style : .plain, into: &out)
        if showsProgress, let progress = card.progress {
            out.appendSpaces(2)
            out.appendStyled(style, .dim) { out in
                out.appendDecimal(progress.done)
                out.append(Byte.slash)
                out.appendDecimal(progress.total)
            }
        }
        if showsLabel, let due = card.due, let state {
            out.appendSpaces(2)
            out.appendStyled(style, card.isClosed ? .dim : state.color) { out in
                if card.isClosed {
                    out.appendLiteral("due ")
                    out.appendDate(due)
                } else if compact {
                    state.appendCompact(to: &out)
                } else {
                    state.append(to: &out)
                }
            }
        }
        return prefixWidth + bodyWidth + (showsProgress ? progressWidth + 2 : 0) + (showsLabel ? labelWidth + 2 : 0)
    }

    /// A card's text: the task's text without its due field, sanitized. Printable ASCII (the
    /// usual text) is measured and cut as bytes, held as offsets into the task's text (no slice
    /// made per card); anything else through a String, cluster-aware.
    struct CardText {
        /// The task's text, and the bytes of it the card leaves out (its due field and a
        /// space) as offsets into it; empty when it has none.
        private let bytes: ArraySlice<UInt8>
        private let cut: Range<Int>
        private let string: String?
        let width: Int

        init(_ task: Task, in document: borrowing Document) {
            let cut = task.due == nil ? 0..<0 : document.dueCut(of: task) ?? 0..<0
            let text = document.textBytes(of: task)
            // A card shows one date, the due date: the others are left out, where a row shows
            // them apart in words (the one fast path cuts the due field alone).
            let recorded = ListView.recordedDates(of: task, in: document)
            guard recorded.isEmpty else {
                var out = TextBuffer(capacity: text.count)
                ListView.appendDisplayText(task, in: document, cutting: recorded.map(\.cut), to: &out)
                self.cut = 0..<0
                bytes = []
                string = out.string
                width = DisplayWidth.of(out.string)
                return
            }
            let printable = !task.hasInvalidUTF8 && text.withUnsafeBufferPointer { text in
                DisplayWidth.isPrintableASCII(UnsafeBufferPointer(rebasing: text[..<cut.lowerBound]))
                    && DisplayWidth.isPrintableASCII(UnsafeBufferPointer(rebasing: text[cut.upperBound...]))
            }
            self.cut = cut
            bytes = printable ? text : []
            if printable {
                string = nil
                width = text.count - cut.count
            } else {
                let string = TerminalText.sanitized(ListView.displayText(task, in: document))
                self.string = string
                width = DisplayWidth.of(string)
            }
        }

        /// Writes the text cut to `room` columns (ending in `…` when cut), dimmed in `style`;
        /// returns the columns written.
        func write(truncatedTo room: Int, style: TextStyle, into out: inout TextBuffer) -> Int {
            if let string {
                let body = DisplayWidth.truncated(string, to: room)
                out.appendStyled(style, .dim) { $0.append(body) }
                return DisplayWidth.of(body)
            }
            guard room > 0 else { return 0 }
            let fits = width <= room
            let left = fits ? width : room - 1
            let cut = self.cut
            out.appendStyled(style, .dim) { out in
                bytes.withUnsafeBufferPointer { text in
                    let first = min(left, cut.lowerBound)
                    out.append(UnsafeBufferPointer(rebasing: text[..<first]))
                    out.append(UnsafeBufferPointer(rebasing: text[cut.upperBound..<(cut.upperBound + left - first)]))
                }
                if !fits { out.appendLiteral("…") }
            }
            return fits ? width : room
        }
    }
}
