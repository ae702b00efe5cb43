/// The dates a user may type: `2026-12-01`, `today`, `tomorrow`, a weekday (`fri`, `friday`:
/// the next one after today), `+3d`, `+2w`, `+1m`, `eow` (this week's Sunday) and `eom`
/// (the month's last day). tick always writes the result as an ISO date.
public enum DateExpression {
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The word a mistyped date was probably meant as (`tomorow`, `firday`), for a message.
    public static func suggestion(for text: String) -> String? {
        Suggestion.nearest(to: text.lowercased(), among: ["today", "tomorrow", "yesterday"] + weekdays)
    }

    /// Whether `text` names a weekday (`fri`, `Friday`), which `parse` reads as the next one.
    public static func isWeekday(_ text: String) -> Bool {
        let word = text.lowercased()
        return word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    public static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        let word = text.lowercased()
        if let date = CivilDate(iso: word) { return date }
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "eow": return today.adding(days: 7 - today.isoWeekday)
        case "eom": return CivilDate(year: today.year, month: today.month,
                                     day: CivilDate.daysIn(month: today.month, year: today.year))
        default: break
        }
        if word.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(word) }) {
            let target = index + 1
            let ahead = (target - today.isoWeekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        guard word.count >= 3, word.first == "+" || word.first == "-", let unit = word.last,
              let amount = Int(word.dropFirst().dropLast()), amount <= 1_000_000 else { return nil }
        let signed = word.first == "-" ? -amount : amount
        switch unit {
        case "d": return today.adding(days: signed)
        case "w": return today.adding(days: signed * 7)
        case "m": return today.adding(months: signed)
        case "y": return today.adding(months: signed * 12)
        default: return nil
        }
    }
}
