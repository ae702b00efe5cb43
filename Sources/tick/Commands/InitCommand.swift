#if canImport(Glibc)
import Glibc
#endif
import TickCore

/// `tick init [FILE]`: starts a task file, a heading and nothing else, so that `tick add` has
/// somewhere to go. An existing file is never touched.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Start a task file: TODO.md with a heading."
    static let usage = "tick init [--title TITLE] [FILE|FOLDER]"
    static let options = [
        OptionSpec("title", value: "TITLE", help: "The heading (default: TODO)."),
    ] + EditSession.commonOptions.filter { $0.long == "quiet" }
    static let examples: [(command: String, explanation: String)] = [
        ("tick init", "Create TODO.md here, with the heading '# TODO'."),
        ("tick init --title 'Home' notes/home.md", "Create notes/home.md with the heading '# Home'."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count <= 1 else { throw .usage(.unexpectedOperand(arguments.operands[1]), command: name) }
        var path = "TODO.md"
        if let named = arguments.operands.first {
            path = try EditSession.text(named)
        } else if let info = Syscalls.fileStatus(path), (info.st_mode & S_IFMT) == S_IFDIR {
            // Not TODO.md/TODO.md, which no command would find.
            throw .refused("TODO.md here is a folder; tick init never changes a folder (name the file to start: tick init FILE)")
        } else if Syscalls.fileStatus(path) == nil,
                  let other = TodoFileLocator.names.first(where: { $0 != path && Syscalls.fileStatus($0).map { ($0.st_mode & S_IFMT) == S_IFREG } == true }) {
            // A TODO.md beside it would be found first, and its tasks no longer shown.
            throw .refused("\(other) is this folder's task file already, which tick finds without naming it; a TODO.md beside it would hide it (add to it with: tick add TEXT)")
        }
        // A folder, or a name that ends as one (`notes/`, missing: said as a missing folder).
        if path.hasSuffix("/") || Syscalls.fileStatus(path).map({ ($0.st_mode & S_IFMT) == S_IFDIR }) == true {
            path = (path.hasSuffix("/") ? path : path + "/") + "TODO.md"
        }
        // A file the other commands would not take as a task file (`README`): named so, it
        // would be started only for `tick add` to refuse it.
        if !AddCommand.isTaskFileName(path) {
            throw .refused("\(PathBytes.display(path)) is not a Markdown or text file by its name (.md, .markdown, .txt), which tick reads as task files; name it so, as in \(PathBytes.display(path)).md")
        }
        let title = try EditSession.text(arguments.value("title") ?? "TODO").trimmingSpaces
        guard !title.isEmpty, !title.contains("\n"), !title.contains("\r") else {
            throw .usage(.invalidValue(option: "--title", value: title, expected: "a heading on one line"), command: name)
        }
        let environment = context.environment
        // How to add to the file: TODO.md here is found without naming it.
        let add = "tick add" + (path == "TODO.md" ? "" : " -f " + PathBytes.display(path))
        try FileCreator.creatingIfMissing(path) { created throws(TickError) in
            guard created else {
                throw TickError.refused("\(PathBytes.display(path)) already exists; tick init never changes a file (add to it with: \(add) TEXT)")
            }
            _ = try Journal.update(path, environment: environment, created: true) { bytes throws(TickError) in
                // Written only into the empty file just created; anything else is another program's.
                guard bytes.isEmpty else { return nil }
                return Journal.Rewrite(bytes: Array("# \(title)\n".utf8), splices: nil, tasks: 0)
            }
        }
        if !arguments.flag("quiet") {
            context.stdout.write("created \(PathBytes.display(path)) with the group '\(title)'; add a task with: \(add) 'Buy milk'\n")
        }
        return 0
    }
}
