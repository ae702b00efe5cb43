import TickCore

/// What the language server answers about one open document: formatting, code actions, hover,
/// symbols and completion, each computed on the editor's buffer by the code the CLI runs on a
/// file.
extension LanguageServer {
    /// The buffer parsed: read again only where it differs from its last parse, which shares
    /// its bytes while it is unchanged (`Document.reparsed(as:)`).
    func parse(_ document: TextDocument) -> Document {
        let statuses = configuration(ofRead: document).statuses
        if let parsed = parsedDocuments[document.uri], parsed.statuses == statuses { return parsed.reparsed(as: document.bytes) }
        return Document(bytes: document.bytes, statuses: statuses)
    }

    /// The edits that turn the buffer into `edited`: one per run of changed lines.
    func textEdits(_ document: TextDocument, to edited: [UInt8]) -> [JSON] {
        textEdits(document, ChangeHunks.changedLines(document.bytes, edited), to: edited)
    }

    /// The edits that make runs of `changedLines` of the buffer and `edited`.
    func textEdits(_ document: TextDocument, _ runs: [(old: Range<Int>, new: Range<Int>)], to edited: [UInt8]) -> [JSON] {
        runs.compactMap { run in
            guard !run.old.isEmpty || !run.new.isEmpty else { return nil }
            return .object(["range": document.range(run.old, encoding: encoding),
                            "newText": .string(String(decoding: edited[run.new], as: UTF8.self))])
        }
    }

    func workspaceEdit(_ document: TextDocument, to edited: [UInt8]) -> JSON {
        let edits = JSON.array(textEdits(document, to: edited))
        if versionedEdits {
            return .object(["documentChanges": .array([.object([
                "textDocument": .object(["uri": .string(document.uri), "version": JSON(document.version)]),
                "edits": edits,
            ])])])
        }
        return .object(["changes": .object([document.uri: edits])])
    }

    // MARK: - Formatting

    /// `tick fmt`'s output, as the fewest runs of lines replaced.
    func formatting(_ document: TextDocument) -> Result<JSON, Failure> {
        let result = Formatter.format(parse(document), options: configuration(ofRead: document).format)
        return .success(.array(result.changed ? textEdits(document, to: result.bytes) : []))
    }

