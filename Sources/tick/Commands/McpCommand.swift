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
        OptionSpec("read-only", help: "Offer only the tools that read (list_tasks, query_tasks, show_task)."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick mcp", "Started by an agent's client: list, query, add, done, due, move, note and undo as tools, on the files here."),
        ("tick mcp ~/notes", "The same, reading and editing only the task files under ~/notes."),
        ("tick mcp --read-only ~/notes", "An agent that may read the tasks under ~/notes and change nothing."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        for folder in arguments.operands where Syscalls.fileStatus(folder) == nil {
            throw TickError.refused("\(PathBytes.display(folder)): no such file or folder")
        }
        guard let executable = Syscalls.realPath("/proc/self/exe") else { throw TickError.refused("cannot find the tick binary to run its commands") }
        context.stdout.flush()
        var environment = context.environment
        var roots = ["."]
        var defaultFile: String?
        if arguments.operands.isEmpty {
            // Started without folders, the task file tick uses from here counts as one of them.
            defaultFile = try? TodoFileLocator.locate(explicit: nil, environment: environment)
        } else {
            // The tools run in the first folder (a file's folder), as tick run there: paths and
            // refs are read from it, and a task file named by none is found from it.
            roots = try arguments.operands.map { operand throws(TickError) in
                guard let real = Syscalls.realPath(operand) else { throw TickError.refused("\(PathBytes.display(operand)): no such file or folder") }
                return real
            }
            let first = Syscalls.fileStatus(roots[0]).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false ? roots[0] : Paths.directory(of: roots[0])
            guard first.withPathCString({ chdir($0) }) == 0 else { throw TickError.refused("\(PathBytes.display(first)): cannot work in it") }
            environment = Environment.current()
        }
        let confinement = AgentConfinement(roots: roots, shown: arguments.operands, defaultFile: defaultFile)
        // What the tools run (and this server itself, for resources) reads and writes only
        // there, by what each descriptor opened (`Confinement`); a file named first is the
        // task file the tools use by default.
        setenv(Confinement.variable, Confinement.value(for: confinement.places), 1)
        if let first = roots.first, arguments.operands.count > 0,
           Syscalls.fileStatus(first).map({ $0.st_mode & S_IFMT == S_IFREG }) ?? false {
            setenv("TICK_FILE", first, 1)
            environment = Environment.current()
        }
        let host = AgentMachine(roots: roots, confinement: confinement, executable: executable, environment: environment)
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
}

/// The agent server's machine: this tick run as a command, the folders it was started with
/// (`AgentConfinement`) and their task files.
private struct AgentMachine: AgentServerHost {
    let roots: [String]
    let confinement: AgentConfinement
    let executable: String
    let environment: Environment

    func run(tick arguments: [String]) -> Result<CommandRun, CommandFailure> {
        switch Subprocess.run([executable] + arguments, searchingPath: false) {
        case .failure(let failure): return .failure(CommandFailure(reason: Syscalls.errnoMessage(failure.code)))
        case .success(let run): return .success(CommandRun(status: run.status, stdout: run.stdout, stderr: run.stderr))
        }
    }

    func defaultTaskFile() -> String? { try? TodoFileLocator.locate(explicit: nil, environment: environment) }
    func admits(_ path: String) -> Bool { confinement.admits(path) }
    func exists(_ path: String) -> Bool { Syscalls.fileStatus(path) != nil }
    var foldersShown: String { confinement.shown }
    func taskFiles() -> [String] { ((try? PathWalker.files(roots)) ?? []).map { Syscalls.realPath($0) ?? $0 } }

    func isTaskFile(_ path: String) -> Bool {
        guard let real = Syscalls.realPath(path) else { return false }
        return taskFiles().contains(real)
    }

    func contents(ofFile path: String) -> [UInt8]? { try? FileReader.read(path) }
}
