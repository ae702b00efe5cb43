/// Which tasks a view shows. Every condition that is set must hold (they combine with AND);
/// within `tags`, one is enough (OR); `excludedTags` and `excludedWords` rule tasks out (NOT).
public struct TaskQuery: Sendable {
    /// Whether a file of these bytes may hold a task the query accepts, known without parsing
    /// it: false only for a due-date filter (not `--due none`) and a file where no dialect could
    /// write a due date (`due`, in any case, or 📅 📆 🗓), nor, for `today`, a scheduled one
    /// (`scheduled`, ⏳ ⌛), nor a group filter to check. Read at memory speed.
    package func mayMatch(_ bytes: [UInt8]) -> Bool {
        guard let due, due != .none, group == nil else { return true }
        return TaskFields.mayHoldDate(bytes, scheduled: due == .todayOrOverdue)
    }

    /// Statuses shown; `nil` shows every status.
    public var statuses: StatusClasses? = .openWork
    /// Only the groups this names (`GroupName`) and their subgroups.
    public var group: GroupName?
    public var importantOnly = false
    public var due: DueFilter?
    /// `#tag`, `+project` or `@context` tokens, one of which the task must carry (a bare word
    /// means `#word`).
    public var tags: [String] = []
    /// Tokens the task must not carry.
    public var excludedTags: [String] = []
    /// Words the task's text must contain, case-insensitively.
    public var words: [String] = []
    /// Words the task's text must not contain.
    public var excludedWords: [String] = []
    /// Only tasks done on or after this date, by their done date (`✅`, `done:`, `[completion:: ]`).
    public var doneSince: CivilDate?
    /// Tasks whose start date is after today: hidden (the default), shown too, or the only ones.
    public var waiting: Waiting = .hidden
    /// Only tasks of at least this priority.
    public var minimumPriority: Priority?
    /// Only tasks that hold the project's global filter (`GlobalFilter`).
    public var globalFilter: GlobalFilter?

    public enum Waiting: Sendable { case hidden, shown, only }

    public init() {}

    /// The buckets `--open`, `--doing` and `--done` select.
    public enum StatusClass: Sendable {
        case open, doing, closed

        package init(_ type: StatusType) {
            switch type {
            case .todo: self = .open
            case .doing: self = .doing
            case .done, .cancelled: self = .closed
            }
        }

        fileprivate var bit: UInt8 {
            switch self {
            case .open: 1
            case .doing: 2
            case .closed: 4
            }
        }
    }

    /// A set of status classes, a bit each. Not a `Set`: every view makes one, and a `Set`
    /// costs each run a runtime conformance lookup (`Hashable`) larger than a small file's parse.
    public struct StatusClasses: Sendable, Equatable, ExpressibleByArrayLiteral {
        private var bits: UInt8 = 0

        /// Open and doing: what views show unless told otherwise.
        public static var openWork: StatusClasses { var classes = StatusClasses(); classes.insert(.open); classes.insert(.doing); return classes }

        public init() {}

        public init(arrayLiteral classes: StatusClass...) {
            for statusClass in classes { insert(statusClass) }
        }

        public var isEmpty: Bool { bits == 0 }
        public func contains(_ statusClass: StatusClass) -> Bool { bits & statusClass.bit != 0 }
        public mutating func insert(_ statusClass: StatusClass) { bits |= statusClass.bit }
    }

    /// The query made ready for one document: which of its groups pass and the lower-cased
    /// words and tags are worked out once, not once per task.
    /// `closedSince`: tasks without a done date that the file's history shows closed since
    /// `doneSince` (`SourceDocument.closedSince`).
    public func matcher(for document: Document, today: CivilDate, closedSince: Set<Int>? = nil) -> Matcher {
        Matcher(query: self, document: document, today: today, closedSince: closedSince)
    }

    public struct Matcher {
        let query: TaskQuery
        /// The document whose tasks it is asked about: their texts are its.
        let document: Document
        let today: CivilDate
        /// Per heading, whether it is a group the query names or inside one; nil without `--group`.
        let acceptedGroups: [Bool]?
        let words: [FoldedWord]
        let excludedWords: [FoldedWord]
        let tags: [(sigil: Character, name: String)]
        let excludedTags: [(sigil: Character, name: String)]
        let closedSince: Set<Int>?
        /// `query.statuses` as a bit per status type (`bit(_:)`): asked of every task.
        let shownTypes: UInt8
        let importantOnly: Bool
        /// Whether status and star are all the query asks of a task (a plain `list`): the
        /// rest of `matches` is not gone through for each.
        let asksOnlyStatus: Bool

