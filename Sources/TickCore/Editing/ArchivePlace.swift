/// Where `tick archive` files a document's closed tasks: the group `name` at the top of the
/// file (under its title, when it has one: `Document.title`), found by its whole path and
/// never by a name's looser rules, so that a `Done` inside another group is not taken for it
/// (a title that is `name` is the group itself); each task under a subgroup with the path of
/// the group it left, below the title.
///
/// On an Obsidian Kanban board the lanes are flat: cards go into the archive group itself, and
/// the board's own archive (its `Archive` lane) is where they go when `name` is `Done` and the
/// board has one. Headings nest six deep: a path that would go deeper is cut to what fits.
package struct ArchivePlace: Sendable {
    /// The archive group's whole path, the title's included.
    package let path: [String]
    /// Its heading, when the document has it.
    package let heading: Int?
    /// The title's path (`["TODO"]`), or none.
    let title: [String]
    /// Whether the document is an Obsidian Kanban board.
    let flat: Bool
    /// How many titles of an origin fit below the archive group's heading.
    let depth: Int

    package init(_ name: String, in document: Document) {
        title = document.title.map { document.groupPath(ofHeading: $0) } ?? []
        flat = document.isKanbanBoard
        var titles = GroupName(name).titles
        if flat, Sections.pathKey(titles) == ["done"], Sections.group(atPath: title + ["Archive"], in: document) != nil { titles = ["Archive"] }
        // A file whose title is the archive group (a DONE.md that `archive --to` made, its
        // `# Done` over the groups it filed) is that group: not a Done inside a Done.
        var path = !title.isEmpty && Sections.pathKey(title) == Sections.pathKey(titles) ? title : title + titles
        var heading = Sections.group(atPath: path, in: document)
        // `Done` (the default) with no such group: the one group of the file's own for closed
        // tasks (`✅ Completed`, `Archive`), at the archive's place, is the archive.
        if heading == nil, Sections.pathKey(titles) == ["done"], let own = Self.closedGroup(under: title, in: document) {
            heading = own
            path = document.groupPath(ofHeading: own)
        }
        self.path = path
        self.heading = heading
        let level = heading.map { document.headings[$0].level }
            ?? Sections.defaultLevel(in: document) + titles.count - 1
        depth = flat ? 0 : max(0, 6 - level)
    }

    /// Titles of a group for closed tasks, read from their first letter (`✅ Done`).
    static let closedTitles: Set<String> = ["done", "completed", "complete", "finished", "archive", "archived"]

    /// Whether a group's title is one of `closedTitles`.
    static func isClosed(_ title: String) -> Bool { closedTitles.contains(GroupName.words(title.trimmingSpaces).lowercased()) }

    /// The one group directly under `title` (at the top when none) whose title is one of
    /// `closedTitles`; nil when there is none, or more than one (`closedGroups`).
    static func closedGroup(under title: [String], in document: Document) -> Int? {
        let found = closedGroups(under: title, in: document)
        return found.count == 1 ? found[0] : nil
    }

    /// The groups directly under `title` (at the top when none) whose titles are among
    /// `closedTitles`.
    static func closedGroups(under title: [String], in document: Document) -> [Int] {
        let parent = title.isEmpty ? nil : document.title
        return document.headings.indices.filter { index in
            let heading = document.headings[index]
            return heading.topLevel && heading.parent == parent
                && isClosed(heading.title)
        }
    }

    /// The document's groups for closed tasks (`closedTitles`) at the archive's place, which
    /// an archive into another group leaves as they are: a Kanban board has none (its
    /// Complete lane is where done cards wait to be archived).
    package static func closedGroups(in document: Document) -> [Int] {
        guard !document.isKanbanBoard else { return [] }
        return closedGroups(under: document.title.map { document.groupPath(ofHeading: $0) } ?? [], in: document)
    }

    /// Refuses to archive into `Done` (the default, `name`) when the document has no such
    /// group but several groups for closed tasks: which one is its archive is not guessed, and
    /// a new `Done` would take their tasks in.
    package static func checkOneArchive(_ name: String, in document: Document) throws(EditError) {
        let place = ArchivePlace(name, in: document)
        guard place.heading == nil, !place.flat, Sections.pathKey(GroupName(name).titles) == ["done"] else { return }
        let found = closedGroups(under: place.title, in: document)
        guard found.count > 1 else { return }
        let named = found.map { "'\(document.headings[$0].title.trimmingSpaces)' (line \(document.headings[$0].line + 1))" }
        throw .invalidText("the file has \(found.count) groups for closed tasks, \(named.spokenList("and")); name the archive with --into")
    }

    /// The group a task from the group `origin` (its whole path) is filed under.
    package func destination(of origin: [String]) -> [String] {
        let below = origin.starts(with: title) ? origin.dropFirst(title.count) : origin[...]
        return path + below.prefix(depth)
    }

    /// Where the tasks kept under the subgroup with heading `index` came from: the whole path
    /// of the group they left; nil for a heading outside the archive, or the archive's own.
    package func origin(ofHeading index: Int, in document: Document) -> [String]? {
        let groupPath = document.groupPath(ofHeading: index)
        guard heading != nil, groupPath.count > path.count, Sections.pathKey(groupPath).starts(with: Sections.pathKey(path)) else { return nil }
        return title + groupPath.dropFirst(path.count)
    }
}
