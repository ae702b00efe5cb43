/// What tick's commands say, in the words of the tools an agent calls: its arguments for the
/// command's options, `list_tasks` for a listing to make again, refs for the only way a tool
/// names a task. The facts stay the command's; only the way to act on them changes.
enum ToolWords {
    /// The tool that runs each command.
    static let tools = ["list": "list_tasks", "query": "query_tasks", "groups": "list_groups", "show": "show_task", "add": "add_task",
                        "done": "done_tasks", "reopen": "reopen_tasks", "start": "start_tasks", "cancel": "cancel_tasks",
                        "due": "set_due", "move": "move_task", "note": "add_note", "undo": "undo"]

    /// `said` (a command's standard error) as a tool's result says it; `options`: the
    /// command's options by the tool's arguments that set them.
    static func spoken(_ said: String, options: [String: String]) -> String {
        said.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            if line.hasPrefix("tick: ") { line.removeFirst(6) }
            // A query given to query_tasks is its lines, numbered from 1.
            if let number = line.firstMatch(of: #/^(note: )?instruction ([0-9]+): /#) {
                line.replaceSubrange(number.range, with: (number.output.1 ?? "") + "query line \(number.output.2): ")
            }
            line.replace(#/ \(see 'tick [a-z]* ?--help'\)/#, with: "")
            line.replace(#/run 'tick list[^']*' again|list it again|list the tasks again/#, with: "call list_tasks again")
            line.replace(", or name the task by its text", with: "")
            // The undo tool takes the latest edit (of a file), never one by its number.
            line.replace(" ('tick undo --list' numbers the operations; 'tick undo N' takes another, leaving this one as it is)", with: "")
            line.replace(" ('tick undo --list' shows the journal)", with: "")
            line.replace("'tick groups' lists them", with: "list_groups lists them")
            line.replace(#/start one with 'tick init', or name a file with -f FILE|name a (task )?file with -f FILE/#,
                         with: "name a task file with the tool's \(options["-f FILE"].map { "'\($0)'" } ?? "file") argument")
            for (option, argument) in options where option.hasPrefix("-") {
                line.replace("'\(option)'", with: "'\(argument)'")
                // Bare, as in `--all looks among every task`.
                guard let bare = try? Regex("(^|[ (])" + option + "([ ;,)]|$)", as: (Substring, Substring, Substring).self) else { continue }
                line.replace(bare) { match in match.output.1 + "'\(argument)'" + match.output.2 }
                line.replace("add '\(argument)'", with: "set '\(argument)'")
            }
            // A command line quoted back (`undid 'tick move --json -- a.md:3@…'`), without
            // what the server adds to every call.
            // (In double quotes when it holds a single quote.)
            func spokenCommand(_ quoted: Substring) -> String {
                let quote = quoted.first.map(String.init) ?? "'"
                var words = quoted.dropFirst().dropLast().split(separator: " ").filter { !["--json", "--yes", "--", "--create"].contains($0) }
                // The command by the tool that runs it, its options by the tool's arguments
                // (`--to=Home` is `group=Home`, `--top` is `direction=top`).
                if words.count > 1, let tool = Self.tools[String(words[1])] {
                    words.removeFirst(2)
                    let arguments = AgentServer.tools.first { $0.name == tool }?.options ?? [:]
                    words = words.map { word in
                        guard word.hasPrefix("--") else { return word }
                        let parts = word.split(separator: "=", maxSplits: 1)
                        guard let argument = arguments[String(parts[0])] else { return word }
                        if parts.count == 2 { return Substring(argument + "=" + parts[1]) }
                        return Substring(argument + "=" + (argument == "direction" ? String(parts[0].dropFirst(2)) : "true"))
                    }
                    words.insert(Substring(tool), at: 0)
                }
                return quote + words.joined(separator: " ") + quote
            }
            line.replace(#/'tick [^']*'/#) { spokenCommand($0.output) }
            line.replace(#/"tick [^"]*"/#) { spokenCommand($0.output) }
            return line
        }.joined(separator: "\n")
    }
}
