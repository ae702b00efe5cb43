/// The parts of a document that groups own, and how to find a group by name.
public enum Sections {
    /// Lines of the group's own content: after its heading, up to the next group heading of any level.
    public static func ownLines(ofHeading index: Int?, in document: Document) -> Range<Int> {
        let groups = document.headings.indices.filter { document.headings[$0].topLevel }
        guard let index else {
            let end = groups.first.map { document.headings[$0].line } ?? document.lines.count
            return document.frontMatterEnd..<end
        }
        let heading = document.headings[index]
        let next = groups.first { document.headings[$0].line > heading.line }
        return (heading.lastLine + 1)..<(next.map { document.headings[$0].line } ?? document.lines.count)
    }

    /// The group's heading and everything under it, subgroups included.
    public static func subtreeLines(ofHeading index: Int, in document: Document) -> Range<Int> {
        let heading = document.headings[index]
        let next = document.headings.first { $0.topLevel && $0.line > heading.line && $0.level <= heading.level }
        return heading.line..<(next?.line ?? document.lines.count)
    }

    /// Top-level tasks (not subtasks) directly in the group, in file order.
    public static func topLevelTasks(inHeading index: Int?, in document: Document) -> [Task] {
        document.tasks.filter { $0.group == index && $0.parent == nil }
    }

    /// A group by title or path (`Work/Backend`), case-insensitive. A path matches the end of a
    /// group's heading path; a plain title matches any group with that title.
    public static func resolve(_ name: String, in document: Document) throws(EditError) -> Int {
        let wanted = name.split(separator: "/").map { $0.trimmingCharacters(in: " ").lowercased() }
        guard !wanted.isEmpty else { throw .noSuchGroup(name) }
        let matches = document.headings.indices.filter { index in
            guard document.headings[index].topLevel else { return false }
            let path = document.groupPath(ofHeading: index).map { $0.lowercased() }
            return path.count >= wanted.count && Array(path.suffix(wanted.count)) == wanted
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .noSuchGroup(name) }
        throw .ambiguousGroup(name, candidates: matches.map {
            (document.headings[$0].line + 1, document.groupPath(ofHeading: $0).joined(separator: "/"))
        })
    }

    /// The heading level a new group gets: the most common level among groups (the smaller on a
    /// tie), or 1 in a file without headings. A lone `#` title over `##` groups yields 2.
    public static func defaultLevel(in document: Document) -> Int {
        var counts = [Int](repeating: 0, count: 7)
        for heading in document.headings where heading.topLevel { counts[heading.level] += 1 }
        guard let best = counts.max(), best > 0 else { return 1 }
        return counts.firstIndex(of: best)!
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
