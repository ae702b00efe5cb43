/// How urgent a task is, as one number (higher first), after Obsidian Tasks' urgency:
///
/// - due date: 12 when 7 or more days overdue, falling linearly to 2.4 at 14 days ahead
///   (`12 × (0.2 + 0.8 × (days overdue + 14) / 21)`), 2.4 further ahead, 0 without one;
/// - priority: highest 9, high 6, medium 3.9, none 1.95, low 0, lowest −1.8;
/// - scheduled today or earlier: 5; start date still to come: −3;
/// - starred (tick's important mark): 4;
/// - age, after Taskwarrior: up to 2 for a task created a year or more ago
///   (`2 × days since created / 365`).
package enum Urgency {
    package static func of(_ task: Task, in document: Document, today: CivilDate) -> Double {
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        var score = 0.0
        if let due = task.due {
            let overdue = Double(due.days(until: today))
            score += overdue >= 7 ? 12 : overdue <= -14 ? 2.4 : 12 * (0.2 + 0.8 * (overdue + 14) / 21)
        }
        switch fields.priority(in: text) ?? .none {
        case .highest: score += 9
        case .high: score += 6
        case .medium: score += 3.9
        case .none: score += 1.95
        case .low: break
        case .lowest: score -= 1.8
        }
        if let scheduled = fields.date(.scheduled, in: text), scheduled <= today { score += 5 }
        if let start = fields.date(.start, in: text), start > today { score -= 3 }
        if task.important { score += 4 }
        if let created = fields.date(.created, in: text), created < today {
            score += 2 * min(Double(created.days(until: today)) / 365, 1)
        }
        return score
    }
}
