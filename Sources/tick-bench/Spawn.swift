#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with its output thrown away, for timing whole commands the way
/// a user runs them (process start-up included).
enum Spawn {
    /// The `tick` binary built beside this benchmark.
    static var tickPath: String {
        let me = CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return "tick" }
        return String(me[..<slash]) + "/tick"
    }

    /// Runs `arguments` (the first is looked up on PATH) and returns its exit status.
    @discardableResult
    static func run(_ arguments: [String], environment: [String] = ["TICK_TODAY=2026-11-22", "NO_COLOR=1"]) -> Int32 {
        spawnAndWait(arguments, environment: environment).status
    }

    /// The peak resident memory of a run, in bytes.
    ///
    /// Linux carries a process's peak across exec, and a spawned child starts out sharing this
    /// benchmark's (large) memory; so a fresh copy of the benchmark (`--peak-memory FILE CMD...`)
    /// runs the command and writes the figure to a file.
    static func peakMemory(_ arguments: [String], scratch: String) -> Int {
        let report = scratch + "/peak-memory"
        run([CommandLine.arguments[0], "--peak-memory", report] + arguments)
        return Int(String(decoding: Measure.readFile(report), as: UTF8.self)) ?? 0
    }

    /// The child side of `peakMemory`: runs the command, writes its peak in bytes to `report`.
    static func reportPeakMemory(_ arguments: [String], to report: String) {
        let peak = spawnAndWait(arguments, environment: ["TICK_TODAY=2026-11-22", "NO_COLOR=1"]).maxResident
        Measure.writeFile(report, Array(String(peak).utf8))
    }

    /// Whether a program is on PATH.
    static func isInstalled(_ program: String) -> Bool {
        run(["sh", "-c", "command -v \(program)"]) == 0
    }

    private static func spawnAndWait(_ arguments: [String], environment: [String]) -> (status: Int32, maxResident: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let devNull = strdup("/dev/null")
        defer { free(devNull) }
        posix_spawn_file_actions_addopen(&actions, 1, devNull!, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, devNull!, O_WRONLY, 0)
        let inherited: [String] = ["PATH", "HOME", "XDG_STATE_HOME"].compactMap { (name: String) -> String? in
            guard let value = getenv(name) else { return nil }
            return name + "=" + String(cString: value)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment + inherited).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        precondition(spawned == 0, "cannot run \(arguments[0]); build it first (swift build -c release)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }
}
