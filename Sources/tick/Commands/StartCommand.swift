import TickCore

enum StartCommand: TaskActionCommand {
    static let name = "start"
    static let summary = "Mark tasks in progress ([/])."
    static let usage = "tick start REF... | tick start FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick start 'quarterly report'", "Mark that task as being worked on.")]

    static func question(_ count: Int) -> String { "Mark \(TaskSelection.count(count)) in progress?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .start }
}
