/// A change of one property of tasks, as `tick done`, `reopen`, `start`, `cancel`, `star`,
/// `unstar` and `due` make it: planned on a document, with the dates the file records and a repeating
/// task's next occurrence. The CLI and the language server plan the same change here.
public enum TaskAction: Sendable, Equatable, Hashable {
    /// Done, with the done date when the file records them, and a repeating task's next
    /// occurrence; `withSubtasks`: the task's open subtasks too.
    case done(withSubtasks: Bool = false)
    /// Open again, without the date it was done or cancelled.
    case reopen
    case start
    /// Cancelled (`[-]`): closed, but not done.
    case cancel
    case star
    case unstar
    /// Due on a date, in the dialect the file writes dates in; nil: no due date.
    case due(CivilDate?)
    /// The due date moved by a shift from its current value (an undated task: from today).
    /// `postponing`: a postpone, which moves an overdue date from today, so that the task is
    /// no longer overdue (as Obsidian Tasks' postpone does).
    case moveDue(DateShift, postponing: Bool)

    /// The word the echo starts with ("done").
    public var verb: String {
        switch self {
        case .done: "done"
        case .reopen: "reopened"
        case .start: "started"
        case .cancel: "cancelled"
        case .star: "starred"
        case .unstar: "unstarred"
        case .due(let date): date == nil ? "undated" : "due"
        case .moveDue(_, let postponing): postponing ? "postponed" : "due"
        }
    }

    /// What the echo says of a task the change leaves as it was.
    public var unchanged: String {
        switch self {
        case .done: "already done"
        case .reopen: "already open"
        case .start: "already in progress"
        case .cancel: "already cancelled"
        case .star: "already starred"
        case .unstar: "not starred"
        case .due(let date): date == nil ? "no due date" : "already due then"
        case .moveDue: "already due then"
        }
    }

    /// Whether the change would change `task` (a question asked before it counts these).
    public func changes(_ task: Task, in document: Document) -> Bool {
        let splices: [Splice]?
        switch self {
        case .done: splices = try? TaskEdits.setStatus(task, to: .done, in: document)
        case .reopen: splices = try? TaskEdits.setStatus(task, to: .open, in: document)
        case .start: splices = try? TaskEdits.setStatus(task, to: .doing, in: document)
        case .cancel: splices = try? TaskEdits.setStatus(task, to: .other("-"), in: document)
        case .star: splices = try? TaskEdits.setImportant(task, true, in: document)
        case .unstar: splices = try? TaskEdits.setImportant(task, false, in: document)
        case .due(let date): splices = try? TaskEdits.setDue(task, to: date, in: document, dialect: document.fieldUsage.dialect(for: .due))
        case .moveDue(let shift, _): return shift.amount != 0
        }
        return splices.map { !$0.isEmpty } ?? true
    }

