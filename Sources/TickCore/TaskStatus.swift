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

    init(statusBytes: ArraySlice<UInt8>) {
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
    public var isGitHubCheckbox: Bool {
        switch self {
        case .open, .done: return true
        default: return false
        }
    }

    /// What the status means, as Obsidian Tasks' default statuses have it: `[ ]` todo, `[x]`
    /// and `[X]` done, `[/]` doing, `[-]` cancelled, and any other character todo (`[>]`,
    /// `[?]`, `[~]` are still work to do).
    public var type: StatusType {
        switch self {
        case .open: return .todo
        case .done: return .done
        case .doing: return .doing
        case .other(let raw): return raw == "-" ? .cancelled : .todo
        }
    }

    /// Finished one way or another: done or cancelled. Such tasks do not count as open work.
    public var isClosed: Bool { type == .done || type == .cancelled }
}

/// The four things a status can mean.
public enum StatusType: String, Sendable, Hashable, CaseIterable {
    case todo, doing, done, cancelled
}
