import TickCore

enum BoardCommand: Command {
    static let name = "board"
    static let summary = "Todo, Doing and Done side by side, fitted to the terminal."
    static let usage = "tick board [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] {
        // A board shows every status; tasks waiting for their start date are left out, as in
        // every view, and --waiting shows only those.
        ViewOptions.filters.filter { !["open", "doing", "done", "all"].contains($0.long) }.map { option in
            option.long == "waiting" ? OptionSpec("waiting", help: "Only tasks to do whose start date is still to come (hidden otherwise).") : option
        }
            + [OptionSpec("width", short: "w", value: "N", help: "Fit the board to N columns (default: the terminal's width; piped, COLUMNS, else the terminal's; else 80).")]
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
        let view = try ViewOptions(arguments, command: name, defaults: everything, environment: context.environment)
        var width = TerminalWidth.current(environment: context.environment)
        if let text = arguments.value("width") {
            guard let value = Int(text), value > 0, value <= TerminalWidth.maximum else {
                throw .usage(.invalidValue(option: "--width", value: text, expected: "a number of columns from 1 to \(TerminalWidth.maximum)"), command: name)
            }
            width = value
        }
        let files = try PathWalker.files(view.paths, ignoring: view.honoursIgnoreFiles)
        if files.count > 1 { return try runOverFiles(files, view: view, width: width, json: arguments.flag("json"), context: &context) }
        let sources = try view.load(files: files, environment: context.environment)
        let items = ViewItem.select(sources, query: view.query, today: view.today)
        // Cards carry their line numbers: what the board shows, an edit can name.
        let shown = BoardView.columns(items, in: sources).flatMap { $0 }
        view.recordListing(shown, in: sources, context: &context)
        if arguments.flag("json") {
            ListView.printJSON(shown, in: sources, today: view.today) { context.stdout.write(bytes: $0) }
        } else {
            var out = TextBuffer(capacity: min(items.count * 64, 1 << 20))
            BoardView.render(items, in: sources, width: width, today: view.today, style: view.style, into: &out)
            context.stdout.write(out)
            if items.isEmpty { view.noteNothingFound(context: &context, source: sources.first) }
        }
        return 0
    }

    /// A board of each file with tasks, one after another under its name: each drawn where
    /// the file is read (`ViewOptions.readShown`) and printed as its chunk of files ends, so
    /// that a folder costs the memory of a chunk; the listings are recorded at the end. With `--json`, the cards of every file, a
    /// column at a time, as one board of all of them lists them.
    private static func runOverFiles(_ files: [String], view: ViewOptions, width: Int, json: Bool,
                                     context: inout CommandContext) throws(TickError) -> Int32 {
        let today = view.today, style = view.style
        var printedAny = false
        var columns = [[[UInt8]]](repeating: [], count: BoardView.Column.allCases.count)
        let listings = try view.readShown(files, environment: context.environment) { source, tasks -> FileBoard in
            let items = tasks.map { ViewItem(source: 0, task: $0) }
            let sources = [source]
            guard json else {
                var out = TextBuffer(capacity: min(items.count * 64, 1 << 20))
                BoardView.render(items, in: sources, width: width, today: today, style: style, into: &out)
                return FileBoard(path: source.path, text: out.bytes, cards: [])
            }
            var file = TaskJSON.File(source.path, document: source.document)
            let cards = BoardView.columns(items, in: sources).map { column in
                column.map { item in
                    var card = JSONWriter()
                    TaskJSON.write(source.document.tasks[item.task], in: source.document, file: &file, to: &card)
                    return card.bytes
                }
            }
            return FileBoard(path: source.path, text: [], cards: cards)
        } consume: { board in
            guard !json else {
                for (column, cards) in board.cards.enumerated() { columns[column] += cards }
                return
            }
            var heading = TextBuffer(capacity: 128)
            BoardView.appendHeading(of: board.path, first: !printedAny, width: width, style: style, to: &heading)
            context.stdout.write(heading)
            context.stdout.write(bytes: board.text)
            printedAny = true
        }
        if let warning = ListingStore.record(listings, environment: context.environment) { context.warn(warning) }
        if json {
            JSONWriter.lines(columns.joined(), emit: { context.stdout.write(bytes: $0) }) { card, writer in writer.raw(card) }
        }
        return 0
    }

    /// A file's board as drawn on a worker, or its cards as JSON, a list per column.
    private struct FileBoard: Sendable {
        let path: String
        let text: [UInt8]
        let cards: [[[UInt8]]]
    }
}
