import TickCore

enum UnstarCommand: TaskActionCommand {
    static let name = "unstar"
    static let summary = "Remove the important mark from tasks."
    static let usage = "tick unstar REF... | tick unstar FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick unstar 7", "Unstar the task on line 7.")]

    static func question(_ count: Int) -> String { "Unstar \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .unstar }
}
