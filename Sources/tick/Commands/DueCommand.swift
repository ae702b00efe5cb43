import TickCore

enum DueCommand: Command {
    static let name = "due"
    static let summary = "Set, move or clear tasks' due date."
    static let usage = "tick due REF... DATE|due+N[dwmy]|none | tick due FILTERS DATE|due+N[dwmy]|none"
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static let examples: [(command: String, explanation: String)] = [
        ("tick due 12 fri", "Due next Friday (written as an ISO date)."),
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
        // run of last operands, up to four, that reads as a date, leaving a reference.
        let longest = min(4, operands.count - (filtered ? 0 : 1))
        let dateWords = longest < 2 ? 1 : (2...longest).reversed().first { DateExpression.parse(operands.suffix($0).joined(separator: " "), today: today) != nil } ?? 1
        let value = operands.suffix(dateWords).joined(separator: " ")
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
        try apply(action, to: selection, asking: question, today: today, arguments, context: &context)
        return 0
    }

    /// Makes `action` on the selected tasks of each file, asking first as edits by filter do.
    static func apply(_ action: TaskAction, to selection: TaskSelection, asking question: @escaping (Int) -> String,
                      today: CivilDate, _ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) {
        let config = context.config
        for target in selection.targets {
            try selection.confirm(target.kind, path: target.path, deletes: false, arguments: arguments, context: &context) { count, _ in question(count) }
            try EditSession.applyEdit(target.path, arguments, context: &context, showsFile: selection.targets.count > 1,
                                      lines: target.kind.lines) { input throws(EditError) in
                let dates = DateRecording(input.document, today: today, config: config)
                var plan = try action.plan(try selection.tasks(target.kind, in: input), in: input.document, dates: dates)
                if plan.subjects.isEmpty { plan.nothing = "no task matches the filters; nothing changed" }
                return plan
            }
        }
    }
}

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
        // The time is the last operand (`3d`), or the last two (`3 days`); a day when neither.
        var shift = DateShift(amount: 1, unit: .days)
        if let last = operands.last, let typed = DateShift(last) {
            shift = typed
            operands.removeLast()
        } else if operands.count >= 2, let typed = DateShift(words: operands.suffix(2).joined(separator: " ")) {
            shift = typed
            operands.removeLast(2)
        }
        guard shift.amount > 0 else {
            throw TickError.usage(.invalidValue(option: "time", value: arguments.operands.last ?? "", expected: "a time to come, such as 3d (tick due REF due-3d moves a date earlier)"), command: name)
        }
        let today = try context.environment.today()
        let selection = try TaskSelection(operands, arguments, command: name, environment: context.environment)
        try DueCommand.apply(.moveDue(shift, postponing: true), to: selection, asking: { "Postpone \(TaskSelection.count($0)) by \(shift.words)?" },
                             today: today, arguments, context: &context)
        return 0
    }
}

enum EditTextCommand: Command {
    static let name = "edit"
    static let summary = "Replace a task's text, keeping its status, star, due date and tokens."
    static let usage = "tick edit [--keep-tokens] REF NEW-TEXT..."
    static let options = [OptionSpec("keep-tokens", short: "k", help: "Keep the old #tags, +projects and @contexts even where the new text has its own.")]
        + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick edit 12 Call the plumber about the boiler", "New text; its dates, fields and tags stay, kind by kind, unless the new text has its own."),
        ("tick edit 3 'Renew passport #urgent'", "New tags replace the old ones (#errands goes)."),
        ("tick edit -k 16 'Review it #urgent'", "Add #urgent and keep the old tags."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count >= 2 else {
            throw TickError.usage(.missingOperand(arguments.operands.isEmpty ? "task reference and new text" : "new text"), command: name)
        }
        let target = try EditSession.targets([arguments.operands[0]], arguments, environment: context.environment)[0]
        let typed = try EditSession.text(arguments.operands.dropFirst().joined(separator: " "))
        // An empty text would leave a box with no words ('tick rm' deletes a task).
        guard !typed.trimmingSpaces.isEmpty else { throw TickError.usage(.missingOperand("new text"), command: name) }
        // Dates as `add` writes them: `due:fri` as an ISO date, an invalid one refused.
        let text = try AddCommand.normalizedDates(typed, today: try context.environment.today(), path: target.path, due: nil)
        try EditSession.applyEdit(target.path, arguments, context: &context, lines: EditSession.Lines(target.references, fileNamed: target.named)) { input throws(EditError) in
            var plan = EditPlan()
            let task = try input.task(target.references[0], named: target.named, prefers: TaskSelection.preference(of: name))
            plan.add(task, verb: "edited", unchanged: "same text", try TaskEdits.setText(task, to: text, keepingTokens: arguments.flag("keep-tokens"), in: input.document),
                     in: input.document, showsFormerText: true)
            return plan
        }
        return 0
    }
}

