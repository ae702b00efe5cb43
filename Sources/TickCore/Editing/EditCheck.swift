/// The law every edit keeps, checked in one place on its window (`EditWindow`): every task
/// none of whose text lines the edit touches, and every heading on a line it does not touch,
/// is, after it, on that line's new place, reading the same (status, star, due date and text;
/// a heading's level and title), at the same depth, under the same parent task and in the
/// same group, its block (notes, subtasks) holding the same untouched lines; and no line the
/// edit does not touch becomes a task or a heading.
///
/// An edit's own lines are its business (the task it completes, the lines it inserts or
/// removes); what Markdown makes of the lines around them is not: text filled into an empty
/// task can turn indented code below it into a subtask, a removed line can let a paragraph
/// above run into a task below, a fence in a new task's text can swallow the rest of the file.
/// Those edits are refused, naming the first line they would change, and nothing is written.
package enum EditCheck {
    /// The first line (0-based, in the original document) whose task or heading the splices
    /// would change although they do not touch it; nil when there is none.
    package static func firstChangedLine(_ splices: [Splice], in document: Document) -> Int? {
        firstChangedLine(splices, window: EditWindow(splices, in: document, edited: document.applying(splices)))
    }

    package static func firstChangedLine(_ splices: [Splice], window: EditWindow) -> Int? {
        let map = LineMap(splices)
        let shift = window.firstLine
        let before = window.before, after = window.after
        // Tasks and headings on untouched lines, in order on both sides: untouched lines keep
        // their order whatever the edit inserts, removes or moves around them.
        // A task is the edit's when it touches any line of its text (a due date on a wrapped line).
        let oldTasks = before.tasks.filter { task in !(task.line...task.textLastLine).contains { map.touchesOld(shift + $0) } }
        let newTasks = after.tasks.filter { task in !(task.line...task.textLastLine).contains { map.touchesNew(shift + $0) } }
        let oldHeadings = before.headings.filter { !map.touchesOld(shift + $0.line) }
        let newHeadings = after.headings.filter { !map.touchesNew(shift + $0.line) }
        // A group or parent as the line it is on after the edit: -1 for none in the window (the
        // group above it, the same on both sides), -2 for one the edit removes.
        func oldGroupLine(_ task: Task) -> Int { task.group.map { map.newLine(ofOld: shift + before.headings[$0].line) ?? -2 } ?? -1 }
        func newGroupLine(_ task: Task) -> Int { task.group.map { shift + after.headings[$0].line } ?? -1 }
        func oldParentLine(_ task: Task) -> Int { task.parent.map { map.newLine(ofOld: shift + before.tasks[$0].line) ?? -2 } ?? -1 }
        func newParentLine(_ task: Task) -> Int { task.parent.map { shift + after.tasks[$0].line } ?? -1 }

        for (old, new) in zip(oldHeadings, newHeadings) {
            guard map.newLine(ofOld: shift + old.line) == shift + new.line, old.level == new.level, old.title == new.title,
                  old.topLevel == new.topLevel else { return shift + min(old.line, map.oldLine(near: shift + new.line) - shift) }
        }
        // Where each block ended, as the untouched lines around its end tell (`blockEdge`):
        // nested blocks that end on one line ask once.
        var edges: [Int: (lastIn: Int?, firstOut: Int?)] = [:]
        for (old, new) in zip(oldTasks, newTasks) {
            guard map.newLine(ofOld: shift + old.line) == shift + new.line, TaskMeaning.same(old, in: before, as: new, in: after),
                  old.depth == new.depth, oldParentLine(old) == newParentLine(new), oldGroupLine(old) == newGroupLine(new)
            else { return shift + min(old.line, map.oldLine(near: shift + new.line) - shift) }
            // Its block (notes, subtasks) holds the same untouched lines: the last one in it
            // stays in it, and the first one after it stays out (a plain bullet below a removed
            // wide item, `-   [ ] b`, must not become the note of the task above).
            let edge = edges[old.lastLine] ?? blockEdge(after: old.lastLine, in: before, map: map, shift: shift)
            edges[old.lastLine] = edge
            if let lastIn = edge.lastIn, lastIn >= old.line,
               (map.newLine(ofOld: shift + lastIn) ?? Int.max) > shift + new.lastLine { return shift + lastIn }
            if let firstOut = edge.firstOut, (map.newLine(ofOld: shift + firstOut) ?? Int.min) <= shift + new.lastLine { return shift + firstOut }
        }
        if oldHeadings.count != newHeadings.count {
            let index = min(oldHeadings.count, newHeadings.count)
            return index < oldHeadings.count ? shift + oldHeadings[index].line : map.oldLine(near: shift + newHeadings[index].line)
        }
        if oldTasks.count != newTasks.count {
            let index = min(oldTasks.count, newTasks.count)
            return index < oldTasks.count ? shift + oldTasks[index].line : map.oldLine(near: shift + newTasks[index].line)
        }
        return nil
    }

    /// The last line no splice touches that is not blank, at or before `lastLine` (0-based in
    /// the window's document `before`), and the first such line after it: what must stay in a
    /// block ending on `lastLine` and what must stay out. (A block ends on its last line that
    /// is not blank, so blank lines are passed over.)
    private static func blockEdge(after lastLine: Int, in before: Document, map: LineMap, shift: Int) -> (lastIn: Int?, firstOut: Int?) {
        var inside = lastLine
        while inside >= 0 {
            if let touched = map.oldSplice(containing: shift + inside) { inside = touched.lowerBound - shift - 1; continue }
            if before.kinds[inside] != .blank { break }
            inside -= 1
        }
        var outside = lastLine + 1
        while outside < before.lines.count {
            if let touched = map.oldSplice(containing: shift + outside) { outside = touched.upperBound - shift; continue }
            if before.kinds[outside] != .blank { break }
            outside += 1
        }
        return (inside >= 0 ? inside : nil, outside < before.lines.count ? outside : nil)
    }
}

