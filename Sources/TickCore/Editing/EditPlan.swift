/// What an edit will do: its splices, and what it is about, for the line it prints per task.
public struct EditPlan: Sendable {
    package enum Subject: Sendable, Equatable {
        /// A task of the original document the edit is about; `unchanged` says why the edit
        /// left it as it was ("already done"); `was`, the start of the text it had, for an
        /// edit that replaces it (a wrong number is seen at once).
        case task(Int, verb: String, unchanged: String? = nil, was: String? = nil)
        /// A task the edit removes (with its subtasks), shown as it was, or as its first line
        /// `shownAs` reads (a task done and deleted shows as done).
        case removed(Int, verb: String, shownAs: [UInt8]? = nil)
        /// Every task the edit writes that the original did not have.
        /// `blocks`: how many blocks of tasks the edit writes, each shown by its outermost
        /// task (`archive --to` writes tasks with their subtasks); nil: one task, shown with
        /// any others the edit writes.
        /// `destination`: the other file they were written to, said after the verb (`archived
        /// to DONE.md:`).
        case newTasks(verb: String, blocks: Int? = nil, destination: String? = nil)
        /// The one task the edit writes next to the original's task `near` (a recurring task's
        /// next occurrence): right above it, or right after its block (`below`).
        case newTask(near: Int, below: Bool, verb: String)
        /// A group: the title it has after the edit, and how many tasks it holds; `unchanged`
        /// says why the edit left it as it was ("already there"), and `heading` which heading
        /// it is then (its index, the same before and after).
        case group(title: String, verb: String, tasks: Int, unchanged: String? = nil, heading: Int? = nil)
        /// A group the edit removes (its heading's index in the original), with its tasks.
        case removedGroup(Int, verb: String, tasks: Int)
    }

    package var splices: [Splice]
    package var subjects: [Subject]
    /// What to say when there is nothing to show: no task selected, nothing to archive.
    public var nothing: String?
    /// What the edit says beside its rows about tasks of the original.
    public var notes: [Note] = []

    /// A remark about the task on `line` (0-based, in the original): `saying` what ("is
    /// done; it has 1 open subtask").
    public struct Note: Sendable, Equatable {
        public let line: Int
        public let saying: String

        package init(line: Int, saying: String) {
            self.line = line
            self.saying = saying
        }
    }

    /// The notes, each naming its task's line as the edit leaves it (next occurrences written
    /// above move it), as the rows printed with them do: "line 4 is done; ...".
    package var noteLines: [String] {
        notes.map { "line \((newLine(ofOld: $0.line) ?? $0.line) + 1) \($0.saying)" }
    }

    package init(_ splices: [Splice] = [], subjects: [Subject] = []) {
        self.splices = splices
        self.subjects = subjects
    }

    /// The same edit for each task: its splices, and the task as a subject whether or not it
    /// changed. A splice that writes back the lines it replaces is no change.
    /// `showsFormerText`: the row says the text the task had (`tick edit`).
    /// `former`: what the edit replaced, said after the row when it changes the task (a due
    /// date moved says the date it had).
    package mutating func add(_ task: Task, verb: String, unchanged: String, _ splices: [Splice], in document: Document,
                             showsFormerText: Bool = false, former: String? = nil) {
        let changes = splices.filter { !$0.rewrites(in: document) }
        self.splices += changes
        let was = changes.isEmpty ? nil : showsFormerText ? String(decoding: Listing.shortText(task, in: document), as: UTF8.self) : former
        subjects.append(.task(task.index, verb: verb, unchanged: changes.isEmpty ? unchanged : nil, was: was))
    }

    /// Where a line of the original document is after the edit (0-based; `LineMap`): nil for
    /// one the edit removes.
    package func newLine(ofOld line: Int) -> Int? { LineMap(splices).newLine(ofOld: line) }

    /// How many tasks the edit changes, for the journal.
    public var taskCount: Int {
        subjects.reduce(0) { count, subject in
            switch subject {
            case .task(_, _, let unchanged, _): return count + (unchanged == nil ? 1 : 0)
            case .newTasks(_, let blocks, _): return count + (blocks ?? 1)
            case .removed, .newTask: return count + 1
            case .group(_, _, let tasks, let unchanged, _): return count + (unchanged == nil ? tasks : 0)
            case .removedGroup(_, _, let tasks): return count + tasks
            }
        }
    }
}

extension Splice {
    /// Whether the splice writes back exactly the lines it replaces.
    package func rewrites(in document: Document) -> Bool {
        guard lines.count == replacement.count else { return false }
        return zip(lines, replacement).allSatisfy { document.content(ofLine: $0.0).elementsEqual($0.1) }
    }
}
