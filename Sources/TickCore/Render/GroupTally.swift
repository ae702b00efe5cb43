/// How many of a group's own tasks are open, in progress and closed. Subgroups are tallied
/// separately; tasks above a file's first heading form a tally with no heading; a file's title
/// (`Document.title`) has none.
public struct GroupTally: Sendable, Equatable {
    package let source: Int
    /// Index into the document's `headings`; nil for the tasks above the first heading.
    package let heading: Int?
    /// How deep the group is nested among the groups tallied: 0 for a group with no enclosing
    /// group, or none tallied (a view of one group's name shows the archive's `Done / Home`
    /// beside `Home`, not under it).
    package let depth: Int
    /// Whether the group encloses groups that are not tallied: it is shown by its path.
    package var showsPath = false
    package var open = 0
    package var doing = 0
    /// Done tasks.
    package var closed = 0
    /// Cancelled tasks (`[-]`): closed but not done, so out of the total.
    package var cancelled = 0

    package var total: Int { open + doing + closed }
    /// Whole percent done, rounded down so that 100 means every task is closed.
    package var percent: Int { total == 0 ? 0 : closed * 100 / total }

    /// One tally per group of every source, in file order, for the groups `query.group` selects
    /// (all of them when it is nil), counting the tasks `query` accepts. The no-heading tally
    /// is included only when it has tasks.
    ///
    /// `archive`: the group `tick archive` fills. A task it keeps under a subgroup named as the
    /// group it came from (`Done / Work`) counts as that group's while the group is there.
    public static func tally(_ sources: [SourceDocument], query: TaskQuery, today: CivilDate, archive: String? = nil) -> [GroupTally] {
        var result: [GroupTally] = []
        for (sourceIndex, source) in sources.enumerated() {
            let document = source.document
            var rows: [Int?: Int] = [:]
            var ungrouped = GroupTally(source: sourceIndex, heading: nil, depth: 0)
            var tallies: [GroupTally] = []
            let matcher = query.matcher(for: document, today: today)
            // The file's title holds no task of its own: its groups are the file's top ones.
            for (index, heading) in document.headings.enumerated() where heading.topLevel && index != document.title {
                guard matcher.accepts(group: index) else { continue }
                var depth = 0, parent = heading.parent, skipped = false
                while let next = parent, next != document.title {
                    if rows[next] != nil { depth += 1 } else { skipped = true }
                    parent = document.headings[next].parent
                }
                rows[index] = tallies.count
                var tally = GroupTally(source: sourceIndex, heading: index, depth: depth)
                tally.showsPath = skipped && heading.parent.flatMap { rows[$0] } == nil
                tallies.append(tally)
            }
            if let archive { foldArchive(archive, in: document, rows: &rows) }
            for task in document.tasks where matcher.matches(task) {
                if let group = task.group {
                    guard let row = rows[group] else { continue }
                    tallies[row].count(task.statusType)
                } else {
                    ungrouped.count(task.statusType)
                }
            }
            if ungrouped.total > 0 { result.append(ungrouped) }
            result.append(contentsOf: tallies)
        }
        return result
    }

    /// Points the row of each archive subgroup whose origin (`ArchivePlace`) is a group of
    /// the document outside the archive at that group's row.
    private static func foldArchive(_ name: String, in document: Document, rows: inout [Int?: Int]) {
        let place = ArchivePlace(name, in: document)
        guard place.heading != nil else { return }
        var outside: [[String]: Int] = [:]
        var archived: [(heading: Int, origin: [String])] = []
        for heading in document.headings.indices where document.headings[heading].topLevel {
            if let origin = place.origin(ofHeading: heading, in: document) {
                archived.append((heading, Sections.pathKey(origin)))
            } else if heading != place.heading {
                let path = Sections.pathKey(document.groupPath(ofHeading: heading))
                if outside[path] == nil { outside[path] = heading }
            }
        }
        for (heading, origin) in archived {
            if let group = outside[origin], let row = rows[group] { rows[heading] = row }
        }
    }

    mutating func count(_ type: StatusType) {
        switch type {
        case .todo: open += 1
        case .doing: doing += 1
        case .done: closed += 1
        case .cancelled: cancelled += 1
        }
    }
}
