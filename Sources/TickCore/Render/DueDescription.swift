/// How a due date reads relative to today: "today", "tomorrow", "in 3 days", "2 days overdue".
package enum DueState: Sendable, Equatable {
    case overdue(days: Int)
    case today
    case upcoming(days: Int)

    package init(due: CivilDate, today: CivilDate) {
        let days = today.days(until: due)
        if days < 0 { self = .overdue(days: -days) } else if days == 0 { self = .today } else { self = .upcoming(days: days) }
    }

    package var description: String {
        switch self {
        case .overdue(let days): return days == 1 ? "1 day overdue" : "\(days) days overdue"
        case .today: return "today"
        case .upcoming(1): return "tomorrow"
        case .upcoming(let days): return "in \(days) days"
        }
    }

    /// `description`'s bytes, written into `out` without a String in between.
    func append(to out: inout TextBuffer) {
        switch self {
        case .overdue(1): out.appendLiteral("1 day overdue")
        case .overdue(let days): out.appendDecimal(days); out.appendLiteral(" days overdue")
        case .today: out.appendLiteral("today")
        case .upcoming(1): out.appendLiteral("tomorrow")
        case .upcoming(let days): out.appendLiteral("in "); out.appendDecimal(days); out.appendLiteral(" days")
        }
    }

    /// How many columns `description` takes (it is ASCII).
    var descriptionWidth: Int {
        switch self {
        case .overdue(1): 13
        case .overdue(let days): TextBuffer.decimalDigits(days) + 13
        case .today: 5
        case .upcoming(1): 8
        case .upcoming(let days): TextBuffer.decimalDigits(days) + 8
        }
    }

    /// The short form a board card falls back to when `description` does not fit: `2d late`,
    /// `today`, `in 3d`.
    func appendCompact(to out: inout TextBuffer) {
        switch self {
        case .overdue(let days): out.appendDecimal(days); out.appendLiteral("d late")
        case .today: out.appendLiteral("today")
        case .upcoming(let days): out.appendLiteral("in "); out.appendDecimal(days); out.appendLiteral("d")
        }
    }

    var compactWidth: Int {
        switch self {
        case .overdue(let days): TextBuffer.decimalDigits(days) + 6
        case .today: 5
        case .upcoming(let days): TextBuffer.decimalDigits(days) + 4
        }
    }

    /// Whether a card must show it whatever it costs its text: late, or due today.
    var isPressing: Bool {
        switch self {
        case .overdue, .today: true
        case .upcoming: false
        }
    }

    /// How views colour it: overdue red, today yellow, later cyan.
    package var color: TextStyle.Color {
        switch self {
        case .overdue: return .red
        case .today: return .yellow
        case .upcoming: return .cyan
        }
    }
}

/// How a date a task records (done, cancelled, created) reads relative to today: "today",
/// "yesterday", "3 days ago" (and "tomorrow", "in 3 days" for one still to come).
package enum RecordedDate {
    package static func words(_ date: CivilDate, today: CivilDate) -> String {
        let days = date.days(until: today)
        switch days {
        case 0: return "today"
        case 1: return "yesterday"
        case 2...: return "\(days) days ago"
        case -1: return "tomorrow"
        default: return "in \(-days) days"
        }
    }
}
