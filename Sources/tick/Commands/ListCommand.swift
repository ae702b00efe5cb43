import TickCore

enum ListCommand: Command {
    static let name = "list"
    static let summary = "List tasks, grouped by heading, with their line numbers."
    static let usage = "tick list [--all] [--json] [-f FILE] [FILE...]"
    static let options = [
        OptionSpec("file", short: "f", value: "FILE", help: "Read FILE (default: TICK_FILE, else the nearest TODO.md)."),
        OptionSpec("all", short: "a", help: "Show every task, done ones included (default: open and doing)."),
        OptionSpec("json", help: "Print tasks as a JSON array (schema in tick(1))."),
        OptionSpec("color", value: "WHEN", help: "Colour output: auto (default), always or never."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick list", "Open tasks in the nearest TODO.md."),
        ("tick list --all -f notes/todo.md", "Every task in notes/todo.md, done ones included."),
        ("tick list --all --json | jq '.[] | select(.important)'", "Starred tasks, for a script."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let today = try context.environment.today()
        let color: ColorChoice
        do { color = try ColorChoice(option: arguments.value("color")) } catch { throw .usage(error, command: name) }
        let paths = try DocumentLoader.paths(arguments, environment: context.environment)
        let sources = try paths.map { path throws(TickError) in try DocumentLoader.load(path) }
        let includeAll = arguments.flag("all")
        let include: (Task) -> Bool = { includeAll || !$0.status.isClosed }
        if arguments.flag("json") {
            var json = JSONWriter()
            json.beginArray()
            for source in sources {
                for task in source.document.tasks where include(task) {
                    json.lineBreak()
                    TaskJSON.write(task, in: source.document, file: source.path, to: &json)
                }
            }
            json.newline()
            json.endArray()
            json.newline()
            context.stdout.write(bytes: json.bytes)
        } else {
            let style = color.style(for: 1, environment: context.environment)
            context.stdout.write(ListView.render(sources, today: today, style: style, include: include))
        }
        return 0
    }
}
