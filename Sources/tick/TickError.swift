/// An error the user can act on. Printed as one line, `tick: <message>`, with exit status 2.
import TickCore

enum TickError: Error, Equatable {
    case cannotRead(path: String, reason: String)
    case noTodoFile(searchedFrom: String)
    case usage(UsageError, command: String?)
    case invalidToday(String)
    case cannotWrite(path: String, reason: String)
    case changedDuringEdit(path: String)
    case edit(EditError, path: String)
    case nothingToUndo(path: String)
    case undoStale(path: String)
    case refused(String)

    var message: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(path): \(reason)"
        case .noTodoFile(let directory):
            return "no TODO.md in \(directory) or its parents; name a file with -f FILE or set TICK_FILE"
        case .usage(let error, _):
            return error.message
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason); the file is unchanged"
        case .changedDuringEdit(let path):
            return "\(path): changed by another program during the edit; nothing written, run the command again"
        case .edit(let error, let path):
            return "\(path): \(error.message)"
        case .nothingToUndo(let path):
            return "\(path): nothing to undo"
        case .undoStale(let path):
            return "\(path): changed since tick's last edit; nothing undone"
        case .refused(let message):
            return message
        case .invalidToday(let value):
            return "TICK_TODAY='\(value)' is not a date; use YYYY-MM-DD"
        }
    }
}
