/// Code actions: the CLI's task commands on the tasks a range touches, and lint's fixes, each
/// the edit the CLI would make on the same bytes (`EditTransaction`, `Formatter`). A client
/// that resolves code actions (`codeAction/resolve` with `edit`) is offered them by title and
/// each edit is worked out when one is chosen: a request made at every move of the cursor then
/// costs a parse, not an edit per action. Any other client gets each edit with its offer, and
/// only the actions whose edit can be made.
extension LanguageServer {
    /// A code action on offer: its edit is worked out only when asked for.
    struct CodeActionOffer {
        /// Names the action among those offered for one range: `codeAction/resolve` finds it
        /// again by the range and this name.
        let name: String
        let title: String
        let kind: String
        var isPreferred = false
        /// The findings it fixes (a quick fix).
        var diagnostics: [JSON] = []
        let edit: () -> Result<JSON, JSONRPCError>

        func json(edit: JSON?, data: JSON?) -> JSON {
            var fields: [String: JSON] = ["title": .string(title), "kind": .string(kind)]
            if isPreferred { fields["isPreferred"] = .bool(true) }
            if !diagnostics.isEmpty { fields["diagnostics"] = .array(diagnostics) }
            if let edit { fields["edit"] = edit }
            if let data { fields["data"] = data }
            return .object(fields)
        }
    }

