import TickCore

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
            try selection.confirm(target.kind, path: target.path, deletes: true, arguments: arguments, context: &context) { count, subtasks, notes in
                "Delete \(TaskSelection.count(count))" + (subtasks == 0 ? "" : " and the \(TaskSelection.count(subtasks, "subtask")) under \(count == 1 ? "it" : "them")")
                    + (notes == 0 ? "?" : ", with \(TaskSelection.count(notes, "note"))?")
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
