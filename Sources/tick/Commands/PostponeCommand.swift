import TickCore

enum PostponeCommand: Command {
    static let name = "postpone"
    static let summary = "Move tasks' due date later: a day, or the time given."
    static let usage = "tick postpone REF... [N(d|w|m|y)] | tick postpone FILTERS [N(d|w|m|y)]"
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static let examples: [(command: String, explanation: String)] = [
        ("tick postpone 12", "Due a day later; an overdue task, tomorrow; a task with no due date, tomorrow."),
        ("tick postpone 12 14 3d", "Three days later (also 2w, 1m, 1y, or '3 days')."),
        ("tick postpone --due overdue 1w", "Every overdue task, a week from today."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        var operands = arguments.operands
        // The time is the longest run of last operands, up to three, that reads as one (`3d`,
        // `'3 days'`, `3 days`, `in a week`, `week`) and leaves a reference (or filters); else
        // one that leaves none, refused below; a day when none reads.
        var shift = DateShift(amount: 1, unit: .days)
        let filtered = ViewOptions.hasFilter(arguments)
        let today = try context.environment.today()
        // A date after a task (`postpone 6 'next week'`, `postpone 6 next week`, `postpone 6
        // fri`) is for `tick due`: postpone takes a length of time (`in a week` reads as both).
        for count in [3, 2, 1] where operands.count > count || (filtered && operands.count == count) {
            let typed = operands.suffix(count).joined(separator: " ")
            guard DateExpression.parse(said: typed, today: today) != nil, DateShift(typed) == nil, DateShift(words: typed) == nil else { continue }
            throw TickError.usage(.invalidValue(option: "time", value: typed,
                                                expected: "a length of time, such as 3d, '3 days' or 1w ('tick due REF DATE' sets a date)"), command: name)
        }
        // A number before a unit in the singular after another reference (`postpone 14 7 week`)
        // reads as task 7 and a week, or as 7 weeks: asked, never guessed. Alone, it is the
        // task's line (`postpone 7 week`), as a task must be named.
        if operands.count >= 3, let amount = Int(operands[operands.count - 2]), amount != 1,
           let unit = operands.last?.lowercased(), ["day", "week", "month", "year"].contains(unit) {
            throw TickError.usage(.invalidValue(option: "time", value: "\(amount) \(unit)",
                                                expected: "a length with its unit in the plural ('\(amount) \(unit)s' or \(amount)\(unit.first!)); "
                                                    + "'\(amount) \(unit)' could be task \(amount) and a \(unit)"), command: name)
        }
        func time(_ count: Int) -> DateShift? {
            guard operands.count >= count else { return nil }
            let words = Array(operands.suffix(count))
            let text = words.joined(separator: " ")
            if count == 2, let amount = Int(words[0]), amount != 1, !words[1].lowercased().hasSuffix("s") { return nil }
            return count == 1 ? DateShift(text) ?? DateShift(words: text) : DateShift(words: text)
        }
        let reading = [3, 2, 1].filter { time($0) != nil }
        // A reading that leaves a word of the time before it (`in`, `by`, `a`: `postpone in a
        // week`) leaves no reference: that word is not one.
        func leavesReference(_ count: Int) -> Bool {
            guard operands.count - count >= (filtered ? 0 : 1) else { return false }
            guard operands.count > count, ["in", "by", "a", "an"].contains(operands[operands.count - count - 1].lowercased()) else { return true }
            return time(count + 1) == nil
        }
        if let count = reading.first(where: leavesReference) ?? reading.first {
            let typed = operands.suffix(count).joined(separator: " ")
            shift = time(count)!
            operands.removeLast(count)
            if operands.isEmpty, !filtered {
                throw TickError.usage(.missingOperand("task reference before the time ('\(typed)' is the time to postpone by): tick postpone REF \(typed)"),
                                      command: name)
            }
        }
        guard shift.amount > 0 else {
            throw TickError.usage(.invalidValue(option: "time", value: arguments.operands.last ?? "", expected: "a time to come, such as 3d (tick due REF due-3d moves a date earlier)"), command: name)
        }
        // A mistyped length after a line number (`postpone 12 3x`): digits then letters, where
        // a reference of words would not start (they follow a number, not other words).
        if operands.count >= 2, let last = operands.last, TaskReference.number(operands[operands.count - 2]) != nil,
           TaskReference.number(last) == nil, last.first?.isASCII == true, last.first?.isNumber == true, last.contains(where: \.isLetter) {
            throw TickError.usage(.invalidValue(option: "time", value: last, expected: "a length of time: a number and d, w, m or y, such as 3d or 2w"),
                                  command: name)
        }
        let selection = try TaskSelection(operands, arguments, command: name, environment: context.environment)
        try TaskActionEdit.apply(.moveDue(shift, postponing: true), to: selection, asking: { "Postpone \(TaskSelection.count($0)) by \(shift.words) (an overdue one from today)?" },
                                 arguments, context: &context)
        return 0
    }
}
