import TickCore

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
