import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// The git rows: a repository whose TODO.md has many commits (built with `git fast-import`,
/// each commit ticking or unticking one task), and tick's history commands on it against
/// `git log -p` of the same file.
enum History {
    static func rows(directory: String, commits: Int, tasks: Int, runs: Int) -> [Benchmark.Row] {
        guard Spawn.isInstalled("git") else {
            print("tick-bench: git is not installed; the git rows are left out")
            return []
        }
        let repository = directory + "/repository"
        let stream = directory + "/history.fast-import"
        Measure.writeFile(stream, fastImport(commits: commits, tasks: tasks))
        let built = Spawn.run(["sh", "-c", "git init -q -b main '\(repository)' && cd '\(repository)' && git fast-import --quiet < '\(stream)' && git checkout -q main"])
        precondition(built == 0, "could not build the benchmark repository")
        // Absolute: the commands run in the repository.
        let tick = realpath(Spawn.tickPath, nil).map { path in defer { free(path) }; return String(cString: path) } ?? Spawn.tickPath
        // A day in the middle of the history: about half the commits come after it.
        let since = CivilDate(year: 2026, month: 1, day: 1)!.adding(days: commits / 2 / 4)!.description
        func inRepository(_ command: String) -> [String] { ["sh", "-c", "cd '\(repository)' && \(command)"] }
        let log = Measure.median(runs: runs) { Spawn.run(inRepository("git log -p -- TODO.md")) }
        let changes = Measure.median(runs: runs) { Spawn.run(inRepository("'\(tick)' changes --since \(since)")) }
        precondition(Spawn.run(inRepository("'\(tick)' changes --since \(since)")) == 0, "tick changes failed")
        let middle = String(Document(bytes: Workload.todoFile(tasks: tasks)).tasks[tasks / 2].line + 1)
        let show = inRepository("'\(tick)' show --history -f TODO.md \(middle)")
        precondition(Spawn.run(show) == 0, "tick show --history failed")
        let history = Measure.median(runs: max(1, runs / 3)) { Spawn.run(show) }
        return [
            Benchmark.Row(name: "tick changes --since, \(commits) commits, \(tasks) tasks", baselineName: "git log -p of the file",
                          value: changes, baselineValue: log, target: "<= 2x", met: changes / log <= 2),
            Benchmark.Row(name: "tick show --history, \(commits) commits, \(tasks) tasks", baselineName: "git log -p of the file",
                          value: history, baselineValue: log, target: "<= 10x", met: history / log <= 10),
        ]
    }

    /// A fast-import stream: the workload file, then one commit every six hours from
    /// 2026-01-01, each turning one task's checkbox (`[ ]` and `[x]` in turn).
    static func fastImport(commits: Int, tasks: Int) -> [UInt8] {
        var file = Workload.todoFile(tasks: tasks)
        let boxes = Document(bytes: file).tasks.filter { $0.status.character == " " || $0.status.character == "x" }.map { $0.checkboxStart + 1 }
        var out: [UInt8] = []
        out.reserveCapacity(commits * (file.count + 200))
        for index in 0..<commits {
            if index > 0 {
                let box = boxes[(index * 37) % boxes.count]
                file[box] = file[box] == UInt8(ascii: "x") ? UInt8(ascii: " ") : UInt8(ascii: "x")
            }
            let message = Array("commit \(index)\n".utf8)
            out += Array("commit refs/heads/main\ncommitter Bench <bench@example.com> \(1_767_225_600 + index * 21_600) +0000\ndata \(message.count)\n".utf8)
            out += message
            out += Array("M 644 inline TODO.md\ndata \(file.count)\n".utf8)
            out += file
            out += [0x0A]
        }
        return out
    }
}