    /// The plan that makes the change to `tasks` of `document`. `notesOpenSubtasks`: a task done
    /// without its open subtasks gets a note saying so.
    public func plan(_ tasks: [Task], in document: Document, dates: DateRecording, notesOpenSubtasks: Bool = true) throws(EditError) -> EditPlan {
        var plan = EditPlan()
        let selected = Set(tasks.map(\.index))
        // How the file spells its fields, read once for an edit of many tasks (asked of the
        // file per task, it made such an edit quadratic).
        var dates = dates
        if tasks.count > 1, document.stretch == nil { dates.spelling = document.spelling() }
        var cancelledRepeating: [Int] = []
        for task in tasks {
            switch self {
            case .done(let withSubtasks):
                let open = document.descendants(of: task).filter { !$0.isClosed && !selected.contains($0.index) }
                try Self.complete(task, in: document, dates: dates, plan: &plan)
                if withSubtasks {
                    for subtask in open where !plan.subjects.contains(where: { $0 == .task(subtask.index, verb: verb) }) {
                        try Self.complete(subtask, in: document, dates: dates, plan: &plan)
                    }
                } else if !open.isEmpty, notesOpenSubtasks {
                    let count = open.count == 1 ? "1 open subtask" : "\(open.count) open subtasks"
                    plan.notes.append(EditPlan.Note(line: task.line, saying: "is done; it has \(count) (--with-subtasks completes them)"))
                }
            case .reopen:
                plan.add(task, verb: verb, unchanged: unchanged,
                         try TaskEdits.setStatus(task, to: .open, dates: [(.done, nil), (.cancelled, nil)], in: document, dialect: dates.dialect(for: .done),
                                                 spelling: dates.spelling),
                         in: document)
            case .cancel:
                guard task.statusType != .cancelled else {
                    plan.add(task, verb: verb, unchanged: unchanged, [], in: document)
                    continue
                }
                let recorded: [(TaskField.Kind, CivilDate?)] = dates.recordsCancelled ? [(.cancelled, dates.today), (.done, nil)] : [(.done, nil)]
                plan.add(task, verb: verb, unchanged: unchanged,
                         try TaskEdits.setStatus(task, to: .other("-"), dates: recorded, in: document, dialect: dates.dialect(for: .cancelled), spelling: dates.spelling),
                         in: document)
                if task.fieldKinds.contains(.recurrence) { cancelledRepeating.append(task.line) }
            case .start:
                // A closed task started again is no longer done: its done or cancelled date
                // goes, as with reopen.
                let splices = task.isClosed
                    ? try TaskEdits.setStatus(task, to: .doing, dates: [(.done, nil), (.cancelled, nil)], in: document,
                                              dialect: dates.dialect(for: .done), spelling: dates.spelling)
                    : try TaskEdits.setStatus(task, to: .doing, in: document)
                plan.add(task, verb: verb, unchanged: unchanged, splices, in: document)
            case .star, .unstar:
                plan.add(task, verb: verb, unchanged: unchanged, try TaskEdits.setImportant(task, self == .star, in: document), in: document)
            case .due(let date):
                plan.add(task, verb: verb, unchanged: unchanged, try TaskEdits.setDue(task, to: date, in: document, dialect: dates.dialect(for: .due), spelling: dates.spelling),
                         in: document, former: Self.formerDue(task, in: document, today: dates.today))
                if let date { Self.noteStart(after: date, of: task, in: document, to: &plan) }
            case .moveDue(let shift, let postponing):
                let current = task.due ?? dates.today
                let from = postponing && current < dates.today ? dates.today : current
                guard let date = shift.applied(to: from) else { throw .invalidDate("\(from) \(shift)") }
                plan.add(task, verb: verb, unchanged: unchanged, try TaskEdits.setDue(task, to: date, in: document, dialect: dates.dialect(for: .due), spelling: dates.spelling),
                         in: document, former: Self.formerDue(task, in: document, today: dates.today))
                Self.noteStart(after: date, of: task, in: document, to: &plan)
            }
        }
        // As Obsidian Tasks has it, only done makes the next one: said, since done does.
        if let first = cancelledRepeating.first {
            let others = cancelledRepeating.dropFirst().map { String($0 + 1) }
            let also = others.isEmpty ? "" : ", as do line\(others.count == 1 ? "" : "s") " + others.spokenList("and")
            let they = others.isEmpty ? "it gets" : "they get"
            plan.notes.append(EditPlan.Note(line: first, saying: "repeats\(also); cancelled, \(they) no next occurrence ('tick done' gives one)"))
        }
        return plan
    }

    /// A due date set before the day the task starts (its start date: it cannot be begun
    /// before then) is written as asked, and said: the task is due before it can start.
    private static func noteStart(after due: CivilDate, of task: Task, in document: Document, to plan: inout EditPlan) {
        guard task.fieldKinds.contains(.start) else { return }
        let text = document.textBytes(of: task)
        guard let start = document.fields(of: task).date(.start, in: text), start > due else { return }
        plan.notes.append(EditPlan.Note(line: task.line, saying: "is due \(due), before it starts (\(start))"))
    }

    /// The due date a task had, as a row says it (`tomorrow`, `2 days overdue`), for the
    /// output of an edit that moves it.
    private static func formerDue(_ task: Task, in document: Document, today: CivilDate) -> String {
        if let due = task.due { return DueState(due: due, today: today).description }
        // A due field whose value is no date (`due:2026-13-45`, `📅 [[2026-09-26]]`, a link) is
        // replaced all the same: said, not taken for none.
        let value = document.dueValue(of: task)
            ?? document.fields(of: task).unread.first { $0.kind == .due }.map { TaskFields.value($0, in: document.textBytes(of: task)) }
        return value.map { "'\($0)', not a date" } ?? "no due date"
    }