        private static func bit(_ type: StatusType) -> UInt8 {
            switch type {
            case .todo: 1
            case .doing: 2
            case .done: 4
            case .cancelled: 8
            }
        }

        init(query: TaskQuery, document: Document, today: CivilDate, closedSince: Set<Int>?) {
            self.query = query
            self.document = document
            shownTypes = StatusType.allCases.reduce(0) { mask, type in
                query.statuses.map { $0.contains(StatusClass(type)) } ?? true ? mask | Self.bit(type) : mask
            }
            self.today = today
            self.closedSince = closedSince
            acceptedGroups = query.group.map { name in
                var accepted = [Bool](repeating: false, count: document.headings.count)
                for heading in name.groups(in: document) { accepted[heading] = true }
                // Headings come in file order, a parent before its subgroups.
                for heading in document.headings.indices where !accepted[heading] {
                    if let parent = document.headings[heading].parent, accepted[parent] { accepted[heading] = true }
                }
                return accepted
            }
            words = query.words.map(FoldedWord.init)
            excludedWords = query.excludedWords.map(FoldedWord.init)
            func token(_ tag: String) -> (sigil: Character, name: String) {
                let sigil = tag.first.flatMap { "+@#".contains($0) ? $0 : nil }
                return (sigil ?? "#", (sigil == nil ? tag : String(tag.dropFirst())).lowercased())
            }
            tags = query.tags.map(token)
            excludedTags = query.excludedTags.map(token)
            importantOnly = query.importantOnly
            asksOnlyStatus = query.due == nil && acceptedGroups == nil && query.waiting == .shown && query.minimumPriority == nil
                && query.globalFilter == nil
                && query.doneSince == nil && tags.isEmpty && excludedTags.isEmpty && words.isEmpty && excludedWords.isEmpty
        }

        /// Whether the group (a heading index, nil above the first heading) passes `--group`.
        package func accepts(group: Int?) -> Bool {
            guard let acceptedGroups else { return true }
            return group.map { acceptedGroups[$0] } ?? false
        }

        public func matches(_ task: Task) -> Bool {
            if shownTypes & Self.bit(task.statusType) == 0 { return false }
            if importantOnly && !task.important { return false }
            if asksOnlyStatus { return true }
            if let due = query.due, !due.matches(task.due, today: today) {
                // `today`: a task scheduled for today or earlier is for today too.
                guard due == .todayOrOverdue, !task.isClosed, task.fieldKinds.contains(.scheduled),
                      let scheduled = document.fields(of: task).date(.scheduled, in: document.textBytes(of: task)), scheduled <= today
                else { return false }
            }
            if !accepts(group: task.group) { return false }
            if let filter = query.globalFilter, !filter.isHeld(byTextOf: task, in: document) { return false }
            if query.waiting != .shown, document.waits(task, today: today) != (query.waiting == .only) { return false }
            if let minimum = query.minimumPriority {
                let priority = document.fields(of: task).priority(in: document.textBytes(of: task)) ?? .none
                if priority > minimum { return false }
            }
            if let since = query.doneSince {
                // A task that records no done date is dated by the file's history, when there is one.
                if let done = document.closedDate(of: task) {
                    if done < since { return false }
                } else if !(closedSince?.contains(task.index) ?? false) {
                    return false
                }
            }
            if !tags.isEmpty || !excludedTags.isEmpty {
                let tokens = TaskTokens(bytes: document.textBytes(of: task))
                func carries(_ tag: (sigil: Character, name: String)) -> Bool {
                    let values = tag.sigil == "+" ? tokens.projects : tag.sigil == "@" ? tokens.contexts : tokens.tags
                    return values.contains { $0.lowercased() == tag.name }
                }
                if !tags.isEmpty, !tags.contains(where: carries) { return false }
                if excludedTags.contains(where: carries) { return false }
            }
            for word in words where !word.isContained(inTextOf: task, in: document) { return false }
            for word in excludedWords where word.isContained(inTextOf: task, in: document) { return false }
            return true
        }
    }
}
