import TickCore

enum AddCommand: Command {
    static let name = "add"
    static let summary = "Add a task."
    static let usage = "tick add [--group G] [--due DATE] [--star] [--top | --after REF | --under REF] TEXT..."
    static let options = [
        OptionSpec("group", short: "g", value: "GROUP", help: "Add to GROUP (a heading title or path like Work/Backend); created when missing."),
        OptionSpec("force", help: "Add to a file named with -f even when its name is not a Markdown or text file's."),
        OptionSpec("create", help: "Create the group even when its name is close to another group's (else refused as a likely typo)."),
        OptionSpec("due", short: "d", value: "DATE", help: "Due date: YYYY-MM-DD, today, tomorrow, fri, +3d, +2w, +1m, eow, eom."),
        OptionSpec("star", short: "s", help: "Mark the task important."),
        OptionSpec("date", help: "Record today as the created date (the default when the file already records created dates)."),
        OptionSpec("top", help: "Put it first in the group instead of last."),
        OptionSpec("after", value: "REF", help: "Put it right after task REF."),
        OptionSpec("under", value: "REF", help: "Make it the last subtask of task REF."),
    ] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick add Buy milk", "Add 'Buy milk' to the first list in TODO.md."),
        ("tick add -g Groceries --due fri Coffee beans", "Add to the Groceries group, due on the coming Friday."),
        ("tick add --under 12 Write the tests", "Add a subtask under the task on line 12."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let typed = try EditSession.text(arguments.operands.joined(separator: " ")).trimmingSpaces
        guard !typed.isEmpty else { throw TickError.usage(.missingOperand("task text"), command: name) }
        do throws(EditError) { try TaskText.check(typed) } catch { throw TickError.refused(error.message) }
        let placements = ["top", "after", "under"].filter { arguments.flag($0) || arguments.value($0) != nil }
        if placements.count > 1 {
            throw TickError.usage(.invalidValue(option: "--" + placements[1], value: "", expected: "only one of --top, --after, --under"), command: name)
        }
        let today = try context.environment.today()
        // Every option is checked before a missing file is created for the task.
        do { _ = try ColorChoice(option: arguments.value("color")) } catch { throw .usage(error, command: name) }
        let path = try EditSession.path(arguments, environment: context.environment)
        // A file named on the command line is a task file by its name: `-f setup.py`, or a
        // link to /etc/passwd, is most likely a slip of the shell's completion.
        // The name that counts is the file's own, where a link leads (else, for a file to
        // create, the name given).
        if let named = arguments.value("file"), named != FileReader.standardInput, !arguments.flag("force") {
            try refuseUnlessTaskFile(named, verb: "add to")
        }
        // A phrase typed without quotes (`--due next week`) gives the option its first word:
        // said as such, rather than that the word is no date.
        // (The rest of it is the text's first word, or its last when --due came last.)
        if let value = arguments.value("due"), DateExpression.parse(said: value, today: today) == nil,
           let next = [arguments.operands.first, arguments.operands.last].compactMap({ $0 }).first(where: {
               DateExpression.parse(said: value + " " + $0, today: today) != nil }) {
            throw TickError.usage(.invalidValue(option: "--due", value: value, expected: "a date; a date of several words is quoted: --due '\(value) \(next)'"),
                                  command: name)
        }
        let due = try arguments.value("due").map { text throws(TickError) in try EditSession.date(text, today: today, path: path) }
        var text = try EditSession.reporting(path) { () throws(EditError) in try NewTask.normalizedDates(typed, today: today, dueOption: arguments.value("due")) }
        // In a vault with a global filter, a task is one only with it: it goes first, as
        // Obsidian Tasks writes it.
        if let filter = context.config.globalFilter, !filter.isHeld(by: Array(text.utf8)) { text = filter.text + " " + text }
        let groupName = try arguments.value("group").map { name throws(TickError) in try EditSession.text(name) }
        let fallback = context.config.dialect, recordCreated = context.config.recordCreated
        // A file named on the command line (or by TICK_FILE, or .tick.toml) that does not exist
        // yet is created, and the user told so; it goes again if the task cannot be added.
        func add(created: Bool, context: inout CommandContext) throws(TickError) {
            // A group the name matched none of, created for the task: said.
            var newGroup: String?
            try EditSession.applyEdit(path, arguments, context: &context, created: created) { input throws(EditError) in
                let named = arguments.value("file") != nil
                var place = NewTask.Place.bottom
                if arguments.flag("top") { place = .top }
                if let reference = arguments.value("after") { place = .after(try input.task(reference, named: named)) }
                if let reference = arguments.value("under") { place = .under(try input.task(reference, named: named)) }
                let task = NewTask(text: text, place: place, group: groupName, createsGroup: arguments.flag("create"), important: arguments.flag("star"),
                                   due: due, recordsCreated: arguments.flag("date") || recordCreated, fallback: fallback, today: today)
                let added = try task.splices(in: input.document)
                newGroup = added.newGroup
                return EditPlan(added.splices, subjects: [.newTasks(verb: "added")])
            }
            // (In a file it has just created, every group is new: that is said already.)
            if let newGroup, !created, !arguments.flag("dry-run"), !arguments.flag("quiet") {
                context.note("created group '\(newGroup)' (no group had that name)")
            }
        }
        if arguments.flag("dry-run") {
            try add(created: false, context: &context)
        } else {
            try FileCreator.creatingIfMissing(path) { created throws(TickError) in
                try add(created: created, context: &context)
                // Said once the task is in it: a file the task cannot go in is removed again.
                if created, !arguments.flag("quiet") { context.stderr.write("tick: created \(PathBytes.display(path))\n") }
            }
        }
        return 0
    }

    /// A name a task file has: Markdown (`.md`, `.markdown`) or text (`.txt`, todo.txt's),
    /// in any case.
    /// Refuses a file that is not a task file by its name (nor leads to one): most likely a
    /// slip (`-f setup.py`), which `--force` overrides.
    /// A text file that holds lines but no Markdown task is most likely a todo.txt file, whose
    /// lines (`(A) Call mom`) tick does not read: a task added would be Markdown among them.
    static func refuseUnlessTaskFile(_ named: String, verb: String) throws(TickError) {
        if let real = Syscalls.realPath(named), real.lowercased().hasSuffix(".txt"), let bytes = try? FileReader.read(real),
           bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), Document(bytes: bytes).tasks.isEmpty {
            throw TickError.refused("\(PathBytes.display(named)) holds no Markdown task (- [ ] ...), as a todo.txt file would, and tick does not read todo.txt lines; add --force to \(verb) it anyway")
        }
        guard !isTaskFileName(Syscalls.realPath(named) ?? named) else { return }
        let real = Syscalls.realPath(named)
        let what = real.map { isTaskFileName(named) ? " leads to \(PathBytes.display($0)), which" : "" } ?? ""
        throw TickError.refused("\(PathBytes.display(named))\(what) is not a Markdown or text file by its name (.md, .markdown, .txt); add --force to \(verb) it anyway")
    }

    static func isTaskFileName(_ path: String) -> Bool {
        PathWalker.isMarkdown(path) || path.lowercased().hasSuffix(".txt")
    }
}
