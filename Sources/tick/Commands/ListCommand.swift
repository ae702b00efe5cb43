import TickCore

/// A view that lists tasks: `list` and its presets. Each preset is a query and an order that
/// the shared options can narrow (`tick today --group Work`) or change (`tick important --all`).
protocol TaskListCommand: Command {
    static var defaults: TaskQuery { get }
    static var defaultOrder: TaskOrder { get }
}

extension TaskListCommand {
    static var listOptions: [OptionSpec] {
        ViewOptions.filters + [OptionSpec("sort", short: "s", value: "KEY", help: "Order: file, due, group, status, text, priority or urgency, or several: due,priority (default: \(defaultOrder.rawValue))."),
                               OptionSpec("reverse", short: "r", help: "Reverse the order (a task's subtasks stay below it)."),
                               OptionSpec("dates", value: "HOW", help: "Dates as relative (default: in 3 days, done 2 days ago) or absolute (due 2026-11-25, done 2026-11-20)."),
                               OptionSpec("notes", short: "N", help: "Show each task's notes under it.")]
            + ViewOptions.output
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        // `list --query NOTE:LINE`: the block's own filters, sorting and grouping, as `query` runs it.
        if let block = arguments.value("query") {
            if let extra = arguments.operands.first { throw .usage(.unexpectedOperand(extra), command: name) }
            if ViewOptions.hasFilter(arguments) {
                throw .usage(.invalidValue(option: "--query", value: block, expected: "a block run as it is: its own lines filter, with no filter besides"), command: name)
            }
            var forwarded = ParsedArguments()
            forwarded.operands = [block]
            if arguments.flag("json") { forwarded.record("json", value: nil) }
            if let color = arguments.value("color") { forwarded.record("color", value: color) }
            return try QueryCommand.run(forwarded, context: &context)
        }
        let view = try ViewOptions(arguments, command: name, defaults: defaults, environment: context.environment)
        // `--sort due,priority`: the first key decides, the next ones break its ties.
        var keys = [defaultOrder]
        if let text = arguments.value("sort") {
            keys = []
            for key in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let chosen = TaskOrder(rawValue: String(key).trimmingSpaces) else {
                    throw .usage(.invalidValue(option: "--sort", value: text, expected: "file, due, group, status, text, priority or urgency, or several joined by commas",
                                               // The whole value with the key mended: `due,prio` → `due,priority`.
                                               suggestion: Suggestion.nearest(to: String(key).trimmingSpaces, among: TaskOrder.allCases.map(\.rawValue))
                                                   .map { near in text.split(separator: ",", omittingEmptySubsequences: false).map { $0 == key ? near : String($0) }.joined(separator: ",") }),
                                 command: name)
                }
                keys.append(chosen)
            }
        }
        let order = keys[0]
        let dates = arguments.value("dates") ?? "relative"
        guard dates == "relative" || dates == "absolute" else {
            throw .usage(.invalidValue(option: "--dates", value: dates, expected: "relative or absolute"), command: name)
        }
        let json = arguments.flag("json")
        var options = ListRows.Options(order: order, keys: keys, today: view.today, style: view.style, notes: arguments.flag("notes"),
                                       absoluteDates: dates == "absolute", json: json)
        options.reversed = arguments.flag("reverse")
        // Written in pieces of about 64 KiB: the rows of a long listing are never held whole.
        // (Sized to the rows: a buffer of 128 KiB for ten tasks costs a mapping of its own.)
        var out = TextBuffer()
        func emit(_ buffer: inout TextBuffer) {
            context.stdout.write(buffer)
            buffer.removeAll()
        }
        var shownNothing = false
        // The one file read (nil: several files).
        var file: SourceDocument?
        switch try view.select(&options, environment: context.environment) {
        case .whole(let source, var items):
            shownNothing = items.isEmpty
            file = source
            // Stable sorts, the last key first: each earlier key keeps the later keys' order among its ties.
            let sources = [source]
            for key in keys.reversed() { items = key.sorted(items, in: sources, today: view.today) }
            if arguments.flag("reverse") { items = ViewItem.reversed(items, in: sources, grouped: options.grouped) }
            view.recordListing(items, in: sources, context: &context)
            if json {
                ListView.printJSON(items, in: sources, today: view.today) { context.stdout.write(bytes: $0) }
            } else {
                out = TextBuffer(capacity: min(items.count * 64, 1 << 17))
                ListView.render(items, in: sources, order: order, today: view.today, style: view.style, notes: options.notes,
                                absoluteDates: options.absoluteDates, into: &out, emit: emit)
            }
        case .rows(let files, let listings):
            // The first key decides, the next ones break its ties, file order the rest.
            var rows = RowReference.sorted(files)
            shownNothing = rows.isEmpty
            if arguments.flag("reverse") { rows = RowReference.reversed(rows, in: files, grouped: options.grouped) }
            if let warning = ListingStore.record(listings, environment: context.environment) { context.warn(warning) }
            if json {
                ListView.printJSON(files, rows) { context.stdout.write(bytes: $0) }
            } else {
                out = TextBuffer(capacity: min(rows.count * 64, 1 << 17))
                ListView.print(files, rows, options: options, into: &out, emit: emit)
            }
        }
        context.stdout.write(out)
        if shownNothing { view.noteNothingFound(context: &context, source: json ? nil : file) }
        if !shownNothing, !json, let file { view.noteWaiting(context: &context, source: file) }
        return 0
    }
}

enum ListCommand: TaskListCommand {
    static let name = "list"
    static let summary = "List tasks, grouped by heading, with their line numbers."
    static let usage = "tick list [OPTIONS] [FILE|FOLDER|WORD...] | tick list --query NOTE:LINE [--json]"
    static var options: [OptionSpec] {
        listOptions + [OptionSpec("query", value: "NOTE:LINE", help: "Run the ```tasks block (or Dataview TASK query) on that line of NOTE, as 'tick query NOTE:LINE' does.")]
    }
    static let defaults = TaskQuery()
    static let defaultOrder = TaskOrder.file
    static let examples: [(command: String, explanation: String)] = [
        ("tick list", "Open and in-progress tasks in the nearest TODO.md."),
        ("tick list --all -f notes/todo.md", "Every task in notes/todo.md, done ones included."),
        ("tick list --group work --due week --sort due", "Work tasks due in the next 7 days, soonest first."),
        ("tick list milk", "Open tasks whose text contains 'milk'."),
        ("tick list docs/ --tag bug", "Open tasks tagged #bug in every Markdown file under docs/."),
        ("tick list --all --json | jq '.[] | select(.important)'", "Starred tasks, for a script."),
        ("tick list --query Dashboard.md:12", "The tasks the query block on line 12 of Dashboard.md shows."),
    ]
}
