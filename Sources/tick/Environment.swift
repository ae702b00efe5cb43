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
    /// `TICK_ROOTS`, as `Confinement` reads it: where a task file found by name may be.
    let roots: [String]?
    /// Whether what views and edits print is recorded as the listing that numbers name
    /// (`TICK_LISTINGS=0`: not, for a client that names tasks by refs alone, as `tick mcp`
    /// does, so that an agent's views never change what a person's numbers mean). Listings
    /// are carried through edits either way.
    let recordsListings: Bool
    /// The agent session tick runs for (`TICK_AGENT`, which `tick mcp` sets for the commands
    /// its tools run): its edits are journaled as that session's, and its undo and redo take
    /// only that session's operations.
    let agent: String?
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
    /// `.tick.toml`'s `[tasks] global-filter`: views and edits by filter take only the tasks
    /// that hold it.
    var globalFilter: GlobalFilter?
    /// `.tick.toml`'s `[tasks] archive`: the group `tick archive` fills, else Done.
    var archiveGroup = "Done"
    /// What standard input (the path `-`) is called in output: `--stdin-filename`, else `-`.
    var standardInputName = "-"

    /// A path as output shows it: standard input by its name, any other as `PathBytes.display`.
    func shown(_ path: String) -> String {
        PathBytes.display(path == "-" ? standardInputName : path)
    }

    /// Parses a file's bytes with the project's status set.
    func document(_ bytes: [UInt8]) -> Document {
        Document(bytes: bytes, statuses: statuses)
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
                    roots: Syscalls.environment(Confinement.variable).map(Confinement.parse),
                    recordsListings: Syscalls.environment("TICK_LISTINGS") != "0",
                    agent: Syscalls.environment("TICK_AGENT").flatMap { $0.isEmpty ? nil : $0 },
                    lockTimeout: Self.seconds(Syscalls.environment("TICK_LOCK_TIMEOUT")) ?? 10,
                    undoKeep: Self.count(Syscalls.environment("TICK_UNDO_KEEP"), upTo: 10_000) ?? 100)
    }

    /// A number of seconds written in decimal (`10`, `0.5`), up to a day (`TICK_LOCK_TIMEOUT`).
    /// Not what `Double` reads besides: `0x10`, `1e9`, `inf`.
    static func seconds(_ value: String?) -> Double? {
        guard let value, !value.isEmpty, value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
              value.utf8.filter({ $0 == 0x2E }).count <= 1, value.utf8.contains(where: { $0 != 0x2E }),
              let seconds = Double(value), seconds <= 86_400 else { return nil }
        return seconds
    }

    /// A whole number written in decimal, from 1 to `limit` (`TICK_UNDO_KEEP`, `TICK_JOBS`).
    static func count(_ value: String?, upTo limit: Int) -> Int? {
        guard let value, !value.isEmpty, value.utf8.count <= 9, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let count = Int(value), (1...limit).contains(count) else { return nil }
        return count
    }

    /// Refuses a setting tick cannot read, rather than run with its default unsaid: a
    /// mistyped `TICK_LOCK_TIMEOUT=5s` would otherwise wait the default 10 s. (An empty one
    /// is unset.)
    static func checkSettings() throws(TickError) {
        if let value = Syscalls.environment("TICK_LOCK_TIMEOUT"), !value.isEmpty, seconds(value) == nil {
            throw TickError.invalidSetting(name: "TICK_LOCK_TIMEOUT", value: value, expected: "a number of seconds up to 86400, such as 10 or 0.5")
        }
        if let value = Syscalls.environment("TICK_UNDO_KEEP"), !value.isEmpty, count(value, upTo: 10_000) == nil {
            throw TickError.invalidSetting(name: "TICK_UNDO_KEEP", value: value, expected: "a whole number of operations from 1 to 10000")
        }
        if let value = Syscalls.environment("TICK_JOBS"), !value.isEmpty, count(value, upTo: 256) == nil {
            throw TickError.invalidSetting(name: "TICK_JOBS", value: value, expected: "a whole number of threads from 1 to 256")
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
