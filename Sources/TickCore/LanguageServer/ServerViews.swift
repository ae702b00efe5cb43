/// What the language server shows of a document: hover, inlay hints, code lenses, the
/// outline and the workspace's symbols.
extension LanguageServer {
    // MARK: - Hover

    func hover(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let line = params["position"]?["line"]?.int else { return .failure(.invalidParams("no position")) }
        let parsed = parse(document)
        guard let task = parsed.tasks.last(where: { $0.line <= line && $0.textLastLine >= line }) else { return .success(.null) }
        let today = self.today
        let text = parsed.textBytes(of: task)
        let fields = parsed.fields(of: task)
        var lines: [String] = []
        func when(_ date: CivilDate, _ kind: TaskField.Kind = .due) -> String { "\(date) (\(Self.words(date, kind, of: task, today: today)))" }
        if let due = task.due { lines.append("**Due** " + when(due)) }
        for (kind, name) in [(TaskField.Kind.scheduled, "Scheduled"), (.start, "Starts")] {
            if let date = fields.date(kind, in: text) { lines.append("**\(name)** " + when(date, kind)) }
        }
        for (kind, name) in [(TaskField.Kind.done, "Done"), (.cancelled, "Cancelled"), (.created, "Created")] {
            if let date = fields.date(kind, in: text) { lines.append("**\(name)** \(date) (\(RecordedDate.words(date, today: today)))") }
        }
        let dialect = parsed.fieldUsage.dialect(fallback: configuration(ofRead: document).dialect)
        switch NextOccurrence.of(task, in: parsed, today: today, dialect: dialect) {
        case .lines(let next)?:
            // Said by the date the rule moves.
            let occurrence = Document(bytes: Array(next.joined(separator: [0x0A])))
            switch occurrence.tasks.first.flatMap({ occurrence.fields(of: $0).recurrenceReference(in: occurrence.textBytes(of: $0)) }) {
            case (.due, let date)?: lines.append("**Repeats**: the next one is due " + when(date))
            case (.scheduled, let date)?: lines.append("**Repeats**: the next one is scheduled " + when(date, .scheduled))
            case (_, let date)?: lines.append("**Repeats**: the next one starts " + when(date, .start))
            case nil: lines.append("**Repeats**")
            }
        case .unknown(let why)?:
            lines.append("**Repeats**, but tick cannot tell when: \(why)")
        case nil:
            break
        }
        let subtasks = parsed.descendants(of: task)
        if !subtasks.isEmpty {
            let done = subtasks.filter { $0.statusType == .done }.count
            let cancelled = subtasks.filter { $0.statusType == .cancelled }.count
            lines.append("**Subtasks** \(done)/\(subtasks.count - cancelled) done" + (cancelled > 0 ? ", \(cancelled) cancelled" : ""))
        }
        let waits = fields.dependencies(in: text)
        if !waits.isEmpty {
            let names = waits.map { id -> String in
                let blocker = parsed.tasks.first { other in
                    let otherText = parsed.textBytes(of: other)
                    return parsed.fields(of: other).first(.id).map { TaskFields.value($0, in: otherText) == id } ?? false
                }
                guard let blocker else { return "`\(id)` (no task has this id)" }
                return "line \(blocker.line + 1): \(parsed.text(of: blocker))" + (blocker.isClosed ? " (closed)" : "")
            }
            lines.append("**Waits for** " + names.joined(separator: "; "))
        }
        guard !lines.isEmpty else { return .success(.null) }
        let start = document.lineStarts[task.line] + 0
        return .success(.object([
            "contents": .object(["kind": .string("markdown"), "value": .string(lines.joined(separator: "  \n"))]),
            "range": document.range(start..<document.contentEnd(ofLine: task.line), encoding: encoding),
        ]))
    }

    /// A date of a task in words: a due date of a task still to do as due ("2 days overdue",
    /// "in 3 days"); any other, and a closed task's due date, as a day ("2 days ago").
    static func words(_ date: CivilDate, _ kind: TaskField.Kind, of task: Task, today: CivilDate) -> String {
        kind == .due && !task.isClosed ? DueState(due: date, today: today).description : RecordedDate.words(date, today: today)
    }

    // MARK: - Inlay hints

