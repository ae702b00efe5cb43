/// Running a query as Obsidian Tasks does: filter, sort, limit, group, then limit each group.
extension TasksQuery {
    /// The tasks a query shows, in order, and the groups they are shown under.
    package struct Result: Sendable {
        /// Every task shown once, in the order the query sorts them.
        package var items: [ViewItem] = []
        /// How many tasks the filters accepted, before `limit`.
        package var matched = 0
        /// The places in `items` of the subtasks shown under a task the query shows
        /// (`nestsSubtasks`) that it did not match itself, in order.
        package var context: [Int] = []
        /// How many of `items` are such subtasks.
        package var subtasks: Int { context.count }
        /// The groups in order, each with its names (the outermost `group by` first) and its
        /// tasks (indices into `items`): a task with two tags is under both of its tags. One
        /// group with no names when the query groups by nothing.
        package var groups: [(names: [String], items: [Int])] = []
    }

    /// Runs the query over `sources`: the tasks its filters accept (and `globalFilter`, as
    /// every view takes it), sorted by its keys in turn and then in file order, cut to
    /// `limit`, grouped by its `group by` lines (groups in order of their names: dates oldest
    /// first, the tasks without one after them), each group cut to `limit groups`.
    /// `paths`: each source's path in the vault, as `path`, `folder` and the like read it
    /// (default: its path as shown).
    package func run(_ sources: [SourceDocument], paths: [String]? = nil, today: CivilDate, globalFilter: GlobalFilter? = nil) -> Result {
        func path(_ source: Int) -> String { paths?[source] ?? sources[source].path }
        var result = Result()
        var items: [ViewItem] = []
        for (index, source) in sources.enumerated() {
            for task in source.document.tasks where matches(task, in: source.document, path: path(index)) {
                if let globalFilter, !globalFilter.isHeld(byTextOf: task, in: source.document) { continue }
                items.append(ViewItem(source: index, task: task.index))
            }
        }
        result.matched = items.count
        // Obsidian Tasks' own order breaks the ties the query's keys leave, then file order.
        let order = sorts + (appliesOwnOrder ? Self.defaultSorts : [])
        let keys = items.map { item in
            let document = sources[item.source].document
            return order.map { Self.sortKey($0.key, position: $0.position, blanksFirst: $0.blanksFirst, of: document.tasks[item.task],
                                            in: document, path: path(item.source), today: today) }
        }
        items = items.indices.sorted { left, right in
            for (index, sort) in order.enumerated() {
                let comparison = keys[left][index].compare(keys[right][index])
                if comparison != 0 { return (comparison < 0) != sort.reverse }
            }
            return left < right
        }.map { items[$0] }
        if let limit { items = Array(items.prefix(limit)) }
        if nestsSubtasks, groups.isEmpty { (items, result.context) = Self.nestingSubtasks(items, in: sources) }
        result.items = items
        guard !groups.isEmpty else {
            result.groups = [([], Array(items.indices.prefix(limitGroups ?? Int.max)))]
            return result
        }
        // Each task's names at each level (several for tags), then every path through them.
        var members: [[GroupLabel]: [Int]] = [:]
        for (position, item) in items.enumerated() {
            let document = sources[item.source].document
            let task = document.tasks[item.task]
            var paths: [[GroupLabel]] = [[]]
            for grouping in groups {
                let names = Self.groupLabels(grouping.key, of: task, in: document, path: path(item.source), today: today)
                paths = paths.flatMap { path in names.map { path + [$0] } }
            }
            for path in paths { members[path, default: []].append(position) }
        }
        let ordered = members.keys.sorted { left, right in
            for (level, grouping) in groups.enumerated() where left[level] != right[level] {
                return (left[level] < right[level]) != grouping.reverse
            }
            return false
        }
        result.groups = ordered.map { path in (path.map(\.text), Array(members[path]!.prefix(limitGroups ?? Int.max))) }
        guard nestsSubtasks else { return result }
        // Each group's tasks with their subtasks under them, as Dataview groups them: a
        // subtask not matched is added to `items` once, whatever groups show it.
        var place = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1, $0) })
        for (index, group) in result.groups.enumerated() {
            let (nested, _) = Self.nestingSubtasks(group.items.map { items[$0] }, in: sources)
            result.groups[index].items = nested.map { item in
                if let known = place[item] { return known }
                place[item] = result.items.count
                result.context.append(result.items.count)
                result.items.append(item)
                return result.items.count - 1
            }
        }
        return result
    }

    /// `items` each followed by its subtasks, in file order; a task under one shown so is
    /// not shown again on its own. The items of each file together, in the order the first of
    /// each comes, as Dataview shows a file's tasks under its name. Returns the places of the
    /// subtasks added (not among `items`).
    static func nestingSubtasks(_ items: [ViewItem], in sources: [SourceDocument]) -> ([ViewItem], [Int]) {
        let matched = Set(items)
        var result: [ViewItem] = []
        result.reserveCapacity(items.count)
        var added: [Int] = []
        var files: [Int] = [], itemsOf: [Int: [ViewItem]] = [:]
        for item in items {
            if itemsOf[item.source] == nil { files.append(item.source) }
            itemsOf[item.source, default: []].append(item)
        }
        for item in files.flatMap({ itemsOf[$0]! }) {
            let document = sources[item.source].document
            var parent = document.tasks[item.task].parent
            while let index = parent, !matched.contains(ViewItem(source: item.source, task: index)) { parent = document.tasks[index].parent }
            guard parent == nil else { continue }
            result.append(item)
            for subtask in document.descendants(of: document.tasks[item.task]) {
                if !matched.contains(ViewItem(source: item.source, task: subtask.index)) { added.append(result.count) }
                result.append(ViewItem(source: item.source, task: subtask.index))
            }
        }
        return (result, added)
    }

    /// A group's name, and where it goes among the others: by rank, then by its text without
    /// case, numbers read as numbers.
    struct GroupLabel: Hashable, Comparable {
        let rank: Int
        let text: String

        static func < (left: GroupLabel, right: GroupLabel) -> Bool {
            if left.rank != right.rank { return left.rank < right.rank }
            let (a, b) = (left.text.lowercased(), right.text.lowercased())
            return a != b ? NaturalOrder.less(a, b) : NaturalOrder.less(left.text, right.text)
        }
    }

    /// The names a task is grouped under by `grouping`: one, or one per tag.
    static func groupLabels(_ grouping: Grouping, of task: Task, in document: Document, path: String, today: CivilDate) -> [GroupLabel] {
        func date(_ kind: TaskField.Kind?, _ name: String) -> [GroupLabel] {
            guard let day = dates(kind, task, document).min() else { return [GroupLabel(rank: 1, text: "No \(name) date")] }
            return [GroupLabel(rank: 0, text: "\(day) \(CivilDate.weekdayNames[day.isoWeekday - 1])")]
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        func withoutExtension(_ name: String) -> String { name.hasSuffix(".md") ? String(name.dropLast(3)) : name }
        switch grouping {
        case .due: return date(.due, "due")
        case .scheduled: return date(.scheduled, "scheduled")
        case .start: return date(.start, "start")
        case .created: return date(.created, "created")
        case .done: return date(.done, "done")
        case .cancelled: return date(.cancelled, "cancelled")
        case .happens: return date(nil, "happens")
        case .priority:
            let text = document.textBytes(of: task)
            let priority = document.fields(of: task).priority(in: text) ?? .none
            return [GroupLabel(rank: priority.rawValue, text: (priority == .none ? "Normal" : priority.name.capitalizedFirst) + " priority")]
        case .status:
            return [task.isClosed ? GroupLabel(rank: 0, text: "Done") : GroupLabel(rank: 1, text: "Todo")]
        case .statusName:
            return [GroupLabel(rank: 0, text: Self.statusNames[task.status.character] ?? "Unknown")]
        case .statusType:
            let names = ["IN_PROGRESS", "TODO", "DONE", "CANCELLED"]
            return [GroupLabel(rank: statusTypeRank(task), text: names[statusTypeRank(task)])]
        case .recurring:
            return [GroupLabel(rank: 0, text: task.fieldKinds.contains(.recurrence) ? "Recurring" : "Not Recurring")]
        case .recurrence:
            let text = document.textBytes(of: task)
            let fields = document.fields(of: task)
            guard let field = fields.first(.recurrence) else { return [GroupLabel(rank: 1, text: "None")] }
            let written = TaskFields.value(field, in: text)
            return [GroupLabel(rank: 0, text: Recurrence(written, dialect: field.dialect)?.text ?? written)]
        case .urgency:
            // Most urgent first, named to two decimals.
            let hundredths = Int((Urgency.of(task, in: document, today: today) * 100).rounded())
            let sign = hundredths < 0 ? "-" : ""
            let digits = String(abs(hundredths) % 100)
            return [GroupLabel(rank: -hundredths, text: "\(sign)\(abs(hundredths) / 100).\(digits.count == 1 ? "0" + digits : digits)")]
        case .backlink:
            // The file and the heading above the task, as the task's backlink reads.
            let name = withoutExtension(file)
            return [GroupLabel(rank: 0, text: document.groupPath(of: task).last.map { "\(name) > \($0)" } ?? name)]
        case .tags:
            let tags = TaskTokens(bytes: document.textBytes(of: task)).tags
            var seen = Set<String>()
            let names = tags.filter { seen.insert($0.lowercased()).inserted }.map { GroupLabel(rank: 0, text: "#" + $0) }
            return names.isEmpty ? [GroupLabel(rank: 1, text: "(No tags)")] : names
        case .heading:
            return [document.groupPath(of: task).last.map { GroupLabel(rank: 1, text: $0) } ?? GroupLabel(rank: 0, text: "(No heading)")]
        case .path: return [GroupLabel(rank: 0, text: withoutExtension(path))]
        case .folder: return [GroupLabel(rank: 0, text: TasksQuery.part(.folder, of: path))]
        case .root: return [GroupLabel(rank: 0, text: TasksQuery.part(.root, of: path))]
        case .filename: return [GroupLabel(rank: 0, text: withoutExtension(file))]
        }
    }

    /// Obsidian Tasks' names of its four statuses; any other character is its "Unknown".
    static let statusNames = [" ": "Todo", "x": "Done", "X": "Done", "/": "In Progress", "-": "Cancelled"]

    /// Obsidian Tasks' order of status types: in progress, to do, done, cancelled.
    static func statusTypeRank(_ task: Task) -> Int {
        switch task.statusType {
        case .doing: 0
        case .todo: 1
        case .done: 2
        case .cancelled: 3
        }
    }

    /// The order Obsidian Tasks puts after a query's own keys.
    static let defaultSorts: [(key: SortKey, reverse: Bool, position: Int, blanksFirst: Bool)] = [
        (.statusType, false, 1, false), (.urgency, false, 1, false), (.due, false, 1, false), (.priority, false, 1, false),
        (.path, false, 1, false),
    ]

    /// What a task sorts by under `key`; a task without the value goes after those with it
    /// (before them with `blanksFirst`, for a date), but for `heading`, where one without a
    /// heading comes first. `position`: for `tag`, which of its tags.
    static func sortKey(_ key: SortKey, position: Int = 1, blanksFirst: Bool = false, of task: Task, in document: Document,
                        path: String, today: CivilDate) -> TickCore.SortKey {
        func date(_ kind: TaskField.Kind?) -> TickCore.SortKey {
            .number(dates(kind, task, document).min()?.daysSinceEpoch ?? (blanksFirst ? Int.min : Int.max))
        }
        switch key {
        case .due: return date(.due)
        case .scheduled: return date(.scheduled)
        case .start: return date(.start)
        case .created: return date(.created)
        case .done: return date(.done)
        case .cancelled: return date(.cancelled)
        case .happens: return date(nil)
        case .priority:
            let text = document.textBytes(of: task)
            return .number((document.fields(of: task).priority(in: text) ?? .none).rawValue)
        case .description: return .text(description(of: task, in: document).lowercased())
        case .status: return .number(task.isClosed ? 1 : 0)
        case .statusType: return .number(statusTypeRank(task))
        case .urgency: return TaskOrder.urgency.key(of: task, in: document, today: today)
        case .recurring: return .number(task.fieldKinds.contains(.recurrence) ? 0 : 1)
        case .tag:
            let tags = TaskTokens(bytes: document.textBytes(of: task)).tags
            return .text(tags.count >= position ? tags[position - 1].lowercased() : "\u{10FFFF}")
        case .heading: return .text(document.groupPath(of: task).last?.lowercased() ?? "")
        case .path: return .text(path)
        case .filename: return .text(String(path.split(separator: "/").last ?? ""))
        }
    }
}

/// Text compared as people read a list of names: runs of digits as numbers (`Week 9` before
/// `Week 10`), the rest by its characters.
enum NaturalOrder {
    static func less(_ left: String, _ right: String) -> Bool {
        var a = Array(left.unicodeScalars)[...], b = Array(right.unicodeScalars)[...]
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
        while let x = a.first, let y = b.first {
            if isDigit(x), isDigit(y) {
                // The two numbers, without leading zeros: the shorter is the smaller.
                let xRun = a.prefix(while: isDigit), yRun = b.prefix(while: isDigit)
                let xNumber = xRun.drop { $0 == "0" }, yNumber = yRun.drop { $0 == "0" }
                if xNumber.count != yNumber.count { return xNumber.count < yNumber.count }
                if let (p, q) = zip(xNumber, yNumber).first(where: { $0 != $1 }) { return p.value < q.value }
                a = a.dropFirst(xRun.count)
                b = b.dropFirst(yRun.count)
                continue
            }
            if x != y { return x.value < y.value }
            a = a.dropFirst()
            b = b.dropFirst()
        }
        return a.isEmpty && !b.isEmpty
    }
}

extension String {
    /// The string with its first character upper case (`high` → `High`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