/// Where the lines of a document go when splices are applied: an untouched line moves by the
/// lines inserted and removed above it; a line a splice replaces one for one stays where its
/// replacement is; one a splice removes or rewrites into a different number of lines goes to
/// where the replacement starts (nowhere, when nothing replaces it).
struct LineMap {
    private struct Entry {
        let old: Range<Int>
        let new: Range<Int>
    }

    private let entries: [Entry]

    init(_ splices: [Splice]) {
        let ordered = splices.enumerated().sorted {
            ($0.element.lines.lowerBound, $0.element.lines.upperBound, $0.offset)
                < ($1.element.lines.lowerBound, $1.element.lines.upperBound, $1.offset)
        }.map(\.element)
        var entries: [Entry] = []
        var shift = 0
        for splice in ordered {
            let start = splice.lines.lowerBound + shift
            entries.append(Entry(old: splice.lines, new: start..<(start + splice.replacement.count)))
            shift += splice.replacement.count - splice.lines.count
        }
        self.entries = entries
    }

    /// The last splice starting at or before `line` in the old (or new) numbering.
    private func entry(atOrBefore line: Int, new: Bool) -> Int? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if (new ? entries[middle].new.lowerBound : entries[middle].old.lowerBound) <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// Whether a splice replaces (or removes) the old line `line`.
    func touchesOld(_ line: Int) -> Bool { touches(line, new: false) }

    /// Whether a splice wrote the new line `line`.
    func touchesNew(_ line: Int) -> Bool { touches(line, new: true) }

    /// The old lines of the splice that replaces (or removes) the old line `line`, if one does.
    func oldSplice(containing line: Int) -> Range<Int>? {
        var index = entry(atOrBefore: line, new: false)
        while let current = index {
            let range = entries[current].old
            if range.contains(line) { return range }
            if !range.isEmpty { return nil }
            index = current > 0 ? current - 1 : nil
        }
        return nil
    }

    private func touches(_ line: Int, new: Bool) -> Bool {
        var index = entry(atOrBefore: line, new: new)
        // Insertions (and, after the edit, removals) share their start with the splice after
        // them: look back past them.
        while let current = index {
            let range = new ? entries[current].new : entries[current].old
            if range.contains(line) { return true }
            if !range.isEmpty { return false }
            index = current > 0 ? current - 1 : nil
        }
        return false
    }

    /// Where an old line is after the splices.
    func newLine(ofOld line: Int) -> Int? {
        var index = entry(atOrBefore: line, new: false)
        while let current = index {
            let entry = entries[current]
            if entry.old.contains(line) {
                if entry.old.count == entry.new.count { return entry.new.lowerBound + (line - entry.old.lowerBound) }
                return entry.new.isEmpty ? nil : entry.new.lowerBound
            }
            if line >= entry.old.upperBound { return line + (entry.new.upperBound - entry.old.upperBound) }
            index = current > 0 ? current - 1 : nil
        }
        return line
    }

    /// The old line at or just before where a new line is: for naming a line in messages.
    func oldLine(near line: Int) -> Int {
        guard let index = entry(atOrBefore: line, new: true) else { return line }
        let entry = entries[index]
        if entry.new.contains(line) { return entry.old.lowerBound }
        return max(entry.old.lowerBound, line - (entry.new.upperBound - entry.old.upperBound))
    }
}
