import TickCore

/// `done`, `reopen`, `start`, `star`, `unstar`: change one property of one or more tasks,
/// named by references or selected by the list filters.
protocol TaskActionCommand: Command {
    /// The question before changing many tasks: "Mark 5 tasks done?".
    static func question(_ count: Int) -> String
    /// The action the command takes, with its options.
    static func action(_ arguments: ParsedArguments) -> TaskAction
    /// What the filters select before they narrow it (open and in-progress tasks; `reopen`: closed ones).
    static var selectionDefaults: TaskQuery { get }
}

extension TaskActionCommand {
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static var selectionDefaults: TaskQuery { TaskQuery() }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let selection = try TaskSelection(arguments.operands, arguments, command: name, defaults: selectionDefaults,
                                          environment: context.environment)
        let config = context.config
        let action = action(arguments)
        for target in selection.targets {
            try selection.confirm(target.kind, path: target.path, deletes: false, arguments: arguments, context: &context,
                                  changes: action.changes) { count, _ in
                question(count)
            }
            var notes: [String] = []
            try EditSession.applyEdit(target.path, arguments, context: &context, showsFile: selection.targets.count > 1,
                                      lines: target.kind.lines) { input throws(EditError) in
                let tasks = try selection.tasks(target.kind, in: input)
                let dates = DateRecording(input.document, today: selection.today, config: config, recordsDate: arguments.flag("date"))
                var plan = try action.plan(tasks, in: input.document, dates: dates, notesOpenSubtasks: !arguments.flag("dry-run"))
                if plan.subjects.isEmpty { plan.nothing = "no task matches the filters; nothing changed" }
                notes = plan.noteLines
                return plan
            }
            for note in notes { context.note("\(PathBytes.display(target.path)): \(note)") }
        }
        return 0
    }
}

enum DoneCommand: TaskActionCommand {
    static let name = "done"
    static let summary = "Mark tasks done."
    static let usage = "tick done [--with-subtasks] REF... | tick done FILTERS"
    static var options: [OptionSpec] {
        [OptionSpec("with-subtasks", help: "Also mark the tasks' open subtasks done."),
         OptionSpec("date", help: "Record today as the done date (the default when the file already records done dates).")]
            + EditSession.commonOptions + TaskSelection.options
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick done 12", "Mark the task on line 12 done."),
        ("tick done 'call the plumber'", "Mark done the one task whose text contains these words."),
        ("tick done --with-subtasks 5", "Mark line 5 and every subtask under it done."),
        ("tick done --tag errands --yes", "Mark every open task tagged #errands done."),
    ]

    static func question(_ count: Int) -> String { "Mark \(TaskSelection.count(count)) done?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .done(withSubtasks: arguments.flag("with-subtasks")) }
}

enum ReopenCommand: TaskActionCommand {
    static let name = "reopen"
    static let summary = "Mark tasks open again."
    static let usage = "tick reopen REF... | tick reopen FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick reopen 12", "Mark line 12 open ([ ]).")]

    static var selectionDefaults: TaskQuery { var query = TaskQuery(); query.statuses = [.closed]; return query }
    static func question(_ count: Int) -> String { "Reopen \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .reopen }
}

enum StartCommand: TaskActionCommand {
    static let name = "start"
    static let summary = "Mark tasks in progress ([/])."
    static let usage = "tick start REF... | tick start FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick start 'quarterly report'", "Mark that task as being worked on.")]

    static func question(_ count: Int) -> String { "Mark \(TaskSelection.count(count)) in progress?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .start }
}

enum StarCommand: TaskActionCommand {
    static let name = "star"
    static let summary = "Mark tasks important (a * after the checkbox)."
    static let usage = "tick star REF... | tick star FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick star 7 9", "Star the tasks on lines 7 and 9.")]

    static func question(_ count: Int) -> String { "Star \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .star }
}

enum UnstarCommand: TaskActionCommand {
    static let name = "unstar"
    static let summary = "Remove the important mark from tasks."
    static let usage = "tick unstar REF... | tick unstar FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick unstar 7", "Unstar the task on line 7.")]

    static func question(_ count: Int) -> String { "Unstar \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .unstar }
}

enum CancelCommand: TaskActionCommand {
    static let name = "cancel"
    static let summary = "Mark tasks cancelled ([-]): closed, but not done."
    static let usage = "tick cancel REF... | tick cancel FILTERS"
    static var options: [OptionSpec] {
        [OptionSpec("date", help: "Record today as the cancelled date (the default when the file already records dates).")]
            + EditSession.commonOptions + TaskSelection.options
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick cancel 'gym membership'", "Mark it [-]; progress counts it out of the total."),
    ]

    static func question(_ count: Int) -> String { "Cancel \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .cancel }
}
