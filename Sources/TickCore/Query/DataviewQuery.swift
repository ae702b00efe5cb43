/// The part of Dataview's `TASK` queries that reads the same as an Obsidian Tasks query, read
/// into one (`TasksQuery`), so that it runs as a ```` ```tasks ```` block does:
///
///     TASK FROM "Work"
///     WHERE !completed AND due <= date(today) + dur(1 week)
///     SORT due ASC
///     LIMIT 10
///
/// - `FROM` a folder or file in quotes, several joined by `OR`;
/// - `WHERE` `completed` (done), `fullyCompleted` (with every subtask), `checked` (any box
///   but a space), a date field (`due`, `scheduled`, `start`, `created`, `completion`)
///   compared with `date(today|tomorrow|yesterday|sow|eow|som|eom|YYYY-MM-DD)`, give or take
///   `dur(N days|weeks|months|years)` (a blank is before any date, as Dataview compares it),
///   or alone (it is set); `contains`, `icontains` and `econtains` of `text`, `tags`,
///   `file.name`, `file.path` and `file.folder`; joined by `AND`, `OR`, `!` and parentheses;
/// - `SORT` those date fields (blanks first), `text`, `file.name` or `file.path`, `ASC` or
///   `DESC`; `GROUP BY` `file.link`, `file.name`, `file.path` or `section`; `LIMIT N`.
///
/// Clauses start at their keywords, on one line or several; `//` starts a comment. Rows keep
/// file order where the query sorts none, and are not grouped unless it groups them, as
/// Dataview shows them; `SORT` and `LIMIT` come after the clauses that filter. Anything else is
/// a problem of its line, and the query is not run.
package enum DataviewQuery {
    /// The query of a ```` ```dataview ```` block's lines, nil when it is not a `TASK` query.
    package static func read(_ lines: [String], firstLine: Int = 1, today: CivilDate) -> TasksQuery? {
        // Clauses start at their keywords, on a line or within one (`TASK FROM "x" WHERE y`);
        // a line without one continues the clause before. Comments (`//`) run to the line's end.
        var clauses: [(line: Int, text: String)] = []
        for (offset, raw) in lines.enumerated() {
            for (index, segment) in Self.segments(of: Self.uncommented(raw)).enumerated() {
                if index == 0, let last = clauses.last, !Self.startsClause(segment) {
                    clauses[clauses.count - 1].text = last.text + " " + segment
                } else {
                    clauses.append((firstLine + offset, segment))
                }
            }
        }
        guard let first = clauses.first, first.text.uppercased() == "TASK" else { return nil }
        clauses.removeFirst()
        var query = TasksQuery([], today: today)
        // Dataview keeps file order where the query sets none, and shows a task's subtasks under it.
        query.appliesOwnOrder = false
        query.nestsSubtasks = true
        var ordered = false
        for clause in clauses {
            do throws(TasksQuery.Unread) {
                let (keyword, rest) = Self.keyword(of: clause.text)
                switch keyword {
                case "FROM", "WHERE":
                    // Dataview runs its clauses in the order written; tick filters first.
                    if ordered { throw TasksQuery.Unread("tick runs \(keyword) before SORT and LIMIT; write it before them") }
                    if keyword == "FROM" {
                        query.filters.append(try Self.sources(rest))
                    } else {
                        var parser = Expression(rest, today: today)
                        query.filters.append(try parser.whole())
                    }
                case "SORT":
                    ordered = true
                    for part in rest.split(separator: ",") { query.sorts.append(try Self.sort(String(part))) }
                case "GROUP BY":
                    let groupings: [String: TasksQuery.Grouping] = ["file.link": .filename, "file.name": .filename, "file.path": .path, "section": .heading]
                    guard let grouping = groupings[rest.trimmingSpaces.lowercased()] else {
                        throw TasksQuery.Unread("tick groups a Dataview query by file.link, file.name, file.path or section")
                    }
                    query.groups.append((grouping, false))
                case "LIMIT":
                    ordered = true
                    guard let limit = Int(rest.trimmingSpaces), limit >= 0 else { throw TasksQuery.Unread("LIMIT takes a number") }
                    query.limit = limit
                default:
                    throw TasksQuery.Unread("tick reads Dataview's FROM, WHERE, SORT, GROUP BY and LIMIT, not this")
                }
            } catch {
                query.problems.append(TasksQuery.Problem(line: clause.line, instruction: clause.text, message: error.message))
            }
        }
        return query
    }

    /// The kind of query a block holds (`TASK`, `LIST`, `TABLE`, ...), upper case; nil for
    /// an empty block.
    package static func kind(of lines: [String]) -> String? {
        for line in lines {
            let words = uncommented(line).split(separator: " ")
            if let first = words.first { return first.uppercased() }
        }
        return nil
    }

    static let keywords = ["TASK", "FROM", "WHERE", "SORT", "GROUP BY", "LIMIT", "FLATTEN"]

    static func startsClause(_ text: String) -> Bool {
        keywords.contains { keyword(of: text).keyword == $0 }
    }

    /// A clause's keyword, upper case, and the rest of it.
    static func keyword(of text: String) -> (keyword: String, rest: String) {
        let upper = text.uppercased()
        for keyword in keywords where upper == keyword || upper.hasPrefix(keyword + " ") {
            return (keyword, String(text.dropFirst(keyword.count)))
        }
        return (String(upper.prefix { $0 != " " }), String(text.drop { $0 != " " }))
    }

    /// A line without its comment: from `//` outside quotes to its end.
    static func uncommented(_ line: String) -> String {
        var quoted = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if character == "\"" { quoted.toggle() }
            if !quoted, character == "/", previous == "/" { return String(line[..<line.index(before: index)]).trimmingSpaces }
            previous = character
        }
        return line.trimmingSpaces
    }

    /// A line cut where a clause keyword stands as a word outside quotes and parentheses.
    static func segments(of line: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var quoted = false, depth = 0
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        var index = 0
        while index < words.count {
            let word = String(words[index])
            let pair = index + 1 < words.count ? word + " " + words[index + 1] : word
            let isKeyword = !quoted && depth == 0 && (keywords.contains(word.uppercased()) || pair.uppercased() == "GROUP BY")
            if isKeyword, !current.isEmpty {
                segments.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
            for character in word {
                if character == "\"" { quoted.toggle() }
                if !quoted, character == "(" { depth += 1 }
                if !quoted, character == ")" { depth -= 1 }
            }
            index += 1
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    /// `"Work" OR "Home/chores"`: the files in those folders, or those files.
    static func sources(_ text: String) throws(TasksQuery.Unread) -> TasksQuery.Filter {
        var sources: [TasksQuery.Filter] = []
        for part in text.replacing(" or ", with: " OR ").split(separator: " OR ") where !String(part).trimmingSpaces.isEmpty {
            let source = String(part).trimmingSpaces
            guard source.count >= 2, source.hasPrefix("\""), source.hasSuffix("\"") else {
                throw TasksQuery.Unread("tick reads FROM a folder or a file in quotes (FROM \"Work\"), not tags or links")
            }
            var path = String(source.dropFirst().dropLast())
            while path.hasSuffix("/") { path.removeLast() }
            let literal = Self.escaped(path)
            sources.append(.regex(.path, matches: true, try TextPattern("/^\(literal)(\\/|\\.md$|$)/")))
        }
        guard !sources.isEmpty else { throw TasksQuery.Unread("FROM names no folder or file") }
        return sources.count == 1 ? sources[0] : .any(sources)
    }

    static func sort(_ text: String) throws(TasksQuery.Unread) -> (key: TasksQuery.SortKey, reverse: Bool, position: Int, blanksFirst: Bool) {
        let words = text.split(separator: " ").map { $0.lowercased() }
        guard let name = words.first, words.count <= 2 else { throw TasksQuery.Unread("a sort is a field and ASC or DESC") }
        let keys: [String: TasksQuery.SortKey] = ["due": .due, "scheduled": .scheduled, "start": .start, "created": .created,
                                                  "completion": .done, "text": .description,
                                                  "file.name": .filename, "file.path": .path]
        guard let key = keys[name] else { throw TasksQuery.Unread("tick sorts a Dataview query by due, scheduled, start, created, completion, text, file.name or file.path") }
        let direction = words.count == 2 ? words[1] : "asc"
        guard direction == "asc" || direction == "desc" || direction == "ascending" || direction == "descending" else {
            throw TasksQuery.Unread("a sort is ASC or DESC")
        }
        // A task without the date comes first, as Dataview sorts a blank before any value.
        return (key, direction.hasPrefix("desc"), 1, true)
    }

    /// `text` as a regular expression that matches it to the letter.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}/".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A `WHERE` expression read by recursive descent: `OR` below `AND` below `!`.
    struct Expression {
        var tokens: [String]
        var position = 0
        let today: CivilDate

        init(_ text: String, today: CivilDate) {
            self.today = today
            var tokens: [String] = []
            var characters = Array(text)[...]
            while let first = characters.first {
                if first == " " || first == "\t" { characters = characters.dropFirst(); continue }
                if first == "\"" {
                    let body = characters.dropFirst().prefix { $0 != "\"" }
                    tokens.append("\"" + String(body) + "\"")
                    characters = characters.dropFirst(body.count + 2)
                } else if "()!,+-&|".contains(first) {
                    if first == "!", characters.dropFirst().first == "=" {
                        tokens.append("!=")
                        characters = characters.dropFirst(2)
                    } else {
                        tokens.append(String(first))
                        characters = characters.dropFirst()
                    }
                } else if "<>=".contains(first) {
                    let two = characters.dropFirst().first == "="
                    tokens.append(String(characters.prefix(two ? 2 : 1)))
                    characters = characters.dropFirst(two ? 2 : 1)
                } else {
                    let word = characters.prefix { !" \t()!,+&|<>=\"".contains($0) }
                    tokens.append(String(word))
                    characters = characters.dropFirst(word.count)
                }
            }
            self.tokens = tokens
        }

        var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func take(_ token: String) -> Bool {
            guard let next, next.lowercased() == token.lowercased() else { return false }
            position += 1
            return true
        }

        mutating func whole() throws(TasksQuery.Unread) -> TasksQuery.Filter {
            let filter = try or()
            guard next == nil else { throw TasksQuery.Unread("cannot read '\(tokens[position...].joined(separator: " "))'") }
            return filter
        }

        mutating func or() throws(TasksQuery.Unread) -> TasksQuery.Filter {
            var terms = [try and()]
            while take("or") || take("|") { terms.append(try and()) }
            return terms.count == 1 ? terms[0] : .any(terms)
        }

        mutating func and() throws(TasksQuery.Unread) -> TasksQuery.Filter {
            var terms = [try unary()]
            while take("and") || take("&") { terms.append(try unary()) }
            return terms.count == 1 ? terms[0] : .all(terms)
        }

        mutating func unary() throws(TasksQuery.Unread) -> TasksQuery.Filter {
            if take("!") { return .not(try unary()) }
            if take("(") {
                let inner = try or()
                guard take(")") else { throw TasksQuery.Unread("a '(' is not closed") }
                return inner
            }
            return try comparison()
        }

        static let dateFields: [String: TaskField.Kind] = ["due": .due, "scheduled": .scheduled, "start": .start,
                                                           "created": .created, "completion": .done]

        mutating func comparison() throws(TasksQuery.Unread) -> TasksQuery.Filter {
            guard let word = next?.lowercased() else { throw TasksQuery.Unread("an expression is missing") }
            position += 1
            switch word {
            case "completed", "fullycompleted", "checked":
                let done: TasksQuery.Filter = switch word {
                case "checked": .checked(true)
                case "fullycompleted": .fullyCompleted(true)
                default: .statusType(.done, is: true)
                }
                if take("=") { return try boolean() ? done : .not(done) }
                if take("!=") { return try boolean() ? .not(done) : done }
                return done
            case "contains", "icontains", "econtains":
                guard take("(") else { throw TasksQuery.Unread("contains takes a field and a text in parentheses") }
                guard let field = next?.lowercased() else { throw TasksQuery.Unread("contains takes a field") }
                position += 1
                guard take(","), let quoted = next, quoted.hasPrefix("\""), quoted.count >= 2 else {
                    throw TasksQuery.Unread("contains takes a field and a text in quotes")
                }
                position += 1
                guard take(")") else { throw TasksQuery.Unread("contains has no ')'") }
                let text = String(quoted.dropFirst().dropLast())
                let flags = word == "icontains" ? "i" : ""
                func pattern(_ body: String) throws(TasksQuery.Unread) -> TextPattern { try TextPattern("/\(body)/\(flags)") }
                let literal = DataviewQuery.escaped(text)
                switch field {
                case "text": return .regex(.taskText, matches: true, try pattern(literal))
                case "tags":
                    // Each tag holds the text (contains), or is it (econtains).
                    let tag = DataviewQuery.escaped(text)
                    return .regex(.tag, matches: true, try pattern(word == "econtains" ? "^" + tag + "$" : tag))
                case "file.name": return .regex(.filename, matches: true, try pattern(literal))
                case "file.path": return .regex(.path, matches: true, try pattern(literal))
                case "file.folder": return .regex(.folder, matches: true, try pattern(literal))
                default: throw TasksQuery.Unread("tick reads contains of text, tags, file.name, file.path or file.folder")
                }
            default:
                if word.hasPrefix("file.") { throw TasksQuery.Unread("tick reads \(word) only in contains(\(word), \"...\")") }
                guard let kind = Self.dateFields[word] else { throw TasksQuery.Unread("tick does not read '\(word)' in a Dataview query") }
                let operators = ["<", "<=", ">", ">=", "=", "!="]
                guard let op = next, operators.contains(op) else { return .hasDate(kind, true) }
                position += 1
                let date = try self.date()
                // Dataview compares a blank as before any date: `due < date(today)` holds
                // for a task without one, and so does `!=`.
                let blank: TasksQuery.Filter = .hasDate(kind, false)
                switch op {
                case "<": return .any([blank, .date(kind, .before(date))])
                case "<=": return .any([blank, .date(kind, .onOrBefore(date))])
                case ">": return .date(kind, .after(date))
                case ">=": return .date(kind, .onOrAfter(date))
                case "=": return .date(kind, .on(date))
                default: return .any([blank, .not(.date(kind, .on(date)))])
                }
            }
        }

        mutating func boolean() throws(TasksQuery.Unread) -> Bool {
            if take("true") { return true }
            if take("false") { return false }
            throw TasksQuery.Unread("expected true or false")
        }

        /// `date(today)`, `date(2026-12-01)`, give or take `dur(1 week)`.
        mutating func date() throws(TasksQuery.Unread) -> CivilDate {
            guard take("date"), take("(") else { throw TasksQuery.Unread("tick compares dates with date(today) or date(2026-12-01)") }
            var words: [String] = []
            while let next, next != ")" { words.append(next); position += 1 }
            guard take(")") else { throw TasksQuery.Unread("date( has no ')'") }
            let word = String(words.joined().lowercased().filter { $0 != "\"" })
            let month = CivilDate(year: today.year, month: today.month, day: 1) ?? today
            let named: [String: CivilDate?] = [
                "today": today, "tomorrow": today.adding(days: 1), "yesterday": today.adding(days: -1),
                "sow": today.adding(days: 1 - today.isoWeekday), "eow": today.adding(days: 7 - today.isoWeekday),
                "som": month, "eom": CivilDate(year: today.year, month: today.month, day: CivilDate.daysIn(month: today.month, year: today.year)),
            ]
            guard var date = named[word].flatMap({ $0 }) ?? CivilDate(iso: word) else {
                throw TasksQuery.Unread("tick reads date(today), tomorrow, yesterday, sow, eow, som, eom or an ISO date, not '\(words.joined())'")
            }
            while let sign = next, sign == "+" || sign == "-" {
                position += 1
                guard take("dur"), take("(") else { throw TasksQuery.Unread("a date moves by dur(1 week)") }
                var parts: [String] = []
                while let next, next != ")" { parts.append(next); position += 1 }
                guard take(")"), let shift = DateShift(words: parts.joined(separator: " ")),
                      let moved = DateShift(amount: sign == "-" ? -shift.amount : shift.amount, unit: shift.unit).applied(to: date) else {
                    throw TasksQuery.Unread("tick reads dur(N days), weeks, months or years")
                }
                date = moved
            }
            return date
        }
    }
}
