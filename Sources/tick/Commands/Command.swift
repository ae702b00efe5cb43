import TickCore

/// What every command gets: its surroundings and the two output streams.
struct CommandContext {
    var environment: Environment
    /// The project's `.tick.toml`, read once before the command runs.
    var config = ProjectConfig()
    var stdout = Output.standardOutput()
    var stderr = Output.standardError()
    /// An edit's `--json` output, one object per changed task, printed as one array at the end.
    var echoJSON: [[UInt8]]?
    /// The file a question was asked about (`EditSession.confirm`) and the hash of its bytes
    /// then: the edit that follows the yes refuses a file changed in between, since the
    /// tasks it would change are not the ones shown.
    var confirmed: Confirmation?
    /// `-q`: an edit that succeeds prints nothing, its notes included.
    var quiet = false

    /// A file asked about, and the hash of its bytes when it was (a struct: a tuple's metadata
    /// costs every run's start-up).
    struct Confirmation {
        let path: String
        let hash: UInt64
    }

    /// `tick: warning: …` on standard error, on one line whatever it quotes.
    mutating func warn(_ message: String) {
        stderr.write("tick: warning: " + TerminalText.oneLine(message) + "\n")
    }

    /// `tick: note: …` on standard error: what an edit did beside what it was asked (created a
    /// group, left subtasks open, could not repeat a task), on one line.
    mutating func note(_ message: String) {
        guard !quiet else { return }
        stderr.write("tick: note: " + TerminalText.oneLine(message) + "\n")
    }
}

/// A subcommand: its help text and options are data, so `--help`, `tick help CMD` and the
/// man page's synopsis all come from one place.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static var examples: [(command: String, explanation: String)] { get }
    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32
}

extension Command {
    static var allOptions: [OptionSpec] { options + [OptionSpec("help", short: "h", help: "Show this help.")] }

    static var help: String {
        var text = "\(summary)\n\nUsage: \(usage)\n\nOptions:\n"
        let rows = allOptions.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += "--\(option.long)"
            if let value = option.value { left += " \(value)" }
            return (left, option.help)
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
        }
        if !examples.isEmpty {
            text += "\nExamples:\n"
            for example in examples {
                text += "  \(example.command)\n      \(example.explanation)\n"
            }
        }
        return text
    }
}
