/// The lines an edit prints: one per task it changed, in `tick list`'s row format after a verb,
///
///     done 11 [x] Milk
///     added 20 [ ] * Send the invoice  in 5 days  · Work
///     unchanged 11 [x] Milk (already done)
///     removed 5 [ ] Plan the trip (and 2 subtasks)
///     renamed group 3 ## Work (1)  (4 tasks)
///
/// and, for `--json`, the same tasks in the list schema with a `change` key.
public struct EditEcho: Sendable {
    public struct Row: Sendable {
        public let verb: String
        public let document: Document
        public let task: Task?
        /// For a group row: its title, heading line (0-based) and task count.
        public let group: (title: String, line: Int?, level: Int, tasks: Int)?
        public let note: String?
        public let showsGroup: Bool
    }

    public private(set) var rows: [Row] = []

    /// The rows for `plan`, applied to `before` with `after` as the result.
    public init(_ plan: EditPlan, before: Document, after: Document) {
        let correspondence = TaskCorrespondence(before: before, after: after, splices: plan.splices)
        var partnered: Set<Int>?
        for subject in plan.subjects {
            switch subject {
            case .task(let index, let verb, let unchanged):
                if let partner = correspondence.partner(of: index) {
                    rows.append(Row(verb: unchanged == nil ? verb : "unchanged", document: after, task: after.tasks[partner],
                                    group: nil, note: unchanged, showsGroup: verb == "moved" || verb == "archived"))
                } else {
                    rows.append(Row(verb: verb, document: before, task: before.tasks[index], group: nil, note: nil, showsGroup: false))
                }
            case .removed(let index, let verb):
                let subtasks = before.descendants(of: before.tasks[index]).count
                rows.append(Row(verb: verb, document: before, task: before.tasks[index], group: nil,
                                note: subtasks == 0 ? nil : "and \(subtasks) subtask\(subtasks == 1 ? "" : "s")", showsGroup: false))
            case .newTasks(let verb):
                if partnered == nil {
                    var set = Set<Int>()
                    for task in before.tasks { if let partner = correspondence.partner(of: task.index) { set.insert(partner) } }
                    partnered = set
                }
                for task in after.tasks where !partnered!.contains(task.index) {
                    rows.append(Row(verb: verb, document: after, task: task, group: nil, note: nil, showsGroup: true))
                }
            case .group(let title, let verb, let tasks):
                let heading = after.headings.lastIndex { $0.title == title }
                rows.append(Row(verb: verb, document: after, task: nil,
                                group: (title, heading.map { after.headings[$0].line }, heading.map { after.headings[$0].level } ?? 0, tasks),
                                note: nil, showsGroup: false))
            }
        }
    }

    public func render(today: CivilDate, style: TextStyle, into out: inout TextBuffer) {
        for row in rows {
            out.append(row.verb)
            out.append(Byte.space)
            if let task = row.task {
                out.appendStyled(style, .dim) { $0.appendDecimal(task.line + 1) }
                out.append(Byte.space)
                ListView.appendLine(for: task, today: today, style: style, to: &out)
                if row.showsGroup {
                    let path = row.document.groupPath(of: task).joined(separator: " / ")
                    if !path.isEmpty {
                        out.appendSpaces(2)
                        out.appendStyled(style, .dim) { $0.append("· "); $0.appendSanitized(path) }
                    }
                }
            } else if let group = row.group {
                if let line = group.line {
                    out.appendStyled(style, .dim) { $0.appendDecimal(line + 1) }
                    out.append(Byte.space)
                    out.append(String(repeating: "#", count: max(1, group.level)) + " ")
                }
                out.appendStyled(style, .bold) { $0.appendSanitized(group.title) }
                out.append("  (\(group.tasks) task\(group.tasks == 1 ? "" : "s"))")
            }
            if let note = row.note { out.append(" (" + note + ")") }
            out.append(Byte.lf)
        }
    }

    /// Each row as a JSON object: a task in the list schema with `change`, or a group.
    public func jsonObjects(file: String) -> [[UInt8]] {
        rows.map { row in
            var json = JSONWriter()
            Self.write(row, file: file, to: &json)
            return json.bytes
        }
    }

    private static func write(_ row: Row, file: String, to json: inout JSONWriter) {
        do {
            if let task = row.task {
                TaskJSON.write(task, in: row.document, file: file, change: row.verb, to: &json)
            } else if let group = row.group {
                json.beginObject()
                json.key("file"); json.string(file)
                json.key("change"); json.string(row.verb)
                json.key("group"); json.string(group.title)
                json.key("line")
                if let line = group.line { json.int(line + 1) } else { json.null() }
                json.key("tasks"); json.int(group.tasks)
                json.endObject()
            }
        }
    }
}
