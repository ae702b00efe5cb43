/// A query in Obsidian Tasks' language, as its users keep them in ```` ```tasks ```` blocks:
/// one instruction per line. Filters must all hold (`not done`, `due before tomorrow`,
/// `path includes Work`, `(A) OR (B)`); `sort by`, `group by` and `limit` order and cut the
/// result; `explain` asks for how tick read it. An instruction tick does not read is kept as a
/// problem of its line, never passed over.
package struct TasksQuery: Sendable {
    package indirect enum Filter: Sendable, CustomStringConvertible {
        case done(Bool)
        case statusType(StatusType, is: Bool)
        /// A date field (`nil`: any of due, scheduled and start, Obsidian's `happens`) tested.
        case date(TaskField.Kind?, DateTest)
        case hasDate(TaskField.Kind?, Bool)
        /// A date field whose value is no date (`due date is invalid`).
        case invalidDate(TaskField.Kind?)
        case priority(PriorityTest, Priority)
        case recurring(Bool)
        case hasTags(Bool)
        /// Its box holds anything but a space (Dataview's `checked`).
        case checked(Bool)
        /// Done, with every subtask done (Dataview's `fullyCompleted`).
        case fullyCompleted(Bool)
        case text(TextField, includes: Bool, String)
        /// `description regex matches /pattern/i`: the field's text matched, or not.
        case regex(TextField, matches: Bool, TextPattern)
        case all([Filter])
        case any([Filter])
        /// Exactly one of the two (`XOR`).
        case either(Filter, Filter)
        case not(Filter)

        package var description: String {
            switch self {
            case .done(let done): done ? "done" : "not done"
            case .statusType(let type, let yes): "status type \(yes ? "is" : "is not") \(type.rawValue)"
            case .date(let kind, let test): "\(kind.map(Self.name) ?? "due, scheduled or start") date \(test)"
            case .hasDate(let kind, let yes): "\(yes ? "has" : "no") \(kind.map(Self.name) ?? "due, scheduled or start") date"
            case .invalidDate(let kind): "\(kind.map(Self.name) ?? "due, scheduled or start") date is no date"
            case .priority(let test, let priority): "priority \(test.rawValue) \(priority.name)"
            case .recurring(let yes): yes ? "recurring" : "not recurring"
            case .hasTags(let yes): yes ? "has tags" : "no tags"
            case .checked(let yes): yes ? "checked" : "not checked"
            case .fullyCompleted(let yes): yes ? "done with every subtask" : "not done with every subtask"
            case .text(let field, let includes, let text): "\(field.rawValue) \(includes ? "includes" : "does not include") '\(text)'"
            case .regex(let field, let matches, let pattern): "\(field.rawValue) \(matches ? "matches" : "does not match") \(pattern)"
            case .all(let filters): "(" + filters.map(\.description).joined(separator: ") AND (") + ")"
            case .any(let filters): "(" + filters.map(\.description).joined(separator: ") OR (") + ")"
            case .either(let one, let other): "(\(one)) XOR (\(other))"
            case .not(let filter): "NOT (\(filter))"
            }
        }

        static func name(_ kind: TaskField.Kind) -> String { kind == .cancelled ? "cancelled" : kind.rawValue }
    }

    package enum DateTest: Sendable, CustomStringConvertible {
        case before(CivilDate), after(CivilDate), on(CivilDate), onOrBefore(CivilDate), onOrAfter(CivilDate)
        case between(CivilDate, CivilDate)

        func holds(_ date: CivilDate) -> Bool {
            switch self {
            case .before(let day): date < day
            case .after(let day): date > day
            case .on(let day): date == day
            case .onOrBefore(let day): date <= day
            case .onOrAfter(let day): date >= day
            case .between(let first, let last): first <= date && date <= last
            }
        }

        package var description: String {
            switch self {
            case .before(let day): "before \(day)"
            case .after(let day): "after \(day)"
            case .on(let day): "on \(day)"
            case .onOrBefore(let day): "on or before \(day)"
            case .onOrAfter(let day): "on or after \(day)"
            case .between(let first, let last): "from \(first) to \(last)"
            }
        }
    }

    package enum PriorityTest: String, Sendable { case `is` = "is", isNot = "is not", above = "is above", below = "is below" }
    /// `taskText`: the whole text, fields and all (Dataview's `text`).
    package enum TextField: String, Sendable { case description, path, folder, root, heading, tag, filename, taskText = "text" }

    /// What rows are ordered by: each a key and whether it is reversed.
    package enum SortKey: String, Sendable, CaseIterable {
        case due, scheduled, start, created, done, cancelled, happens, priority, description, status
        case statusType = "status.type", urgency, recurring, tag, heading, path, filename
    }
    /// What rows are grouped under: each a property whose value names the group.
    package enum Grouping: String, Sendable, CaseIterable {
        case due, scheduled, start, created, done, cancelled, happens, priority, status
        case statusName = "status.name", statusType = "status.type", recurring, recurrence, urgency, tags, heading, backlink
        case path, folder, root, filename
    }

    /// One line of the block that tick could not read, and why.
    package struct Problem: Sendable, Equatable {
        package let line: Int
        package let instruction: String
        package let message: String
    }

    package var filters: [Filter] = []
    /// `position`: for `sort by tag N`, which of a task's tags (1 for the first);
    /// `blanksFirst`: tasks without the value come first (as Dataview sorts them).
    package var sorts: [(key: SortKey, reverse: Bool, position: Int, blanksFirst: Bool)] = []
    /// Whether Obsidian Tasks' own order follows the query's keys; else file order does (as
    /// Dataview keeps it).
    package var appliesOwnOrder = true
    package var groups: [(key: Grouping, reverse: Bool)] = []
    package var limit: Int?
    /// `limit groups N`: the tasks shown of each group.
    package var limitGroups: Int?
    /// Each task shown with its subtasks under it, as Dataview's TASK view shows them (a
    /// subtask the filters accept too is shown there, once).
    package var nestsSubtasks = false
    package var explains = false
    /// Lines tick could not read: the query is not run, since it would show other tasks than
    /// its author asked for.
    package var problems: [Problem] = []
    /// Lines of layout (`hide due date`, `short mode`) that change nothing in tick's rows: the
    /// query runs, and they are said.
    package var ignored: [Problem] = []

    /// Reads `lines` (a block's, without its fences); `firstLine` numbers them for problems.
    /// `file`: the note the block is in, as a path in the vault, which placeholders
    /// (`{{query.file.folder}}`) name; nil for a query given on its own.
    package init(_ lines: [String], firstLine: Int = 1, file: String? = nil, today: CivilDate) {
        for (offset, joined) in Self.continued(lines) {
            var line = joined.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            do throws(Unread) { line = try Self.expandingPlaceholders(line, file: file).trimmingSpaces } catch {
                problems.append(Problem(line: firstLine + offset, instruction: line, message: error.message))
                continue
            }
            if line.isEmpty { continue }
            let lowered = line.lowercased()
            do throws(Unread) {
                if lowered == "explain" {
                    explains = true
                } else if let rest = lowered.dropping(prefix: "sort by ") {
                    // `sort by due reverse`; `sort by tag 2`, `sort by tag reverse 2`.
                    var words = rest.split(separator: " ").map(String.init)
                    var position = 1
                    if words.count > 1, let number = Int(words.last!), number >= 1, ["tag", "tags"].contains(words[0]) {
                        position = number
                        words.removeLast()
                    }
                    let reverse = words.last == "reverse"
                    if reverse { words.removeLast() }
                    let name = words.joined(separator: " ")
                    guard let key = SortKey(rawValue: name == "text" ? "description" : name == "tags" ? "tag" : name) else {
                        if let first = words.first, SortKey(rawValue: first) != nil {
                            throw Unread("after the key comes only 'reverse' (or, for tag, the tag's place: 'sort by tag 2')")
                        }
                        throw Unread("tick sorts by " + SortKey.allCases.map(\.rawValue).spokenList("or"))
                    }
                    sorts.append((key, reverse, position, false))
                } else if let rest = lowered.dropping(prefix: "group by ") {
                    var words = rest.split(separator: " ").map(String.init)
                    let reverse = words.last == "reverse"
                    if reverse { words.removeLast() }
                    let name = words.joined(separator: " ")
                    if name.hasPrefix("function") {
                        throw Unread("'group by function' runs JavaScript, which tick does not; group by one of "
                                     + Grouping.allCases.map(\.rawValue).spokenList("or"))
                    }
                    guard let grouping = Grouping(rawValue: name == "tag" ? "tags" : name) else {
                        throw Unread("tick groups by " + Grouping.allCases.map(\.rawValue).spokenList("or"))
                    }
                    groups.append((grouping, reverse))
                } else if let rest = lowered.dropping(prefix: "limit ") {
                    // `limit 10`, `limit to 10 tasks`, `limit groups 3`, `limit groups to 3 tasks`.
                    var words = rest.split(separator: " ")[...]
                    let perGroup = words.first == "groups"
                    if perGroup { words = words.dropFirst() }
                    if words.first == "to" { words = words.dropFirst() }
                    if words.count == 2, words.last == "tasks" || words.last == "task" { words = words.dropLast() }
                    guard words.count == 1, let value = Int(words.first!), value >= 0 else {
                        throw Unread("a limit is 'limit 10', 'limit to 10 tasks' or 'limit groups to 3 tasks'")
                    }
                    if perGroup { limitGroups = value } else { limit = value }
                } else if lowered == "ignore global query" {
                    ignored.append(Problem(line: firstLine + offset, instruction: line, message: "tick applies no global query; this changes nothing"))
                } else if ["hide ", "show ", "short mode", "full mode", "short", "full"].contains(where: { lowered == $0 || lowered.hasPrefix($0 + " ") || ($0.hasSuffix(" ") && lowered.hasPrefix($0)) }) {
                    ignored.append(Problem(line: firstLine + offset, instruction: line, message: "tick prints rows as 'tick list' does; this changes nothing"))
                } else {
                    filters.append(try Self.filter(line, today: today))
                }
            } catch {
                problems.append(Problem(line: firstLine + offset, instruction: line, message: error.message))
            }
        }
    }

    struct Unread: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The block's instructions, each with the offset of its first line: a line ending in a
    /// backslash goes on on the next (the backslash dropped); one ending in two ends in one.
    static func continued(_ lines: [String]) -> [(offset: Int, line: String)] {
        var result: [(offset: Int, line: String)] = []
        var pending: (offset: Int, line: String)?
        for (offset, raw) in lines.enumerated() {
            var line = pending.map { $0.line + raw.drop { $0 == " " || $0 == "\t" } } ?? raw
            let start = pending?.offset ?? offset
            pending = nil
            let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" }
            if trimmed.starts(with: "\\\\") {
                line = String(trimmed.dropFirst().reversed())
            } else if trimmed.first == "\\" {
                pending = (start, String(trimmed.dropFirst().reversed()))
                continue
            }
            result.append((start, line))
        }
        if let pending { result.append(pending) }
        return result
    }

    /// `line` with its placeholders replaced: `{{query.file.path}}`, `.pathWithoutExtension`,
    /// `.root`, `.folder`, `.filename`, `.filenameWithoutExtension` by what they say of
    /// `file`, and inline comments (`{{! ... }}`) by nothing.
    static func expandingPlaceholders(_ line: String, file: String?) throws(Unread) -> String {
        guard line.contains("{{") else { return line }
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                throw Unread("'{{' opens a placeholder that no '}}' closes")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: " ")
            rest = rest[close.upperBound...]
            if name.hasPrefix("!") { continue }
            let properties = ["path", "pathWithoutExtension", "root", "folder", "filename", "filenameWithoutExtension"]
            guard let property = String(name).dropping(prefix: "query.file."), properties.contains(property) else {
                throw Unread("tick knows the placeholders " + properties.map { "{{query.file.\($0)}}" }.joined(separator: ", ") + " and inline comments {{! ... }}")
            }
            guard let file else {
                throw Unread("{{\(name)}} names the note a query is in, and a query given on its own is in none; run the note's block")
            }
            let slash = file.lastIndex(of: "/")
            let filename = slash.map { String(file[file.index(after: $0)...]) } ?? file
            let withoutExtension = { (text: String) in text.hasSuffix(".md") ? String(text.dropLast(3)) : text }
            switch property {
            case "path": result += file
            case "pathWithoutExtension": result += withoutExtension(file)
            case "root": result += file.firstIndex(of: "/").map { String(file[...$0]) } ?? "/"
            case "folder": result += slash.map { String(file[...$0]) } ?? "/"
            case "filename": result += filename
            default: result += withoutExtension(filename)
            }
        }
        return result + rest
    }


    /// One filter line: a boolean combination in parentheses, or a single filter.
    static func filter(_ line: String, today: CivilDate) throws(Unread) -> Filter {
        let trimmed = line.trimmingSpaces
        // The operators are upper case, as Obsidian Tasks has them: `not done` is a filter.
        if trimmed.hasPrefix("(") || trimmed.hasPrefix("NOT ") || trimmed.hasPrefix("NOT(") {
            var parser = BooleanParser(Array(trimmed), today: today)
            let filter = try parser.expression()
            guard parser.atEnd else { throw Unread("cannot read the whole line as filters joined by AND, OR, XOR and NOT, each in parentheses") }
            return filter
        }
        return try single(trimmed, today: today)
    }

    /// A filter of the documented forms: `done`, `not done`, `due before DATE`, `has due date`,
    /// `priority is high`, `is recurring`, `status.type is TODO`, `path includes TEXT`, ...
    static func single(_ line: String, today: CivilDate) throws(Unread) -> Filter {
        let lowered = line.lowercased()
        switch lowered {
        case "done": return .done(true)
        case "not done": return .done(false)
        case "is recurring": return .recurring(true)
        case "is not recurring": return .recurring(false)
        case "has tags", "has tag": return .hasTags(true)
        case "no tags", "no tag": return .hasTags(false)
        default: break
        }
        let dateFields: [(String, TaskField.Kind?)] = [("due", .due), ("scheduled", .scheduled), ("starts", .start), ("start", .start),
                                                      ("created", .created), ("done", .done), ("cancelled", .cancelled), ("happens", nil)]
        for (name, kind) in dateFields {
            if lowered == "has \(name) date" { return .hasDate(kind, true) }
            if lowered == "no \(name) date" { return .hasDate(kind, false) }
            if lowered == "\(name) date is invalid" { return .invalidDate(kind) }
        }
        for (name, kind) in dateFields {
            guard let rest = lowered.dropping(prefix: name + " ") else { continue }
            return .date(kind, try dateTest(rest, today: today))
        }
        if let rest = lowered.dropping(prefix: "status.type is ") {
            let negated = rest.hasPrefix("not ")
            let name = negated ? String(rest.dropFirst(4)) : rest
            let types: [String: StatusType] = ["todo": .todo, "in_progress": .doing, "done": .done, "cancelled": .cancelled]
            guard let type = types[name.trimmingSpaces] else { throw Unread("status types are TODO, IN_PROGRESS, DONE and CANCELLED") }
            return .statusType(type, is: !negated)
        }
        if let rest = lowered.dropping(prefix: "priority is ") {
            var test = PriorityTest.is, name = rest
            for candidate in [PriorityTest.above, .below, .isNot] {
                if let after = lowered.dropping(prefix: "priority " + candidate.rawValue + " ") { test = candidate; name = after }
            }
            guard let priority = Priority.allCases.first(where: { $0.name == name.trimmingSpaces }) else {
                throw Unread("priorities are highest, high, medium, none, low and lowest")
            }
            return .priority(test, priority)
        }
        let textFields: [(String, TextField)] = [("description", .description), ("path", .path), ("folder", .folder), ("root", .root), ("heading", .heading),
                                                ("filename", .filename), ("tags", .tag), ("tag", .tag)]
        for (name, field) in textFields {
            for (verb, includes) in [("includes", true), ("include", true), ("does not include", false), ("do not include", false)] {
                let prefix = name + " " + verb + " "
                guard lowered.hasPrefix(prefix) else { continue }
                // The text as written, case and all (it is compared without case).
                var text = String(line.dropFirst(prefix.count)).trimmingSpaces
                if field == .tag, text.hasPrefix("#") { text.removeFirst() }
                guard !text.isEmpty else { throw Unread("nothing to look for after '\(name) \(verb)'") }
                return .text(field, includes: includes, text)
            }
        }
        for (name, field) in textFields {
            for (verb, matches) in [("regex matches", true), ("regex does not match", false)] {
                let prefix = name + " " + verb + " "
                guard lowered.hasPrefix(prefix) else { continue }
                return .regex(field, matches: matches, try TextPattern(String(line.dropFirst(prefix.count)).trimmingSpaces))
            }
        }
        throw Unread("tick does not read this instruction")
    }

    /// `before DATE`, `after DATE`, `on DATE`, `on or before DATE`, `on or after DATE`, `DATE`,
    /// and the same of a range of days (`in` reads as `on`, `in or before` as `on or before`):
    /// `this week`, `next month`, `last quarter`, `next year`; a numbered week, month, quarter
    /// or year (`2026-W49`, `2026-12`, `2026-Q4`, `2026`); two dates (`2026-12-01 2026-12-24`).
    /// Before a range is before its first day, after it after its last, as Obsidian Tasks reads
    /// them; weeks start on Monday.
    static func dateTest(_ text: String, today: CivilDate) throws(Unread) -> DateTest {
        func within(_ days: ClosedRange<CivilDate>) -> DateTest {
            days.lowerBound == days.upperBound ? .on(days.lowerBound) : .between(days.lowerBound, days.upperBound)
        }
        let operators: [(String, (ClosedRange<CivilDate>) -> DateTest)] = [
            ("on or before ", { .onOrBefore($0.upperBound) }), ("in or before ", { .onOrBefore($0.upperBound) }),
            ("on or after ", { .onOrAfter($0.lowerBound) }), ("in or after ", { .onOrAfter($0.lowerBound) }),
            ("before ", { .before($0.lowerBound) }), ("after ", { .after($0.upperBound) }), ("on ", within),
        ]
        for (prefix, make) in operators {
            if let rest = text.dropping(prefix: prefix) { return make(try days(rest, today: today)) }
        }
        // `in next week`, `in 2026-12`; `in 3 days` is a day.
        if let rest = text.dropping(prefix: "in "), let range = try? days(rest, today: today) { return within(range) }
        return within(try days(text, today: today))
    }

    /// The days a query's date names: one day (`today`, `next friday`, `2026-12-05`, `3 days
    /// ago`), a week, month, quarter or year, this, next or last, or numbered, or two dates.
    static func days(_ text: String, today: CivilDate) throws(Unread) -> ClosedRange<CivilDate> {
        func range(_ first: CivilDate?, _ last: CivilDate?) throws(Unread) -> ClosedRange<CivilDate> {
            guard let first, let last, first <= last else { throw Unread("cannot read the dates '\(text)'") }
            return first...last
        }
        func month(_ year: Int, _ month: Int, count: Int = 1) throws(Unread) -> ClosedRange<CivilDate> {
            let lastMonth = month + count - 1
            return try range(CivilDate(year: year, month: month, day: 1),
                             CivilDate(year: year, month: lastMonth, day: CivilDate.daysIn(month: lastMonth, year: year)))
        }
        func week(from monday: CivilDate?) throws(Unread) -> ClosedRange<CivilDate> { try range(monday, monday?.adding(days: 6)) }
        /// `2026`, `2026-12`, `2026-Q4`, `2026-W49` (an ISO week: the one holding the year's
        /// fourth of January is its first).
        func numbered(_ word: String) throws(Unread) -> ClosedRange<CivilDate>? {
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            guard let yearPart = parts.first, yearPart.count == 4, let year = Int(yearPart), year >= 1 else { return nil }
            if parts.count == 1 { return try month(year, 1, count: 12) }
            guard parts.count == 2, parts[1].count <= 3 else { return nil }
            let part = parts[1]
            if part.count == 2, let number = Int(part) {
                guard (1...12).contains(number) else { throw Unread("there is no month \(number)") }
                return try month(year, number)
            }
            guard part.count >= 2, let number = Int(part.dropFirst()) else { return nil }
            switch part.first {
            case "q":
                guard (1...4).contains(number) else { throw Unread("a year's quarters are Q1 to Q4") }
                return try month(year, number * 3 - 2, count: 3)
            case "w":
                let fourth = CivilDate(year: year, month: 1, day: 4)
                let monday = fourth.flatMap { $0.adding(days: 1 - $0.isoWeekday + 7 * (number - 1)) }
                // Week 53 only in a year that has it: its Thursday is in the year.
                guard number >= 1, let thursday = monday?.adding(days: 3), thursday.year == year else {
                    throw Unread("\(year) has no week \(number)")
                }
                return try week(from: monday)
            default: return nil
            }
        }
        let words = text.split(separator: " ").map(String.init)
        if words.count == 2, let step = ["last": -1, "this": 0, "next": 1][words[0]] {
            switch words[1] {
            case "week": return try week(from: today.adding(days: 1 - today.isoWeekday + 7 * step))
            case "month":
                let index = today.year * 12 + today.month - 1 + step
                return try month(index / 12, index % 12 + 1)
            case "quarter":
                let index = today.year * 4 + (today.month - 1) / 3 + step
                return try month(index / 4, index % 4 * 3 + 1, count: 3)
            case "year": return try month(today.year + step, 1, count: 12)
            default: break
            }
        }
        if words.count == 2, let first = CivilDate(iso: words[0]), let last = CivilDate(iso: words[1]) { return try range(first, last) }
        if words.count == 1, let numbered = try numbered(words[0]) { return numbered }
        if let day = DateExpression.parse(text, today: today) { return day...day }
        if words.count == 3, words[2] == "ago", let shift = DateShift(words: words[0] + " " + words[1]),
           let day = DateShift(amount: -shift.amount, unit: shift.unit).applied(to: today) {
            return day...day
        }
        throw Unread("cannot read the date '\(text)'")
    }

    /// Filters joined by AND, OR, XOR and NOT (upper case), each in parentheses: `(not done) AND
    /// (due before tomorrow)`, `NOT (done)`, `(A) AND NOT (B)`. AND binds before OR and XOR.
    struct BooleanParser {
        let characters: [Character]
        let today: CivilDate
        var position = 0

        init(_ characters: [Character], today: CivilDate) {
            self.characters = characters
            self.today = today
        }

        var atEnd: Bool {
            mutating get { skipSpaces(); return position == characters.count }
        }

        mutating func skipSpaces() { while position < characters.count, characters[position] == " " { position += 1 } }

        mutating func keyword(_ word: String) -> Bool {
            skipSpaces()
            let end = position + word.count
            guard end <= characters.count, String(characters[position..<end]) == word,
                  end == characters.count || characters[end] == " " || characters[end] == "(" else { return false }
            position = end
            return true
        }

        mutating func expression() throws(Unread) -> Filter {
            var alternatives = [try conjunction()]
            while true {
                if keyword("OR") {
                    alternatives.append(try conjunction())
                } else if keyword("XOR") {
                    let last = alternatives.removeLast()
                    alternatives.append(.either(last, try conjunction()))
                } else {
                    break
                }
            }
            return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
        }

        mutating func conjunction() throws(Unread) -> Filter {
            var terms = [try term()]
            while keyword("AND") { terms.append(try term()) }
            return terms.count == 1 ? terms[0] : .all(terms)
        }

        mutating func term() throws(Unread) -> Filter {
            if keyword("NOT") { return .not(try term()) }
            skipSpaces()
            guard position < characters.count, characters[position] == "(" else {
                throw Unread("each filter joined by AND, OR, XOR or NOT goes in parentheses")
            }
            // The text to the matching parenthesis: a filter, or filters joined again.
            var depth = 0, end = position
            while end < characters.count {
                if characters[end] == "(" { depth += 1 }
                if characters[end] == ")" { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            guard end < characters.count else { throw Unread("a parenthesis is not closed") }
            let inner = String(characters[(position + 1)..<end]).trimmingSpaces
            position = end + 1
            return try TasksQuery.filter(inner, today: today)
        }
    }

    /// Whether the task passes every filter. `path`: its file as the query names files.
    package func matches(_ task: Task, in document: Document, path: String) -> Bool {
        filters.allSatisfy { Self.holds($0, task, document, path) }
    }

    static func holds(_ filter: Filter, _ task: Task, _ document: Document, _ path: String) -> Bool {
        switch filter {
        case .done(let done):
            return task.isClosed == done
        case .statusType(let type, let yes):
            return (task.statusType == type) == yes
        case .date(let kind, let test):
            return dates(kind, task, document).contains(where: test.holds)
        case .hasDate(let kind, let yes):
            return dates(kind, task, document).isEmpty != yes
        case .invalidDate(let kind):
            let kinds = (kind.map { [$0] } ?? [.due, .scheduled, .start]).filter(task.fieldKinds.contains)
            guard !kinds.isEmpty else { return false }
            let text = document.textBytes(of: task)
            let fields = document.fields(of: task)
            return kinds.contains { fields.date($0, in: text) == nil }
        case .priority(let test, let priority):
            let text = document.textBytes(of: task)
            let own = document.fields(of: task).priority(in: text) ?? .none
            switch test {
            case .is: return own == priority
            case .isNot: return own != priority
            case .above: return own < priority
            case .below: return own > priority
            }
        case .recurring(let yes):
            return task.fieldKinds.contains(.recurrence) == yes
        case .hasTags(let yes):
            return TaskTokens(bytes: document.textBytes(of: task)).tags.isEmpty != yes
        case .checked(let yes):
            return (task.status != .open) == yes
        case .fullyCompleted(let yes):
            return (task.statusType == .done && document.descendants(of: task).allSatisfy { $0.statusType == .done }) == yes
        case .text(let field, let includes, let wanted):
            let folded = FoldedWord.folded(wanted)
            let found: Bool
            switch field {
            case .description:
                found = FoldedWord.stringReading(description(of: task, in: document), contains: folded)
            case .path, .folder, .root, .filename: found = FoldedWord.stringReading(Self.part(field, of: path), contains: folded)
            case .heading: found = document.groupPath(of: task).last.map { FoldedWord.stringReading($0, contains: folded) } ?? false
            case .tag: found = TaskTokens(bytes: document.textBytes(of: task)).tags.contains { FoldedWord.stringReading($0, contains: folded) }
            case .taskText: found = FoldedWord.stringReading(document.text(of: task), contains: folded)
            }
            return found == includes
        case .regex(let field, let matches, let pattern):
            let texts: [String]
            switch field {
            case .description: texts = [description(of: task, in: document)]
            case .path, .folder, .root, .filename: texts = [Self.part(field, of: path)]
            case .heading: texts = document.groupPath(of: task).suffix(1)
            case .tag: texts = TaskTokens(bytes: document.textBytes(of: task)).tags.map { "#" + $0 }
            case .taskText: texts = [document.text(of: task)]
            }
            return texts.contains(where: pattern.matches) == matches
        case .all(let filters): return filters.allSatisfy { holds($0, task, document, path) }
        case .any(let filters): return filters.contains { holds($0, task, document, path) }
        case .either(let one, let other): return holds(one, task, document, path) != holds(other, task, document, path)
        case .not(let inner): return !holds(inner, task, document, path)
        }
    }

    /// What Obsidian Tasks calls the path, folder, root or file name of a note at `path` in
    /// the vault: `Work/sub/note.md`, `Work/sub/`, `Work/`, `note.md` (`/`: the vault's own).
    static func part(_ field: TextField, of path: String) -> String {
        let folders = path.split(separator: "/").dropLast()
        switch field {
        case .folder: return folders.isEmpty ? "/" : folders.joined(separator: "/") + "/"
        case .root: return folders.first.map { $0 + "/" } ?? "/"
        case .filename: return String(path.split(separator: "/").last ?? "")
        default: return path
        }
    }

    /// A task's description as Obsidian Tasks has it: its text without its fields (dates,
    /// priority, recurrence, ...) in any dialect, spaces between words single; its words and
    /// tags stay.
    static func description(of task: Task, in document: Document) -> String {
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task).fields
        guard !fields.isEmpty else { return document.text(of: task) }
        var kept: [UInt8] = []
        var position = 0
        for field in fields.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if field.range.lowerBound > position { kept += text[(text.startIndex + position)..<(text.startIndex + field.range.lowerBound)] }
            position = max(position, field.range.upperBound)
        }
        if position < text.count { kept += text[(text.startIndex + position)...] }
        return String(decoding: kept, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The task's dates of one kind (nil: due, scheduled and start).
    static func dates(_ kind: TaskField.Kind?, _ task: Task, _ document: Document) -> [CivilDate] {
        let kinds = kind.map { [$0] } ?? [.due, .scheduled, .start]
        if kinds == [.due] { return task.due.map { [$0] } ?? [] }
        guard kinds.contains(where: task.fieldKinds.contains) else { return [] }
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        return kinds.compactMap { fields.date($0, in: text) }
    }

    /// The ```` ```tasks ```` blocks of a note (or of another `language`: `dataview`), as
    /// Obsidian finds them (in a callout's quote too): the 1-based line each opens on, and its
    /// lines. A block inside another fence (an example in a ```` ````markdown ```` block) is
    /// no query.
    package static func blocks(in bytes: [UInt8], language: String = "tasks") -> [(line: Int, lines: [String])] {
        var blocks: [(line: Int, lines: [String])] = []
        // The fence open now: its character, its length, and the block it holds when a query.
        var open: (character: Character, length: Int, query: Int?)?
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = Substring(String(decoding: raw, as: UTF8.self))
            if line.hasSuffix("\r") { line.removeLast() }
            // A callout's or a quote's markers.
            while let first = line.first(where: { $0 != " " }), first == ">" {
                line = line.drop { $0 == " " }.dropFirst()
                if line.first == " " { line.removeFirst() }
            }
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            let fence = body.first.flatMap { $0 == "`" || $0 == "~" ? $0 : nil }
            let run = fence.map { character in body.prefix { $0 == character }.count } ?? 0
            if let current = open {
                if indent < 4, fence == current.character, run >= current.length, body.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }) {
                    open = nil
                } else if let query = current.query {
                    blocks[query].lines.append(String(line))
                }
            } else if indent < 4, let fence, run >= 3 {
                let info = body.dropFirst(run).trimmingCharacters(in: " ")
                guard fence == "~" || !info.contains("`") else { continue }
                let isQuery = info.split(separator: " ").first?.lowercased() == language
                if isQuery { blocks.append((index + 1, [])) }
                open = (fence, run, isQuery ? blocks.count - 1 : nil)
            }
        }
        return blocks
    }

    /// How tick read the query, a line per instruction, for `explain`.
    package var explanation: String {
        var lines = filters.map { "filter: " + $0.description }
        if filters.isEmpty { lines.append("filter: every task") }
        lines += sorts.map { "sort by \($0.key.rawValue)\($0.key == .tag && $0.position > 1 ? " \($0.position)" : "")\($0.reverse ? ", reversed" : "")" }
        lines += groups.map { "group by \($0.key.rawValue)\($0.reverse ? ", reversed" : "")" }
        if let limit { lines.append("limit: \(limit) task\(limit == 1 ? "" : "s")") }
        if let limitGroups { lines.append("limit: \(limitGroups) task\(limitGroups == 1 ? "" : "s") in each group") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The rest of the string after `prefix`, nil when it does not start with it.
    package func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
