/// The part of Dataview's `TASK` queries that reads the same as an Obsidian Tasks query, read
/// into one (`TasksQuery`), so that it runs as a ```` ```tasks ```` block does:
///
///     TASK FROM "Work"
///     WHERE !completed AND due <= date(today) + dur(1 week)
///     SORT due ASC
///     LIMIT 10
///
/// - `FROM` a folder or file in quotes, several joined by `OR`;
/// - `WHERE` `completed`, `fullyCompleted`, `checked`, a date field (`due`, `scheduled`,
///   `start`, `created`, `completion`) compared with `date(today|tomorrow|yesterday|sow|eow|
///   som|eom|YYYY-MM-DD)`, give or take `dur(N days|weeks|months|years)`, or alone (it is set);
///   `contains(text|tags|file.name|file.path|file.folder, "...")`, case and all; joined by
///   `AND`, `OR`, `!` and parentheses;
/// - `SORT` those date fields, `text`, `status`, `file.name` or `file.path`, `ASC` or `DESC`;
/// - `GROUP BY` `file.link`, `file.name`, `file.path` or `section`; `LIMIT N`.
///
/// Tasks are grouped by their file unless the query groups them otherwise, as Dataview shows
/// them. Anything else is a problem of its line, and the query is not run.
package enum DataviewQuery {
    /// The query of a ```` ```dataview ```` block's lines, nil when it is not a `TASK` query.
    package static func read(_ lines: [String], firstLine: Int = 1, today: CivilDate) -> TasksQuery? {
        var clauses: [(line: Int, text: String)] = []
        for (offset, raw) in lines.enumerated() {
            let text = raw.trimmingSpaces
            guard !text.isEmpty, !text.hasPrefix("//") else { continue }
            // A clause starts with its keyword; a line that does not continues the one before.
            if let last = clauses.last, !Self.startsClause(text) {
                clauses[clauses.count - 1].text = last.text + " " + text
            } else {
                clauses.append((firstLine + offset, text))
            }
        }
        guard let first = clauses.first, first.text.uppercased() == "TASK" || first.text.uppercased().hasPrefix("TASK ") else { return nil }
        var query = TasksQuery([], today: today)
        var grouped = false
        // `TASK FROM "x"` on one line: the FROM after TASK is a clause of its own (said as
        // the line is written).
        var shown = clauses.map(\.text)
        if first.text.count > 4 {
            clauses[0].text = String(first.text.dropFirst(4)).trimmingSpaces
        } else {
            clauses.removeFirst()
            shown.removeFirst()
        }
        for (clause, written) in zip(clauses, shown) {
            do throws(TasksQuery.Unread) {
                let (keyword, rest) = Self.keyword(of: clause.text)
                switch keyword {
                case "FROM": query.filters.append(try Self.sources(rest))
                case "WHERE":
                    var parser = Expression(rest, today: today)
                    query.filters.append(try parser.whole())
                case "SORT":
                    for part in rest.split(separator: ",") { query.sorts.append(try Self.sort(String(part))) }
                case "GROUP BY":
                    let groupings: [String: TasksQuery.Grouping] = ["file.link": .path, "file.name": .filename, "file.path": .path, "section": .heading]
                    guard let grouping = groupings[rest.trimmingSpaces.lowercased()] else {
                        throw TasksQuery.Unread("tick groups a Dataview query by file.link, file.name, file.path or section")
                    }
                    query.groups.append((grouping, false))
                    grouped = true
                case "LIMIT":
                    guard let limit = Int(rest.trimmingSpaces), limit >= 0 else { throw TasksQuery.Unread("LIMIT takes a number") }
                    query.limit = limit
                default:
                    throw TasksQuery.Unread("tick reads Dataview's FROM, WHERE, SORT, GROUP BY and LIMIT, not this")
                }
            } catch {
                query.problems.append(TasksQuery.Problem(line: clause.line, instruction: written, message: error.message))
            }
        }
        if !grouped { query.groups.append((.path, false)) }
        return query
    }

    static let keywords = ["FROM", "WHERE", "SORT", "GROUP BY", "LIMIT", "FLATTEN"]

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

    static func sort(_ text: String) throws(TasksQuery.Unread) -> (key: TasksQuery.SortKey, reverse: Bool, position: Int) {
        let words = text.split(separator: " ").map { $0.lowercased() }
        guard let name = words.first, words.count <= 2 else { throw TasksQuery.Unread("a sort is a field and ASC or DESC") }
        let keys: [String: TasksQuery.SortKey] = ["due": .due, "scheduled": .scheduled, "start": .start, "created": .created,
                                                  "completion": .done, "text": .description, "status": .status,
                                                  "file.name": .filename, "file.path": .path]
        guard let key = keys[name] else { throw TasksQuery.Unread("tick sorts a Dataview query by due, scheduled, start, created, completion, text, status, file.name or file.path") }
        let direction = words.count == 2 ? words[1] : "asc"
        guard direction == "asc" || direction == "desc" || direction == "ascending" || direction == "descending" else {
            throw TasksQuery.Unread("a sort is ASC or DESC")
        }
        return (key, direction.hasPrefix("desc"), 1)
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
                let done: TasksQuery.Filter = word == "checked" ? .not(.statusType(.todo, is: true)) : .done(true)
                if take("=") { return try boolean() ? done : .not(done) }
                if take("!=") { return try boolean() ? .not(done) : done }
                return done
            case "contains", "icontains":
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
                case "tags": return .regex(.tag, matches: true, try pattern("^" + DataviewQuery.escaped(text.hasPrefix("#") ? text : "#" + text) + "$"))
                case "file.name": return .regex(.filename, matches: true, try pattern(literal))
                case "file.path": return .regex(.path, matches: true, try pattern(literal))
                case "file.folder": return .regex(.folder, matches: true, try pattern(literal))
                default: throw TasksQuery.Unread("tick reads contains of text, tags, file.name, file.path or file.folder")
                }
            default:
                guard let kind = Self.dateFields[word] else { throw TasksQuery.Unread("tick does not read '\(word)' in a Dataview query") }
                let operators = ["<", "<=", ">", ">=", "=", "!="]
                guard let op = next, operators.contains(op) else { return .hasDate(kind, true) }
                position += 1
                let date = try self.date()
                switch op {
                case "<": return .date(kind, .before(date))
                case "<=": return .date(kind, .onOrBefore(date))
                case ">": return .date(kind, .after(date))
                case ">=": return .date(kind, .onOrAfter(date))
                case "=": return .date(kind, .on(date))
                default: return .all([.hasDate(kind, true), .not(.date(kind, .on(date)))])
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
