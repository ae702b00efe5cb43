import TickCore

/// `tick mcp`: the Model Context Protocol server (`AgentServer`), on standard input and output.
enum McpCommand: Command {
    static let name = "mcp"
    static let summary = "Serve the Model Context Protocol on stdin/stdout, for agents."
    static let usage = "tick mcp [FOLDER...]"
    static let options: [OptionSpec] = []
    static let examples: [(command: String, explanation: String)] = [
        ("tick mcp", "Started by an agent's client: list, query, add, done, due, move, note and undo as tools."),
        ("tick mcp ~/notes", "The same, offering the task files under ~/notes as resources."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        for folder in arguments.operands where Syscalls.fileStatus(folder) == nil {
            throw TickError.refused("\(PathBytes.display(folder)): no such file or folder")
        }
        guard let executable = Syscalls.realPath("/proc/self/exe") else { throw TickError.refused("cannot find the tick binary to run its commands") }
        context.stdout.flush()
        var server = AgentServer(roots: arguments.operands.isEmpty ? ["."] : arguments.operands, executable: executable)
        return server.serve()
    }
}
