/// Which tasks a view shows. Every condition that is set must hold (they combine with AND).
public struct TaskQuery: Sendable {
    /// Statuses shown; `nil` shows every status.
    public var statuses: Set<StatusClass>? = [.open, .doing]
    /// A group path prefix, compared case-insensitively title by title (`Work / Backend`).
    public var group: [String]?
    public var importantOnly = false
    public var due: DueFilter?
    /// `#tag`, `+project` or `@context` tokens the task must carry (a bare word means `#word`).
    public var tags: [String] = []
    /// Words the task's text must contain, case-insensitively.
    public var words: [String] = []

    public init() {}

    /// The buckets `--open`, `--doing` and `--done` select.
    public enum StatusClass: Sendable, Hashable {
        case open, doing, closed

        public init(_ status: TaskStatus) {
            switch status {
            case .open: self = .open
            case .doing: self = .doing
            case .done, .other: self = .closed
            }
        }
    }

    /// Parses `--group` text: titles separated by `/`, surrounding spaces ignored.
    public static func groupPath(_ text: String) -> [String] {
        text.split(separator: "/").map { String($0).trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether a group path begins with `prefix` (lowercased titles), ignoring case.
    static func path(_ path: [String], startsWith prefix: [String]) -> Bool {
        guard path.count >= prefix.count else { return false }
        return zip(prefix, path).allSatisfy { $0 == $1.lowercased() }
    }

    public func matches(_ task: Task, in document: Document, today: CivilDate) -> Bool {
        if let statuses, !statuses.contains(StatusClass(task.status)) { return false }
        if importantOnly && !task.important { return false }
        if let due, !due.matches(task.due, today: today) { return false }
        if let group, !Self.path(document.groupPath(of: task), startsWith: group) { return false }
        if !tags.isEmpty {
            let tokens = TaskTokens(text: task.text)
            for tag in tags {
                let found: Bool
                switch tag.first {
                case "+": found = tokens.projects.contains { $0.caseInsensitiveEquals(tag.dropFirst()) }
                case "@": found = tokens.contexts.contains { $0.caseInsensitiveEquals(tag.dropFirst()) }
                case "#": found = tokens.tags.contains { $0.caseInsensitiveEquals(tag.dropFirst()) }
                default: found = tokens.tags.contains { $0.caseInsensitiveEquals(Substring(tag)) }
                }
                if !found { return false }
            }
        }
        if !words.isEmpty {
            let text = task.text.lowercased()
            for word in words where !text.contains(word.lowercased()) { return false }
        }
        return true
    }
}

extension String {
    func caseInsensitiveEquals(_ other: Substring) -> Bool {
        lowercased() == other.lowercased()
    }
}
