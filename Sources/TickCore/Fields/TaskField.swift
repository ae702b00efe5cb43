/// One fact a task's text records, in one of the three dialects tick reads:
///
/// | kind | tick / todo.txt | Obsidian Tasks | Dataview |
/// |---|---|---|---|
/// | due | `due:2026-11-25` | `📅 2026-11-25` (`📆`, `🗓`) | `[due:: 2026-11-25]` |
/// | scheduled | `scheduled:DATE` | `⏳ DATE` (`⌛`) | `[scheduled:: DATE]` |
/// | start | `t:DATE`, `start:DATE` | `🛫 DATE` | `[start:: DATE]` |
/// | created | `created:DATE` | `➕ DATE` | `[created:: DATE]` |
/// | done | `done:DATE` | `✅ DATE` | `[completion:: DATE]` |
/// | cancelled | `cancelled:DATE` | `❌ DATE` | `[cancelled:: DATE]` |
/// | recurrence | `rec:1w`, `rec:+1w` | `🔁 every week` | `[repeat:: every week]` |
/// | priority | `(A)` … `(Z)` first | `🔺 ⏫ 🔼 🔽 ⏬` | `[priority:: high]` |
/// | id, dependsOn | `id:`, `dep:` | `🆔 abc`, `⛔ abc,def` | `[id:: abc]`, `[dependsOn:: abc]` |
/// | onCompletion | | `🏁 delete`, `🏁 keep` | `[onCompletion:: delete]` |
///
/// Dataview fields may also be written in parentheses, `(due:: DATE)`.
package struct TaskField: Sendable, Equatable {
    /// A set of kinds: which fields a task's text holds, known from the parse, so that a view
    /// asks a task for its start or done date only when it has one.
    package struct Kinds: Sendable, Equatable {
        var bits: UInt16 = 0
        package func contains(_ kind: Kind) -> Bool { bits & kind.bit != 0 }
        package var isEmpty: Bool { bits == 0 }
        /// Whether some date field is in the set (due, scheduled, start, created, done, cancelled).
        var hasDate: Bool { bits & 0b11_1111 != 0 }
        mutating func insert(_ kind: Kind) { bits |= kind.bit }
        /// Whether the text holds an Obsidian field tick does not read (`TaskFields.unread`):
        /// not a kind, but the set is then not empty, so that the field is looked at again
        /// (`tick lint` reports it).
        var holdsUnread: Bool { bits & Self.unreadBit != 0 }
        mutating func insertUnread() { bits |= Self.unreadBit }
        private static let unreadBit: UInt16 = 1 << 15
    }

    package enum Kind: String, Sendable, CaseIterable {
        case due, scheduled, start, created, done, cancelled, recurrence, priority, id, dependsOn
        /// What Obsidian Tasks does with the task once it is done: `delete` it (a recurring
        /// task's next occurrence stays), or `keep` it (what it does without the field).
        case onCompletion

        /// The kind's bit in `Kinds`.
        var bit: UInt16 {
            switch self {
            case .due: 1 << 0
            case .scheduled: 1 << 1
            case .start: 1 << 2
            case .created: 1 << 3
            case .done: 1 << 4
            case .cancelled: 1 << 5
            case .recurrence: 1 << 6
            case .priority: 1 << 7
            case .id: 1 << 8
            case .dependsOn: 1 << 9
            case .onCompletion: 1 << 10
            }
        }

        /// Kinds whose value is a date.
        package var isDate: Bool {
            switch self {
            case .due, .scheduled, .start, .created, .done, .cancelled: return true
            default: return false
            }
        }

        /// What messages call it: "due date", "recurrence".
        package var title: String {
            switch self {
            case .recurrence, .priority, .id: return rawValue
            case .dependsOn: return "dependencies"
            case .onCompletion: return "on-completion action"
            default: return rawValue + " date"
            }
        }
    }

    package enum Dialect: String, Sendable, CaseIterable {
        case tick, obsidian, dataview
    }

    package let kind: Kind
    package let dialect: Dialect
    /// The whole field, as offsets into the text it was read from: what removing it removes.
    package let range: Range<Int>
    /// The value (a date, a rule, a priority word or letter), as offsets into the text.
    package let value: Range<Int>

    /// A new field as `dialect` writes it: `due:DATE`, `📅 DATE`, `[due:: DATE]`. `key`: the
    /// key tick's dialect writes instead of its own (the file's spelling, `completed`).
    package static func written(_ kind: Kind, value: [UInt8], in dialect: Dialect, key spelling: [UInt8]? = nil) -> [UInt8] {
        switch dialect {
        case .tick:
            if let spelling { return spelling + [Byte.colon] + value }
            let key: String
            switch kind {
            case .start: key = "t"
            case .recurrence: key = "rec"
            case .dependsOn: key = "dep"
            case .priority: key = "pri"
            default: key = kind.rawValue
            }
            return Array((key + ":").utf8) + value
        case .obsidian:
            let marker: String
            switch kind {
            case .due: marker = "📅"
            case .scheduled: marker = "⏳"
            case .start: marker = "🛫"
            case .created: marker = "➕"
            case .done: marker = "✅"
            case .cancelled: marker = "❌"
            case .recurrence: marker = "🔁"
            case .id: marker = "🆔"
            case .dependsOn: marker = "⛔"
            case .onCompletion: marker = "🏁"
            case .priority: return value
            }
            return Array((marker + " ").utf8) + value
        case .dataview:
            let key: String
            switch kind {
            case .done: key = "completion"
            case .recurrence: key = "repeat"
            default: key = kind.rawValue
            }
            return Array("[\(key):: ".utf8) + value + [Byte.rightBracket]
        }
    }

    /// The same field, its offsets moved by `offset` (a line's field within a task's joined text).
    package func shifted(by offset: Int) -> TaskField {
        TaskField(kind: kind, dialect: dialect, range: (range.lowerBound + offset)..<(range.upperBound + offset),
                  value: (value.lowerBound + offset)..<(value.upperBound + offset))
    }

    package init(kind: Kind, dialect: Dialect, range: Range<Int>, value: Range<Int>) {
        self.kind = kind
        self.dialect = dialect
        self.range = range
        self.value = value
    }
}

/// Priority on one ordered scale, from highest to lowest; no priority sits between medium
/// and low, as in Obsidian Tasks. todo.txt's letters map as `(A)` highest, `(B)` high, `(C)`
/// medium, `(D)` low and `(E)`–`(Z)` lowest.
public enum Priority: Int, Sendable, Comparable, CaseIterable {
    case highest = 0, high, medium, none, low, lowest

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var name: String {
        switch self {
        case .highest: return "highest"
        case .high: return "high"
        case .medium: return "medium"
        case .none: return "none"
        case .low: return "low"
        case .lowest: return "lowest"
        }
    }

    /// A priority word (`high`), a todo.txt letter (`A`), or nil.
    package init?(name: String) {
        let lowered = name.lowercased()
        if let match = Priority.allCases.first(where: { $0.name == lowered }) { self = match; return }
        guard lowered.count == 1, let letter = lowered.unicodeScalars.first, letter.value >= 0x61, letter.value <= 0x7A else { return nil }
        switch letter.value {
        case 0x61: self = .highest
        case 0x62: self = .high
        case 0x63: self = .medium
        case 0x64: self = .low
        default: self = .lowest
        }
    }
}
