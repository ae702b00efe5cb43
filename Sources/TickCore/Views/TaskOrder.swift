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
    public var keepsGroupsTogether: Bool { self == .file || self == .group }

    public func sorted(_ items: [ViewItem], in sources: [SourceDocument], today: CivilDate? = nil) -> [ViewItem] {
        switch self {
        case .priority:
            return sortedBy(items, key: { item -> Int in
                let task = sources[item.source].document.tasks[item.task]
                // Priority first, then the due date (undated last): days fit well below 10^8.
                let due = (task.due?.daysSinceEpoch ?? 9_000_000) + 1_000_000
                return (task.fields.priority(in: task.textBytes) ?? .none).rawValue * 100_000_000 + due
            })
        case .urgency:
            let day = today ?? CivilDate(year: 2000, month: 1, day: 1)!
            return sortedBy(items, key: { item -> Double in
                -Urgency.of(sources[item.source].document.tasks[item.task], today: day)
            })
        case .file:
            return items
        case .due:
            return sortedBy(items, key: { sources[$0.source].document.tasks[$0.task].due?.daysSinceEpoch ?? Int.max })
        case .group:
            return sortedBy(items, key: {
                let document = sources[$0.source].document
                return document.groupPath(of: document.tasks[$0.task]).joined(separator: "\u{0}").lowercased()
            })
        case .status:
            return sortedBy(items, key: { Self.rank(sources[$0.source].document.tasks[$0.task]) })
        case .text:
            return sortedBy(items, key: { sources[$0.source].document.tasks[$0.task].text.lowercased() })
        }
    }

    /// Sorts by a key computed once per item; equal keys keep their input (file) order.
    private func sortedBy<Key: Comparable>(_ items: [ViewItem], key: (ViewItem) -> Key) -> [ViewItem] {
        let keyed = items.enumerated().map { (key: key($0.element), position: $0.offset, item: $0.element) }
        return keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }.map(\.item)
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
