import TickCore

/// What `groups` and `progress` share: they tally every group's tasks.
protocol TallyCommand: Command {
    static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String
    static func printJSON(_ tallies: [GroupTally], in sources: [SourceDocument], emit: (UnsafeBufferPointer<UInt8>) -> Void)
    /// Whether archived tasks count as the groups they came from (`GroupTally.tally`'s archive).
    static var countsArchivedAsTheirGroups: Bool { get }
}

extension TallyCommand {
    static var tallyOptions: [OptionSpec] {
        ViewOptions.filters.filter { ["file", "group", "stdin-filename", "no-ignore"].contains($0.long) } + ViewOptions.output.map { option in
            option.long == "json"
                ? OptionSpec("json", help: name == "groups" ? "Print one JSON object per group (schema in tick(1))."
                    : "Print the groups and their total as JSON (schema in tick(1)).")
                : option
        }
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        var query = TaskQuery()
        query.statuses = nil
        query.waiting = .shown
        let view = try ViewOptions(arguments, command: name, defaults: query, environment: context.environment,
                                   acceptsWords: false)
        let sources = try view.load(environment: context.environment)
        let tallies = GroupTally.tally(sources, query: view.query, today: view.today,
                                       archive: countsArchivedAsTheirGroups ? context.environment.archiveGroup : nil)
        if arguments.flag("names") {
            // One group path per line, as views name it and -g and --to accept it (for scripts
            // and completion).
            var seen = Set<String>()
            for tally in tallies {
                guard let heading = tally.heading else { continue }
                let path = GroupName.written(sources[tally.source].document.shownGroupPath(ofHeading: heading))
                if seen.insert(path).inserted { context.stdout.write(TerminalText.sanitized(path) + "\n") }
            }
            return 0
        }
        if arguments.flag("json") {
            printJSON(tallies, in: sources, emit: { context.stdout.write(bytes: $0) })
        } else {
            context.stdout.write(render(tallies, in: sources, style: view.style))
        }
        return 0
    }
}

enum GroupsCommand: TallyCommand {
    static let name = "groups"
    /// Every group as the file has it, the archive's subgroups included.
    static let countsArchivedAsTheirGroups = false
    static let summary = "Every group with its open and done counts and a progress bar."
    static let usage = "tick groups [OPTIONS] [FILE|FOLDER...]"
    static var options: [OptionSpec] {
        tallyOptions + [OptionSpec("names", help: "Print only the group paths, one per line (as -g accepts them).")]
    }
    static let examples: [(command: String, explanation: String)] = [
        ("tick groups", "The groups of the nearest TODO.md."),
        ("tick groups --group work", "Work and its subgroups."),
        ("tick groups --names", "Just the paths, for scripts: Home, Home/Groceries, Work."),
        ("tick groups --json | jq -r '.[] | select(.open == 0) | .group | join(\"/\")'", "Groups with nothing left to do."),
    ]

    static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String {
        GroupsView.render(tallies, in: sources, style: style)
    }

    static func printJSON(_ tallies: [GroupTally], in sources: [SourceDocument], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        JSONWriter.lines(tallies, emit: emit) { tally, json in GroupJSON.write(tally, in: sources[tally.source], to: &json) }
    }
}
