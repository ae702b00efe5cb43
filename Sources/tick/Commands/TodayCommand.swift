import TickCore

enum TodayCommand: TaskListCommand {
    static let name = "today"
    static let summary = "Open tasks due today or overdue, soonest first."
    static let usage = "tick today [OPTIONS] [FILE|FOLDER|WORD...]"
    static var options: [OptionSpec] { listOptions }
    static var defaults: TaskQuery { var query = TaskQuery(); query.due = .todayOrOverdue; return query }
    static let defaultOrder = TaskOrder.due
    static let examples: [(command: String, explanation: String)] = [
        ("tick today", "What needs doing today, overdue tasks first."),
        ("tick today ~/notes", "The same across every Markdown file under ~/notes."),
    ]
}
