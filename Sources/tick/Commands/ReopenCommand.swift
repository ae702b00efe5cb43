import TickCore

enum ReopenCommand: TaskActionCommand {
    static let name = "reopen"
    static let summary = "Mark tasks open again."
    static let usage = "tick reopen REF... | tick reopen FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick reopen 12", "Mark line 12 open ([ ]).")]

    static var selectionDefaults: TaskQuery { var query = TaskQuery(); query.statuses = [.closed]; return query }
    static func question(_ count: Int) -> String { "Reopen \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .reopen }
}
