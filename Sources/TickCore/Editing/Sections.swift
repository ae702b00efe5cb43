/// The parts of a document that groups own, and how to find a group by name.
package enum Sections {
    /// Lines of the group's own content: after its heading, up to the next group heading of any level.
    package static func ownLines(ofHeading index: Int?, in document: Document) -> Range<Int> {
        let groups = document.headings.indices.filter { document.headings[$0].topLevel }
        guard let index else {
            let end = groups.first.map { document.headings[$0].line } ?? document.lines.count
            return document.frontMatterEnd..<end
        }
        let heading = document.headings[index]
        let next = groups.first { document.headings[$0].line > heading.line }
        return (heading.lastLine + 1)..<end(ofGroupAt: heading.line, next: next.map { document.headings[$0].line }, in: document)
    }

    /// The group's heading and everything under it, subgroups included.
    package static func subtreeLines(ofHeading index: Int, in document: Document) -> Range<Int> {
        let heading = document.headings[index]
        let next = document.headings.first { $0.topLevel && $0.line > heading.line && $0.level <= heading.level }
        return heading.line..<end(ofGroupAt: heading.line, next: next?.line, in: document)
    }

    /// Where a group whose heading is on `line` ends: at the next heading that ends it, or the
    /// end of the file; a Kanban board's lane, at the `***` above the board's archive.
    private static func end(ofGroupAt line: Int, next: Int?, in document: Document) -> Int {
        let end = next ?? document.lines.count
        if let archive = document.boardArchiveLine, line < archive, archive < end { return archive }
        return end
    }

    /// Top-level tasks (not subtasks) directly in the group, in file order.
    package static func topLevelTasks(inHeading index: Int?, in document: Document) -> [Task] {
        document.tasks.filter { $0.group == index && $0.parent == nil }
    }

    /// A group path as paths are compared: titles without their outer spaces, without case.
    package static func pathKey<Titles: Sequence<String>>(_ path: Titles) -> [String] {
        path.map { $0.trimmingSpaces.lowercased() }
    }

    /// The first group whose whole path is `path` (compared as `pathKey`s), never found by a
    /// name's looser rules (`GroupName`).
    package static func group<Titles: Sequence<String>>(atPath path: Titles, in document: Document) -> Int? {
        let wanted = pathKey(path)
        return document.headings.indices.first { document.headings[$0].topLevel && pathKey(document.groupPath(ofHeading: $0)) == wanted }
    }

    /// The one group `name` names (`GroupName`'s grammar): none is an error, and so are
    /// several, unless one of them is nearer the top than all the others: `work` names `Work`
    /// rather than `Done / Work`, where `tick archive` keeps what it took from it (a view
    /// shows both).
    package static func resolve(_ name: String, in document: Document) throws(EditError) -> Int {
        let group = GroupName(name)
        var matches = group.groups(in: document)
        if matches.count > 1 {
            let depths = matches.map { document.groupPath(ofHeading: $0).count }
            let nearest = matches.indices.filter { depths[$0] == depths.min() }
            if nearest.count == 1 { matches = [matches[nearest[0]]] }
        }
        if matches.count == 1 { return matches[0] }
        // Else the line its heading starts on: one of two groups of one name (two top-level
        // `# Work`) has no path of its own.
        if matches.isEmpty, let line = TaskReference.number(name),
           let heading = document.headings.firstIndex(where: { $0.line + 1 == line }) {
            return heading
        }
        if matches.isEmpty { throw .noSuchGroup(name, suggestions: group.suggestions(in: [document])) }
        throw .ambiguousGroup(name, candidates: matches.map {
            (document.headings[$0].line + 1, GroupName.written(document.shownGroupPath(ofHeading: $0)))
        })
    }

    /// The group `name` names, nil when it names none (a group to create); a name several
    /// groups answer to is an error, as in `resolve`, not a group to create.
    package static func resolveIfPresent(_ name: String, in document: Document) throws(EditError) -> Int? {
        do {
            return try resolve(name, in: document)
        } catch {
            if case .noSuchGroup = error { return nil }
            throw error
        }
    }

    /// The heading level a new top-level group gets: the level of the file's top groups, the
    /// shallowest level used, or 1 in a file without headings; under a title (`Document.title`),
    /// the level of the groups below it: `# TODO` over `## Version 1.0` yields 2, and
    /// `### Version 1.1` subgroups do not count. Under a lone heading with no tasks, one level
    /// below it.
    package static func defaultLevel(in document: Document) -> Int {
        let levels = document.headings.filter(\.topLevel).map(\.level)
        guard let top = levels.min() else { return 1 }
        // A lone heading with no tasks (`tick init`'s `# TODO`) becomes the title of the
        // groups added under it.
        if levels.count == 1, document.tasks.isEmpty { return min(top + 1, 6) }
        guard document.title != nil else { return top }
        return levels.filter { $0 > top }.min() ?? top
    }

}

extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var result = self
        while result.first == set { result = result.dropFirst() }
        while result.last == set { result = result.dropLast() }
        return result
    }
}
