import TickCore

enum OverdueCommand: TaskListCommand {
    static let name = "overdue"
    static let summary = "Open tasks whose due date has passed, most overdue first."
    static let usage = "tick overdue [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] { listOptions }
    static var defaults: TaskQuery { var query = TaskQuery(); query.due = .overdue; return query }
    static let defaultOrder = TaskOrder.due
    static let examples: [(command: String, explanation: String)] = [
        ("tick overdue", "Every late task in the nearest TODO.md."),
        ("tick overdue --json | jq length", "How many tasks are late."),
    ]
}
