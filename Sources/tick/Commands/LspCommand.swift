/// `tick lsp`: the language server (`LanguageServer`), on standard input and output.
enum LspCommand: Command {
    static let name = "lsp"
    static let summary = "Serve the Language Server Protocol on stdin/stdout, for editors."
    static let usage = "tick lsp"
    static let options: [OptionSpec] = [OptionSpec("stdio", help: "Talk over standard input and output (the only way; accepted as editors pass it).")]
    static let examples: [(command: String, explanation: String)] = [
        ("tick lsp", "Started by the editor: lint findings, tick fmt, done/start/due code actions, hover, outline, completion."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        if let operand = arguments.operands.first { throw TickError.usage(.unexpectedOperand(operand), command: name) }
        context.stdout.flush()
        var server = LanguageServer(environment: context.environment)
        return server.serve()
    }
}