    /// `tick fmt`'s runs of changed lines that touch the range's lines, when they can be made
    /// alone: every task then reads as before, and formatting the rest later still gives
    /// `tick fmt`'s output. (A list's markers, say, change together or not at all: one item's
    /// marker changed alone would start a new list.) Else a request error that says to format
    /// the whole document.
    func rangeFormatting(_ document: TextDocument, _ params: JSON) -> Result<JSON, Failure> {
        guard let range = document.byteRange(params["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let options = configuration(ofRead: document).format
        let parsed = parse(document)
        let result = Formatter.format(parsed, options: options)
        guard result.changed else { return .success(.array([])) }
        // The range's whole lines: a selection that ends at the start of a line does not take it.
        let first = document.position(of: range.lowerBound, encoding: .utf8).line
        var last = document.position(of: range.upperBound, encoding: .utf8).line
        if range.count > 0, last > first, document.lineStarts[last] == range.upperBound { last -= 1 }
        let lines = document.lineStarts[first]..<(last + 1 < document.lineStarts.count ? document.lineStarts[last + 1] : document.bytes.count)
        // A run replaces lines that meet the range's, or inserts lines in it or right after it.
        func touches(_ old: Range<Int>) -> Bool {
            old.isEmpty ? lines.lowerBound <= old.lowerBound && old.lowerBound <= lines.upperBound
                : old.lowerBound < lines.upperBound && old.upperBound > lines.lowerBound
        }
        let runs = ChangeHunks.changedLines(document.bytes, result.bytes).filter { (!$0.old.isEmpty || !$0.new.isEmpty) && touches($0.old) }
        guard !runs.isEmpty else { return .success(.array([])) }
        var partial = document.bytes
        for run in runs.reversed() { partial.replaceSubrange(run.old, with: result.bytes[run.new]) }
        let reparsed = Document(bytes: partial, statuses: parsed.statuses)
        guard Self.tasksReadTheSame(parsed, reparsed), Formatter.format(reparsed, options: options).bytes == result.bytes else {
            return .failure(Failure(code: -32803, message: "tick fmt changes these lines together with others; format the whole document"))
        }
        return .success(.array(textEdits(document, runs, to: result.bytes)))
    }

    /// Whether two versions hold the same tasks, each with its status, star, text, depth and group.
    static func tasksReadTheSame(_ one: Document, _ other: Document) -> Bool {
        guard one.tasks.count == other.tasks.count else { return false }
        return zip(one.tasks, other.tasks).allSatisfy { a, b in
            a.status == b.status && a.important == b.important && a.depth == b.depth && a.parent == b.parent
                && one.text(of: a) == other.text(of: b) && one.groupPath(of: a) == other.groupPath(of: b)
        }
    }

    // MARK: - Code actions

    /// The tasks a code action at `range` is about: those whose lines (text and wrapped lines)
    /// the range touches.
    func tasks(in range: Range<Int>, of parsed: Document, _ document: TextDocument) -> [Task] {
        let first = document.position(of: range.lowerBound, encoding: .utf8).line
        var last = document.position(of: range.upperBound, encoding: .utf8).line
        // A selection that ends at the start of a line does not take that line.
        if range.count > 0, last > first, document.lineStarts[last] == range.upperBound { last -= 1 }
        return parsed.tasks.filter { $0.line <= last && $0.textLastLine >= first }
    }

    func codeActions(_ document: TextDocument, _ params: JSON) -> Result<JSON, Failure> {
        guard let range = document.byteRange(params["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        let config = configuration(ofRead: document)
        let parsed = parse(document)
        var actions: [JSON] = []
        let selected = tasks(in: range, of: parsed, document)
        if !selected.isEmpty, wanted("refactor.rewrite") {
            let today = self.today
            let week = today.adding(days: 7) ?? today
            let candidates: [(TaskAction, String)] = [
                (.done(), "Mark done"), (.reopen, "Reopen"), (.start, "Start (in progress)"), (.cancel, "Cancel"),
                (.star, "Star (important)"), (.unstar, "Unstar"),
                (.due(today), "Due today"), (.due(today.adding(days: 1) ?? today), "Due tomorrow"), (.due(week), "Due next week"),
                (.moveDue(DateShift(amount: 1, unit: .days), postponing: true), "Postpone a day"), (.due(nil), "Clear the due date"),
            ]
            // A task without a due date is postponed to tomorrow: "Due tomorrow" says that already.
            func offered(_ action: TaskAction, _ task: Task) -> Bool {
                guard case .moveDue = action else { return action.changes(task, in: parsed) }
                return task.due != nil
            }
            for (action, title) in candidates where selected.contains(where: { offered(action, $0) }) {
                guard let edit = run(document, parsed: parsed, config: config, { input throws(EditError) in
                    let tasks = selected.map { input.document.tasks[$0.index] }
                    return try action.plan(tasks, in: input.document, dates: DateRecording(input.document, today: today, config: config))
                }) else { continue }
                let count = selected.count == 1 ? "" : " (\(selected.count) tasks)"
                actions.append(.object(["title": .string(title + count), "kind": .string("refactor.rewrite"),
                                        "isPreferred": .bool(action == .done() && selected.contains { !$0.isClosed }), "edit": edit]))
            }
            if selected.count == 1 {
                for (up, title) in [(true, "Move up"), (false, "Move down")] {
                    guard let edit = run(document, parsed: parsed, config: config, { input throws(EditError) in
                        let task = input.document.tasks[selected[0].index]
                        return EditPlan(try BlockEdits.move(task, up: up, in: input.document), subjects: [.task(task.index, verb: "moved")])
                    }) else { continue }
                    actions.append(.object(["title": .string(title), "kind": .string("refactor.rewrite"), "edit": edit]))
                }
                // To the end of each other group, as `tick move REF --to GROUP` moves it.
                let groups = parsed.headings.indices.filter { parsed.headings[$0].topLevel && $0 != selected[0].group }
                for group in groups.prefix(20) {
                    guard let edit = run(document, parsed: parsed, config: config, { input throws(EditError) in
                        let task = input.document.tasks[selected[0].index]
                        return EditPlan(try BlockEdits.move(task, to: .bottom(group: group), in: input.document), subjects: [.task(task.index, verb: "moved")])
                    }) else { continue }
                    let path = parsed.groupPath(ofHeading: group).joined(separator: " / ")
                    actions.append(.object(["title": .string("Move to " + (path.isEmpty ? "(untitled)" : path)), "kind": .string("refactor.rewrite"), "edit": edit]))
                }
            }
        }
        // lint --fix: formatting fixes what a fixable finding reports.
        let fixable = (params["context"]?["diagnostics"]?.array ?? []).filter {
            $0["source"]?.string == "tick" && ($0["code"]?.string).flatMap(LintRule.init(rawValue:))?.fixable == true
        }
        let formatted = Formatter.format(parsed, options: config.format)
        if formatted.changed {
            if !fixable.isEmpty, wanted("quickfix") {
                actions.append(.object(["title": .string("Fix with tick fmt"), "kind": .string("quickfix"), "diagnostics": .array(fixable),
                                        "edit": workspaceEdit(document, to: formatted.bytes)]))
            }
            if only?.contains(where: { "source.fixAll.tick".hasPrefix($0) }) == true {
                actions.append(.object(["title": .string("Fix all with tick fmt"), "kind": .string("source.fixAll.tick"),
                                        "edit": workspaceEdit(document, to: formatted.bytes)]))
            }
        }
        return .success(.array(actions))
    }

    /// The workspace edit of a plan run on the buffer (`EditTransaction`); nil when the plan
    /// changes nothing or the transaction refuses it.
    /// `parsed`: the buffer parsed once for all the actions offered.
    func run(_ document: TextDocument, parsed: Document, config: ProjectConfig, _ plan: (EditTransaction.Input) throws(EditError) -> EditPlan) -> JSON? {
        guard let transaction = try? EditTransaction(document.bytes, known: EditTransaction.Known(statuses: config.statuses), parsed: parsed, plan: plan),
              let edited = transaction.edited else { return nil }
        return workspaceEdit(document, to: edited)
    }

    // MARK: - Hover

    func hover(_ document: TextDocument, _ params: JSON) -> Result<JSON, Failure> {
        guard let line = params["position"]?["line"]?.int else { return .failure(.invalidParams("no position")) }
        let parsed = parse(document)
        guard let task = parsed.tasks.last(where: { $0.line <= line && $0.textLastLine >= line }) else { return .success(.null) }
        let today = self.today
        let text = parsed.textBytes(of: task)
        let fields = parsed.fields(of: task)
        var lines: [String] = []
        func when(_ date: CivilDate) -> String { "\(date) (\(DueState(due: date, today: today).description))" }
        if let due = task.due { lines.append("**Due** " + when(due)) }
        for (kind, name) in [(TaskField.Kind.scheduled, "Scheduled"), (.start, "Starts")] {
            if let date = fields.date(kind, in: text) { lines.append("**\(name)** " + when(date)) }
        }
        for (kind, name) in [(TaskField.Kind.done, "Done"), (.cancelled, "Cancelled"), (.created, "Created")] {
            if let date = fields.date(kind, in: text) { lines.append("**\(name)** \(date) (\(RecordedDate.words(date, today: today)))") }
        }
        let dialect = parsed.fieldUsage.dialect(fallback: configuration(ofRead: document).dialect)
        switch NextOccurrence.of(task, in: parsed, today: today, dialect: dialect) {
        case .lines(let next)?:
            let occurrence = Document(bytes: Array(next.joined(separator: [0x0A])))
            if let due = occurrence.tasks.first?.due {
                lines.append("**Repeats**: the next one is due " + when(due))
            } else {
                lines.append("**Repeats**")
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

    // MARK: - Inlay hints

    /// After each due, scheduled and start date of the tasks in the range, the date in words
    /// ("in 3 days", "2 days overdue"). Clients show them when the user turns them on.
    func inlayHints(_ document: TextDocument, _ params: JSON) -> Result<JSON, Failure> {
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
                let words = kind == .due ? DueState(due: date, today: today).description : RecordedDate.words(date, today: today)
                hints.append(.object(["position": document.position(text.startIndex + field.value.upperBound, encoding: encoding),
                                      "label": .string(words), "paddingLeft": .bool(true)]))
            }
        }
        return .success(.array(hints))
    }

    // MARK: - Code lenses

    /// Above each group's heading, how many of its tasks are done (subgroups' included), as
    /// `tick progress` counts them: cancelled ones out of the total.
    func codeLenses(_ document: TextDocument) -> Result<JSON, Failure> {
        let parsed = parse(document)
        let lenses = groupTallies(parsed, of: document).compactMap { heading, tally -> JSON? in
            guard tally.total > 0 else { return nil }
            let line = parsed.headings[heading].line
            return .object(["range": document.range(document.lineStarts[line]..<document.contentEnd(ofLine: line), encoding: encoding),
                            "command": .object(["title": .string("\(tally.closed)/\(tally.total) done (\(tally.percent)%)"), "command": .string("")])])
        }
        return .success(.array(lenses))
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

    // MARK: - Symbols

    /// Groups as a tree, each with its open and done tasks counted as `tick groups` counts them.
    func symbols(_ document: TextDocument) -> Result<JSON, Failure> {
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
    /// walked as `tick list FOLDER` walks (`.gitignore` honoured); an open document is read
    /// as the editor holds it. At most `limit`.
    func workspaceSymbols(query: String, limit: Int = 1_000) -> JSON {
        let words = query.lowercased()
        var symbols: [JSON] = []
        var seen = Set<String>()
        let files = workspaceFolders.flatMap { folder in (try? PathWalker.walk([folder])) ?? [] }
        for file in files where symbols.count < limit {
            let uri = "file://" + Self.percentEncoded(file.path)
            guard seen.insert(uri).inserted else { continue }
            let document: TextDocument
            if let open = documents[uri] {
                document = open
            } else {
                guard let bytes = try? FileReader.read(file.path), bytes.count <= Self.maximumDocumentSize, !bytes.contains(0) else { continue }
                document = TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
            }
            guard refusal(document) == nil else { continue }
            let parsed = parse(document)
            func add(_ name: String, kind: Int, line: Int, container: String?) {
                guard symbols.count < limit, words.isEmpty || name.lowercased().contains(words) else { return }
                var symbol: [String: JSON] = ["name": .string(name), "kind": JSON(kind), "location": .object([
                    "uri": .string(uri), "range": document.range(document.lineStarts[line]..<document.contentEnd(ofLine: line), encoding: encoding)])]
                if let container { symbol["containerName"] = .string(container) }
                symbols.append(.object(symbol))
            }
            for heading in parsed.headings { add(heading.title, kind: 3, line: heading.line, container: Paths.basename(of: file.path)) }
            for task in parsed.tasks {
                add(parsed.text(of: task), kind: 24, line: task.line, container: task.group.map { parsed.headings[$0].title } ?? Paths.basename(of: file.path))
            }
        }
        return .array(symbols)
    }

    /// A path as a `file:` URI's path: bytes outside the unreserved set percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in PathBytes.bytes(of: path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Completion

    /// Dates after a date field of any dialect, tags, projects and contexts from the open
    /// documents, recurrence rules, and status characters inside `[ ]`.
    func completion(_ document: TextDocument, _ params: JSON) -> Result<JSON, Failure> {
        guard let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int,
              document.lineStarts.indices.contains(line) else { return .success(.array([])) }
        let cursor = document.offset(line: line, character: character, encoding: encoding)
        let before = Array(document.bytes[document.lineStarts[line]..<cursor])
        // The word being typed: back to a space, a colon or a bracket.
        var wordStart = before.count
        while wordStart > 0, ![0x20, 0x3A, UInt8(ascii: "["), UInt8(ascii: "\t")].contains(before[wordStart - 1]) { wordStart -= 1 }
        let word = String(decoding: before[wordStart...], as: UTF8.self)
        let lead = String(decoding: before[..<wordStart], as: UTF8.self)
        let replaced = document.range((cursor - (before.count - wordStart))..<cursor, encoding: encoding)
        // Items keep the order they are offered in (today before tomorrow before the weekdays),
        // not the client's alphabetical one.
        var offered = 0
        func item(_ label: String, insert: String, detail: String? = nil, kind: Int) -> JSON {
            offered += 1
            let order = String(offered)
            var object: [String: JSON] = ["label": .string(label), "kind": JSON(kind), "filterText": .string(label),
                                          "sortText": .string(String(repeating: "0", count: max(0, 4 - order.count)) + order),
                                          "textEdit": .object(["range": replaced, "newText": .string(insert)])]
            if let detail { object["detail"] = .string(detail) }
            return .object(object)
        }
        if let items = queryCompletion(document, line: line, cursor: cursor) {
            return .success(.object(["isIncomplete": .bool(false), "items": .array(items)]))
        }
        let dateFields = ["due:", "scheduled:", "start:", "t:", "created:", "📅 ", "⏳ ", "🛫 ", "➕ ", "[due:: ", "[scheduled:: ", "[start:: ", "[created:: "]
        if dateFields.contains(where: { lead.hasSuffix($0) || (lead.hasSuffix($0.trimmingSpaces) && $0.hasSuffix(" ") && lead.hasSuffix(" ")) }) {
            let today = self.today
            let words = ["today", "tomorrow"] + DateExpression.weekdays + ["+3d", "+1w", "+2w", "+1m", "eow", "eom"]
            let items = words.compactMap { word -> JSON? in
                guard let date = DateExpression.parse(word, today: today) else { return nil }
                return item(word, insert: "\(date)", detail: "\(date)", kind: 12)
            }
            return .success(.object(["isIncomplete": .bool(false), "items": .array(items)]))
        }
        if lead.hasSuffix("🔁 ") || lead.hasSuffix("[repeat:: ") || lead.hasSuffix("rec:") {
            let rules = lead.hasSuffix("rec:") ? ["1d", "1w", "2w", "1m", "1y", "+1w", "+1m"]
                : ["every day", "every weekday", "every week", "every 2 weeks", "every month", "every month on the 1st", "every year", "every week when done"]
            return .success(.object(["isIncomplete": .bool(false), "items": .array(rules.map { item($0, insert: $0, kind: 12) })]))
        }
        if let sigil = word.first, "#+@".contains(sigil) {
            let tokens = openTokens(sigil)
            return .success(.object(["isIncomplete": .bool(false), "items": .array(tokens.map { item($0, insert: $0, kind: 14) })]))
        }
        // Inside a checkbox: `- [` typed, or its character being replaced.
        let trimmed = lead.drop { $0 == " " || $0 == ">" }
        let ordered = trimmed.hasSuffix(". [") || trimmed.hasSuffix(") [")
            ? trimmed.dropLast(3).allSatisfy(\.isASCIIDigit) && trimmed.count > 3 : false
        if word.count <= 1, ["- [", "* [", "+ ["].contains(where: { trimmed.hasSuffix($0) && trimmed.count == 3 }) || ordered {
            var statuses: [(String, String)] = [(" ", "open"), ("x", "done"), ("/", "in progress"), ("-", "cancelled")]
            let config = configuration(ofRead: document)
            for (character, type) in config.statuses.custom.sorted(by: { $0.key < $1.key }) where !statuses.contains(where: { $0.0 == character }) {
                statuses.append((character, type.rawValue))
            }
            return .success(.object(["isIncomplete": .bool(false),
                                      "items": .array(statuses.map { item("[\($0.0)] \($0.1)", insert: $0.0, detail: $0.1, kind: 20) })]))
        }
        return .success(.object(["isIncomplete": .bool(false), "items": .array([])]))
    }
}

extension LanguageServer {
    /// The instructions a query line starts with, as offered.
    static let queryInstructions = [
        "not done", "done", "due before ", "due after ", "due on ", "due on or before ", "has due date", "no due date",
        "scheduled before ", "scheduled after ", "starts before ", "starts after ", "happens before ", "happens after ",
        "done before ", "done after ", "created before ", "priority is ", "is recurring", "is not recurring", "status.type is ",
        "has tags", "no tags", "tags include ", "tags do not include ", "heading includes ", "heading does not include ",
        "path includes ", "folder includes ", "filename includes ", "description includes ", "description regex matches /",
        "sort by ", "group by ", "limit ", "limit groups ", "explain",
    ]

    /// Completion inside a ```` ```tasks ```` block: the instructions at the start of a line,
    /// then what each takes: the keys of `sort by` and `group by` (and `reverse` after one),
    /// dates, status types, priorities, and the groups (`heading includes`) and tags of the
    /// open documents. What is offered replaces all that is typed of the instruction, or of
    /// its value (`Home O` → `Home Office`), and starts with it. Nil outside a block.
    func queryCompletion(_ document: TextDocument, line: Int, cursor: Int) -> [JSON]? {
        let blocks = TasksQuery.blocks(in: document.bytes)
        // A block's lines are those after its opening fence, up to its closing one.
        guard blocks.contains(where: { line >= $0.line && line < $0.line + $0.lines.count }) else { return nil }
        let start = document.lineStarts[line]
        var textStart = start
        while textStart < cursor, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">")].contains(document.bytes[textStart]) { textStart += 1 }
        let typed = String(decoding: document.bytes[textStart..<cursor], as: UTF8.self)
        let lowered = typed.lowercased()
        func offer(_ values: [String], from offset: Int, kind: Int) -> [JSON] {
            let value = lowered.dropFirst(offset)
            let range = document.range((textStart + typed.prefix(offset).utf8.count)..<cursor, encoding: encoding)
            return values.filter { $0.lowercased().hasPrefix(value) }.enumerated().map { index, label in
                let order = String(index + 1)
                return .object(["label": .string(label), "kind": JSON(kind), "filterText": .string(label),
                                "sortText": .string(String(repeating: "0", count: max(0, 4 - order.count)) + order),
                                "textEdit": .object(["range": range, "newText": .string(label)])])
            }
        }
        // The instruction that takes a value, longest first (`priority is not ` before `priority is `).
        var values: [(prefix: String, values: () -> [String], kind: Int)] = [
            ("status.type is not ", { ["TODO", "IN_PROGRESS", "DONE", "CANCELLED"] }, 20),
            ("status.type is ", { ["not ", "TODO", "IN_PROGRESS", "DONE", "CANCELLED"] }, 20),
        ]
        for test in ["not ", "above ", "below ", ""] {
            values.append(("priority is " + test, { (test.isEmpty ? ["not ", "above ", "below "] : []) + Priority.allCases.map(\.name) }, 20))
        }
        let dates = ["today", "tomorrow", "yesterday", "next week", "this week", "in 7 days", "monday", "friday"]
        for field in ["due", "scheduled", "start", "starts", "created", "done", "cancelled", "happens"] {
            for test in ["on or before ", "on or after ", "before ", "after ", "on ", "in "] { values.append(("\(field) \(test)", { dates }, 12)) }
        }
        for key in TasksQuery.SortKey.allCases { values.append(("sort by \(key.rawValue) ", { ["reverse"] }, 14)) }
        for key in TasksQuery.Grouping.allCases { values.append(("group by \(key.rawValue) ", { ["reverse"] }, 14)) }
        values.append(("sort by ", { TasksQuery.SortKey.allCases.map(\.rawValue) }, 14))
        values.append(("group by ", { TasksQuery.Grouping.allCases.map(\.rawValue) }, 14))
        for verb in ["heading includes ", "heading does not include "] { values.append((verb, { self.openGroupTitles() }, 9)) }
        for verb in ["tags include ", "tag includes ", "tags do not include ", "tag does not include "] {
            values.append((verb, { self.openTokens("#") }, 14))
        }
        for entry in values where lowered.hasPrefix(entry.prefix) {
            return offer(entry.values(), from: entry.prefix.count, kind: entry.kind)
        }
        return offer(Self.queryInstructions, from: 0, kind: 14)
    }

    /// The titles of the groups that hold tasks in the open documents, each once, in file order.
    func openGroupTitles() -> [String] {
        var seen = Set<String>(), titles: [String] = []
        for uri in documents.keys.sorted() {
            guard let open = documents[uri], refusal(open) == nil else { continue }
            let parsed = parse(open)
            for task in parsed.tasks {
                guard let group = task.group, seen.insert(parsed.headings[group].title).inserted else { continue }
                titles.append(parsed.headings[group].title)
            }
        }
        return titles
    }

    /// The tags (`#`), projects (`+`) or contexts (`@`) of the tasks of the open documents,
    /// with their sigil, sorted.
    func openTokens(_ sigil: Character) -> [String] {
        var found = Set<String>()
        for open in documents.values where refusal(open) == nil {
            let parsed = parse(open)
            for task in parsed.tasks {
                let tokens = TaskTokens(text: parsed.text(of: task))
                let names = sigil == "#" ? tokens.tags : sigil == "+" ? tokens.projects : tokens.contexts
                found.formUnion(names.map { String(sigil) + $0 })
            }
        }
        return found.sorted()
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
