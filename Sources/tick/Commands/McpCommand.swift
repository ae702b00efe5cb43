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
        var server = AgentServer(roots: roots, confinement: AgentConfinement(roots: roots, shown: arguments.operands, defaultFile: defaultFile),
                                 readOnly: arguments.flag("read-only"), executable: executable, environment: environment)
        return server.serve()
    }
}
