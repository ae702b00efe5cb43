import TickCore

enum CancelCommand: TaskActionCommand {
    static let name = "cancel"
    static let summary = "Mark tasks cancelled ([-]): closed, but not done."
    static let usage = "tick cancel REF... | tick cancel FILTERS"
    static var options: [OptionSpec] {
        [OptionSpec("date", help: "Record today as the cancelled date (the default when the file already records dates).")]
            + EditSession.commonOptions + TaskSelection.options
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick cancel 'gym membership'", "Mark it [-]; progress counts it out of the total."),
    ]

    static func question(_ count: Int) -> String { "Cancel \(TaskSelection.count(count))?" }
    static func action(_ arguments: ParsedArguments) -> TaskAction { .cancel }
}
