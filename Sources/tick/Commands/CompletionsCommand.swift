/// `tick completions bash|zsh|fish`: a completion script built from the command registry, so
/// that every command and option tick knows is completed, and nothing else.
///
/// Options that take a group (`-g`, `--to` of move) complete the group paths of the file being
/// worked on (`tick groups --names`, with the line's `-f FILE` if any); options that take a file
/// complete paths; operands complete paths.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script (bash, zsh or fish)."
    static let usage = "tick completions bash|zsh|fish"
    static let options: [OptionSpec] = []
    static let examples: [(command: String, explanation: String)] = [
        ("tick completions bash > ~/.local/share/bash-completion/completions/tick", "Install for bash."),
        ("tick completions zsh > \"${fpath[1]}/_tick\"", "Install for zsh (any folder on $fpath)."),
        ("tick completions fish > ~/.config/fish/completions/tick.fish", "Install for fish."),
        ("source <(tick completions bash)", "Try it in the current bash."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count == 1 else {
            throw TickError.usage(arguments.operands.isEmpty ? .missingOperand("shell (bash, zsh or fish)")
                                                             : .unexpectedOperand(arguments.operands[1]), command: name)
        }
        let commands = Tick.commands
        switch arguments.operands[0] {
        case "bash": context.stdout.write(ShellCompletion.bash(commands))
        case "zsh": context.stdout.write(ShellCompletion.zsh(commands))
        case "fish": context.stdout.write(ShellCompletion.fish(commands))
        case let other:
            throw TickError.usage(.invalidValue(option: "shell", value: other, expected: "bash, zsh or fish"), command: name)
        }
        return 0
    }
}
