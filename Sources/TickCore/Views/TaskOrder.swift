/// `--sort`: the order a view lists its tasks in. Ties keep file order.
public enum TaskOrder: String, Sendable, CaseIterable {
    /// As they appear in the files (the default).
    case file
    /// Earliest due date first; tasks without one last.
    case due
    /// By group path, alphabetically; tasks above the first heading first.
    case group
    /// Doing, then open, then other statuses, then done.
    case status
    /// By text, alphabetically, ignoring case.
    case text

    /// Whether the view prints group headings (the order keeps each group's tasks together).
    public var keepsGroupsTogether: Bool { self == .file || self == .group }

    public func sorted(_ items: [ViewItem], in sources: [SourceDocument]) -> [ViewItem] {
        switch self {
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
            return sortedBy(items, key: { Self.rank(sources[$0.source].document.tasks[$0.task].status) })
        case .text:
            return sortedBy(items, key: { sources[$0.source].document.tasks[$0.task].text.lowercased() })
        }
    }

    /// Sorts by a key computed once per item; equal keys keep their input (file) order.
    private func sortedBy<Key: Comparable>(_ items: [ViewItem], key: (ViewItem) -> Key) -> [ViewItem] {
        let keyed = items.enumerated().map { (key: key($0.element), position: $0.offset, item: $0.element) }
        return keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }.map(\.item)
    }

    private static func rank(_ status: TaskStatus) -> Int {
        switch status {
        case .doing: return 0
        case .open: return 1
        case .other: return 2
        case .done: return 3
        }
    }
}
