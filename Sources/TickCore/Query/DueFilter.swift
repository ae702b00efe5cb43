/// `--due`: which due dates a view shows.
///
/// `today`, `tomorrow`, `overdue` (before today), `soon` (today or overdue: what `tick today`
/// shows), `week` (today and the six days after), `none` (no due date), `any` (some due date),
/// `before:DATE` and `after:DATE` (exclusive), or a single date in any form `tick due` accepts.
public enum DueFilter: Sendable, Equatable {
    case on(CivilDate)
    case overdue
    case todayOrOverdue
    case week
    case none
    case any
    case before(CivilDate)
    case after(CivilDate)

    package init?(parsing text: String, today: CivilDate) {
        let word = text.lowercased()
        switch word {
        case "overdue": self = .overdue
        case "soon": self = .todayOrOverdue
        case "week": self = .week
        case "none": self = .none
        case "any": self = .any
        default:
            if word.hasPrefix("before:"), let date = DateExpression.parse(String(word.dropFirst(7)), today: today) {
                self = .before(date)
            } else if word.hasPrefix("after:"), let date = DateExpression.parse(String(word.dropFirst(6)), today: today) {
                self = .after(date)
            } else if let date = DateExpression.parse(word, today: today) {
                self = .on(date)
            } else {
                return nil
            }
        }
    }

    package func matches(_ due: CivilDate?, today: CivilDate) -> Bool {
        switch self {
        case .none: return due == nil
        case .any: return due != nil
        default: break
        }
        guard let due else { return false }
        switch self {
        case .on(let date): return due == date
        case .overdue: return due < today
        case .todayOrOverdue: return due <= today
        case .week: return due >= today && today.days(until: due) <= 6
        case .before(let date): return due < date
        case .after(let date): return due > date
        case .none, .any: return false
        }
    }
}
