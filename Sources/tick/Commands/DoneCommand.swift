import TickCore

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
