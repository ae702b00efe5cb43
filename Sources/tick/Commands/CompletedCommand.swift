import TickCore

enum CompletedCommand: TaskListCommand {
    static let name = "completed"
    static let summary = "Done tasks, by group."
    static let usage = "tick completed [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] { listOptions }
    static var defaults: TaskQuery { var query = TaskQuery(); query.statuses = [.closed]; return query }
    static let defaultOrder = TaskOrder.file
    static let examples: [(command: String, explanation: String)] = [
        ("tick completed", "What is done, group by group."),
        ("tick completed --group work --json", "Done work tasks, for a script."),
    ]
}
