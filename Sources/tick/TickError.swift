/// An error the user can act on. Printed as one line, `tick: <message>`, with exit status 2.
enum TickError: Error, Equatable {
    case cannotRead(path: String, reason: String)
    case noTodoFile(searchedFrom: String)
    case usage(UsageError, command: String?)
    case invalidToday(String)

    var message: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(path): \(reason)"
        case .noTodoFile(let directory):
            return "no TODO.md in \(directory) or its parents; name a file with -f FILE or set TICK_FILE"
        case .usage(let error, _):
            return error.message
        case .invalidToday(let value):
            return "TICK_TODAY='\(value)' is not a date; use YYYY-MM-DD"
        }
    }
}