enum RemoveCommand: Command {
    static let name = "rm"
    static let summary = "Delete tasks with their subtasks and notes."
    static let usage = "tick rm [--yes] REF... | tick rm [--yes] FILTERS"
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static let examples: [(command: String, explanation: String)] = [
        ("tick rm 12", "Delete the task on line 12 (asks first when it has subtasks)."),
        ("tick rm --done --group Inbox --yes", "Delete every done task in the Inbox group."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let selection = try TaskSelection(arguments.operands, arguments, command: name, environment: context.environment)
        for target in selection.targets {
            // Ask before locking: a prompt must not hold the file.
            try selection.confirm(target.kind, path: target.path, deletes: true, arguments: arguments, context: &context) { count, subtasks in
                "Delete \(TaskSelection.count(count))" + (subtasks == 0 ? "?" : " and the \(TaskSelection.count(subtasks, "subtask")) under \(count == 1 ? "it" : "them")?")
            }
            try EditSession.applyEdit(target.path, arguments, context: &context, showsFile: selection.targets.count > 1) { input throws(EditError) in
                // A subtask of a task deleted too goes with its parent, and is counted there.
                let tops = TaskSelection.outermost(try selection.tasks(target.kind, in: input), in: input.document)
                var plan = EditPlan(try TaskEdits.delete(tops, in: input.document), subjects: tops.map { .removed($0.index, verb: "removed") })
                if tops.isEmpty { plan.nothing = "no task matches the filters; nothing removed" }
                return plan
            }
        }
        return 0
    }
}

enum NoteCommand: Command {
    static let name = "note"
    static let summary = "Add a note under a task, or clear its notes."
    static let usage = "tick note REF TEXT... | tick note --clear REF"
    static let options = [OptionSpec("clear", help: "Remove the task's notes (not its subtasks).")] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick note 12 Ask Sam for the numbers", "Add '- Ask Sam for the numbers' under the task."),
        ("tick note --clear 12", "Remove every note of the task."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let clear = arguments.flag("clear")
        guard let reference = arguments.operands.first else { throw TickError.usage(.missingOperand("task reference"), command: name) }
        if clear, arguments.operands.count > 1 { throw TickError.usage(.unexpectedOperand(arguments.operands[1]), command: name) }
        if !clear, arguments.operands.count < 2 { throw TickError.usage(.missingOperand("note text"), command: name) }
        let target = try EditSession.targets([reference], arguments, environment: context.environment)[0]
        let text = try EditSession.text(arguments.operands.dropFirst().joined(separator: " "))
        try EditSession.applyEdit(target.path, arguments, context: &context, lines: EditSession.Lines(target.references, fileNamed: target.named)) { input throws(EditError) in
            var plan = EditPlan()
            let task = try input.task(target.references[0], named: target.named)
            if clear {
                plan.add(task, verb: "cleared notes of", unchanged: "no notes", try BlockEdits.clearNotes(task, in: input.document), in: input.document)
            } else {
                plan.add(task, verb: "noted", unchanged: "", try BlockEdits.addNote(text, to: task, in: input.document), in: input.document)
            }
            return plan
        }
        return 0
    }
}
