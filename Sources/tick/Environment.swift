import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Everything tick takes from its surroundings, read once at start-up: the variables it honours,
/// the working directory, and today's date (`TICK_TODAY` overrides the clock for tests and scripts).
struct Environment: Sendable {
    let tickFile: String?
    let tickToday: String?
    let noColor: String?
    let term: String?
    let columns: String?
    let jobs: String?
    let home: String?
    let stateHome: String?
    let workingDirectory: String
    /// Seconds an edit waits for another program's lock on the file (`TICK_LOCK_TIMEOUT`, default 10).
    let lockTimeout: Double
    /// How many operations the undo journal keeps (`TICK_UNDO_KEEP`, default 100).
    let undoKeep: Int
    /// What status characters mean: the project's `.tick.toml [statuses]`, set once the
    /// configuration is read (`Tick.run`), else Obsidian Tasks' defaults.
    var statuses = StatusSet.default
    /// The colours `.tick.toml [colors]` gives groups, set with `statuses`.
    var groupColors = GroupColors()
    /// The task file `.tick.toml` names (`[tasks] file`), as a path from the working directory.
    var configuredFile: String?
    /// What standard input (the path `-`) is called in output: `--stdin-filename`, else `-`.
    var standardInputName = "-"

    /// A path as output shows it: standard input by its name, any other as `PathBytes.display`.
    func shown(_ path: String) -> String {
        path == "-" ? standardInputName : PathBytes.display(path)
    }

    /// Parses a file's bytes with the project's status set.
    func document(_ bytes: [UInt8], reading: Document.Reading = .whole) -> Document {
        Document(bytes: bytes, statuses: statuses, reading: reading)
    }

    static func current() -> Environment {
        Environment(tickFile: Syscalls.environment("TICK_FILE"),
                    tickToday: Syscalls.environment("TICK_TODAY"),
                    noColor: Syscalls.environment("NO_COLOR"),
                    term: Syscalls.environment("TERM"),
                    columns: Syscalls.environment("COLUMNS"),
                    jobs: Syscalls.environment("TICK_JOBS"),
                    home: Syscalls.environment("HOME"),
                    stateHome: Syscalls.environment("XDG_STATE_HOME"),
                    workingDirectory: Syscalls.currentDirectory() ?? ".",
                    lockTimeout: Self.seconds(Syscalls.environment("TICK_LOCK_TIMEOUT")) ?? 10,
                    undoKeep: Self.count(Syscalls.environment("TICK_UNDO_KEEP")) ?? 100)
    }

    /// A number of seconds, 0 or more (`TICK_LOCK_TIMEOUT`).
    private static func seconds(_ value: String?) -> Double? {
        value.flatMap { Double($0) }.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }

    /// A whole number, 1 or more (`TICK_UNDO_KEEP`).
    private static func count(_ value: String?) -> Int? {
        value.flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil }
    }

    /// Refuses a setting tick cannot read, rather than run with its default unsaid: a
    /// mistyped `TICK_LOCK_TIMEOUT=5s` would otherwise wait the default 10 s. (An empty one
    /// is unset.)
    static func checkSettings() throws(TickError) {
        if let value = Syscalls.environment("TICK_LOCK_TIMEOUT"), !value.isEmpty, seconds(value) == nil {
            throw TickError.invalidSetting(name: "TICK_LOCK_TIMEOUT", value: value, expected: "a number of seconds, such as 10 or 0.5")
        }
        if let value = Syscalls.environment("TICK_UNDO_KEEP"), !value.isEmpty, count(value) == nil {
            throw TickError.invalidSetting(name: "TICK_UNDO_KEEP", value: value, expected: "a whole number of operations, 1 or more")
        }
    }

    func today() throws(TickError) -> CivilDate {
        if let override = tickToday, !override.isEmpty {
            guard let date = CivilDate(iso: override) else { throw TickError.invalidToday(override) }
            return date
        }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }
}
