import TickCore

/// `done`, `reopen`, `start`, `star`, `unstar`: change one property of one or more tasks,
/// named by references or selected by the list filters.
protocol TaskChangeCommand: Command {
    /// The word the echo starts with ("done") and what it says when nothing changed ("already done").
    static var verb: String { get }
    static var unchanged: String { get }
    /// The question before changing many tasks: "Mark 5 tasks done?".
    static func question(_ count: Int) -> String
    /// The splices that make the change to one task.
    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice]
    /// Adds the change of `task` to `plan` (by default, its splices); `selected` is every task
    /// the command is about; `dates` says whether and how dates are recorded.
    static func change(_ task: Task, in document: Document, arguments: ParsedArguments, selected: Set<Int>,
                       dates: DateRecording, notes: inout [TaskNote], plan: inout EditPlan) throws(EditError)
    /// What the filters select before they narrow it (open and in-progress tasks; `reopen`: closed ones).
    static var selectionDefaults: TaskQuery { get }
}

extension TaskChangeCommand {
    static var options: [OptionSpec] { EditSession.commonOptions + TaskSelection.options }
    static var selectionDefaults: TaskQuery { TaskQuery() }

    static func change(_ task: Task, in document: Document, arguments: ParsedArguments, selected: Set<Int>,
                       dates: DateRecording, notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        plan.add(task, verb: verb, unchanged: unchanged, try splices(for: task, in: document), in: document)
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let selection = try TaskSelection(arguments.operands, arguments, command: name, defaults: selectionDefaults,
                                          environment: context.environment)
        let config = context.config
        for target in selection.targets {
            try selection.confirm(target.kind, path: target.path, deletes: false, arguments: arguments, context: &context,
                                  changes: { task, document in (try? splices(for: task, in: document)).map { !$0.isEmpty } ?? true }) { count, _ in
                question(count)
            }
            var notes: [String] = []
            try EditSession.applyEdit(target.path, arguments, context: &context, showsFile: selection.targets.count > 1,
                                      lines: target.kind.lines) { input throws(EditError) in
                var plan = EditPlan()
                var pending: [TaskNote] = []
                let tasks = try selection.tasks(target.kind, in: input)
                let selected = Set(tasks.map(\.index))
                let dates = DateRecording(input.document, arguments: arguments, today: selection.today, config: config)
                for task in tasks {
                    try Self.change(task, in: input.document, arguments: arguments, selected: selected, dates: dates, notes: &pending, plan: &plan)
                }
                if plan.subjects.isEmpty { plan.nothing = "no task matches the filters; nothing changed" }
                // Each note names its task's line as the edit leaves it (next occurrences
                // written above move it), as the rows printed with it do.
                notes = pending.map { "line \((plan.newLine(ofOld: $0.line) ?? $0.line) + 1) \($0.saying)" }
                return plan
            }
            for note in notes { context.note("\(PathBytes.display(target.path)): \(note)") }
        }
        return 0
    }
}

enum DoneCommand: TaskChangeCommand {
    static let name = "done"
    static let summary = "Mark tasks done."
    static let usage = "tick done [--with-subtasks] REF... | tick done FILTERS"
    static var options: [OptionSpec] {
        [OptionSpec("with-subtasks", help: "Also mark the tasks' open subtasks done."),
         OptionSpec("date", help: "Record today as the done date (the default when the file already records done dates).")]
            + EditSession.commonOptions + TaskSelection.options
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick done 12", "Mark the task on line 12 done."),
        ("tick done 'call the plumber'", "Mark done the one task whose text contains these words."),
        ("tick done --with-subtasks 5", "Mark line 5 and every subtask under it done."),
        ("tick done --tag errands --yes", "Mark every open task tagged #errands done."),
    ]

    static let verb = "done"
    static let unchanged = "already done"
    static func question(_ count: Int) -> String { "Mark \(TaskSelection.count(count)) done?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .done, in: document)
    }

