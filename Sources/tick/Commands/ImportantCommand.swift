import TickCore

enum ImportantCommand: TaskListCommand {
    static let name = "important"
    static let summary = "Starred tasks from every group: the Important list."
    static let usage = "tick important [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] { listOptions }
    static var defaults: TaskQuery { var query = TaskQuery(); query.importantOnly = true; return query }
    static let defaultOrder = TaskOrder.file
    static let examples: [(command: String, explanation: String)] = [
        ("tick important", "Open starred tasks, by group."),
        ("tick important --all --sort due", "Every starred task, done ones too, by due date."),
    ]
}