    /// Done, with the date when the file records done dates, and for a recurring task its next
    /// occurrence written above it (or below, as the project says).
    private static func complete(_ task: Task, in document: Document, dates context: DateRecording, plan: inout EditPlan) throws(EditError) {
        let verb = TaskAction.done().verb, unchanged = TaskAction.done().unchanged
        guard task.statusType != .done else {
            plan.add(task, verb: verb, unchanged: unchanged, [], in: document)
            return
        }
        if OnCompletion.deletes(task, in: document) {
            return try completeAndDelete(task, in: document, dates: context, plan: &plan)
        }
        // A cancelled task done is no longer cancelled: its cancelled date goes, as `cancel`
        // takes a done date away.
        var splices = try TaskEdits.setStatus(task, to: .done,
                                              dates: (context.recordsDone ? [(.done, context.today)] : []) + [(.cancelled, nil)],
                                              in: document, dialect: context.dialect(for: .done), spelling: context.spelling)
        switch NextOccurrence.of(task, in: document, today: context.today, dialect: context.dialect(for: .due)) {
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
            plan.notes.append(EditPlan.Note(line: task.line, saying: "repeats, but no next task was written: \(why)"))
        case nil:
            break
        }
        plan.add(task, verb: verb, unchanged: unchanged, splices, in: document)
    }

    /// A task whose `🏁 delete` asks for it, done as Obsidian Tasks does it: deleted, and a
    /// recurring one's next occurrence written in its place.
    private static func completeAndDelete(_ task: Task, in document: Document, dates context: DateRecording, plan: inout EditPlan) throws(EditError) {
        let verb = TaskAction.done().verb, unchanged = TaskAction.done().unchanged
        // Shown as done, its first line as marking it done would have left it.
        let done = try? TaskEdits.setStatus(task, to: .done, in: document).first { $0.lines == task.line..<(task.line + 1) }?.replacement.first
        switch NextOccurrence.of(task, in: document, today: context.today, dialect: context.dialect(for: .due)) {
        case .lines(let next)?:
            plan.splices.append(Splice(lines: task.line..<(task.lastLine + 1), replacement: next))
            // The next occurrence stands for the task it replaces: shown as the task's new line.
            plan.subjects += [.removed(task.index, verb: "done and deleted", shownAs: done), .task(task.index, verb: "next")]
        case .unknown(let why)?:
            // No next occurrence to write: the task stays, done, as the note says.
            plan.notes.append(EditPlan.Note(line: task.line, saying: "repeats, but no next task was written, so it was not deleted (🏁 delete): \(why)"))
            plan.add(task, verb: verb, unchanged: unchanged, try TaskEdits.setStatus(task, to: .done, in: document), in: document)
        case nil:
            plan.splices += try TaskEdits.delete(task, in: document)
            plan.subjects.append(.removed(task.index, verb: "done and deleted", shownAs: done))
        }
    }
}

/// Whether an edit of status records the date, and in which dialect: when asked (`tick done
/// --date`), when the file already records done (or cancelled) dates, or when `.tick.toml`
/// says `record-done`.
public struct DateRecording: Sendable {
    public let today: CivilDate
    package let recordsDone: Bool
    package let recordsCancelled: Bool
    /// The file's fields, and the dialect `.tick.toml` names for a file with none.
    private let usage: FieldUsage
    private let configured: TaskField.Dialect?
    /// Whether a recurring task's next occurrence goes below it (`.tick.toml`'s
    /// `next-occurrence = "below"`) rather than above.
    package let nextBelow: Bool
    /// How the file spells its fields, when an edit of many tasks has read it once.
    package var spelling: FileSpelling?

    public init(_ document: Document, today: CivilDate, config: ProjectConfig, recordsDate: Bool = false) {
        self.today = today
        nextBelow = config.nextOccurrenceBelow
        let usage = document.fieldUsage
        recordsDone = recordsDate || usage.records(.done) || config.recordDone
        recordsCancelled = recordsDone || usage.records(.cancelled)
        self.usage = usage
        configured = config.dialect
    }

    /// The dialect a new field of `kind` is written in (`FieldUsage.dialect(for:)`).
    package func dialect(for kind: TaskField.Kind) -> TaskField.Dialect {
        usage.dialect(for: kind, fallback: configured)
    }
}