    static func change(_ task: Task, in document: Document, arguments: ParsedArguments, selected: Set<Int>,
                       dates: DateRecording, notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        let open = document.descendants(of: task).filter { !$0.isClosed && !selected.contains($0.index) }
        try complete(task, in: document, dates: dates, notes: &notes, plan: &plan)
        if arguments.flag("with-subtasks") {
            for subtask in open where !plan.subjects.contains(where: { $0 == .task(subtask.index, verb: verb) }) {
                try complete(subtask, in: document, dates: dates, notes: &notes, plan: &plan)
            }
        } else if !open.isEmpty, !arguments.flag("dry-run") {
            let count = open.count == 1 ? "1 open subtask" : "\(open.count) open subtasks"
            notes.append(TaskNote(line: task.line, saying: "is done; it has \(count) (--with-subtasks completes them)"))
        }
    }

    /// Done, with the date when the file records done dates (or `--date`), and for a recurring
    /// task its next occurrence written above it.
    static func complete(_ task: Task, in document: Document, dates context: DateRecording,
                         notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        guard task.statusType != .done else {
            plan.add(task, verb: verb, unchanged: unchanged, [], in: document)
            return
        }
        if OnCompletion.deletes(task, in: document) {
            return try completeAndDelete(task, in: document, dates: context, notes: &notes, plan: &plan)
        }
        // A cancelled task done is no longer cancelled: its cancelled date goes, as `cancel`
        // takes a done date away.
        var splices = try TaskEdits.setStatus(task, to: .done,
                                              dates: (context.recordsDone ? [(.done, context.today)] : []) + [(.cancelled, nil)],
                                              in: document, dialect: context.dialect)
        switch NextOccurrence.of(task, in: document, today: context.today, dialect: context.dialect) {
        case .lines(let next)?:
            // Placed as a new task is (the list's marker and container prefix), with the text and
            // fields of the completed task's first line; the lines its text wraps onto follow
            // as written (the new task sits at the same level).
            let line = document.lines[task.line]
            let rest = next[0].dropFirst(task.checkboxStart - line.start)
            let lines: ([UInt8]) -> [[UInt8]] = { [$0 + rest] + next.dropFirst() }
            var below = context.nextBelow
            var placed = try TaskPlacement.insert(at: below ? .after(task) : .before(task), in: document, content: lines)
            // Above a task that shares its line with an outer list marker, the new line would
            // rewrite the task's line, which the status edit rewrites too: it goes below instead.
            if placed.contains(where: { !$0.lines.isEmpty }) {
                below = true
                placed = try TaskPlacement.insert(at: .after(task), in: document, content: lines)
            }
            splices += placed
            plan.subjects.append(.newTask(near: task.index, below: below, verb: "next"))
        case .unknown(let why)?:
            notes.append(TaskNote(line: task.line, saying: "repeats, but no next task was written: \(why)"))
        case nil:
            break
        }
        plan.add(task, verb: verb, unchanged: unchanged, splices, in: document)
    }
}

extension DoneCommand {
    /// A task whose `🏁 delete` asks for it, done as Obsidian Tasks does it: deleted, and a
    /// recurring one's next occurrence written in its place.
    static func completeAndDelete(_ task: Task, in document: Document, dates context: DateRecording,
                                  notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        // Shown as done, its first line as marking it done would have left it.
        let done = try? TaskEdits.setStatus(task, to: .done, in: document).first { $0.lines == task.line..<(task.line + 1) }?.replacement.first
        switch NextOccurrence.of(task, in: document, today: context.today, dialect: context.dialect) {
        case .lines(let next)?:
            plan.splices.append(Splice(lines: task.line..<(task.lastLine + 1), replacement: next))
            // The next occurrence stands for the task it replaces: shown as the task's new line.
            plan.subjects += [.removed(task.index, verb: "done and deleted", shownAs: done), .task(task.index, verb: "next")]
        case .unknown(let why)?:
            // No next occurrence to write: the task stays, done, as the note says.
            notes.append(TaskNote(line: task.line, saying: "repeats, but no next task was written, so it was not deleted (🏁 delete): \(why)"))
            plan.add(task, verb: verb, unchanged: unchanged, try TaskEdits.setStatus(task, to: .done, in: document), in: document)
        case nil:
            plan.splices += try TaskEdits.delete(task, in: document)
            plan.subjects.append(.removed(task.index, verb: "done and deleted", shownAs: done))
        }
    }
}

/// Whether an edit of status records the date, and in which dialect: with `--date`, when the
/// file already records done (or cancelled) dates, or when `.tick.toml` says `record-done`.
struct DateRecording {
    let today: CivilDate
    let recordsDone: Bool
    let recordsCancelled: Bool
    let dialect: TaskField.Dialect
    /// Whether a recurring task's next occurrence goes below it (`.tick.toml`'s
    /// `next-occurrence = "below"`) rather than above.
    let nextBelow: Bool

