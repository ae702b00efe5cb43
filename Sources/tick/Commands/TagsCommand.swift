import TickCore

/// `tick tags`: the tags, projects and contexts in use, with how many tasks carry each.
enum TagsCommand: Command {
    static let name = "tags"
    static let summary = "List #tags, +projects and @contexts with the number of open tasks that carry each."
    static let usage = "tick tags [FILTERS] [PATH...]"
    static var options: [OptionSpec] { ViewOptions.filters + ViewOptions.output.filter { $0.long == "json" } }
    static let examples: [(command: String, explanation: String)] = [
        ("tick tags", "The tokens of the open tasks of the nearest TODO.md, most used first."),
        ("tick tags --all ~/notes", "Every task's tokens, across a folder."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let view = try ViewOptions(arguments, command: name, defaults: TaskQuery(), environment: context.environment, acceptsWords: false)
        let sources = try view.load(environment: context.environment)
        let tallies = TokenTally.tally(ViewItem.select(sources, query: view.query, today: view.today), in: sources)
        if arguments.flag("json") {
            JSONWriter.lines(tallies, emit: { context.stdout.write(bytes: $0) }) { tally, json in
                json.beginObject()
                json.key("token"); json.string(tally.token)
                json.key("count"); json.int(tally.count)
                json.endObject()
            }
            return 0
        }
        let width = tallies.map { DisplayWidth.of(TerminalText.sanitized($0.token)) }.max() ?? 0
        var out = ""
        for tally in tallies {
            let token = TerminalText.sanitized(tally.token)
            out += token + String(repeating: " ", count: width - DisplayWidth.of(token) + 2) + String(tally.count) + "\n"
        }
        context.stdout.write(out)
        // Nothing printed looks like a failure on a terminal: said.
        if tallies.isEmpty, Syscalls.isTerminal(1) {
            context.note(view.query.statuses == nil ? "no task has a #tag, +project or @context"
                         : "no open task has a #tag, +project or @context (--all looks among every task)")
        }
        return 0
    }
}
