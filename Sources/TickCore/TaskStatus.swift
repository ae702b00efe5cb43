/// The character between a task's brackets.
public enum TaskStatus: Sendable, Hashable {
    /// `[ ]`
    case open
    /// `[x]` or `[X]`
    case done
    /// `[/]`: in progress. GitHub renders it as text; tick treats it as a task being worked on.
    case doing
    /// Any other single status (`[-]`, `[>]`, `[~]`, an emoji): read and kept as it is.
    case other(String)

    /// A character the status set gives its own meaning is read as written (`[X]` as `X`, not
    /// as done), so that it keeps its spelling and its meaning.
    init(statusBytes: ArraySlice<UInt8>, statuses: StatusSet = .default) {
        if !statuses.custom.isEmpty {
            let raw = String(decoding: statusBytes, as: UTF8.self)
            if raw != " ", statuses.defines(raw) { self = .other(raw); return }
        }
        if statusBytes.count == 1 {
            switch statusBytes.first! {
            case Byte.space: self = .open; return
            case 0x78, 0x58: self = .done; return
            case Byte.slash: self = .doing; return
            default: break
            }
        }
        self = .other(String(decoding: statusBytes, as: UTF8.self))
    }

    /// The name used in `--json` and filters: `open`, `done`, `doing`, or the raw status character.
    public var name: String {
        switch self {
        case .open: return "open"
        case .done: return "done"
        case .doing: return "doing"
        case .other(let raw): return raw
        }
    }

    /// The character written between the brackets when tick sets this status.
    public var character: String {
        switch self {
        case .open: return " "
        case .done: return "x"
        case .doing: return "/"
        case .other(let raw): return raw
        }
    }

    /// Whether GitHub draws a checkbox for it (`[ ]`, `[x]`, `[X]`).
    package var isGitHubCheckbox: Bool {
        switch self {
        case .open, .done: return true
        case .doing: return false
        case .other(let raw): return raw == "x" || raw == "X"
        }
    }

    /// What the status means when the project configures nothing, as Obsidian Tasks' default
    /// statuses have it: `[ ]` todo, `[x]` and `[X]` done, `[/]` doing, `[-]` cancelled, and any
    /// other character todo (`[>]`, `[?]`, `[~]` are still work to do). `StatusSet` gives the
    /// project's meaning; a task carries it as `Task.statusType`.
    var defaultType: StatusType {
        switch self {
        case .open: return .todo
        case .done: return .done
        case .doing: return .doing
        case .other(let raw): return raw == "-" ? .cancelled : .todo
        }
    }
}

extension TaskStatus {
    /// A status as a task record keeps it: a plain value of 16 bytes, with no reference to
    /// count when a task is copied. The other statuses' bytes (at most 15, `Checkbox.end`)
    /// are kept inline; the last byte holds their count and which status it is.
    struct Packed: Sendable, Equatable {
        private let low: UInt64, high: UInt64

        private static let open: UInt64 = 0, done: UInt64 = 1, doing: UInt64 = 2, other: UInt64 = 3
        /// The largest box a status fits in: the bytes between the brackets.
        static let capacity = 15

        /// The status as one number, for a key (statuses alike give the same one).
        var mixed: UInt64 { (low &* 0x9E37_79B9_7F4A_7C15) ^ high }

        private init(_ kind: UInt64, count: Int = 0, low: UInt64 = 0, high: UInt64 = 0) {
            self.low = low
            self.high = high | kind << 60 | UInt64(count) << 56
        }

        init(_ status: TaskStatus) {
            switch status {
            case .open: self.init(Self.open)
            case .done: self.init(Self.done)
            case .doing: self.init(Self.doing)
            case .other(let raw):
                let bytes = Array(raw.utf8)
                precondition(bytes.count <= Self.capacity, "a status is at most \(Self.capacity) bytes (Checkbox.end)")
                var low: UInt64 = 0, high: UInt64 = 0
                for (index, byte) in bytes.enumerated() {
                    if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
                }
                self.init(Self.other, count: bytes.count, low: low, high: high)
            }
        }

        /// The status of a box holding one ASCII byte, in a project that gives no status a
        /// meaning of its own, as `init(statusBytes:statuses:)` reads it, without making a String.
        init(asciiStatus byte: UInt8) {
            switch byte {
            case Byte.space: self.init(Self.open)
            case 0x78, 0x58: self.init(Self.done)
            case Byte.slash: self.init(Self.doing)
            default: self.init(Self.other, count: 1, low: UInt64(byte))
            }
        }

        /// `TaskStatus.defaultType`, without making a String.
        var defaultType: StatusType {
            switch high >> 60 {
            case Self.open: return .todo
            case Self.done: return .done
            case Self.doing: return .doing
            default: return high >> 56 & 0xF == 1 && low == UInt64(Byte.minus) ? .cancelled : .todo
            }
        }

        var status: TaskStatus {
            switch high >> 60 {
            case Self.open: return .open
            case Self.done: return .done
            case Self.doing: return .doing
            default:
                let count = Int(high >> 56 & 0xF)
                let bytes = (0..<count).map { index in UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * index) : high >> (8 * (index - 8))) }
                return .other(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}

/// The four things a status can mean.
public enum StatusType: String, Sendable, Hashable, CaseIterable {
    case todo, doing, done, cancelled

    /// Finished one way or another: done or cancelled. Such tasks do not count as open work.
    public var isClosed: Bool { self == .done || self == .cancelled }
}
