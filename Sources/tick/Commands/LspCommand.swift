import TickCore

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
        var server = LanguageServer(host: FileSystemHost(environment: context.environment), version: Tick.version)
        var input = MessageReader(fd: 0)
        while true {
            let batch = input.next()
            if batch.messages.isEmpty, batch.ended { return server.statusAtEnd }
            let (output, exit) = server.handle(batch.messages)
            _ = output.withUnsafeBytes { Syscalls.writeAll(1, $0) }
            if let exit { return exit }
        }
    }
}

/// The language server's machine: the date, `.tick.toml` files and task files as the CLI
/// finds them, the log on standard error.
private struct FileSystemHost: LanguageServerHost {
    let environment: Environment

    func today() -> CivilDate { (try? environment.today()) ?? CivilDate(year: 2000, month: 1, day: 1)! }

    func configuration(ofFolder folder: String) -> (config: ProjectConfig, problem: String?, file: String?) {
        let path = ConfigLoader.path(from: folder, environment: environment)
        // Named only when an edit may go to it: not a link git tracks out of its repository.
        var file = path.map { $0.hasPrefix("/") ? $0 : environment.workingDirectory + "/" + $0 }
        do throws(TickError) { try file.map { file throws(TickError) in try EditSession.refuseTrackedLinkOut(file) } } catch { file = nil }
        do throws(TickError) {
            return (try ConfigLoader.load(path), nil, file)
        } catch {
            return (ProjectConfig(), error.message, file)
        }
    }

    func taskFiles(in folders: [String]) -> [String] {
        folders.flatMap { folder in ((try? PathWalker.walk([folder])) ?? []).map(\.path) }
    }

    func contents(ofFile path: String) -> [UInt8]? { try? FileReader.read(path) }

    func log(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { Syscalls.writeAll(2, $0) }
    }
}
