import TickCore

/// Other tools on equivalent input, when they are installed: `todo-txt ls` (Debian todotxt-cli)
/// and `topydo ls` (PyPI) on the same tasks in todo.txt form; `cmark-gfm` (Debian) rendering the
/// Markdown file with its task-list extension, and `mdformat --check` (PyPI, with mdformat-gfm)
/// on it. Each row is the peer's time against tick's for the same job.
enum Peers {
    static func rows(directory: String, tasks: Int, markdownPath: String, runs: Int) -> [Benchmark.Row] {
        let tick = Spawn.tickPath
        let todoTxt = directory + "/todo.txt"
        Measure.writeFile(todoTxt, todoTxtFile(Document(bytes: Workload.todoFile(tasks: tasks))))
        var rows: [Benchmark.Row] = []
        let tickList = Measure.median(runs: runs) { Spawn.run([tick, "list", "-f", markdownPath]) }
        let config = directory + "/todo.cfg"
        Measure.writeFile(config, Array("export TODO_DIR=\(directory)\nexport TODO_FILE=\(todoTxt)\nexport DONE_FILE=\(directory)/done.txt\nexport REPORT_FILE=\(directory)/report.txt\n".utf8))
        let peers: [(name: String, command: [String], baseline: String, tickTime: Double)] = [
            ("todo-txt ls", ["todo-txt", "-d", config, "-p", "ls"], "tick list", tickList),
            ("topydo ls", ["topydo", "-t", todoTxt, "ls"], "tick list", tickList),
            ("cmark-gfm -e tasklist", ["cmark-gfm", "-e", "tasklist", markdownPath], "tick list", tickList),
            ("mdformat --check", ["mdformat", "--check", markdownPath], "tick fmt --check",
             Measure.median(runs: runs) { Spawn.run([tick, "fmt", "--check", markdownPath]) }),
        ]
        for peer in peers where Spawn.isInstalled(peer.command[0]) {
            let time = Measure.median(runs: runs) { Spawn.run(peer.command) }
            rows.append(Benchmark.Row(name: "peer: \(peer.name)", baselineName: peer.baseline,
                                      value: time, baselineValue: peer.tickTime, target: "for reference", met: true))
        }
        return rows
    }

    /// The document's tasks as todo.txt lines: `x ` for done, `(A) ` for starred, the text as is.
    static func todoTxtFile(_ document: Document) -> [UInt8] {
        var out: [UInt8] = []
        for task in document.tasks {
            if task.statusType == .done { out += Array("x ".utf8) }
            if task.important { out += Array("(A) ".utf8) }
            out += document.textBytes(of: task)
            out.append(0x0A)
        }
        return out
    }
}
