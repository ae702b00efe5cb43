import TickCore

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
        let today = try context.environment.today()
        let text = try EditSession.reporting(target.path) { () throws(EditError) in try NewTask.normalizedDates(typed, today: today) }
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
