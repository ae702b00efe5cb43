import TickCore

enum DueCommand: Command {
    static let name = "due"
    static let summary = "Set or clear a task's due date."
    static let usage = "tick due REF DATE|none"
    static let options = EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick due 12 fri", "Due next Friday (written as an ISO date)."),
        ("tick due 'report' +2w", "Due two weeks from today."),
        ("tick due 12 none", "Remove the due date."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count == 2 else {
            throw TickError.usage(arguments.operands.count < 2 ? .missingOperand("task reference and date") : .unexpectedOperand(arguments.operands[2]), command: name)
        }
        let today = try context.environment.today()
        let target = try EditSession.targets([arguments.operands[0]], arguments, environment: context.environment)[0]
        let value = arguments.operands[1]
        let date = value.lowercased() == "none" ? nil : try EditSession.date(value, today: today, path: target.path)
        try EditSession.applyEdit(target.path, arguments, context: &context) { document throws(EditError) in
            try TaskEdits.setDue(try TaskReference.resolve(target.references[0], in: document), to: date, in: document)
        }
        return 0
    }
}

enum EditTextCommand: Command {
    static let name = "edit"
    static let summary = "Replace a task's text, keeping its status, star, due date and tokens."
    static let usage = "tick edit REF NEW-TEXT..."
    static let options = EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick edit 12 Call the plumber about the boiler", "New text; due:, #tags and the rest stay unless the new text has its own."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count >= 2 else { throw TickError.usage(.missingOperand("task reference and new text"), command: name) }
        let target = try EditSession.targets([arguments.operands[0]], arguments, environment: context.environment)[0]
        let text = try EditSession.text(arguments.operands.dropFirst().joined(separator: " "))
        try EditSession.applyEdit(target.path, arguments, context: &context) { document throws(EditError) in
            try TaskEdits.setText(try TaskReference.resolve(target.references[0], in: document), to: text, in: document)
        }
        return 0
    }
}

enum RemoveCommand: Command {
    static let name = "rm"
    static let summary = "Delete tasks with their subtasks and notes."
    static let usage = "tick rm [--yes] REF..."
    static let options = [OptionSpec("yes", short: "y", help: "Do not ask before deleting a task that has subtasks.")] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick rm 12", "Delete the task on line 12 (asks first on a terminal when it has subtasks)."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard !arguments.operands.isEmpty else { throw TickError.usage(.missingOperand("task reference"), command: name) }
        for target in try EditSession.targets(arguments.operands, arguments, environment: context.environment) {
            // Ask before locking: a prompt must not hold the file.
            if !arguments.flag("yes"), !arguments.flag("dry-run"), EditSession.isInteractive {
                let document = Document(bytes: try FileReader.read(target.path))
                for task in try EditSession.resolve(target.references, in: document, path: target.path) {
                    let subtasks = document.descendants(of: task).count
                    guard subtasks > 0 else { continue }
                    let question = "Delete '\(task.text)' and its \(subtasks) subtask\(subtasks == 1 ? "" : "s")?"
                    if EditSession.confirm(question, context: &context) == false {
                        throw TickError.refused("nothing deleted")
                    }
                }
            }
            try EditSession.applyEdit(target.path, arguments, context: &context) { document throws(EditError) in
                try TaskEdits.delete(try TaskReference.resolve(target.references, in: document), in: document)
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
        try EditSession.applyEdit(target.path, arguments, context: &context) { document throws(EditError) in
            let task = try TaskReference.resolve(target.references[0], in: document)
            return try clear ? BlockEdits.clearNotes(task, in: document) : BlockEdits.addNote(text, to: task, in: document)
        }
        return 0
    }
}
