/// The items of one list, as tasks tell them: a task's siblings (the same parent, group and
/// depth) that are in its list and not another list beside it. Two items are in one list when
/// only blank lines stand between them (a paragraph between starts another list) and their
/// markers are of one kind: the same bullet (`-`, `+`, `*`), or ordered with the same
/// delimiter (`.` or `)`), as CommonMark groups them.
package enum ListSiblings {
    /// The tasks of `task`'s list at its level, in order, itself included.
    package static func of(_ task: Task, in document: Document) -> [Task] {
        var before: [Task] = [], after: [Task] = []
        var current = task
        while let previous = adjacent(to: current, before: true, in: document) { before.append(previous); current = previous }
        current = task
        while let next = adjacent(to: current, before: false, in: document) { after.append(next); current = next }
        return before.reversed() + [task] + after
    }

    /// The item of the same list right before `task` (or after its block), if there is one.
    static func adjacent(to task: Task, before: Bool, in document: Document) -> Task? {
        let found = before ? document.tasks[..<task.index].last { $0.depth <= task.depth }
                           : document.tasks[(task.index + 1)...].first { $0.depth <= task.depth }
        guard let other = found, other.parent == task.parent, other.group == task.group, other.depth == task.depth,
              other.quoteDepth == task.quoteDepth, markerKind(other, in: document) == markerKind(task, in: document) else { return nil }
        let (first, second) = before ? (other, task) : (task, other)
        guard first.lastLine < second.line else { return nil }
        for line in (first.lastLine + 1)..<second.line where !isBlank(line, quoteDepth: task.quoteDepth, in: document) { return nil }
        return other
    }

    /// What makes two markers one list's: the bullet, or for an ordered one its delimiter.
    static func markerKind(_ task: Task, in document: Document) -> UInt8 {
        guard task.ordered else { return document.bytes[task.markerStart] }
        var index = task.markerStart
        while index < document.bytes.count, Byte.isDigit(document.bytes[index]) { index += 1 }
        return index < document.bytes.count ? document.bytes[index] : 0
    }

    /// A line with nothing but spaces, tabs and the quote markers around it: as many as
    /// `quoteDepth` (a blank line with fewer ends a quote, and the list in it; one with a
    /// marker outside a quote is a quote of its own).
    static func isBlank(_ line: Int, quoteDepth: Int, in document: Document) -> Bool {
        var markers = 0
        for byte in document.content(ofLine: line) {
            if byte == Byte.greater { markers += 1 } else if !Byte.isSpaceOrTab(byte) { return false }
        }
        return quoteDepth == 0 ? markers == 0 : markers >= quoteDepth
    }
}
