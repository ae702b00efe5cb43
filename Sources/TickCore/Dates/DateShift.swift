/// A move of a date by a number of days, weeks, months or years: `3d`, `+2w`, `-1m`, `1y`
/// (`tick postpone 12 3d`), and `due+2d` / `due-1w`, a due date moved from its current value
/// (`tick due 12 due+2d`).
public struct DateShift: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: Character, Sendable, Hashable { case days = "d", weeks = "w", months = "m", years = "y" }

    public var amount: Int
    public var unit: Unit

    public init(amount: Int, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// `3d`, `+3d` or `-3d`: an amount (at most a million) and its unit.
    public init?(_ text: String) {
        var digits = Substring(text.lowercased())
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard let last = digits.last, let unit = Unit(rawValue: last) else { return nil }
        digits = digits.dropLast()
        guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let amount = Int(digits), amount <= 1_000_000 else { return nil }
        self.init(amount: sign * amount, unit: unit)
    }

    /// `3 days`, `1 week`, `a month`, `in two weeks`, `by a day`: the amount and the unit's name,
    /// singular or plural; or a unit's name alone, singular (`week`: one).
    public init?(words text: String) {
        var words = text.lowercased().split(separator: " ")
        if words.count == 3, words[0] == "in" || words[0] == "by" { words.removeFirst() }
        if words.count == 1, ["day", "week", "month", "year"].contains(words[0]) { words.insert("1", at: 0) }
        guard words.count == 2, let amount = Self.amount(String(words[0])), amount <= 1_000_000 else { return nil }
        let name = words[1].hasSuffix("s") ? words[1].dropLast() : words[1]
        guard let unit: Unit = switch name { case "day": .days; case "week": .weeks; case "month": .months; case "year": .years; default: nil } else { return nil }
        self.init(amount: amount, unit: unit)
    }

    /// A count as a phrase says it: digits, `a` or `an`, or a word from `one` to `twelve`.
    static func amount(_ word: String) -> Int? {
        if word == "a" || word == "an" { return 1 }
        if let index = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
            .firstIndex(of: word) { return index + 1 }
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(word)
    }

    /// `due+2d`, `due-1w`: the shift of a due date from its current value.
    public init?(fromDue text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("due"), let sign = lowered.dropFirst(3).first, sign == "+" || sign == "-" else { return nil }
        self.init(String(lowered.dropFirst(3)))
    }

    /// `date` moved by the shift; nil past the years tick handles. A month from Jan 31 is the
    /// month's last day (Feb 28 or 29).
    public func applied(to date: CivilDate) -> CivilDate? {
        switch unit {
        case .days: date.adding(days: amount)
        case .weeks: date.adding(days: amount * 7)
        case .months: date.adding(months: amount)
        case .years: date.adding(months: amount * 12)
        }
    }

    /// `+3d`, `-1w`.
    public var description: String { (amount < 0 ? "-" : "+") + String(abs(amount)) + String(unit.rawValue) }

    /// "3 days", "1 week".
    public var words: String {
        let count = abs(amount)
        let name = switch unit { case .days: "day"; case .weeks: "week"; case .months: "month"; case .years: "year" }
        return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
}
