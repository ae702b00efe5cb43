/// The edits the language server offers on a document: formatting, code actions and
/// lint's fixes, each computed on the editor's buffer by the code the CLI runs on a file.
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
    func formatting(_ document: TextDocument) -> Result<JSON, JSONRPCError> {
        let result = Formatter.format(parse(document), options: configuration(ofRead: document).format)
        return .success(.array(result.changed ? textEdits(document, to: result.bytes) : []))
    }

    /// `tick fmt`'s runs of changed lines that touch the range's lines, when they can be made
    /// alone: every task then reads as before, and formatting the rest later still gives
    /// `tick fmt`'s output. (A list's markers, say, change together or not at all: one item's
    /// marker changed alone would start a new list.) Else a request error that says to format
    /// the whole document.
    func rangeFormatting(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
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
        let changed = ChangeHunks.changedLines(document.bytes, result.bytes).filter { !$0.old.isEmpty || !$0.new.isEmpty }
        // Line by line first (a run of changed lines reaches past the range only where its
        // lines must change together), else the runs whole.
        let lineByLine = changed.flatMap { Self.lineByLine($0, document.bytes, result.bytes) }
        let cut = !lineByLine.elementsEqual(changed) { $0.old == $1.old && $0.new == $1.new }
        for candidates in cut ? [lineByLine, changed] : [changed] {
            let runs = candidates.filter { touches($0.old) }
            guard !runs.isEmpty else { return .success(.array([])) }
            var partial = document.bytes
            for run in runs.reversed() { partial.replaceSubrange(run.old, with: result.bytes[run.new]) }
            let reparsed = Document(bytes: partial, statuses: parsed.statuses)
            if Self.tasksReadTheSame(parsed, reparsed), Formatter.format(reparsed, options: options).bytes == result.bytes {
                return .success(.array(textEdits(document, runs, to: result.bytes)))
            }
        }
        return .failure(JSONRPCError(code: -32803, message: "tick fmt changes these lines together with others; format the whole document"))
    }

    /// A run of changed lines replaced by as many lines, cut into one run per line that
    /// differs; any other run as it is.
    static func lineByLine(_ run: (old: Range<Int>, new: Range<Int>), _ old: [UInt8], _ new: [UInt8]) -> [(old: Range<Int>, new: Range<Int>)] {
        let oldLines = ChangeHunks.lines(old, run.old), newLines = ChangeHunks.lines(new, run.new)
        guard oldLines.count > 1, oldLines.count == newLines.count else { return [run] }
        return zip(oldLines, newLines).filter { !old[$0.0].elementsEqual(new[$0.1]) }.map { (old: $0.0, new: $0.1) }
    }

    /// Whether two versions hold the same tasks, each saying the same (`BlockEdits.says`) at
    /// the same depth, under the same parent, in the same group.
    static func tasksReadTheSame(_ one: Document, _ other: Document) -> Bool {
        guard one.tasks.count == other.tasks.count else { return false }
        return zip(one.tasks, other.tasks).allSatisfy { a, b in
            BlockEdits.says(a, in: one, theSameAs: b, in: other) && a.depth == b.depth && a.parent == b.parent
                && one.groupPath(of: a) == other.groupPath(of: b)
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

    func codeActions(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
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
}
