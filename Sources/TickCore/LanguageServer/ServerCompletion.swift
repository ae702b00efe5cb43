/// Completion: dates, tokens, recurrence rules, statuses, and the query language in
/// ```` ```tasks ```` blocks.
extension LanguageServer {
    // MARK: - Completion

    /// Dates after a date field of any dialect, tags, projects and contexts from the open
    /// documents, recurrence rules, and status characters inside `[ ]`.
    func completion(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
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
        var offered = 0
        func item(_ label: String, insert: String, detail: String? = nil, kind: Int, range: JSON? = nil, typed: Bool = false) -> JSON {
            offered += 1
            return Self.completionItem(label, insert: insert, detail: detail, kind: kind, order: offered, range: range ?? replaced, typed: typed)
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
                // `[due:: ` closed when nothing closes it yet.
                let close = lead.hasSuffix(":: ") && !document.bytes[cursor..<document.contentEnd(ofLine: line)].contains(UInt8(ascii: "]"))
                return item(word, insert: "\(date)" + (close ? "]" : ""), detail: "\(date)", kind: 12, typed: true)
            }
            return .success(.object(["isIncomplete": .bool(false), "items": .array(items)]))
        }
        if lead.hasSuffix("🔁 ") || lead.hasSuffix("[repeat:: ") || lead.hasSuffix("rec:") {
            let rules = lead.hasSuffix("rec:") ? ["1d", "1w", "2w", "1m", "1y", "+1w", "+1m"]
                : ["every day", "every weekday", "every week", "every 2 weeks", "every month", "every month on the 1st", "every year", "every week when done"]
            return .success(.object(["isIncomplete": .bool(false), "items": .array(rules.map { item($0, insert: $0, kind: 12) })]))
        }
        if let sigil = word.first, "#+@".contains(sigil) {
            // The word being typed is in the text already: not offered as its own completion.
            let tokens = openTokens(sigil).filter { $0 != word }
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
            // What follows the cursor: the checkbox's character and `]` (replaced by the one
            // chosen), `]` alone, or nothing of a checkbox yet (closed by what is inserted).
            let rest = document.bytes[cursor..<document.contentEnd(ofLine: line)]
            var replacedEnd = cursor
            var closing = "] "
            if let bracket = rest.prefix(5).firstIndex(of: UInt8(ascii: "]")),
               String(decoding: rest[cursor..<bracket], as: UTF8.self).count <= 1 {
                replacedEnd = bracket
                closing = ""
            }
            let range = document.range((cursor - (before.count - wordStart))..<replacedEnd, encoding: encoding)
            return .success(.object(["isIncomplete": .bool(false), "items": .array(statuses.map {
                item("[\($0.0)] \($0.1)", insert: $0.0 + closing, detail: $0.1, kind: 20, range: range)
            })]))
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
                Self.completionItem(label, insert: label, kind: kind, order: index + 1, range: range)
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

    /// An item that puts `insert` in place of `range`, kept in the order it is offered in
    /// (`order`, from 1: today before tomorrow before the weekdays), not the client's
    /// alphabetical one. `typed`: the label is what one types for it (`tomorrow` for the date
    /// it puts), which a client filters by (`filterText`); else the client filters by what is
    /// put, from the range's start (a client that is given a `filterText` may insert at the
    /// cursor, not in place of the range: Neovim's omnifunc).
    static func completionItem(_ label: String, insert: String, detail: String? = nil, kind: Int, order: Int, range: JSON, typed: Bool = false) -> JSON {
        let digits = String(order)
        var object: [String: JSON] = ["label": .string(label), "kind": JSON(kind),
                                      "sortText": .string(String(repeating: "0", count: max(0, 4 - digits.count)) + digits),
                                      "textEdit": .object(["range": range, "newText": .string(insert)])]
        if typed { object["filterText"] = .string(label) }
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
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
