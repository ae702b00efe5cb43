/// `tick groups`: every group, indented under its parent, with its open and done counts and a
/// progress bar, then how many groups there are.
///
///     Home          2 open  1 done  ██████░░░░░░░░░░░░░░  33%
///       Groceries   2 open  0 done  ░░░░░░░░░░░░░░░░░░░░   0%
///     Work          2 open  1 done  ██████░░░░░░░░░░░░░░  33%
///       Later       0 open  0 done  ░░░░░░░░░░░░░░░░░░░░     –
///     4 groups
///
/// "open" counts open and in-progress tasks; "done" counts done ones (cancelled ones count in
/// neither, nor in the total).
public enum GroupsView {
    public static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String {
        var out = ""
        let table = TallyTable(tallies, in: sources)
        let openWidth = tallies.map { String($0.open + $0.doing).count }.max() ?? 1
        let doneWidth = tallies.map { String($0.closed).count }.max() ?? 1
        for row in table.rows {
            if let header = row.fileHeader { out += style.bold(header) + "\n" }
            let tally = row.tally
            out += table.paddedName(row, style: style) + "  "
            out += leftPadded(tally.open + tally.doing, openWidth) + " open  " + leftPadded(tally.closed, doneWidth) + " done  "
            out += ProgressBar.render(done: tally.closed, total: tally.total, width: 20, style: style)
            // A group with no task (a title over the others, an empty one) is no 0 % done.
            out += tally.total == 0 ? "     –\n" : "  " + leftPadded(tally.percent, 3) + "%\n"
        }
        let groups = tallies.filter { $0.heading != nil }.count
        out += groups == 1 ? "1 group" : "\(groups) groups"
        if sources.count > 1 { out += " in \(sources.count) files" }
        return out + "\n"
    }
}