    func codeActions(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let range = document.byteRange(params["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        let offers = codeActionOffers(document, range: range, diagnostics: params["context"]?["diagnostics"]?.array ?? []) { kind in
            // source.fixAll is a kind the client asks for by name (on save, say), never a lightbulb's.
            only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? !kind.hasPrefix("source.")
        }
        if resolvesCodeActions {
            let data = { (offer: CodeActionOffer) -> JSON in
                .object(["uri": .string(document.uri), "version": JSON(document.version), "range": params["range"] ?? .null,
                         "action": .string(offer.name)])
            }
            return .success(.array(offers.map { $0.json(edit: nil, data: data($0)) }))
        }
        return .success(.array(offers.compactMap { offer in
            guard case .success(let edit) = offer.edit() else { return nil }
            return offer.json(edit: edit, data: nil)
        }))
    }

    /// The edit of an action offered by `codeActions`, worked out on the buffer as it was
    /// offered: a buffer changed since is refused (`ContentModified`), as the range may no
    /// longer be on the tasks it was.
    func resolveCodeAction(_ action: JSON) -> Result<JSON, JSONRPCError> {
        guard case .object(var fields) = action, let data = action["data"], let uri = data["uri"]?.string,
              let name = data["action"]?.string else { return .failure(.invalidParams("not a code action tick offered")) }
        guard let document = documents[uri] else { return .failure(.invalidParams("\(uri) is not open")) }
        guard data["version"]?.int == document.version else {
            return .failure(JSONRPCError(code: -32801, message: "the document changed since this action was offered; ask for it again"))
        }
        if let refusal = refusal(document) { return .failure(JSONRPCError(code: -32803, message: refusal)) }
        guard let range = document.byteRange(data["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let offers = codeActionOffers(document, range: range, diagnostics: action["diagnostics"]?.array ?? []) {
            $0 == action["kind"]?.string
        }
        guard let offer = offers.first(where: { $0.name == name }) else {
            return .failure(JSONRPCError(code: -32803, message: "tick offers no such action there"))
        }
        return offer.edit().map { edit in
            fields["edit"] = edit
            return .object(fields)
        }
    }

    /// The actions on the tasks `range` touches (their text and wrapped lines) and the fixes
    /// of `diagnostics`, of the kinds `wanted`. Offered by what is cheap to tell (an action
    /// that would change one of the tasks; a sibling to move past); a plan the transaction
    /// refuses is found when its edit is worked out.
    func codeActionOffers(_ document: TextDocument, range: Range<Int>, diagnostics: [JSON], wanted: (String) -> Bool) -> [CodeActionOffer] {
        let config = configuration(ofRead: document)
        let parsed = parse(document)
        // A text no edit may write (NUL bytes, an unresolved merge conflict) is offered none:
        // each would be refused when chosen.
        do throws(EditError) { try EditTransaction.refuseUneditable(parsed.bytes) } catch { return [] }
        var offers: [CodeActionOffer] = []
        let lines = wholeLines(range, of: document)
        let first = document.position(of: lines.lowerBound, encoding: .utf8).line
        let last = max(first, document.position(of: lines.upperBound, encoding: .utf8).line - 1)
        let selected = parsed.tasks.filter { $0.line <= last && $0.textLastLine >= first }
        func edit(_ plan: @escaping (EditTransaction.Input) throws(EditError) -> EditPlan) -> () -> Result<JSON, JSONRPCError> {
            { run(document, parsed: parsed, config: config, plan) }
        }
        if !selected.isEmpty, wanted("refactor.rewrite") {
            let today = self.today
            // As `tick due REF next week` reads it: next Monday.
            let week = DateExpression.parse("next week", today: today) ?? today
            let candidates: [(TaskAction, String, String)] = [
                (.done(), "done", "Mark done"), (.reopen, "reopen", "Reopen"), (.start, "start", "Start (in progress)"),
                (.cancel, "cancel", "Cancel"), (.star, "star", "Star (important)"), (.unstar, "unstar", "Unstar"),
                (.due(today), "due-today", "Due today"), (.due(today.adding(days: 1) ?? today), "due-tomorrow", "Due tomorrow"),
                (.due(week), "due-next-week", "Due next week"),
                (.moveDue(DateShift(amount: 1, unit: .days), postponing: true), "postpone", "Postpone a day"),
                (.due(nil), "clear-due", "Clear the due date"),
            ]
            // An action is about the tasks of the selection it changes: a task without a due
            // date is not postponed (to tomorrow: "Due tomorrow" says that already), and of a
            // selection that holds open tasks, the closed ones get no dates.
            let holdsOpen = selected.contains { !$0.isClosed }
            func applies(_ action: TaskAction, _ task: Task) -> Bool {
                switch action {
                case .moveDue: return task.due != nil && !(holdsOpen && task.isClosed)
                case .due: return action.changes(task, in: parsed) && !(holdsOpen && task.isClosed)
                default: return action.changes(task, in: parsed)
                }
            }
            for (action, name, title) in candidates {
                let subjects = selected.filter { applies(action, $0) }
                guard !subjects.isEmpty else { continue }
                let count = selected.count == 1 ? "" : " (\(subjects.count) task\(subjects.count == 1 ? "" : "s"))"
                offers.append(CodeActionOffer(name: name, title: title + count, kind: "refactor.rewrite",
                                              isPreferred: action == .done() && holdsOpen,
                                              edit: edit { input throws(EditError) in
                    let tasks = subjects.map { input.document.tasks[$0.index] }
                    return try action.plan(tasks, in: input.document, dates: DateRecording(input.document, today: today, config: config))
                }))
            }
            if selected.count == 1 {
                let task = selected[0]
                for (up, name, title) in [(true, "move-up", "Move up"), (false, "move-down", "Move down")]
                where BlockEdits.sibling(of: task, up: up, in: parsed) != nil {
                    offers.append(CodeActionOffer(name: name, title: title, kind: "refactor.rewrite", edit: edit { input throws(EditError) in
                        let task = input.document.tasks[task.index]
                        return EditPlan(try BlockEdits.move(task, up: up, in: input.document), subjects: [.task(task.index, verb: "moved")])
                    }))
                }
                // To the end of each other group, as `tick move REF --to GROUP` moves it (not
                // into the file's title, which holds groups, not tasks): of a file of many
                // groups, the 20 nearest its own, in file order.
                let others = parsed.headings.indices.filter { parsed.headings[$0].topLevel && $0 != task.group && $0 != parsed.title }
                let own = task.group ?? -1
                for group in others.sorted(by: { abs($0 - own) < abs($1 - own) }).prefix(20).sorted() {
                    let path = GroupName.shown(parsed.shownGroupPath(ofHeading: group))
                    offers.append(CodeActionOffer(name: "move-to-\(parsed.headings[group].line)", title: "Move to " + (path.isEmpty ? "(untitled)" : path),
                                                  kind: "refactor.rewrite", edit: edit { input throws(EditError) in
                        let task = input.document.tasks[task.index]
                        return EditPlan(try BlockEdits.move(task, to: .bottom(group: group), in: input.document), subjects: [.task(task.index, verb: "moved")])
                    }))
                }
            }
        }
        // tick archive: from a done task it would file away (the lightbulb), or the source
        // actions of the document.
        let archive = ArchivePlan(configured: config.archiveGroup)
        let onClosed = selected.contains { $0.isClosed && $0.parent == nil }
        if onClosed && wanted("refactor.rewrite") || wanted("source.archive.tick"),
           let moved = try? archive.selection(in: parsed).moved, !moved.isEmpty, (try? archive.check(parsed)) != nil {
            let title = archive.title(archiving: moved, in: parsed)
            let archiving = edit { input throws(EditError) in try archive.plan(in: input.document) }
            if onClosed, wanted("refactor.rewrite"), Set(moved.map(\.index)).intersection(selected.map(\.index)).count > 0 {
                offers.append(CodeActionOffer(name: "archive", title: title, kind: "refactor.rewrite", edit: archiving))
            }
            if wanted("source.archive.tick") {
                offers.append(CodeActionOffer(name: "archive-all", title: title, kind: "source.archive.tick", edit: archiving))
            }
        }
        // lint --fix: formatting fixes what a fixable finding reports; a quick fix formats the
        // findings' lines where they can be formatted alone, else the whole document.
        let fixable = diagnostics.filter {
            $0["source"]?.string == "tick" && ($0["code"]?.string).flatMap(LintRule.init(rawValue:))?.fixable == true
        }
        let formatted = { Formatter.format(parsed, options: config.format) }
        if !fixable.isEmpty, wanted("quickfix") {
            let findings = fixable.compactMap { document.byteRange($0["range"], encoding: encoding).map { wholeLines($0, of: document) } }
            offers.append(CodeActionOffer(name: "fix", title: "Fix with tick fmt", kind: "quickfix", diagnostics: fixable) {
                let result = formatted()
                guard result.changed else { return .failure(JSONRPCError(code: -32803, message: "tick fmt changes nothing here")) }
                guard let runs = formattingRuns(document, parsed: parsed, formatted: result.bytes, options: config.format, touching: findings),
                      !runs.isEmpty else { return .success(workspaceEdit(document, to: result.bytes)) }
                return .success(workspaceEdit(document, textEdits(document, runs, to: result.bytes)))
            })
        }
        // Asked for by name, on save say: offered only when it changes something.
        if wanted("source.fixAll.tick") {
            let result = formatted()
            if result.changed {
                offers.append(CodeActionOffer(name: "fix-all", title: "Fix all with tick fmt", kind: "source.fixAll.tick") {
                    .success(workspaceEdit(document, to: result.bytes))
                })
            }
        }
        return offers
    }

    /// The workspace edit of a plan run on the buffer (`EditTransaction`), or the refusal.
    /// `parsed`: the buffer parsed once for all the actions offered.
    func run(_ document: TextDocument, parsed: Document, config: ProjectConfig,
             _ plan: (EditTransaction.Input) throws(EditError) -> EditPlan) -> Result<JSON, JSONRPCError> {
        do {
            let transaction = try EditTransaction(document.bytes, known: EditTransaction.Known(statuses: config.statuses), parsed: parsed, plan: plan)
            guard let edited = transaction.edited else { return .failure(JSONRPCError(code: -32803, message: "the edit changes nothing")) }
            return .success(workspaceEdit(document, to: edited))
        } catch {
            return .failure(JSONRPCError(code: -32803, message: "tick: " + error.message))
        }
    }
}
