/// `--sort`: the order a view lists its tasks in. Ties keep file order.
public enum TaskOrder: String, Sendable, CaseIterable {
    /// As they appear in the files (the default).
    case file
    /// Earliest due date first; tasks without one last.
    case due
    /// By group path, alphabetically; tasks above the first heading first.
    case group
    /// Doing, then open (`[ ]` before other todo characters), then done, then cancelled.
    case status
    /// By text, alphabetically, ignoring case.
    case text
    /// Highest priority first (no priority between medium and low); ties by due date.
    case priority
    /// Most urgent first (`Urgency`): due date, priority, star, scheduled and start dates.
    case urgency

    /// Whether the view prints group headings (the order keeps each group's tasks together).
    package var keepsGroupsTogether: Bool { self == .file || self == .group }

    package func sorted(_ items: [ViewItem], in sources: [SourceDocument], today: CivilDate? = nil) -> [ViewItem] {
        guard self != .file else { return items }
        let keyed = items.enumerated().map { (key: key(of: sources[$0.element.source].document.tasks[$0.element.task],
                                                       in: sources[$0.element.source].document, today: today),
                                              position: $0.offset, item: $0.element) }
        return keyed.sorted { left, right in
            let order = left.key.compare(right.key)
            return order != 0 ? order < 0 : left.position < right.position
        }.map(\.item)
    }

    /// What a task sorts by in this order (equal keys keep file order).
    package func key(of task: Task, in document: Document, today: CivilDate? = nil) -> SortKey {
        switch self {
        case .priority:
            // Priority first, then the due date (undated last): days fit well below 10^8.
            let due = (task.due?.daysSinceEpoch ?? 9_000_000) + 1_000_000
            let text = document.textBytes(of: task)
            return .number((document.fields(of: task).priority(in: text) ?? .none).rawValue * 100_000_000 + due)
        case .urgency:
            let day = today ?? CivilDate(year: 2000, month: 1, day: 1)!
            return .real(-Urgency.of(task, in: document, today: day))
        case .file:
            return .number(0)
        case .due:
            return .number(task.due?.daysSinceEpoch ?? Int.max)
        case .group:
            // As views name groups: a file's title is no part of the order.
            return .text(document.shownGroupPath(ofHeading: task.group).joined(separator: "\u{0}").lowercased())
        case .status:
            return .number(Self.rank(task))
        case .text:
            return .text(document.text(of: task).lowercased())
        }
    }

    /// Doing first, then open work (`[ ]` before other todo characters), then done, then cancelled.
    private static func rank(_ task: Task) -> Int {
        switch task.statusType {
        case .doing: return 0
        case .todo: return task.status == .open ? 1 : 2
        case .done: return 3
        case .cancelled: return 4
        }
    }
}

/// What a task sorts by in one `TaskOrder`: every task of an order has the same kind of key.
package enum SortKey: Sendable {
    case number(Int)
    case real(Double)
    case text(String)

    /// -1, 0 or 1 as `self` comes before, with or after `other`.
    func compare(_ other: SortKey) -> Int {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a < b ? -1 : a == b ? 0 : 1
        case (.real(let a), .real(let b)): return a < b ? -1 : a == b ? 0 : 1
        case (.text(let a), .text(let b)): return a < b ? -1 : a == b ? 0 : 1
        default: return 0
        }
    }
}
