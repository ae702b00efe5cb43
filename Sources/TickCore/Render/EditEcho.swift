/// The lines an edit prints: one per task it changed, in `tick list`'s row format after a verb,
///
///     done 11 [x] Milk
///     added 20 [ ] * Send the invoice  in 5 days  · Work
///     unchanged 11 [x] Milk (already done)
///     removed 5 [ ] Plan the trip (and 2 subtasks)
///     renamed group 3 ## Work (1)  (4 tasks)
///
/// and, for `--json`, the same tasks in the list schema with a `change` key.
package struct EditEcho: Sendable {
    package struct Row: Sendable {
        package let verb: String
        package let document: Document
        package let task: Task?
        /// The 1-based line shown: where the task (or group) is now, or was if it is gone.
        package var line: Int?
        /// For a group row: its title, heading level and task count.
        /// A group edit's group: its heading's title and level, its path (as a task's `group`
        /// in JSON) and its tasks.
        package var group: (title: String, level: Int, path: [String], tasks: Int)?
        package var note: String?
        package var showsGroup = false
        /// Whether the row shows a task of the edited file (not one it removed).
        package var current = true
        /// Another task's line the row's note prints (a moved task's new parent).
        package var noteLine: Int?
        /// The other file the task was written to, said after the verb.
        package var destination: String?

        init(verb: String, document: Document, task: Task?, line: Int? = nil, group: (title: String, level: Int, path: [String], tasks: Int)? = nil,
             note: String? = nil, showsGroup: Bool = false) {
            self.verb = verb
            self.document = document
            self.task = task
            self.line = line ?? task.map { $0.line + 1 }
            self.group = group
            self.note = note
            self.showsGroup = showsGroup
        }
    }

    package private(set) var rows: [Row] = []

    /// The 1-based lines of the tasks the rows show in the edited file: printed, they are a
    /// listing of their own (`Listing.showing`).
    package var shownLines: [Int] {
        rows.flatMap { row in row.task != nil && row.current ? [row.line, row.noteLine].compactMap { $0 } : [] }
    }

    /// The rows for `plan`, applied to `before` with `after` as the result. `after` is parsed
    /// only when the rows need it: an edit that rewrote each of its tasks' lines in place (a
    /// status, a star, a date, a text) is shown from those lines alone.
    /// `fromLines` allows that (not for JSON, whose group, depth and parent need the file).
    /// `window`: the edit's window (`EditWindow`), where each task an in-place edit rewrote is
    /// read as it reads after the edit, without the whole file put together again.
    package init(_ plan: EditPlan, before: Document, fromLines: Bool = true, window: EditWindow? = nil, after: () -> Document) {
        if fromLines, let rows = Self.inPlace(plan, before: before, window: window) {
            self.rows = rows
            return
        }
        let after = after()
        let correspondence = TaskCorrespondence(before: before, after: after, splices: plan.splices)
        // The after document's tasks that stand for an original one, or were shown as new:
        // needed by the subjects that name new tasks, and kept up to date as they show them.
        let namesNewTasks = plan.subjects.contains { if case .newTasks = $0 { true } else if case .newTask = $0 { true } else { false } }
        var partnered = Set<Int>()
        if namesNewTasks {
            for task in before.tasks { if let partner = correspondence.partner(of: task.index) { partnered.insert(partner) } }
        }
        for subject in plan.subjects {
            switch subject {
            case .task(let index, let verb, let unchanged, let was):
                if let partner = correspondence.partner(of: index) {
                    let moved = verb == "moved" || verb == "archived"
                    let parent = unchanged == nil && moved ? Self.newParent(of: index, partner, before: before, after: after, correspondence) : nil
                    var row = Row(verb: unchanged == nil ? verb : "unchanged", document: after, task: after.tasks[partner],
                                  note: unchanged ?? parent?.note ?? was.map { "was: \($0)" }, showsGroup: moved || verb == "next")
                    row.noteLine = parent?.line
                    rows.append(row)
                } else {
                    var row = Row(verb: verb, document: before, task: before.tasks[index])
                    row.current = false
                    rows.append(row)
                }
            case .removed(let index, let verb, let shownAs):
                // What went with it: its subtasks (with theirs and their notes) and its notes.
                let subtasks = before.descendants(of: before.tasks[index]).count
                let notes = before.notes(of: before.tasks[index]).count
                let parts = (subtasks == 0 ? [] : ["\(subtasks) subtask\(subtasks == 1 ? "" : "s")"])
                    + (notes == 0 ? [] : ["\(notes) line\(notes == 1 ? "" : "s") of notes"])
                let note = parts.isEmpty ? nil : "and " + parts.joined(separator: ", ")
                var row = Row(verb: verb, document: before, task: before.tasks[index], note: note)
                if let shownAs {
                    // The file with the task's first line so (a status changes no line or task
                    // number): its group and the rest read as in the file. Put together from
                    // the file and the line's window, not parsed whole (nor, for a stretch
                    // read with checkpoints, read as another document with other task numbers).
                    let line = before.tasks[index].line
                    let splices = [Splice(lines: line..<(line + 1), replacement: [shownAs])]
                    let edited = before.applying(splices)
                    let shown = Document(splicing: before, window: EditWindow(splices, in: before, edited: edited), edited: edited)
                    if index < shown.tasks.count, shown.tasks[index].line == line {
                        row = Row(verb: verb, document: shown, task: shown.tasks[index], note: note)
                    }
                }
                row.current = false
                rows.append(row)
            case .newTasks(let verb, let blocks, let destination):
                // Each new task once, though several subjects may name new tasks; of blocks,
                // the outermost (a subtask written with its parent goes without a row).
                let written = blocks == nil ? [] : Set(correspondence.unpartnered)
                for task in after.tasks where !partnered.contains(task.index) {
                    partnered.insert(task.index)
                    if let parent = task.parent, written.contains(parent) { continue }
                    // A subtask says whose, as a move under a task says it.
                    let parent = task.parent.map { after.tasks[$0] }
                    var row = Row(verb: verb, document: after, task: task,
                                  note: parent.map { "a subtask of \($0.line + 1) " + TerminalText.sanitized(after.text(of: $0)) }, showsGroup: true)
                    row.noteLine = parent.map { $0.line + 1 }
                    row.destination = destination
                    rows.append(row)
                }
            case .newTask(let index, let below, let verb):
                // Written right above the task, or right after its block (whose tasks all stand
                // for original ones): the first new task on that side.
                guard let partner = correspondence.partner(of: index) else { continue }
                let isNew = { (task: Int) in !partnered.contains(task) }
                if let new = below ? ((partner + 1)..<after.tasks.count).first(where: isNew) : (0..<partner).reversed().first(where: isNew) {
                    partnered.insert(new)
                    rows.append(Row(verb: verb, document: after, task: after.tasks[new], showsGroup: true))
                }
            case .removedGroup(let index, let verb, let tasks):
                // As it was: another group may have its title.
                let heading = before.headings[index]
                rows.append(Row(verb: verb, document: before, task: nil, line: heading.line + 1,
                                group: (heading.title, heading.level, before.groupPath(ofHeading: index), tasks)))
            case .group(let title, let verb, let tasks, let unchanged, let kept):
                // The heading left as it was; else the heading the edit wrote (another group
                // may have the same title), nearest the top when it wrote two (a rename, and
                // its archive's subgroup with it); else the last with the title.
                let written = LineMap(plan.splices)
                let heading = kept
                    ?? after.headings.indices.filter { after.headings[$0].title == title && written.touchesNew(after.headings[$0].line) }
                    .min { after.groupPath(ofHeading: $0).count < after.groupPath(ofHeading: $1).count }
                    ?? after.headings.lastIndex { $0.title == title }
                rows.append(Row(verb: unchanged == nil ? verb : "unchanged", document: after, task: nil, line: heading.map { after.headings[$0].line + 1 },
                                group: (title, heading.map { after.headings[$0].level } ?? 0,
                                        heading.map { after.groupPath(ofHeading: $0) } ?? GroupName(title).titles, tasks),
                                note: unchanged))
            }
        }
    }

    /// What a moved task's new place makes of it when its parent changed: a subtask of the task
    /// it now sits under (`--after` a subtask puts it at that subtask's level), or a top-level
    /// task; nil when its parent is the same task as before.
    /// The note, and the new parent's line it prints.
    private static func newParent(of index: Int, _ partner: Int, before: Document, after: Document,
                                  _ correspondence: TaskCorrespondence) -> (note: String, line: Int?)? {
        let oldParent = before.tasks[index].parent
        let newParent = after.tasks[partner].parent
        if let oldParent, let newParent, correspondence.partner(of: oldParent) == newParent { return nil }
        guard let newParent else { return oldParent == nil ? nil : ("now a top-level task", nil) }
        let parent = after.tasks[newParent]
        return ("now a subtask of \(parent.line + 1) " + TerminalText.sanitized(after.text(of: parent)), parent.line + 1)
    }

    /// The rows of an edit whose splices each replace one line with one line, every subject a
    /// task: each task as it reads after the edit in its window (its lines kept their numbers),
    /// or without a window as its new line reads parsed alone, at the line it keeps.
    private static func inPlace(_ plan: EditPlan, before: Document, window: EditWindow?) -> [Row]? {
        var replaced: [Int: [UInt8]] = [:]
        for splice in plan.splices {
            guard splice.lines.count == 1, splice.replacement.count == 1 else { return nil }
            replaced[splice.lines.lowerBound] = splice.replacement[0]
        }
        var rows: [Row] = []
        for subject in plan.subjects {
            guard case .task(let index, let verb, let unchanged, let was) = subject, verb != "moved", verb != "archived" else { return nil }
            let task = before.tasks[index]
            guard (task.line...task.textLastLine).contains(where: { replaced[$0] != nil }) else {
                rows.append(Row(verb: unchanged == nil ? verb : "unchanged", document: before, task: task, note: unchanged))
                continue
            }
            // As the task reads after the edit in the window, which holds every line of it.
            if let window, window.linesAfter.contains(task.line) {
                let tasks = window.after.tasks, line = task.line - window.firstLine
                let at = tasks.partitionPoint { $0.line >= line }
                guard at < tasks.count, tasks[at].line == line else { return nil }
                rows.append(Row(verb: unchanged == nil ? verb : "unchanged", document: window.after, task: tasks[at], line: task.line + 1,
                                note: unchanged ?? was.map { "was: \($0)" }))
                continue
            }
            // A task whose text wraps onto more lines reads differently alone.
            guard task.textLastLine == task.line, let line = replaced[task.line] else { return nil }
            let alone = Document(bytes: line, statuses: before.statuses)
            guard let new = alone.tasks.first else { return nil }
            rows.append(Row(verb: unchanged == nil ? verb : "unchanged", document: alone, task: new, line: task.line + 1,
                            note: unchanged ?? was.map { "was: \($0)" }))
        }
        return rows
    }

    /// `file`: shown before each line number (`notes/a.md:3`), when an edit spans files.
    package func render(today: CivilDate, style: TextStyle, file: String? = nil, into out: inout TextBuffer) {
        for row in rows {
            out.append(row.verb)
            if let destination = row.destination { out.append(" to "); out.appendSanitized(destination); out.append(Byte.colon) }
            out.append(Byte.space)
            if let task = row.task {
                out.appendStyled(style, .dim) { out in
                    if let file { out.appendSanitized(file); out.append(Byte.colon) }
                    out.appendDecimal(row.line ?? task.line + 1)
                }
                out.append(Byte.space)
                ListView.appendLine(for: task, in: row.document, today: today, style: style, to: &out)
                if row.showsGroup {
                    let path = GroupName.shown(row.document.shownGroupPath(ofHeading: task.group))
                    if !path.isEmpty {
                        out.appendSpaces(2)
                        out.appendStyled(style, .dim) { $0.append("· "); $0.appendSanitized(path) }
                    }
                }
            } else if let group = row.group {
                if let line = row.line {
                    out.appendStyled(style, .dim) { $0.appendDecimal(line) }
                    out.append(Byte.space)
                    out.append(String(repeating: "#", count: max(1, group.level)) + " ")
                }
                out.appendStyled(style, .bold) { $0.appendSanitized(group.title) }
                out.append("  (\(group.tasks) task\(group.tasks == 1 ? "" : "s"))")
            }
            if let note = row.note { out.append(" ("); out.appendSanitized(note); out.append(")") }
            out.append(Byte.lf)
        }
    }

    /// Each row as a JSON object: a task in the list schema with `change`, or a group.
    package func jsonObjects(file: String) -> [[UInt8]] {
        rows.map { row in
            var json = JSONWriter()
            Self.write(row, file: file, to: &json)
            return json.bytes
        }
    }

    private static func write(_ row: Row, file: String, to json: inout JSONWriter) {
        do {
            if let task = row.task {
                TaskJSON.write(task, in: row.document, file: file, change: row.verb, line: row.line, to: &json)
            } else if let group = row.group {
                json.beginObject()
                json.key("file"); json.string(file)
                json.key("change"); json.string(row.verb)
                json.key("group")
                json.beginArray()
                for title in group.path { json.string(title) }
                json.endArray()
                json.key("line")
                if let line = row.line { json.int(line) } else { json.null() }
                json.key("tasks"); json.int(group.tasks)
                json.endObject()
            }
        }
    }
}
