import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick-bench [--quick] [--json] [--git-only | --lsp-only | --peers-only | --no-git]`: measures tick against baselines taken in the same run and
/// prints each figure as a ratio, so results compare across machines.
@main
enum Benchmark {
    struct Row {
        let name: String
        let baselineName: String
        let value: Double
        let baselineValue: Double
        let target: String
        let met: Bool
        /// `value` and `baselineValue` are seconds, or bytes for the memory row.
        var unit: Unit = .seconds

        enum Unit: String { case seconds, bytes }

        var ratio: Double { value / baselineValue }
    }

    static let usage = """
        usage: tick-bench [--quick] [--json] [--git-only | --lsp-only | --peers-only | --no-git]
               tick-bench --generate TASKS     print the benchmark's todo file of TASKS tasks
        Measures tick against anchors taken in the same run (see README.md, Performance).

        """

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        let known: Set = ["--quick", "--json", "--git-only", "--lsp-only", "--peers-only", "--no-git", "--generate", "--peak-memory", "--noop", "--profile-parse"]
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage, terminator: "")
            return
        }
        if arguments.first != "--peak-memory", arguments.first != "--generate",
           let unknown = arguments.first(where: { !known.contains($0) }) {
            let message = Array(("tick-bench: unknown argument '\(unknown)'\n" + usage).utf8)
            _ = message.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
            exit(2)
        }
        let quick = arguments.contains("--quick")
        let json = arguments.contains("--json")
        let taskCount = quick ? 1_000 : 100_000
        let runs = quick ? 3 : 9

        if let flag = arguments.firstIndex(of: "--generate"), flag + 1 < arguments.endIndex,
           let count = Int(arguments[flag + 1]) {
            // The workload file on stdout, for profiling tick by hand.
            let bytes = Workload.todoFile(tasks: count)
            _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
            return
        }
        if arguments.first == "--peak-memory", arguments.count > 2 {
            let rest = Array(arguments)
            Spawn.reportPeakMemory(Array(rest[2...]), to: rest[1])
            return
        }
        if arguments.contains("--noop") {
            return  // the empty Swift program that start-up is measured against
        }
        if arguments.contains("--profile-parse") {
            // For callgrind: parse the main workload once, nothing else.
            let bytes = Workload.todoFile(tasks: taskCount)
            print(Document(bytes: bytes).tasks.count)
            return
        }
        let directory = "/tmp/tick-bench-\(getpid())"
        mkdir(directory, 0o755)
        defer { _ = system("rm -rf '\(directory)'") }
        // Listings and the journal in a folder of the run's own: the user's state stays as it
        // was, and every run starts from the same (empty) state.
        setenv("XDG_STATE_HOME", directory + "/state", 1)
        if arguments.contains("--git-only") {
            // The git rows alone, at full size (they take a while to set up).
            let rows = History.rows(directory: directory, commits: quick ? 40 : 1_000, tasks: quick ? 500 : 5_000, runs: runs)
            if json { printJSON(rows, bytes: 0) } else { printTable(rows, bytes: 0) }
            return
        }
        if arguments.contains("--lsp-only") {
            let rows = LanguageServerRows.rows(directory: directory, bytes: quick ? 100_000 : 1_000_000, runs: runs)
            if json { printJSON(rows, bytes: 0) } else { printTable(rows, bytes: 0) }
            return
        }
        let path = directory + "/tasks.md"
        let file = Workload.todoFile(tasks: taskCount)
        Measure.writeFile(path, file)
        if arguments.contains("--peers-only") {
            // The other tools installed, on the main workload.
            let rows = Peers.rows(directory: directory, tasks: taskCount, markdownPath: path, runs: quick ? 1 : 3)
            if json { printJSON(rows, bytes: file.count) } else { printTable(rows, bytes: file.count) }
            return
        }

        var rows: [Row] = []
        // Row: parse + serialize in process, against reading the bytes.
        let read = Measure.median(runs: runs) { _ = Measure.readFile(path).count }
        var parsedTasks = 0
        let parse = Measure.median(runs: runs) {
            let document = Document(bytes: Measure.readFile(path))
            parsedTasks = document.tasks.count
            precondition(document.serialized().count == file.count)
        }
        rows.append(Row(name: "parse + serialize, \(taskCount) tasks", baselineName: "read the bytes",
                        value: parse, baselineValue: read, target: "throughput >= 1/3 of baseline",
                        met: parse / read <= 3))
        precondition(parsedTasks == taskCount, "generated \(taskCount) tasks but parsed \(parsedTasks)")

        // Growth: time per task from 1 000 to 1 000 000 tasks (100 000 in quick mode).
        let small = Workload.todoFile(tasks: 1_000)
        let large = Workload.todoFile(tasks: quick ? 100_000 : 1_000_000)
        let smallTime = Measure.median(runs: runs * 3) { _ = Document(bytes: small).tasks.count }
        let largeTime = Measure.median(runs: max(3, runs / 3)) { _ = Document(bytes: large).tasks.count }
        let perTaskSmall = smallTime / 1_000
        let perTaskLarge = largeTime / Double(quick ? 100_000 : 1_000_000)
        rows.append(Row(name: "parse time per task, \(quick ? "100 000" : "1 000 000") tasks",
                        baselineName: "per task at 1 000 tasks", value: perTaskLarge, baselineValue: perTaskSmall,
                        target: "within 1.5x (linear)", met: perTaskLarge / perTaskSmall <= 1.5))

        // Views, run as a user runs them, against md4c parsing the same file and counting its
        // tasks (or `cat` of it, when md4c is not installed).
        let tick = Spawn.tickPath
        let md4c = Anchors.md4c(directory: directory)
        let anchor: (name: String, time: Double, scale: Double)
        if let md4c {
            // md4c finds the tasks GitHub draws (`[ ]`, `[x]`); tick also reads `[/]` and others.
            let drawn = Document(bytes: file).tasks.filter(\.checkboxIsDrawn).count
            let found = Anchors.md4cTaskCount(md4c, path: path, scratch: directory)
            precondition(found == drawn, "md4c found \(found ?? -1) tasks, tick \(drawn) that GitHub draws")
            anchor = ("md4c, counting tasks", Measure.median(runs: runs) { Spawn.run([md4c, path]) }, 1)
        } else {
            // cat is about 5 times quicker than md4c here: the targets scale with it.
            anchor = ("cat of the file", Measure.median(runs: runs) { Spawn.run(["cat", path]) }, 5)
        }
        for (name, arguments, target) in [
            ("tick list (open tasks, text)", ["list", "-f", path], 1.0),
            ("tick list --all --json", ["list", "--all", "--json", "-f", path], 1.5),
            ("tick today", ["today", "-f", path], 1.0),
            ("tick board -w 120", ["board", "-w", "120", "-f", path], 1.5),
            ("tick groups", ["groups", "-f", path], 1.0),
            ("tick fmt --check", ["fmt", "--check", path], 1.5),
            ("tick lint", ["lint", path], 2.0),
        ] {
            precondition(Spawn.run([tick] + arguments) < 2, "tick \(arguments) failed")
            let time = Measure.median(runs: runs) { Spawn.run([tick] + arguments) }
            let limit = target * anchor.scale
            rows.append(Row(name: "\(name), \(taskCount) tasks", baselineName: anchor.name, value: time,
                            baselineValue: anchor.time, target: "<= \(format2(limit))x", met: time / anchor.time <= limit))
        }

        // fmt --check over a folder of small files: both cores against one worker.
        let folder = directory + "/many"
        mkdir(folder, 0o755)
        let fileCount = quick ? 200 : 10_000
        let smallFile = Workload.todoFile(tasks: 20)
        for index in 0..<fileCount { Measure.writeFile("\(folder)/\(index).md", smallFile) }
        let oneWorker = Measure.median(runs: runs) {
            Spawn.run([tick, "fmt", "--check", folder], environment: ["TICK_TODAY=2026-11-22", "TICK_JOBS=1"])
        }
        let twoWorkers = Measure.median(runs: runs) {
            Spawn.run([tick, "fmt", "--check", folder], environment: ["TICK_TODAY=2026-11-22", "TICK_JOBS=2"])
        }
        rows.append(Row(name: "tick fmt --check, \(fileCount) files, 2 workers", baselineName: "the same with 1 worker",
                        value: twoWorkers, baselineValue: oneWorker, target: ">= 1.6x faster (ratio <= 0.625)",
                        met: twoWorkers / oneWorker <= 0.625))
        rows += folderRows(directory: directory, files: fileCount, runs: max(3, runs / 3))

        // The largest single file tick is built for: 200 000 tasks, about 7 MB.
        rows += largeFileRows(directory: directory, tasks: quick ? 10_000 : 200_000, runs: max(3, runs / 3))
        rows += startupRows(directory: directory, runs: runs * 3)
        rows += LanguageServerRows.rows(directory: directory, bytes: quick ? 100_000 : 1_000_000, runs: runs)
        if !arguments.contains("--no-git") {
            rows += History.rows(directory: directory, commits: quick ? 40 : 1_000, tasks: quick ? 500 : 5_000, runs: runs)
        }
        rows += Peers.rows(directory: directory, tasks: taskCount, markdownPath: path, runs: quick ? 1 : 3)

        if json { printJSON(rows, bytes: file.count) } else { printTable(rows, bytes: file.count) }
    }

    /// `tick done` in the middle of a large file (parse, edit, atomic write, undo record) against
    /// `cp` of the file, and the peak memory of `tick list` on it against its size.
    static func largeFileRows(directory: String, tasks: Int, runs: Int) -> [Row] {
        let path = directory + "/large.md"
        let bytes = Workload.todoFile(tasks: tasks)
        Measure.writeFile(path, bytes)
        let tick = Spawn.tickPath
        let environment = ["TICK_TODAY=2026-11-22", "NO_COLOR=1", "XDG_STATE_HOME=\(directory)/state"]
        let middle = String(Document(bytes: bytes).tasks[tasks / 2].line + 1)
        let copy = Measure.median(runs: runs) { Spawn.run(["cp", path, directory + "/copy.md"]) }
        // Each run marks the task done; reopening it between runs is not timed.
        var samples: [Double] = []
        for _ in 0...runs {
            let start = Measure.now()
            precondition(Spawn.run([tick, "done", "-f", path, middle], environment: environment) == 0, "tick done failed")
            samples.append(Measure.now() - start)
            precondition(Spawn.run([tick, "reopen", "-f", path, middle], environment: environment) == 0, "tick reopen failed")
        }
        let done = Measure.medianOf(Array(samples.dropFirst()))
        let count = tasks == 200_000 ? "200 000" : String(tasks)
        var rows = [Row(name: "tick done mid-file, \(count) tasks", baselineName: "cp of the file", value: done,
                        baselineValue: copy, target: "<= 3x", met: done / copy <= 3)]
        let peak = Double(Spawn.peakMemory([tick, "list", "--all", "-f", path], scratch: directory))
        // The whole document is held: bytes, lines, task records, and the rows rendered.
        let budget = 8 * Double(bytes.count) + 20 * 1_048_576
        rows.append(Row(name: "peak memory of tick list --all, \(count) tasks", baselineName: "8x file size + 20 MB",
                        value: peak, baselineValue: budget, target: "<= 1x", met: peak <= budget, unit: .bytes))
        return rows
    }

    /// `tick today` over a folder of many files (task files, copied round) against
    /// ripgrep counting the checkbox lines in the same folder, and its peak memory against a
    /// fixed budget that no folder size may exceed.
    static func folderRows(directory: String, files: Int, runs: Int) -> [Row] {
        let folder = directory + "/corpus-folder"
        let size = Anchors.makeFolder(folder, files: files)
        let tick = Spawn.tickPath
        let today = [tick, "today", folder]
        precondition(Spawn.run(today) < 2, "tick today over a folder failed")
        let time = Measure.median(runs: runs) { Spawn.run(today) }
        var rows: [Row] = []
        let name = "tick today, \(files) files (\(megabytes(Double(size))))"
        if Spawn.isInstalled("rg") {
            let rg = Measure.median(runs: runs) { Spawn.run(["rg", "-c", Anchors.checkboxPattern, folder]) }
            rows.append(Row(name: name, baselineName: "rg -c of checkbox lines", value: time, baselineValue: rg,
                            target: "<= 2.00x", met: time / rg <= 2))
        } else {
            print("tick-bench: ripgrep (rg) is not installed: the folder row has no anchor")
        }
        let peak = Double(Spawn.peakMemory(today, scratch: directory))
        let budget = 64.0 * 1_048_576
        rows.append(Row(name: "peak memory of tick today, \(files) files", baselineName: "64 MB at any folder size",
                        value: peak, baselineValue: budget, target: "<= 1x", met: peak <= budget, unit: .bytes))
        return rows
    }

    /// Start-up: `tick --version` and `tick list` on a 10-task file against an empty Swift program
    /// (this benchmark started with `--noop`).
    static func startupRows(directory: String, runs: Int) -> [Row] {
        let path = directory + "/ten.md"
        Measure.writeFile(path, Workload.todoFile(tasks: 10))
        let tick = Spawn.tickPath
        let empty = Measure.median(runs: runs) { Spawn.run([CommandLine.arguments[0], "--noop"]) }
        return [("tick --version", [tick, "--version"], 1.2), ("tick list, 10 tasks", [tick, "list", "-f", path], 1.4)].map { name, command, target in
            let time = Measure.median(runs: runs) { Spawn.run(command) }
            return Row(name: name, baselineName: "an empty Swift program", value: time, baselineValue: empty,
                       target: "<= \(format2(target))x", met: time / empty <= target)
        }
    }

    static func printTable(_ rows: [Row], bytes: Int) {
        print("tick-bench: \(bytes) bytes in the main file; medians; ratio = measured / baseline\n")
        let header = ["what", "baseline", "measured", "baseline time", "ratio", "target", "met"]
        var table = [header]
        for row in rows {
            let shown = row.unit == .bytes ? [megabytes(row.value), megabytes(row.baselineValue)]
                                           : [format(row.value), format(row.baselineValue)]
            table.append([row.name, row.baselineName, shown[0], shown[1],
                          String(format2(row.ratio)) + "x", row.target, row.met ? "yes" : "NO"])
        }
        let widths = (0..<header.count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for (index, cells) in table.enumerated() {
            print(cells.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }.joined(separator: "  "))
            if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }

    static func printJSON(_ rows: [Row], bytes: Int) {
        var json = JSONWriter()
        json.beginObject()
        json.key("bytes"); json.int(bytes)
        json.key("rows")
        json.beginArray()
        for row in rows {
            json.beginObject()
            json.key("what"); json.string(row.name)
            json.key("baseline"); json.string(row.baselineName)
            json.key("unit"); json.string(row.unit.rawValue)
            json.key("value"); json.string(String(row.value))
            json.key("baseline_value"); json.string(String(row.baselineValue))
            json.key("ratio"); json.string(format2(row.ratio))
            json.key("target"); json.string(row.target)
            json.key("met"); json.bool(row.met)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.newline()
        print(String(decoding: json.bytes, as: UTF8.self), terminator: "")
    }

    static func format(_ seconds: Double) -> String {
        if seconds < 1e-3 { return format2(seconds * 1e6) + " us" }
        if seconds < 1 { return format2(seconds * 1e3) + " ms" }
        return format2(seconds) + " s"
    }

    static func megabytes(_ bytes: Double) -> String { format2(bytes / 1_048_576) + " MB" }

    static func format2(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        let whole = Int(scaled) / 100
        let fraction = abs(Int(scaled)) % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
