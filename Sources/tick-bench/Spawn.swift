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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let devNull = strdup("/dev/null")
        defer { free(devNull) }
        posix_spawn_file_actions_addopen(&actions, 1, devNull!, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, devNull!, O_WRONLY, 0)
        let inherited: [String] = ["PATH", "HOME"].compactMap { (name: String) -> String? in
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
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xFF
    }
}
