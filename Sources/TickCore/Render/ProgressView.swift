/// `tick progress`: done out of total, percent and a bar for every group with tasks, then the total.
///
///     Home        1/4   25%  █████░░░░░░░░░░░░░░░
///       Groceries 0/2    0%  ░░░░░░░░░░░░░░░░░░░░
///     Total       2/9   22%  ████░░░░░░░░░░░░░░░░
public enum ProgressView {
    public static func render(_ tallies: [GroupTally], in sources: [SourceDocument], style: TextStyle) -> String {
        var out = ""
        let shown = withParents(tallies)
        let total = total(of: shown)
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
            if entry.tally.total == 0 {
                // A parent with no tasks of its own, shown so that its subgroups sit under it.
                out += table.paddedName(entry, style: style) + "  " + String(repeating: " ", count: countWidth - 1) + "–\n"
            } else {
                out += row(table.paddedName(entry, style: style), entry.tally)
            }
        }
        out += row(style.bold(DisplayWidth.padded("Total", to: table.nameWidth)), total)
        return out
    }

    /// The counts of every group together.
    static func total(of tallies: [GroupTally]) -> GroupTally {
        var total = GroupTally(source: 0, heading: nil, depth: 0)
        for tally in tallies {
            total.open += tally.open
            total.doing += tally.doing
            total.closed += tally.closed
            total.cancelled += tally.cancelled
        }
        return total
    }

    /// The groups with tasks, and the groups above them (by depth, in file order) that have
    /// none: without those, a subgroup would show under the group before its own parent.
    static func withParents(_ tallies: [GroupTally]) -> [GroupTally] {
        var kept = tallies.map { $0.total > 0 }
        // The groups without tasks that are open above the current one, outermost first.
        var open: [Int] = []
        for (index, tally) in tallies.enumerated() {
            if index > 0, tallies[index - 1].source != tally.source { open.removeAll() }
            while let last = open.last, tallies[last].depth >= tally.depth { open.removeLast() }
            if kept[index] {
                for parent in open { kept[parent] = true }
                open.removeAll()
            } else {
                open.append(index)
            }
        }
        return tallies.indices.filter { kept[$0] }.map { tallies[$0] }
    }
}
