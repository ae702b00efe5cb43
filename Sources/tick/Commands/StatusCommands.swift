import TickCore

/// `done`, `reopen`, `start`, `star`, `unstar`: change one property of one or more tasks.
protocol TaskChangeCommand: Command {
    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice]
}

extension TaskChangeCommand {
    static var options: [OptionSpec] { EditSession.commonOptions }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard !arguments.operands.isEmpty else { throw TickError.usage(.missingOperand("task reference (line number or text)"), command: name) }
        for target in try EditSession.targets(arguments.operands, arguments, environment: context.environment) {
            var notes: [String] = []
            try EditSession.edit(target.path, arguments, context: &context) { document throws(TickError) in
                var splices: [Splice] = []
                notes = []
                for task in try EditSession.resolve(target.references, in: document, path: target.path) {
                    splices += try EditSession.reporting(target.path) { () throws(EditError) in
                        try Self.splices(for: task, in: document, arguments: arguments, notes: &notes)
                    }
                }
                return splices
            }
            for note in notes { context.stderr.write("tick: \(note)\n") }
        }
        return 0
    }
}

enum DoneCommand: TaskChangeCommand {
    static let name = "done"
    static let summary = "Mark tasks done."
    static let usage = "tick done [--with-subtasks] REF..."
    static var options: [OptionSpec] {
        [OptionSpec("with-subtasks", help: "Also mark the tasks' open subtasks done.")] + EditSession.commonOptions
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick done 12", "Mark the task on line 12 done."),
        ("tick done 'call the plumber'", "Mark the one task whose text contains the words done."),
        ("tick done --with-subtasks 5", "Mark line 5 and every subtask under it done."),
    ]

    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice] {
        let open = document.descendants(of: task).filter { !$0.status.isClosed }
        var splices = try TaskEdits.setStatus(task, to: .done, in: document)
        if arguments.flag("with-subtasks") {
            for subtask in open { splices += try TaskEdits.setStatus(subtask, to: .done, in: document) }
        } else if !open.isEmpty, !arguments.flag("dry-run") {
            let count = open.count == 1 ? "1 open subtask" : "\(open.count) open subtasks"
            notes.append("line \(task.line + 1) is done; it has \(count) (--with-subtasks completes them)")
        }
        return splices
    }
}

enum ReopenCommand: TaskChangeCommand {
    static let name = "reopen"
    static let summary = "Mark tasks open again."
    static let usage = "tick reopen REF..."
    static let examples: [(command: String, explanation: String)] = [("tick reopen 12", "Mark line 12 open ([ ]).")]

    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .open, in: document)
    }
}

enum StartCommand: TaskChangeCommand {
    static let name = "start"
    static let summary = "Mark tasks in progress ([/])."
    static let usage = "tick start REF..."
    static let examples: [(command: String, explanation: String)] = [("tick start 'quarterly report'", "Mark that task as being worked on.")]

    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .doing, in: document)
    }
}

enum StarCommand: TaskChangeCommand {
    static let name = "star"
    static let summary = "Mark tasks important (a * after the checkbox)."
    static let usage = "tick star REF..."
    static let examples: [(command: String, explanation: String)] = [("tick star 7 9", "Star the tasks on lines 7 and 9.")]

    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice] {
        try TaskEdits.setImportant(task, true, in: document)
    }
}

enum UnstarCommand: TaskChangeCommand {
    static let name = "unstar"
    static let summary = "Remove the important mark from tasks."
    static let usage = "tick unstar REF..."
    static let examples: [(command: String, explanation: String)] = [("tick unstar 7", "Unstar the task on line 7.")]

    static func splices(for task: Task, in document: Document, arguments: ParsedArguments,
                        notes: inout [String]) throws(EditError) -> [Splice] {
        try TaskEdits.setImportant(task, false, in: document)
    }
}
