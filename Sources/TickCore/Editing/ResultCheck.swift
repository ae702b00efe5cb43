/// Edits checked on their result: the stretch of the document the splices can change
/// (`EditWindow`) is parsed after them and compared with the same stretch before, for edits whose effect on the lines around them depends on more than the
/// lines themselves (`ItemBoundary`, `TaskDeletion`).
enum ResultCheck {
    /// Whether, after `splices`, the tasks and headings outside the `removed` lines read as
    /// before: the same status, star, due date and text, depth, parent and group, and the same
    /// headings. The task `edited` (its index before the edit) is what the edit changes, and is
    /// not compared.
    static func keepsTheRest(_ splices: [Splice], removing removed: [Range<Int>] = [], editing edited: Int? = nil,
                             in document: Document) -> Bool {
        // Outside its window the edit changes nothing: only the window's tasks are compared,
        // with line numbers and indices counted from the window's top.
        let window = EditWindow(splices, in: document)
        let before = window.before, after = window.after
        let removed = removed.map { ($0.lowerBound - window.firstLine)..<($0.upperBound - window.firstLine) }
        let edited = edited.map { $0 - window.tasksAbove }
        func isRemoved(_ line: Int) -> Bool {
            // `removed` is sorted: the last range starting at or before the line.
            var low = 0, high = removed.count
            while low < high {
                let middle = (low + high) / 2
                if removed[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
            }
            return low > 0 && removed[low - 1].contains(line)
        }
        let keptHeadings = before.headings.filter { !isRemoved($0.line) }
        guard keptHeadings.count == after.headings.count,
              zip(keptHeadings, after.headings).allSatisfy({ $0.level == $1.level && $0.title == $1.title && $0.topLevel == $1.topLevel })
        else { return false }
        // Old index → new index, for tasks and headings that stay.
        var newTask = [Int](repeating: -1, count: before.tasks.count)
        var kept: [Task] = []
        for task in before.tasks where !isRemoved(task.line) {
            newTask[task.index] = kept.count
            kept.append(task)
        }
        var newHeading = [Int](repeating: -1, count: before.headings.count)
        var count = 0
        for (index, heading) in before.headings.enumerated() where !isRemoved(heading.line) {
            newHeading[index] = count
            count += 1
        }
        guard kept.count == after.tasks.count else { return false }
        return zip(kept, after.tasks).allSatisfy { old, new in
            old.index == edited
                || (BlockEdits.Says(old) == BlockEdits.Says(new) && old.depth == new.depth
                    && old.parent.map { newTask[$0] } == new.parent && old.group.map { newHeading[$0] } == new.group)
        }
    }
}
