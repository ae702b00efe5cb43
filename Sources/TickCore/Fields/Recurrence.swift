/// A recurrence rule, as Obsidian Tasks writes it (`every day`, `every 2 weeks`, `every monday,
/// friday`, `every weekday`, `every month on the 1st`, `every month on the last`, `every year`,
/// each optionally ending `when done`) or as todo.txt's `rec:` does (`rec:1w` from the day it
/// is done, `rec:+1w` from its date; units d, b (weekdays), w, m, y).
package struct Recurrence: Sendable, Equatable {
    package enum Unit: Sendable, Equatable { case day, weekday, week, month, year }

    package let every: Int
    package let unit: Unit
    /// For weekly rules: the ISO weekdays (1 Monday … 7 Sunday) it falls on, if named.
    package let weekdays: [Int]
    /// For monthly rules: the day of the month (1…31, or -1 for the last day), if named.
    package let dayOfMonth: Int?
    /// The next date counts from the day the task is done, not from its own date.
    package let whenDone: Bool

    package init(every: Int, unit: Unit, weekdays: [Int] = [], dayOfMonth: Int? = nil, whenDone: Bool) {
        self.every = every
        self.unit = unit
        self.weekdays = weekdays
        self.dayOfMonth = dayOfMonth
        self.whenDone = whenDone
    }

    /// The rule a field's value states, or nil when tick cannot read it.
    package init?(_ value: String, dialect: TaskField.Dialect) {
        let text = value.lowercased().trimmingSpaces
        if dialect == .tick, let rule = Self.todoTxt(text) { self = rule; return }
        guard let rule = Self.obsidian(text) else { return nil }
        self = rule
    }

    private static func todoTxt(_ text: String) -> Recurrence? {
        var rest = Substring(text)
        let strict = rest.first == "+"
        if strict { rest = rest.dropFirst() }
        guard let unit = rest.last, let count = Int(rest.dropLast().isEmpty ? "1" : rest.dropLast()), count > 0, count <= 10_000 else { return nil }
        switch unit {
        case "d": return Recurrence(every: count, unit: .day, whenDone: !strict)
        case "b": return Recurrence(every: count, unit: .weekday, whenDone: !strict)
        case "w": return Recurrence(every: count, unit: .week, whenDone: !strict)
        case "m": return Recurrence(every: count, unit: .month, whenDone: !strict)
        case "y": return Recurrence(every: count, unit: .year, whenDone: !strict)
        default: return nil
        }
    }


    private static func obsidian(_ text: String) -> Recurrence? {
        var words = text.replacingCommas.split(separator: " ").map(String.init)
        guard words.first == "every" else { return nil }
        words.removeFirst()
        var whenDone = false
        if words.suffix(2) == ["when", "done"] { whenDone = true; words.removeLast(2) }
        var count = 1
        if let first = words.first, let number = Int(first), number > 0, number <= 10_000 { count = number; words.removeFirst() }
        guard let unitWord = words.first else { return nil }
        let singular = unitWord.hasSuffix("s") ? String(unitWord.dropLast()) : unitWord
        let rest = Array(words.dropFirst())
        switch singular {
        case "day": return rest.isEmpty ? Recurrence(every: count, unit: .day, whenDone: whenDone) : nil
        case "weekday": return rest.isEmpty && count == 1 ? Recurrence(every: 1, unit: .week, weekdays: [1, 2, 3, 4, 5], whenDone: whenDone) : nil
        case "week":
            if rest.isEmpty { return Recurrence(every: count, unit: .week, whenDone: whenDone) }
            guard rest.first == "on" else { return nil }
            let days = rest.dropFirst().filter { $0 != "and" }.compactMap { word in DateExpression.weekdays.firstIndex(of: word).map { $0 + 1 } }
            guard !days.isEmpty, days.count == rest.dropFirst().filter({ $0 != "and" }).count else { return nil }
            return Recurrence(every: count, unit: .week, weekdays: days.sorted(), whenDone: whenDone)
        case "month":
            if rest.isEmpty { return Recurrence(every: count, unit: .month, whenDone: whenDone) }
            guard rest.count == 3 || rest.count == 2, rest[0] == "on" else { return nil }
            let dayWord = rest.count == 3 ? rest[2] : rest[1]
            if dayWord == "last" { return Recurrence(every: count, unit: .month, dayOfMonth: -1, whenDone: whenDone) }
            guard let day = Int(dayWord.filter(\.isNumber)), day >= 1, day <= 31 else { return nil }
            return Recurrence(every: count, unit: .month, dayOfMonth: day, whenDone: whenDone)
        case "year": return rest.isEmpty ? Recurrence(every: count, unit: .year, whenDone: whenDone) : nil
        default:
            // `every monday, friday`: named days, weekly.
            let days = words.filter { $0 != "and" }.compactMap { word in DateExpression.weekdays.firstIndex(of: word).map { $0 + 1 } }
            guard count == 1, !days.isEmpty, days.count == words.filter({ $0 != "and" }).count else { return nil }
            return Recurrence(every: 1, unit: .week, weekdays: days.sorted(), whenDone: whenDone)
        }
    }

    /// The rule in Obsidian Tasks' standard words, whatever its dialect: `every 2 weeks`,
    /// `every week on Monday, Friday`, `every weekday`, `every month on the last`, … `when done`.
    package var text: String {
        let unitName = switch unit {
        case .day: "day"
        case .weekday: "weekday"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
        var words = every == 1 ? "every \(unitName)" : "every \(every) \(unitName)s"
        if unit == .week, weekdays == [1, 2, 3, 4, 5], every == 1 {
            words = "every weekday"
        } else if unit == .week, !weekdays.isEmpty {
            words += " on " + weekdays.map { CivilDate.weekdayNames[$0 - 1] }.joined(separator: ", ")
        }
        if let dayOfMonth {
            let suffix = switch (dayOfMonth % 100, dayOfMonth % 10) {
            case (11...13, _): "th"
            case (_, 1): "st"
            case (_, 2): "nd"
            case (_, 3): "rd"
            default: "th"
            }
            words += dayOfMonth < 0 ? " on the last" : " on the \(dayOfMonth)\(suffix)"
        }
        return whenDone ? words + " when done" : words
    }

    /// The next date after `date`.
    package func next(after date: CivilDate) -> CivilDate? {
        switch unit {
        case .day: return date.adding(days: every)
        case .weekday:
            var next = date
            var left = every
            while left > 0 {
                guard let day = next.adding(days: 1) else { return nil }
                next = day
                if next.isoWeekday <= 5 { left -= 1 }
            }
            return next
        case .week:
            guard !weekdays.isEmpty else { return date.adding(days: 7 * every) }
            // The next named day after `date`; past the week's last one, `every` weeks on.
            if let later = weekdays.first(where: { $0 > date.isoWeekday }) { return date.adding(days: later - date.isoWeekday) }
            return date.adding(days: 7 * (every - 1) + 7 - date.isoWeekday + weekdays[0])
        case .month:
            guard let day = dayOfMonth else { return date.adding(months: every) }
            // The named day later this month, else in the month `every` months on.
            func named(_ year: Int, _ month: Int) -> CivilDate? {
                let last = CivilDate.daysIn(month: month, year: year)
                return CivilDate(year: year, month: month, day: day == -1 ? last : min(day, last))
            }
            if let this = named(date.year, date.month), this > date { return this }
            guard let shifted = date.adding(months: every) else { return nil }
            return named(shifted.year, shifted.month)
        case .year: return date.adding(months: 12 * every)
        }
    }
}

extension String {
    /// Commas as spaces (`monday, friday`).
    var replacingCommas: String { String(map { $0 == "," ? " " : $0 }) }
}
