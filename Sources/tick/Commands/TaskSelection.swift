import TickCore

/// Which tasks an edit command is about: references (line numbers as a listing showed them,
/// `LINE@FINGERPRINT` from `--json`, or text), or the list filters (`tick done --tag errands`),
/// and the question asked before an edit of many tasks or a deletion of subtasks.
struct TaskSelection {
    /// The filters of a view, but for where a view reads (an edit reads one file).
    static let options = ViewOptions.filters.filter { !["file", "stdin-filename", "no-ignore"].contains($0.long) }

    enum Kind {
        /// References, and whether the command line named the file they are in.
        case references([String], named: Bool)
        case filter(TaskQuery)

        /// The lines the references name, when each is a line number.
        var lines: EditSession.Lines? {
            guard case .references(let references, let named) = self else { return nil }
            return EditSession.Lines(references, fileNamed: named)
        }
    }

    let targets: [(path: String, kind: Kind)]
    let today: CivilDate
    /// Which of several tasks a text matches the command means: the open one, but for
    /// `reopen`, the closed one.
    let prefers: TaskReference.Preference

    static func preference(of command: String) -> TaskReference.Preference {
        command == "reopen" ? .closed : .open
    }

    init(_ operands: [String], _ arguments: ParsedArguments, command: String, defaults: TaskQuery = TaskQuery(),
         environment: Environment) throws(TickError) {
        today = try environment.today()
        prefers = Self.preference(of: command)
        if ViewOptions.hasFilter(arguments) {
            if let extra = operands.first {
                throw TickError.usage(.invalidValue(option: "filters", value: extra, expected: "either task references or filters such as --tag, not both"), command: command)
            }
            var query = try ViewOptions.query(arguments, command: command, defaults: defaults, today: today)
            query.globalFilter = environment.globalFilter
            targets = [(try EditSession.path(arguments, environment: environment), .filter(query))]
        } else {
            guard !operands.isEmpty else {
                throw TickError.usage(.missingOperand("task reference (line number or text), or a filter such as --tag or --group"), command: command)
            }
            targets = try EditSession.targets(operands, arguments, environment: environment).map { ($0.path, .references($0.references, named: $0.named)) }
        }
    }

    /// The tasks `kind` selects in the document being edited.
    func tasks(_ kind: Kind, in input: EditSession.Input) throws(EditError) -> [Task] {
        switch kind {
        case .references(let references, let named):
            return try input.tasks(references, named: named, prefers: prefers)
        case .filter(let query):
            // An edit takes one group, as every edit that names one does: of several, the one
            // nearer the top (`Groceries`, not the archive's `Done / Groceries`, which a view
            // shows too), else the candidates are listed. One not in the file is a mistake, as
            // in the views, not an empty match.
            let lines = try query.group.map { group throws(EditError) in
                Sections.subtreeLines(ofHeading: try Sections.resolve(group.text, in: input.document), in: input.document)
            }
            let matcher = query.matcher(for: input.document, today: today)
            return input.document.tasks.filter { task in matcher.matches(task) && lines?.contains(task.line) ?? true }
        }
    }

    /// Before an edit of 3 or more tasks, or a deletion that takes subtasks with it: shows the
    /// tasks and asks on a terminal; elsewhere it needs `--yes`. `question` gets the number of
    /// tasks and of subtasks that go with them. `changes`: whether the edit changes a task (one
    /// already starred is not asked about, nor counted).
    /// `withOpenSubtasks`: the edit changes the open subtasks of the tasks too (`done
    /// --with-subtasks`), and counts them.
    func confirm(_ kind: Kind, path: String, deletes: Bool, withOpenSubtasks: Bool = false, arguments: ParsedArguments, context: inout CommandContext,
                 changes: (Task, Document) -> Bool = { _, _ in true }, question: (_ tasks: Int, _ subtasks: Int, _ notes: Int) -> String) throws(TickError) {
        if arguments.flag("yes") || arguments.flag("dry-run") { return }
        if case .references(let references, _) = kind, references.count < 3, !deletes, !withOpenSubtasks,
           !references.contains(where: { TaskReference.range($0) != nil }) { return }
        let document = context.environment.document(try FileReader.read(path))
        let input = EditSession.input(path: path, document: document, environment: context.environment).input
        var tasks = try EditSession.reporting(path) { () throws(EditError) in try self.tasks(kind, in: input) }.filter { changes($0, document) }
        if withOpenSubtasks {
            var chosen = Set(tasks.map(\.index))
            for task in tasks {
                for subtask in document.descendants(of: task) where !subtask.isClosed && chosen.insert(subtask.index).inserted { tasks.append(subtask) }
            }
        }
        var subtasks = Set<Int>()
        if deletes {
            // A subtask of a task deleted too goes with it, and is counted with its subtasks.
            tasks = Self.outermost(tasks, in: document)
            for task in tasks { for subtask in document.descendants(of: task) { subtasks.insert(subtask.index) } }
        }
        guard tasks.count >= 3 || !subtasks.isEmpty else { return }
        // What goes: the tasks, and with a deletion the subtasks under them and their notes.
        let notes = deletes ? (tasks.map(\.index) + subtasks).reduce(0) { $0 + document.notes(of: document.tasks[$1]).count } : 0
        try EditSession.confirm(question(tasks.count, subtasks.count, notes), showing: Set(tasks.map(\.index)).union(subtasks).sorted(),
                                in: document, path: path, context: &context)
    }

    /// The tasks that are not under another of them: deleting those deletes the rest.
    static func outermost(_ tasks: [Task], in document: Document) -> [Task] {
        let chosen = Set(tasks.map(\.index))
        return tasks.filter { task in
            var parent = task.parent
            while let index = parent {
                if chosen.contains(index) { return false }
                parent = document.tasks[index].parent
            }
            return true
        }
    }

    /// "3 tasks", "1 task".
    static func count(_ number: Int, _ noun: String = "task") -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
