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
    public static let minimumSideBySideWidth = 60

    public enum Column: Int, CaseIterable, Sendable {
        case todo, doing, done

        public var title: String {
            switch self {
            case .todo: return "Todo"
            case .doing: return "Doing"
            case .done: return "Done"
            }
        }

        public init(_ type: StatusType) {
            switch TaskQuery.StatusClass(type) {
            case .open: self = .todo
            case .doing: self = .doing
            case .closed: self = .done
            }
        }
    }

    /// The items of each column, in the order given.
    public static func columns(_ items: [ViewItem], in sources: [SourceDocument]) -> [[ViewItem]] {
        var columns: [[ViewItem]] = Array(repeating: [], count: Column.allCases.count)
        for item in items {
            columns[Column(sources[item.source].document.tasks[item.task].statusType).rawValue].append(item)
        }
        return columns
    }

    public static func render(_ items: [ViewItem], in sources: [SourceDocument], width: Int,
                              today: CivilDate, style: TextStyle) -> String {
        var out = ""
        var bySource = [[ViewItem]](repeating: [], count: sources.count)
        for item in items { bySource[item.source].append(item) }
        for (source, own) in zip(sources, bySource) {
            if sources.count > 1 {
                guard !own.isEmpty else { continue }
                if !out.isEmpty { out += "\n" }
                out += style.bold(DisplayWidth.truncated(TerminalText.sanitized(source.path), to: width)) + "\n"
            }
            let tasks = columns(own, in: sources).map { $0.map { item in
                let task = source.document.tasks[item.task]
                return Card(task: task, color: source.color(ofHeading: task.group))
            } }
            out += width >= minimumSideBySideWidth
                ? sideBySide(tasks, width: width, today: today, style: style)
                : stacked(tasks, width: width, today: today, style: style)
        }
        return out
    }

    static func sideBySide(_ columns: [[Card]], width: Int, today: CivilDate, style: TextStyle) -> String {
        let cell = (width - 6) / 3
        let separator = " " + style.dim("│") + " "
        var out = trimmedTrailingSpaces(Column.allCases.map { column in
            let title = DisplayWidth.truncated(header(column, count: columns[column.rawValue].count), to: cell)
            return style.bold(title) + String(repeating: " ", count: cell - DisplayWidth.of(title))
        }.joined(separator: separator)) + "\n"
        out += style.dim(Array(repeating: String(repeating: "─", count: cell), count: 3).joined(separator: "─┼─")) + "\n"
        let height = columns.map(\.count).max() ?? 0
        let blank = String(repeating: " ", count: cell)
        for row in 0..<height {
            for (index, column) in columns.enumerated() {
                let isLast = index == columns.count - 1
                if index > 0 { out += isLast && row >= column.count ? " " + style.dim("│") : separator }
                if row < column.count {
                    let card = card(column[row], width: cell, today: today, style: style)
                    out += card.text
                    if !isLast { out += String(repeating: " ", count: cell - card.width) }
                } else if !isLast {
                    out += blank
                }
            }
            out += "\n"
        }
        return out
    }

    static func stacked(_ columns: [[Card]], width: Int, today: CivilDate, style: TextStyle) -> String {
        var out = ""
        for column in Column.allCases {
            if column != .todo { out += "\n" }
            out += style.bold(header(column, count: columns[column.rawValue].count)) + "\n"
            for entry in columns[column.rawValue] {
                out += "  " + card(entry, width: max(width - 2, 1), today: today, style: style).text + "\n"
            }
        }
        return out
    }

    static func header(_ column: Column, count: Int) -> String { "\(column.title) (\(count))" }

    /// A task on the board, with the colour of its group (`tick group color`).
    struct Card {
        let task: Task
        let color: GroupColor?
    }

    /// A card at most `width` columns wide: line number (in its group's colour, if the group has
    /// one), `↳` for a subtask, star, text, and the due date when it fits; with the columns it takes.
    static func card(_ card: Card, width: Int, today: CivilDate, style: TextStyle) -> (text: String, width: Int) {
        let task = card.task
        let number = "\(task.line + 1) ", nesting = task.depth > 0 ? "↳ " : ""
        let prefix = number + nesting + (task.important ? "* " : "")
        let text = TerminalText.sanitized(ListView.displayText(task))
        let label = task.due.map { task.isClosed ? "due \($0)" : DueState(due: $0, today: today).description }
        var room = max(width - prefix.count, 1)
        var shownLabel = ""
        if let label, let styled = ListView.dueLabel(task, today: today, style: style),
           room - DisplayWidth.of(label) - 2 >= min(DisplayWidth.of(text), 10) {
            room -= DisplayWidth.of(label) + 2
            shownLabel = "  " + styled
        }
        let body = DisplayWidth.truncated(text, to: room)
        let used = prefix.count + DisplayWidth.of(body) + (shownLabel.isEmpty ? 0 : DisplayWidth.of(label!) + 2)
        let styledNumber = style.wrap(String(number.dropLast()), card.color.map { .group($0) } ?? .dim)
        let styledPrefix = styledNumber + " " + nesting + (task.important ? style.yellow("*") + " " : "")
        let styledBody = task.isClosed ? style.dim(body) : body
        return (styledPrefix + styledBody + shownLabel, used)
    }

    private static func trimmedTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
