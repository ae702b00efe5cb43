/// The name column shared by `groups` and `progress`: group titles indented by depth (and by
/// one more step under a file heading when there are several files), padded to one width.
struct TallyTable {
    struct Row {
        let tally: GroupTally
        let name: String
        let fileHeader: String?
        /// The group's colour (`tick group color`), if it has one.
        let color: GroupColor?
    }

    /// Longer names are cut (with `…`) so that the counts stay on screen.
    static let maximumNameWidth = 40

    let rows: [Row]
    let nameWidth: Int

    init(_ tallies: [GroupTally], in sources: [SourceDocument], extraNames: [String] = []) {
        let showFiles = sources.count > 1
        var rows: [Row] = []
        var lastSource: Int?
        for tally in tallies {
            let document = sources[tally.source].document
            let title = tally.heading.map { heading in
                TerminalText.sanitized(tally.showsPath ? GroupName.shown(document.shownGroupPath(ofHeading: heading)) : document.headings[heading].title)
            } ?? "(no group)"
            let indent = String(repeating: "  ", count: tally.depth + (showFiles ? 1 : 0))
            let header = showFiles && lastSource != tally.source ? TerminalText.sanitized(sources[tally.source].path) : nil
            lastSource = tally.source
            let name = DisplayWidth.truncated(indent + (title.isEmpty ? "(untitled)" : title), to: Self.maximumNameWidth)
            rows.append(Row(tally: tally, name: name, fileHeader: header, color: sources[tally.source].color(ofHeading: tally.heading)))
        }
        self.rows = rows
        nameWidth = (rows.map { DisplayWidth.of($0.name) } + extraNames.map { DisplayWidth.of($0) }).max() ?? 0
    }

    /// The row's name, in its group's colour, padded to the column's width.
    func paddedName(_ row: Row, style: TextStyle) -> String {
        let padding = String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(row.name)))
        return (row.color.map { style.wrap(row.name, .group($0)) } ?? row.name) + padding
    }
}

func leftPadded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
}
