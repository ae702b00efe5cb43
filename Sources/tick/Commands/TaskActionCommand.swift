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
        try TaskActionEdit.apply(action(arguments), to: selection, asking: question, arguments, context: &context)
        return 0
    }
}

/// A `TaskAction` made on the tasks a selection names, file by file: what `done`, `due`,
/// `postpone` and the other status commands share.
enum TaskActionEdit {
    /// Asks first as edits of several tasks do (counting the tasks the action changes), makes
    /// the action, and says its notes (a parent done with open subtasks).
    static func apply(_ action: TaskAction, to selection: TaskSelection, asking question: (Int) -> String,
                      _ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) {
        let config = context.config
        for target in selection.targets {
            let withOpenSubtasks = if case .done(withSubtasks: true) = action { true } else { false }
            try selection.confirm(target.kind, path: target.path, deletes: false, withOpenSubtasks: withOpenSubtasks, arguments: arguments,
                                  context: &context, changes: action.changes) { count, _, _ in
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
    }
}
