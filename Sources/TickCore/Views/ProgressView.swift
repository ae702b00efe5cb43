/// `tick progress`: done out of total, percent and a bar for every group with tasks, then the total.
///
///     Home        1/4   25%  █████░░░░░░░░░░░░░░░
///       Groceries 0/2    0%  ░░░░░░░░░░░░░░░░░░░░
///     Total       2/9   22%  ████░░░░░░░░░░░░░░░░
public enum ProgressView {
    public static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String {
        var out = ""
        let shown = tallies.filter { $0.total > 0 }
        var total = GroupTally(source: 0, heading: nil, depth: 0)
        for tally in shown {
            total.open += tally.open
            total.doing += tally.doing
            total.closed += tally.closed
            total.cancelled += tally.cancelled
        }
        let table = TallyTable(shown, in: sources, extraNames: ["Total"])
        let countWidth = String(total.total).count
        func row(_ name: String, _ tally: GroupTally) -> String {
            name + "  " + leftPadded(tally.closed, countWidth) + "/" + String(tally.total)
                + String(repeating: " ", count: countWidth - String(tally.total).count)
                + "  " + leftPadded(tally.percent, 3) + "%  "
                + ProgressBar.render(done: tally.closed, total: tally.total, width: 20, style: style) + "\n"
        }
        for entry in table.rows {
            if let header = entry.fileHeader { out += style.bold(header) + "\n" }
            out += row(table.paddedName(entry, style: style), entry.tally)
        }
        out += row(style.bold(DisplayWidth.padded("Total", to: table.nameWidth)), total)
        return out
    }
}
