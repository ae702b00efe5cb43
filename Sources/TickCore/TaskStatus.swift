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

    /// The status of a box holding one ASCII byte, in a project that gives no status a
    /// meaning of its own: what `init(statusBytes:statuses:)` reads it as.
    init(asciiStatus byte: UInt8) {
        switch byte {
        case Byte.space: self = .open
        case 0x78, 0x58: self = .done
        case Byte.slash: self = .doing
        default: self = .other(String(Character(Unicode.Scalar(byte))))
        }
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
    public var isGitHubCheckbox: Bool {
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

/// The four things a status can mean.
public enum StatusType: String, Sendable, Hashable, CaseIterable {
    case todo, doing, done, cancelled

    /// Finished one way or another: done or cancelled. Such tasks do not count as open work.
    public var isClosed: Bool { self == .done || self == .cancelled }
}
