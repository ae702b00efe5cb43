import TickCore

enum BoardCommand: Command {
    static let name = "board"
    static let summary = "Todo, Doing and Done side by side, fitted to the terminal."
    static let usage = "tick board [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] {
        ViewOptions.filters.filter { !["open", "doing", "done", "all"].contains($0.long) }
            + [OptionSpec("width", short: "w", value: "N", help: "Fit the board to N columns (default: the terminal's width, else COLUMNS, else 80).")]
            + ViewOptions.output
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick board", "The nearest TODO.md as a board."),
        ("tick board --group work", "Only the Work group."),
        ("tick board -w 40", "Stacked lists, as on a narrow terminal."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        var everything = TaskQuery()
        everything.statuses = nil
        everything.waiting = .shown
        let view = try ViewOptions(arguments, command: name, defaults: everything, environment: context.environment)
        var width = TerminalWidth.current(environment: context.environment)
        if let text = arguments.value("width") {
            guard let value = Int(text), value > 0 else {
                throw .usage(.invalidValue(option: "--width", value: text, expected: "a positive number of columns"), command: name)
            }
            width = value
        }
        let sources = try view.load(environment: context.environment)
        let items = ViewItem.select(sources, query: view.query, today: view.today)
        // Cards carry their line numbers: what the board shows, an edit can name.
        let shown = BoardView.columns(items, in: sources).flatMap { $0 }
        view.recordListing(shown, in: sources, context: &context)
        if arguments.flag("json") {
            ViewOptions.writeJSON(shown, in: sources, to: &context.stdout)
        } else {
            var out = TextBuffer(capacity: min(items.count * 64, 1 << 20))
            BoardView.render(items, in: sources, width: width, today: view.today, style: view.style, into: &out)
            context.stdout.write(out)
        }
        return 0
    }
}
