import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick query`: Obsidian Tasks' query blocks run from the command line, against the vault.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "Run the ```tasks blocks and Dataview TASK queries of notes, or a query given here, against a vault."
    static let usage = "tick query [--vault DIR] [--json] NOTE[:LINE]|FOLDER... | tick query -e INSTRUCTION... [DIR|FILE...]"
    static let options = [
        OptionSpec("expression", short: "e", value: "INSTRUCTION", help: "An instruction of a query to run (repeatable, one per line of a block)."),
        OptionSpec("vault", value: "DIR", help: "The folder whose task files the queries read (default: the working directory; with -e, the operands)."),
    ] + ViewOptions.output.map { option in
        option.long == "json" ? OptionSpec("json", help: "Print a JSON array, one object per query: its place, its tasks and its groups (schema in tick(1)).") : option
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick query Dashboard.md", "Each ```tasks block of Dashboard.md, run against the vault here."),
        ("tick query Dashboard.md:12", "The block on line 12 alone."),
        ("tick query -e 'not done' -e 'due before tomorrow' -e 'sort by priority'", "One query, as it would stand in a block."),
        ("tick query -e 'path includes Work' -e explain", "How tick reads a query, then its tasks."),
        ("tick query -e 'not done' -e 'group by due' notes/", "A query over the task files under notes/, grouped by due date."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let today = try context.environment.today()
        let expressions = arguments.allValues("expression")
        if !expressions.isEmpty, arguments.value("vault") != nil, let operand = arguments.operands.first {
            throw TickError.usage(.unexpectedOperand(operand), command: name)
        }
        if expressions.isEmpty, arguments.operands.isEmpty {
            throw TickError.usage(.missingOperand("note with ```tasks blocks (or -e INSTRUCTION)"), command: name)
        }
        let style: TextStyle
        do { style = try ColorChoice(option: arguments.value("color")).style(for: 1, environment: context.environment) } catch {
            throw .usage(error, command: name)
        }
        // With -e, the operands are what the query reads; else the notes' blocks read the vault:
        // the Obsidian vault the first note is in (the folder with `.obsidian`), else here.
        let vault = arguments.value("vault").map { [$0] }
            ?? (expressions.isEmpty ? [obsidianVault(holding: note(arguments.operands[0]).path, from: context.environment.workingDirectory) ?? "."]
                                    : arguments.operands.isEmpty ? ["."] : arguments.operands)
        let vaultFolder = Syscalls.realPath(vault[0])
        // The queries: the one given here, or every block of the notes named.
        var queries: [(location: String?, note: String?, query: TasksQuery)] = []
        if !expressions.isEmpty {
            queries.append((nil, nil, TasksQuery(expressions, firstLine: 1, today: today)))
        } else {
            for operand in arguments.operands {
                let (named, line) = note(operand)
                var found: [(path: String, block: NoteQueries.Block)] = []
                for path in try PathWalker.files([named]) {
                    // The note as a path in the vault, which placeholders name.
                    let note = Syscalls.realPath(path).map { real in vaultFolder.flatMap { real.dropping(prefix: $0 == "/" ? $0 : $0 + "/") } ?? real } ?? path
                    let queries = NoteQueries(try FileReader.read(path), note: note, today: today)
                    // Said of the note, or of the one block named.
                    for other in queries.others where line.map(other.holds) ?? true {
                        context.note("\(PathBytes.display(path)):\(other.line): a Dataview \(other.kind) query; tick runs TASK queries, not \(other.kind)")
                    }
                    found += queries.blocks.map { (path, $0) }
                }
                let chosen = line.map { line in found.filter { $0.block.holds(line) } } ?? found
                if let line, chosen.isEmpty { throw TickError.refused("\(PathBytes.display(named)):\(line) is in no ```tasks block, nor a Dataview TASK query") }
                for (path, block) in chosen {
                    queries.append(("\(PathBytes.display(path)):\(block.line)", PathBytes.display(path), block.query))
                }
            }
            if queries.isEmpty {
                context.note("no ```tasks block or Dataview TASK query in \(arguments.operands.map { PathBytes.display($0) }.joined(separator: ", "))")
                return 0
            }
        }
        // Each file with its path in the vault, as Obsidian reads `path`, `folder` and `root`.
        var files: [(path: String, inVault: String)] = []
        for root in vault {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            for path in try PathWalker.files([root]) {
                let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
                files.append((path, relative.hasPrefix("./") ? String(relative.dropFirst(2)) : relative))
            }
        }
        // A vault's own .tick.toml (its status characters, its global filter) applies to its
        // files, wherever tick is run from; the working directory's otherwise.
        var environment = context.environment
        if vault != ["."], let root = vault.first, let info = Syscalls.fileStatus(root), (info.st_mode & S_IFMT) == S_IFDIR {
            let folder = root.hasPrefix("/") ? root : environment.workingDirectory + "/" + root
            let config = try ConfigLoader.load(ConfigLoader.path(from: folder, environment: environment))
            environment.statuses = config.statuses
            environment.globalFilter = config.globalFilter
        }
        let sources = try files.map { file throws(TickError) in try DocumentLoader.load(file.path, environment: environment) }
        var shown: [ViewItem] = []
        var json = JSONWriter()
        if arguments.flag("json") { json.beginLines() }
        var status: Int32 = 0
        for (index, (location, note, query)) in queries.enumerated() {
            // A line of a note's block by its place in the note; of a query given here, by its
            // place among the instructions.
            func place(_ problem: TasksQuery.Problem) -> String {
                note.map { "\($0):\(problem.line)" } ?? "instruction \(problem.line)"
            }
            func say(_ problem: TasksQuery.Problem, note: Bool) {
                context.stderr.write("tick: \(note ? "note: " : "")\(place(problem)): '\(TerminalText.sanitized(problem.instruction))': \(problem.message)\n")
            }
            for problem in query.problems { say(problem, note: false) }
            for line in query.ignored { say(line, note: true) }
            if !query.problems.isEmpty {
                // A query read in part would show other tasks than its author asked for: not
                // run, and in JSON, said with the lines that stopped it.
                status = 2
                if arguments.flag("json") {
                    json.nextLine { context.stdout.write(bytes: $0) }
                    QueryView.json(problems: query.problems, location: location, to: &json)
                }
                continue
            }
            let result = query.run(sources, paths: files.map(\.inVault), today: today, globalFilter: environment.globalFilter)
            shown += result.items
            if arguments.flag("json") {
                json.nextLine { context.stdout.write(bytes: $0) }
                QueryView.json(query, result, location: location, in: sources, today: today, to: &json)
                continue
            }
            if index > 0 { context.stdout.write("\n") }
            context.stdout.write(QueryView.render(query, result, location: location, in: sources, today: today, style: style))
            if location == nil {
                // A query given here has no header line: what it did not show is said aside.
                let tasks = sources.reduce(0) { $0 + $1.document.tasks.count }
                let shownTasks = result.items.count - result.subtasks
                if result.matched == 0 {
                    context.note("no task matches the query among the \(tasks) task\(tasks == 1 ? "" : "s") of \(sources.count) file\(sources.count == 1 ? "" : "s")")
                } else if shownTasks < result.matched {
                    context.note("\(shownTasks) of the \(result.matched) tasks the query matches are shown (its limit)")
                }
            }
        }
        if arguments.flag("json") { json.endLines { context.stdout.write(bytes: $0) } }
        // The numbers shown name their tasks in later edits, as a list's do.
        var seen = Set<ViewItem>()
        var listed: [ViewItem] = []
        for item in shown where seen.insert(item).inserted { listed.append(item) }
        listed.sort { ($0.source, $0.task) < ($1.source, $1.task) }
        var vaultArguments = ParsedArguments()
        vaultArguments.operands = vault
        if !listed.isEmpty, let view = try? ViewOptions(vaultArguments, command: name, defaults: TaskQuery(), environment: context.environment,
                                                        acceptsWords: false) {
            view.recordListing(listed, in: sources, context: &context)
        }
        return status
    }

    /// The note an operand names, and the line of the one block it names (`NOTE:LINE`: the
    /// block on that line, its opening fence or one of its lines).
    static func note(_ operand: String) -> (path: String, line: Int?) {
        if Syscalls.fileStatus(operand) == nil, let colon = operand.lastIndex(of: ":"),
           let number = Int(operand[operand.index(after: colon)...]), Syscalls.fileStatus(String(operand[..<colon])) != nil {
            return (String(operand[..<colon]), number)
        }
        return (operand, nil)
    }

    /// The Obsidian vault `note` is in: the nearest folder above it (or it) that holds
    /// `.obsidian`, as a path from `workingDirectory`; nil when there is none.
    static func obsidianVault(holding note: String, from workingDirectory: String) -> String? {
        guard var folder = Syscalls.realPath(note) else { return nil }
        if Syscalls.fileStatus(folder).map({ $0.st_mode & S_IFMT != S_IFDIR }) ?? true { folder = Paths.directory(of: folder) }
        while Syscalls.fileStatus(folder == "/" ? "/.obsidian" : folder + "/.obsidian").map({ $0.st_mode & S_IFMT == S_IFDIR }) != true {
            guard folder != "/" else { return nil }
            folder = Paths.directory(of: folder)
        }
        // Shown from here as tick shows other paths: below, by its path; above, by `..`.
        let here = Syscalls.realPath(workingDirectory) ?? workingDirectory
        if folder == here { return "." }
        if let below = folder.dropping(prefix: here == "/" ? here : here + "/") { return below }
        if let above = here.dropping(prefix: folder == "/" ? folder : folder + "/") {
            return Array(repeating: "..", count: above.split(separator: "/").count).joined(separator: "/")
        }
        return folder
    }
}
