/// Deleting tasks. A task's block (its text, notes and subtasks) goes, and the lines around
/// it meet. What they mean can depend on what stood between them, so the result is parsed
/// and checked: every other task and every heading must read as before.
///
/// Where a paragraph above meets a list item below that cannot interrupt it (`Steps:` then
/// `2. [ ] b`) or a line that underlines it into a heading (`---`), one blank line takes the
/// removed lines' place and keeps them apart. A deletion that changes other lines even so
/// (the task's line holds an outer item's marker that the lines below belong to) is refused.
extension TaskEdits {
    /// Deletes the task with its wrapped text, notes and subtasks.
    package static func delete(_ task: Task, in document: Document) throws(EditError) -> [Splice] {
        try delete([task], in: document)
    }

    /// Deletes the tasks with their blocks; a task inside another's block goes with it.
    package static func delete(_ tasks: [Task], in document: Document) throws(EditError) -> [Splice] {
        let blocks = TaskDeletion.blocks(tasks, in: document)
        guard !blocks.isEmpty else { return [] }
        // With the ordered lists' new first items numbered (after the blocks' splices): `1.`
        // can interrupt a paragraph where `2.` could not, and needs no blank line to.
        let plain = OrderedNumbers.keepingStarts(blocks.map { TaskPlacement.removal(of: $0, in: document) }, removing: tasks, in: document)
        if EditCheck.firstChangedLine(plain, in: document) == nil { return plain }
        // Something changed. Each block that changes the rest on its own is kept apart by a
        // blank line; the one that changes it even so is named.
        var splices = plain
        for (index, block) in blocks.enumerated() where blocks.count == 1
            || EditCheck.firstChangedLine([plain[index]], in: document) != nil {
            splices[index] = TaskPlacement.removal(of: block, in: document, keepingApart: true)
            guard EditCheck.firstChangedLine([splices[index]], in: document) == nil else {
                throw .deletionChangesOtherLines(line: block.lowerBound + 1)
            }
        }
        guard EditCheck.firstChangedLine(splices, in: document) == nil else {
            throw .deletionChangesOtherLines(line: blocks[0].lowerBound + 1)
        }
        return splices
    }
}

enum TaskDeletion {
    /// The line ranges to remove, in order, nested and touching blocks merged, and blocks with
    /// only blank lines between them: each removal may take the blank lines beside its block
    /// along (`TaskPlacement.removal`), and two that reached for the same blank line would
    /// overlap (`tick rm 3 10` with blank lines between the two blocks stopped on an assertion).
    static func blocks(_ tasks: [Task], in document: Document) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        for task in tasks.sorted(by: { $0.line < $1.line }) {
            let block = task.line..<(task.lastLine + 1)
            if let last = blocks.last,
               block.lowerBound <= last.upperBound || (last.upperBound..<block.lowerBound).allSatisfy({ TaskPlacement.isBlank(document, $0) }) {
                blocks[blocks.count - 1] = last.lowerBound..<max(last.upperBound, block.upperBound)
            } else {
                blocks.append(block)
            }
        }
        return blocks
    }
}
