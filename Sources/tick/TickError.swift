/// An error the user can act on. Printed as one line, `tick: <message>`, with exit status 2.
import TickCore

enum TickError: Error, Equatable {
    case cannotRead(path: String, reason: String)
    /// `naming`: how the command is told a file ("with -f FILE").
    case noTodoFile(searchedFrom: String, naming: String = "with -f FILE")
    case usage(UsageError, command: String?)
    case invalidToday(String)
    /// An environment variable tick reads whose value it cannot use.
    case invalidSetting(name: String, value: String, expected: String)
    case cannotWrite(path: String, reason: String)
    case edit(EditError, path: String)
    case nothingToUndo(path: String?)
    /// `listed`: whether the journal in scope lists operations (none of them undone).
    case nothingToRedo(path: String?, listed: Bool)
    /// `refusal` nil: the file is gone.
    /// `later`: a later operation of tick's that changed the file too (its command line, quoted,
    /// and its number in `tick undo --list`).
    case journalStale(path: String, command: String, undo: Bool, other: Bool, refusal: JournalOperation.FileChange.Refusal?,
                      later: LaterEdit?)

    struct LaterEdit: Equatable {
        let command: String
        let number: Int
    }
    case refused(String)

    var message: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(PathBytes.display(path)): \(reason)"
        case .noTodoFile(let directory, let naming):
            return "no TODO.md (nor todo.md, TASKS.md, ...) in \(PathBytes.display(directory)) or its parents; start one with 'tick init', or name a file \(naming)"
        case .usage(let error, _):
            return error.message
        case .cannotWrite(let path, let reason):
            return "\(PathBytes.display(path)): cannot write: \(reason); the file is unchanged"
        case .edit(let error, let path):
            // A name starting with `-` would be read as an option: `./-x.md`.
            let listed = PathBytes.display(path).hasPrefix("-") ? "./" + PathBytes.display(path) : PathBytes.display(path)
            return "\(PathBytes.display(path)): \(error.message(listing: ShellWord.quotedInQuotes(listed)))"
        case .nothingToUndo(let path):
            return path.map { "\(PathBytes.display($0)): nothing to undo" } ?? "nothing to undo"
        case .nothingToRedo(let path, let listed):
            // The list is worth a look only when it has operations: none of them is undone.
            return (path.map { "\(PathBytes.display($0)): " } ?? "") + "nothing to redo"
                + (listed ? ": no operation is undone ('tick undo --list' shows the journal)" : "")
        case .journalStale(let path, let command, let undo, let other, let refusal, let later):
            var hint = other ? " ('tick undo --list' numbers the operations; 'tick \(undo ? "undo" : "redo") N' takes another, leaving this one as it is)" : ""
            let since = "since \(undo ? "" : "'tick undo' of ")\(JournalHistory.quoted(command: command))"
            let nothing = "nothing \(undo ? "undone" : "redone")"
            // Tick's own later edit of the file, when there is one: undone first, this one may go.
            var by = " (another program or a later edit)"
            if let later {
                by = ": \(later.command) (operation \(later.number)) changed it later; undo that one first, with 'tick undo \(later.number)'"
                hint = ""
            }
            switch refusal {
            case .otherVersion?: return "\(path) changed \(since)\(by); \(nothing)" + hint
            case .changedNearby?:
                return "\(path) changed \(since) in or next to the lines it changed, or both above and below them\(by); \(nothing)" + hint
            case .ambiguous?:
                return "\(path) changed \(since) so that the lines it changed read the same in more than one place; \(nothing)" + hint
            case .none: return "\(path) is gone \(since); \(nothing)" + hint
            }
        case .refused(let message):
            return message
        case .invalidToday(let value):
            return "TICK_TODAY='\(value)' is not a date; use YYYY-MM-DD"
        case .invalidSetting(let name, let value, let expected):
            return "\(name)='\(PathBytes.display(value))' is not \(expected)"
        }
    }
}

