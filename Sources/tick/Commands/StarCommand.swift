import TickCore

enum StarCommand: TaskActionCommand {
    static let name = "star"
    static let summary = "Mark tasks important (a * after the checkbox)."
    static let usage = "tick star REF... | tick star FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick star 7 9", "Star the tasks on lines 7 and 9.")]

    static func question(_ count: Int) -> String { "Star \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .star }
}
