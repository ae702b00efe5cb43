import TickCore

enum ProgressCommand: TallyCommand {
    static let name = "progress"
    /// Work archived from a group still counts as that group's done work.
    static let countsArchivedAsTheirGroups = true
    static let summary = "Done out of total, per group and overall."
    static let usage = "tick progress [OPTIONS] [FILE|FOLDER...]"
    static var options: [OptionSpec] { tallyOptions }
    static let examples: [(command: String, explanation: String)] = [
        ("tick progress", "How far along each group of the nearest TODO.md is."),
        ("tick progress docs/", "The same for every Markdown file under docs/."),
        ("tick progress --json | jq .total.percent", "The percentage done over every group."),
    ]

    static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String {
        ProgressView.render(tallies, in: sources, style: style)
    }

    static func printJSON(_ tallies: [GroupTally], in sources: [SourceDocument], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        GroupJSON.writeProgress(tallies, in: sources, emit: emit)
    }
}