    init(_ document: Document, arguments: ParsedArguments, today: CivilDate, config: ProjectConfig) {
        self.today = today
        nextBelow = config.nextOccurrenceBelow
        let usage = document.fieldUsage
        recordsDone = arguments.flag("date") || usage.records(.done) || config.recordDone
        recordsCancelled = recordsDone || usage.records(.cancelled)
        dialect = usage.dialect(fallback: config.dialect)
    }
}

enum ReopenCommand: TaskChangeCommand {
    static let name = "reopen"
    static let summary = "Mark tasks open again."
    static let usage = "tick reopen REF... | tick reopen FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick reopen 12", "Mark line 12 open ([ ]).")]

    static var selectionDefaults: TaskQuery { var query = TaskQuery(); query.statuses = [.closed]; return query }
    static let verb = "reopened"
    static let unchanged = "already open"
    static func question(_ count: Int) -> String { "Reopen \(TaskSelection.count(count))?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .open, in: document)
    }

    /// Open again, without the date it was done or cancelled.
    static func change(_ task: Task, in document: Document, arguments: ParsedArguments, selected: Set<Int>,
                       dates: DateRecording, notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        plan.add(task, verb: verb, unchanged: unchanged,
                 try TaskEdits.setStatus(task, to: .open, dates: [(.done, nil), (.cancelled, nil)], in: document, dialect: dates.dialect),
                 in: document)
    }
}

enum StartCommand: TaskChangeCommand {
    static let name = "start"
    static let summary = "Mark tasks in progress ([/])."
    static let usage = "tick start REF... | tick start FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick start 'quarterly report'", "Mark that task as being worked on.")]

    static let verb = "started"
    static let unchanged = "already in progress"
    static func question(_ count: Int) -> String { "Mark \(TaskSelection.count(count)) in progress?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .doing, in: document)
    }
}

enum StarCommand: TaskChangeCommand {
    static let name = "star"
    static let summary = "Mark tasks important (a * after the checkbox)."
    static let usage = "tick star REF... | tick star FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick star 7 9", "Star the tasks on lines 7 and 9.")]

    static let verb = "starred"
    static let unchanged = "already starred"
    static func question(_ count: Int) -> String { "Star \(TaskSelection.count(count))?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setImportant(task, true, in: document)
    }
}

enum UnstarCommand: TaskChangeCommand {
    static let name = "unstar"
    static let summary = "Remove the important mark from tasks."
    static let usage = "tick unstar REF... | tick unstar FILTERS"
    static let examples: [(command: String, explanation: String)] = [("tick unstar 7", "Unstar the task on line 7.")]

    static let verb = "unstarred"
    static let unchanged = "not starred"
    static func question(_ count: Int) -> String { "Unstar \(TaskSelection.count(count))?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setImportant(task, false, in: document)
    }
}

enum CancelCommand: TaskChangeCommand {
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

    static let verb = "cancelled"
    static let unchanged = "already cancelled"
    static func question(_ count: Int) -> String { "Cancel \(TaskSelection.count(count))?" }

    static func splices(for task: Task, in document: Document) throws(EditError) -> [Splice] {
        try TaskEdits.setStatus(task, to: .other("-"), in: document)
    }

    static func change(_ task: Task, in document: Document, arguments: ParsedArguments, selected: Set<Int>,
                       dates: DateRecording, notes: inout [TaskNote], plan: inout EditPlan) throws(EditError) {
        guard task.statusType != .cancelled else {
            plan.add(task, verb: verb, unchanged: unchanged, [], in: document)
            return
        }
        plan.add(task, verb: verb, unchanged: unchanged,
                 try TaskEdits.setStatus(task, to: .other("-"), dates: dates.recordsCancelled ? [(.cancelled, dates.today), (.done, nil)] : [(.done, nil)],
                                         in: document, dialect: dates.dialect),
                 in: document)
    }
}

/// What an edit of status says beside its rows about one task: on the task's line (0-based, in
/// the original), `saying` what ("is done; it has 1 open subtask").
struct TaskNote {
    let line: Int
    let saying: String
}
