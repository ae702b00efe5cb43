import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick mcp`: the Model Context Protocol server (`AgentServer`), on standard input and output.
enum McpCommand: Command {
    static let name = "mcp"
    static let summary = "Serve the Model Context Protocol on stdin/stdout, for agents."
    static let usage = "tick mcp [--read-only] [FOLDER...]"
    static let options: [OptionSpec] = [
        OptionSpec("read-only", help: "Offer only the tools that read (list_tasks, query_tasks, list_groups, show_task)."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick mcp", "Started by an agent's client: list, query, add, done, due, move, note and undo as tools, on the files here."),
        ("tick mcp ~/notes", "The same, reading and editing only the task files under ~/notes."),
        ("tick mcp --read-only ~/notes", "An agent that may read the tasks under ~/notes and change nothing."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard let executable = Syscalls.realPath("/proc/self/exe") else { throw TickError.refused("cannot find the tick binary to run its commands") }
        context.stdout.flush()
        // Started confined (`TICK_ROOTS` set), the server narrows the roots, never widens them.
        let inherited = context.environment.roots
        var operands = arguments.operands
        if operands.isEmpty, let inherited, !Confinement.admits(path: ".", roots: inherited) { operands = inherited }
        if operands.isEmpty, Syscalls.realPath(".") == "/" {
            throw TickError.refused("started in /, which would serve every file here; name the folders to serve: tick mcp FOLDER...")
        }
        var roots = ["."]
        var defaultFile: String?
        if operands.isEmpty {
            // Started without folders, the task file tick uses from here counts as one of them.
            defaultFile = taskFileHere()
        } else {
            roots = try operands.map { operand throws(TickError) in
                guard let real = Syscalls.realPath(operand) else { throw TickError.refused("\(PathBytes.display(operand)): no such file or folder") }
                if let inherited, !Confinement.admits(realPath: real, roots: inherited) {
                    throw TickError.refused("\(PathBytes.display(operand)) is outside the folders \(Confinement.variable) allows (\(inherited.map(PathBytes.display).joined(separator: ", ")))")
                }
                return real
            }
            // The tools run in the first folder, as tick run there: paths and refs are read
            // from it, and a task file named by none is found from it (a file named first is
            // that task file, and its folder the one they run in).
            let firstIsFile = Syscalls.fileStatus(roots[0]).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
            let first = firstIsFile ? Paths.directory(of: roots[0]) : roots[0]
            guard first.withPathCString({ chdir($0) }) == 0 else { throw TickError.refused("\(PathBytes.display(first)): cannot work in it") }
            if firstIsFile { setenv("TICK_FILE", roots[0], 1) }
        }
        let places = (roots + [defaultFile].compactMap { $0 }).compactMap(Syscalls.realPath)
        // What the tools run (and this server itself, for resources) reads and writes only
        // there, by what each descriptor opened.
        Confinement.confine(to: places)
        // The tools name tasks by refs alone: their views leave the listing a person's
        // numbers name as it was.
        setenv("TICK_LISTINGS", "0", 1)
        // Its edits are journaled as this session's, and its undo takes back only those.
        setenv("TICK_AGENT", "mcp-" + String(UInt32(getpid()), radix: 16) + "-" + ContentHash.hex(UInt64(Clock.wallNanoseconds())), 1)
        let shown = operands.isEmpty ? "the working directory" : operands.map(PathBytes.display).joined(separator: ", ")
        let host = AgentMachine(roots: roots, places: places, shown: shown, executable: executable)
        var server = AgentServer(host: host, readOnly: arguments.flag("read-only"), version: Tick.version)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let output = server.handle(line: Array(pending[..<newline]))
                pending.removeFirst(newline + 1)
                _ = output.withUnsafeBytes { Syscalls.writeAll(1, $0) }
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return 0 }
            pending += buffer[0..<count]
        }
    }

    /// The task file a tool that names none works on: the one tick finds from here, as its
    /// commands find it (`.tick.toml` read; confined, never outside the roots).
    static func taskFileHere() -> String? {
        var environment = Environment.current()
        environment.configuredFile = (try? ConfigLoader.load(environment: environment))?.file
        return try? TodoFileLocator.locate(explicit: nil, environment: environment)
    }
}

/// The agent server's machine: this tick run as a command, the folders it was started with
/// (`places`, real paths, which `Confinement` holds every file to) and their task files.
private struct AgentMachine: AgentServerHost {
    let roots: [String]
    let places: [String]
    /// The folders as the user named them, for messages.
    let shown: String
    let executable: String

    func run(tick arguments: [String]) -> Result<CommandRun, CommandFailure> {
        switch Subprocess.run([executable] + arguments, searchingPath: false) {
        case .failure(let failure): return .failure(CommandFailure(reason: Syscalls.errnoMessage(failure.code)))
        case .success(let run): return .success(CommandRun(status: run.status, stdout: run.stdout, stderr: run.stderr))
        }
    }

    func defaultTaskFile() -> String? { McpCommand.taskFileHere() }
    func admits(_ path: String) -> Bool { Confinement.admits(path: path, roots: places) }
    func exists(_ path: String) -> Bool { Syscalls.fileStatus(path) != nil }
    var foldersShown: String { shown }
    func taskFiles() -> [String] { ((try? PathWalker.files(roots)) ?? []).map { Syscalls.realPath($0) ?? $0 } }

    func isTaskFile(_ path: String) -> Bool {
        guard let real = Syscalls.realPath(path) else { return false }
        return taskFiles().contains(real)
    }

    func contents(ofFile path: String) -> [UInt8]? { try? FileReader.read(path) }
}
