import TickCore

/// `tick show REF`: one task whole, as a phone app's detail screen shows it: where it is, its
/// status, dates, priority, recurrence, tags, notes and subtasks.
enum ShowCommand: Command {
    static let name = "show"
    static let summary = "Show a task whole: its file and line, group, dates, notes and subtasks."
    static let usage = "tick show [--json] [--history] REF..."
    static let options = [
        OptionSpec("file", short: "f", value: "FILE", help: "The file the references are in (default: TICK_FILE, else .tick.toml's [tasks] file, else the nearest TODO.md)."),
        OptionSpec("json", help: "Print the tasks as JSON (the list schema, with notes)."),
        OptionSpec("history", help: "Also the commits that added and changed the task (git log of the file, renames followed)."),
    ] + ViewOptions.output.filter { $0.long == "color" }
    static let examples: [(command: String, explanation: String)] = [
        ("tick show 17", "The task on line 17, with its notes and subtasks."),
        ("tick show 'quarterly report'", "The one task whose text contains those words."),
        ("tick show --history 17", "With the commits where it was added, edited, completed, …"),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard !arguments.operands.isEmpty else { throw .usage(.missingOperand("task reference"), command: name) }
        let today = try context.environment.today()
        let style: TextStyle
        do { style = try ColorChoice(option: arguments.value("color")).style(for: 1, environment: context.environment) } catch {
            throw .usage(error, command: name)
        }
        var json = JSONWriter()
        var objects: [[UInt8]] = []
        var out = TextBuffer(capacity: 1024)
        for target in try EditSession.targets(arguments.operands, arguments, environment: context.environment) {
            let document = context.environment.document(try FileReader.read(target.path))
            let (input, names) = EditSession.input(path: target.path, document: document, environment: context.environment)
            let tasks = try EditSession.reporting(target.path) { () throws(EditError) in try input.tasks(target.references, named: target.named) }
            let file = PathBytes.display(target.path)
            // The lines printed are what the user will type next: they name those tasks now,
            // as an edit's rows do (a listing made before would give them other meanings).
            // When the last listing was of other files, what show printed is the listing now
            // (tick(1): the lines show prints count as a listing), as a view's rows would be.
            var shown: [Int] = []
            defer {
                if let names {
                    let known = ListingStore.load(names, environment: context.environment)
                    let warning = known.otherFilesListed == nil && known.listedThroughLink == nil
                        ? ListingStore.show(shown.map { document.tasks[$0].line + 1 }, realPath: names.realPath, after: document, environment: context.environment)
                        : ListingStore.record([ListingStore.Shown(names, listing: Listing(shown: Array(Set(shown)), in: document))],
                                              environment: context.environment)
                    if let warning { context.warn(warning) }
                }
            }
            for task in tasks {
                shown.append(task.index)
                if let parent = task.parent { shown.append(parent) }
                shown += document.descendants(of: task).map(\.index)
                let history = arguments.flag("history")
                    ? try GitHistory.steps(of: task.index, path: target.path, document: document, environment: context.environment) : nil
                if arguments.flag("history"), history == nil {
                    context.warn("\(file) has no git history (not in a repository, or not committed)")
                }
                if arguments.flag("json") {
                    json = JSONWriter()
                    TaskJSON.write(task, in: document, file: file, extra: history.map { steps in { json in TaskHistory.json(steps, to: &json) } }, to: &json)
                    objects.append(json.bytes)
                } else {
                    if !out.isEmpty { out.append(0x0A) }
                    TaskDetail.render(task, in: document, file: file, today: today, style: style, into: &out)
                    if let history { TaskHistory.render(history, style: style, into: &out) }
                }
            }
        }
        if arguments.flag("json") {
            JSONWriter.lines(objects, emit: { context.stdout.write(bytes: $0) }) { object, json in json.raw(object) }
        } else {
            context.stdout.write(out)
        }
        return 0
    }
}
