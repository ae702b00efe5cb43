import TickCore

enum DueCommand: Command {
    static let name = "due"
    static let summary = "Set, move or clear tasks' due date."
    static let usage = "tick due REF... DATE|due+N[dwmy]|none | tick due FILTERS DATE|due+N[dwmy]|none"
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static let examples: [(command: String, explanation: String)] = [
        ("tick due 12 fri", "Due on the coming Friday (written as an ISO date; next fri: the one of next week)."),
        ("tick due 'report' +2w", "Due two weeks from today."),
        ("tick due 12 next week", "Due next Monday (also: in 3 days, dec 5, end of month)."),
        ("tick due 12 due+2d", "Two days later than it is due now (due-1w: a week earlier)."),
        ("tick due 12 none", "Remove the due date."),
        ("tick due --group Work --due overdue tomorrow", "Move every overdue Work task to tomorrow."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let operands = arguments.operands, filtered = ViewOptions.hasFilter(arguments)
        guard operands.count >= (filtered ? 1 : 2) else {
            // One operand is a reference without its date (or, with filters, nothing at all).
            throw TickError.usage(.missingOperand(operands.isEmpty && !filtered ? "task reference and date" : "date (or none)"), command: name)
        }
        let today = try context.environment.today()
        // The date may be a phrase typed without quotes (`tick due 12 next week`): the longest
        // run of last operands, up to five, that reads as a date, leaving a reference.
        let longest = min(5, operands.count - (filtered ? 0 : 1))
        // None does: the words written as a day of a month, which the error then names
        // (`'feb 30' is not a date`, not `'30'`), or the words `in` would make a date of
        // (`'a week' is not a date (did you mean 'in a week'?)`).
        func reads(_ count: Int, _ test: (String) -> Bool) -> Bool { test(operands.suffix(count).joined(separator: " ")) }
        let dateWords = longest < 2 ? 1 : (2...longest).reversed().first { reads($0) { DateExpression.parse(said: $0, today: today) != nil } }
            ?? (2...longest).reversed().first { DateExpression.isDayOfMonth(Array(operands.suffix($0))) }
            ?? (2...longest).reversed().first { reads($0) { DateExpression.parse("in " + $0, today: today) != nil } } ?? 1
        let value = operands.suffix(dateWords).joined(separator: " ")
        // `on` or `by` alone before the date is part of it (`tick due on friday`), not a task.
        if !filtered, operands.count == dateWords + 1, ["on", "by"].contains(operands[0].lowercased()),
           DateExpression.parse(said: operands.joined(separator: " "), today: today) != nil {
            throw TickError.usage(.missingOperand("task reference before the date ('\(operands.joined(separator: " "))' is the date)"), command: name)
        }
        let selection = try TaskSelection(Array(operands.dropLast(dateWords)), arguments, command: name, environment: context.environment)
        let action: TaskAction, question: (Int) -> String
        if let shift = DateShift(fromDue: value) {
            action = .moveDue(shift, postponing: false)
            question = { "Move the due date of \(TaskSelection.count($0)) by \(shift)?" }
        } else if value.lowercased() == "none" {
            action = .due(nil)
            question = { "Remove the due date of \(TaskSelection.count($0))?" }
        } else {
            let date = try EditSession.date(value, today: today, path: selection.targets[0].path)
            action = .due(date)
            question = { "Set the due date of \(TaskSelection.count($0)) to \(date)?" }
        }
        try TaskActionEdit.apply(action, to: selection, asking: question, arguments, context: &context)
        return 0
    }
}