    /// After each due, scheduled and start date of the tasks in the range, the date in words
    /// (`words`: "in 3 days", "2 days overdue", "yesterday"). Clients show them when the user turns them on.
    func inlayHints(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let range = document.byteRange(params["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let parsed = parse(document)
        let today = self.today
        let first = document.position(of: range.lowerBound, encoding: .utf8).line
        let last = document.position(of: range.upperBound, encoding: .utf8).line
        var hints: [JSON] = []
        for task in parsed.tasks where task.line >= first && task.line <= last && task.textLastLine == task.line {
            // A one-line task's text is a view onto the document's bytes: field offsets count
            // from its start.
            let text = parsed.textBytes(of: task)
            let fields = parsed.fields(of: task)
            for kind in [TaskField.Kind.due, .scheduled, .start] {
                guard let field = fields.first(kind), let date = fields.date(kind, in: text) else { continue }
                let words = Self.words(date, kind, of: task, today: today)
                // After the field: a Dataview field's closing bracket too.
                let end = field.dialect == .dataview ? field.range.upperBound : field.value.upperBound
                hints.append(.object(["position": document.position(text.startIndex + end, encoding: encoding),
                                      "label": .string(words), "paddingLeft": .bool(true)]))
            }
        }
        return .success(.array(hints))
    }

    // MARK: - Code lenses

    /// Above each group's heading, how many of its tasks are done (subgroups' included), as
    /// `tick progress` counts them: cancelled ones out of the total.
    func codeLenses(_ document: TextDocument) -> Result<JSON, JSONRPCError> {
        let parsed = parse(document)
        let lenses = groupTallies(parsed, of: document).compactMap { heading, tally -> JSON? in
            guard tally.total > 0 else { return nil }
            let line = parsed.headings[heading].line
            return .object(["range": document.range(document.lineStarts[line]..<document.contentEnd(ofLine: line), encoding: encoding),
                            "command": .object(["title": .string("\(tally.closed)/\(tally.total) done (\(tally.percent)%)"),
                                                "command": .string(Self.groupCountsCommand),
                                                "arguments": .array([.string(document.uri), JSON(line)])])])
        }
        return .success(.array(lenses))
    }

    /// What a code lens runs when clicked: the group's tasks by status, said in a message.
    static let groupCountsCommand = "tick.groupCounts"

    /// `tick.groupCounts URI LINE`: how many of the group's tasks (the heading on that line)
    /// are in each status, as a message; nil when no group is there.
    func groupCounts(_ arguments: [JSON]) -> String? {
        guard arguments.count == 2, let uri = arguments[0].string, let line = arguments[1].int, let document = documents[uri],
              refusal(document) == nil else { return nil }
        let parsed = parse(document)
        guard let (heading, tally) = groupTallies(parsed, of: document).first(where: { parsed.headings[$0.heading].line == line }) else { return nil }
        let name = GroupName.shown(parsed.shownGroupPath(ofHeading: heading))
        var counts = ["\(tally.open) to do", "\(tally.doing) in progress", "\(tally.closed) done"]
        if tally.cancelled > 0 { counts.append("\(tally.cancelled) cancelled (out of the total)") }
        return "\(name): " + counts.joined(separator: ", ") + "; \(tally.percent)% of \(tally.total) done"
    }

    /// Each group's tasks counted as `tick groups` and `tick progress` count them (every status,
    /// cancelled ones out of the total, the configured global filter honoured), by heading.
    func groupTallies(_ parsed: Document, of document: TextDocument) -> [(heading: Int, tally: GroupTally)] {
        var query = TaskQuery()
        query.statuses = nil
        query.waiting = .shown
        query.globalFilter = configuration(ofRead: document).globalFilter
        return GroupTally.tally([SourceDocument(path: "", document: parsed)], query: query, today: today).compactMap { tally in
            tally.heading.map { ($0, tally) }
        }
    }

    /// Where each heading's section ends: at the next heading of its level or above (as
    /// `Sections.subtreeLines` says), in one pass over the headings.
    static func sectionEnds(_ parsed: Document) -> [Int] {
        let headings = parsed.headings
        var ends = headings.map { min($0.lastLine + 1, parsed.lines.count) }
        var open: [Int] = []
        for (index, heading) in headings.enumerated() where heading.topLevel {
            while let last = open.last, headings[last].level >= heading.level {
                ends[last] = heading.line
                open.removeLast()
            }
            open.append(index)
        }
        for index in open { ends[index] = parsed.lines.count }
        return ends
    }

    // MARK: - Folding

    /// What an editor folds: each group from its heading to its last line before the next
    /// group of its level or above (the blank lines at its end left open), and each task
    /// that has lines of its own below it (wrapped text, notes, subtasks).
    func foldingRanges(_ document: TextDocument) -> Result<JSON, JSONRPCError> {
        let parsed = parse(document)
        let ends = Self.sectionEnds(parsed)
        var ranges: [JSON] = []
        for (index, heading) in parsed.headings.enumerated() {
            var last = ends[index] - 1
            while last > heading.lastLine, parsed.kinds[last] == .blank { last -= 1 }
            if last > heading.line { ranges.append(.object(["startLine": JSON(heading.line), "endLine": JSON(last), "kind": .string("region")])) }
        }
        for task in parsed.tasks where task.lastLine > task.line {
            ranges.append(.object(["startLine": JSON(task.line), "endLine": JSON(task.lastLine)]))
        }
        return .success(.array(ranges))
    }

    // MARK: - Symbols

    /// Groups as a tree, each with its open and done tasks counted as `tick groups` counts them.
    func symbols(_ document: TextDocument) -> Result<JSON, JSONRPCError> {
        let parsed = parse(document)
        let headings = parsed.headings
        let ends = Self.sectionEnds(parsed)
        var tallies = [GroupTally?](repeating: nil, count: headings.count)
        for (heading, tally) in groupTallies(parsed, of: document) { tallies[heading] = tally }
        var childrenOf = [[Int]](repeating: [], count: headings.count)
        for (index, heading) in headings.enumerated() { if let parent = heading.parent { childrenOf[parent].append(index) } }
        func symbol(_ index: Int) -> JSON {
            let heading = headings[index]
            let end = ends[index]
            let children = childrenOf[index].map(symbol)
            let full = document.lineStarts[heading.line]..<(end < document.lineStarts.count ? document.lineStarts[end] : document.bytes.count)
            let title = document.lineStarts[heading.line]..<document.contentEnd(ofLine: heading.line)
            return .object([
                "name": .string(heading.title.isEmpty ? "(untitled)" : heading.title),
                "detail": .string(tallies[index].map { "\($0.open + $0.doing) open, \($0.closed) done" } ?? ""),
                "kind": JSON(3),
                "range": document.range(full, encoding: encoding),
                "selectionRange": document.range(title, encoding: encoding),
                "children": .array(children),
            ])
        }
        return .success(.array(headings.indices.filter { headings[$0].parent == nil }.map(symbol)))
    }

    /// Groups and tasks of the workspace's task files whose names hold `query` (any case),
    /// walked as `tick list FOLDER` walks (`.gitignore` honoured), and of the open documents
    /// wherever they are, read as the editor holds them. At most `limit`.
    func workspaceSymbols(query: String, limit: Int = 1_000) -> JSON {
        let words = query.lowercased()
        var symbols: [JSON] = []
        // Open documents by their paths (a client may spell a URI otherwise than tick does):
        // read as the editor holds them, and searched even outside the workspace's folders.
        var open: [String: TextDocument] = [:]
        for document in documents.values { if let path = document.path { open[path] = document } }
        var seen = Set<String>()
        let walked = host.taskFiles(in: workspaceFolders)
        for path in walked + open.keys.sorted() where symbols.count < limit {
            guard seen.insert(path).inserted else { continue }
            let document: TextDocument
            if let held = open[path] {
                document = held
            } else {
                guard let bytes = host.contents(ofFile: path), bytes.count <= Self.maximumDocumentSize, !bytes.contains(0) else { continue }
                document = TextDocument(uri: FileURI.uri(ofPath: path), version: 0, text: String(decoding: bytes, as: UTF8.self))
            }
            guard refusal(document) == nil else { continue }
            let parsed = parse(document)
            func add(_ name: String, kind: Int, line: Int, container: String?) {
                guard symbols.count < limit, words.isEmpty || name.lowercased().contains(words) else { return }
                var symbol: [String: JSON] = ["name": .string(name), "kind": JSON(kind), "location": .object([
                    "uri": .string(document.uri), "range": document.range(document.lineStarts[line]..<document.contentEnd(ofLine: line), encoding: encoding)])]
                if let container { symbol["containerName"] = .string(container) }
                symbols.append(.object(symbol))
            }
            for heading in parsed.headings { add(heading.title, kind: 3, line: heading.line, container: Paths.basename(of: path)) }
            for task in parsed.tasks {
                add(parsed.text(of: task), kind: 24, line: task.line, container: task.group.map { parsed.headings[$0].title } ?? Paths.basename(of: path))
            }
        }
        return .array(symbols)
    }
}
