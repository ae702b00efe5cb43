import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// The entry point: read the arguments and environment, run one command, map errors to
/// one-line messages and exit statuses (0 ok, 1 findings, 2 error).
@main
enum Tick {
    static let version = "0.1.0"
    static var commands: [any Command.Type] {
        [ListCommand.self, ShowCommand.self, TodayCommand.self, OverdueCommand.self, ImportantCommand.self, CompletedCommand.self,
         GroupsCommand.self, TagsCommand.self, ProgressCommand.self, BoardCommand.self, QueryCommand.self, InitCommand.self, AddCommand.self, DoneCommand.self, ReopenCommand.self, StartCommand.self, CancelCommand.self,
         StarCommand.self, UnstarCommand.self, DueCommand.self, PostponeCommand.self, EditTextCommand.self, MoveCommand.self,
         RemoveCommand.self, NoteCommand.self, GroupCommand.self, ArchiveCommand.self, UndoCommand.self, RedoCommand.self,
         FmtCommand.self, LintCommand.self, ChangesCommand.self, MergeCommand.self, ResolveCommand.self, GitCommand.self, LspCommand.self, McpCommand.self, CompletionsCommand.self]
    }

    static func main() {
        // Standard input, output and error must be open, or the first file tick opens would
        // take one of their numbers and receive what is meant for them. A closed standard
        // output is held read-only: what tick prints fails to be written and is reported, as
        // on a full disk, rather than vanishing into a success.
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            _ = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY)
        }
        signal(SIGPIPE, SIG_IGN)
        // Before any thread starts, so that every thread can take a lease's break signal.
        Lease.prepare()
        // A write past `ulimit -f` fails with EFBIG (reported, file untouched) instead of killing tick.
        signal(SIGXFSZ, SIG_IGN)
        var context = CommandContext(environment: Environment.current())
        // Arguments keep their bytes (a file name need not be UTF-8): see PathBytes.
        let arguments = (1..<Int(CommandLine.argc)).map { PathBytes.string(cString: CommandLine.unsafeArgv[$0]!) }
        Journal.shared.begin(command: commandLine(arguments))
        var status = run(arguments, context: &context)
        if let objects = context.echoJSON {
            JSONWriter.lines(objects, emit: { context.stdout.write(bytes: $0) }) { object, json in json.raw(object) }
        }
        context.stdout.flush()
        if let failure = context.stdout.failure {
            // After a write, the file is not untouched (status 2 says it is): 3 says the
            // change stands and only what tick had to say about it was lost.
            let written = Journal.shared.hasWritten
            context.stderr.write("tick: cannot write to standard output: \(FileReader.describeWrite(failure))"
                                 + (written ? "; the change was written ('tick undo' takes it back)" : "") + "\n")
            status = written ? 3 : 2
        }
        context.stderr.flush()
        exit(status)
    }

    static func run(_ arguments: [String], context: inout CommandContext) -> Int32 {
        guard let first = arguments.first else {
            context.stdout.write(overview)
            return 0
        }
        switch first {
        case "--help", "-h", "help":
            // `tick help done`, and `tick --help done` as people type it too.
            if arguments.count > 1, !["help", "--help", "-h"].contains(arguments[1]) {
                guard let command = command(named: arguments[1]) else {
                    return fail(.usage(unknown(arguments[1]), command: nil), context: &context)
                }
                context.stdout.write(command.help)
            } else {
                context.stdout.write(overview)
            }
            return 0
        case "--version", "-V":
            if arguments.count > 1 { return fail(.usage(.unexpectedOperand(arguments[1]), command: nil), context: &context) }
            context.stdout.write("tick \(version)\(BuildInfo.commit.map { " (\($0))" } ?? "")\n")
            return 0
        default:
            break
        }
        guard let command = command(named: first) else {
            return fail(.usage(unknown(first), command: nil), context: &context)
        }
        do throws(TickError) {
            let parsed: ParsedArguments
            do { parsed = try ArgumentScanner.scan(Array(arguments.dropFirst()), options: command.allOptions) } catch {
                throw TickError.usage(error, command: command.name)
            }
            if parsed.flag("help") {
                context.stdout.write(command.help)
                return 0
            }
            context.quiet = parsed.flag("quiet")
            try Environment.checkSettings()
            // The language server reads each document's own folder's configuration.
            if command != CompletionsCommand.self, command != LspCommand.self, command != McpCommand.self {
                context.config = try ConfigLoader.load(environment: context.environment)
                context.environment.statuses = context.config.statuses
                context.environment.groupColors = context.config.groupColors
                context.environment.configuredFile = context.config.file
                context.environment.globalFilter = context.config.globalFilter
                context.environment.archiveGroup = context.config.archiveGroup
                if let name = parsed.value("stdin-filename") { context.environment.standardInputName = name }
            }
            return try command.run(parsed, context: &context)
        } catch {
            return fail(error, context: &context)
        }
    }

    /// The command line as a shell would take it back, for the undo journal.
    /// Built by appending, not with `joined(separator:)`: every `tick` run records its command
    /// line, and the generic join costs a runtime conformance lookup (~80 000 instructions in a
    /// statically linked binary, a twentieth of `tick list` on a small file).
    static func commandLine(_ arguments: [String]) -> String {
        var line = "tick"
        for argument in arguments {
            // As typed, so that it pastes back (a `\` stays one); a name's raw bytes and control
            // characters as `PathBytes.display` escapes them.
            let shown = PathBytes.hasRawBytes(argument) || argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                ? PathBytes.display(argument) : argument
            let plain = !shown.isEmpty && shown.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "._/:@%+=,-".utf8.contains(byte)
            }
            line += " "
            if plain {
                line += shown
            } else {
                line += "'"
                for scalar in shown.unicodeScalars {
                    if scalar == "'" { line += "'\\''" } else { line.unicodeScalars.append(scalar) }
                }
                line += "'"
            }
        }
        return line
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// Words people reach for that name another command: `remove` is `rm`, not `move`.
    static let synonyms = ["remove": "rm", "delete": "rm", "del": "rm", "complete": "done", "finish": "done", "check": "done",
                           "uncheck": "reopen", "undone": "reopen", "ls": "list", "new": "add", "create": "add", "rename": "edit",
                           "begin": "start", "priority": "list --sort priority", "view": "show", "info": "show",
                           "version": "--version", "-v": "--version", "--v": "--version"]

    static func unknown(_ name: String) -> UsageError {
        .unknownCommand(name, suggestion: synonyms[name.lowercased()] ?? Suggestion.nearest(to: name, among: commands.map { $0.name }))
    }

    static func fail(_ error: TickError, context: inout CommandContext) -> Int32 {
        context.stdout.flush()
        // One line, whatever the error: a usage error ends with where to read more.
        var line = "tick: " + TerminalText.oneLine(error.message)
        if case .usage(_, let command) = error {
            line += " (see 'tick \(command.map { "\($0) " } ?? "")--help')"
        }
        context.stderr.write(line + "\n")
        return 2
    }

    static var overview: String {
        var text = "tick \(version): todo lists in plain Markdown files.\n\nUsage: tick COMMAND [OPTIONS] [ARGS]\n\nCommands:\n"
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  \(command.name)" + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
        }
        text += "\nRun 'tick help COMMAND' or 'tick COMMAND --help' for a command's options and examples.\n"
        return text
    }
}
