/// Edits that move or add whole blocks: moving a task with its subtasks and notes, notes, and
/// archiving done tasks.
package enum BlockEdits {
    /// Moves the task's block (text, notes, subtasks) to `position`, re-indenting its lines to
    /// fit there.
    package static func move(_ task: Task, to position: TaskPlacement.Position,
                            in document: Document) throws(EditError) -> [Splice] {
        if case .under(let parent) = position, parent.line >= task.line, parent.line <= task.lastLine {
            throw .cannotMove("cannot move a task under itself or its own subtask")
        }
        let lines = blockLines(task, in: document)
        var splices = try TaskPlacement.insert(at: position, in: document) { prefix in
            reprefixed(lines, of: task, newPrefix: prefix, in: document)
        }
        let target = splices[0].lines.lowerBound
        if target > task.line, target <= task.lastLine {
            throw .cannotMove("cannot move a task into its own block")
        }
        // Next to itself the task is already there; only `under` a task just above it moves it
        // (into that task), and then only if its lines change. Inserting before a task that
        // shares its line with outer markers replaces that line: if it is the task's, it stays.
        let insertion = splices[0]
        var nests = false
        if case .under = position { nests = true }
        if insertion.lines.isEmpty, target == task.line || target == task.lastLine + 1,
           !nests || insertion.replacement == lines {
            return []
        }
        if insertion.lines.overlaps(task.line..<(task.lastLine + 1)) { return [] }
        splices.append(TaskPlacement.removal(of: task.line..<(task.lastLine + 1), in: document))
        splices = OrderedNumbers.keepingStarts(splices, removing: [task], in: document)
        // Re-indented lines read the same almost everywhere. The exceptions: a task whose text
        // starts on a lazy line after an empty checkbox (out of a quote, GitHub draws that
        // checkbox, and the line no longer continues it), and a task written after two markers
        // (`- 1. [ ] a`), whose notes could be left behind. Checked on the result, and refused.
        guard readsTheSame(EditWindow(splices, in: document, edited: document.applying(splices))) else {
            throw .cannotMove("the task's text or notes would read differently there; move it in an editor")
        }
        return splices
    }

    /// Whether the edit's window holds the same tasks after it as before (status, star, due
    /// date, text and notes), maybe in another order: compared as multisets over the stretch
    /// where the two differ. (Outside the window nothing changes.) A moved task's notes are its
    /// own: re-indented wrong (after two markers on one line, `- 1. [ ] a`), a note could be
    /// left behind as an item of the list around it.
    static func readsTheSame(_ window: EditWindow) -> Bool {
        let before = window.before, after = window.after
        func same(_ old: Int, _ new: Int) -> Bool { TaskMeaning.same(before.tasks[old], in: before, as: after.tasks[new], in: after, notes: true) }
        // Compared as the file's bytes (the text holds the due date), from both ends.
        var first = 0
        while first < before.tasks.count, first < after.tasks.count, same(first, first) { first += 1 }
        var oldEnd = before.tasks.count, newEnd = after.tasks.count
        while oldEnd > first, newEnd > first, same(oldEnd - 1, newEnd - 1) { oldEnd -= 1; newEnd -= 1 }
        guard first < oldEnd || first < newEnd else { return true }
        // A block moved from one end of the stretch to the other: the tasks between it and
        // its new place moved by its size, checked in one pass. (Two alike tasks can make
        // the first guess of the size wrong; the comparison as multisets below decides.)
        let span = oldEnd - first
        if span == newEnd - first {
            func shifted(_ old: Int, _ new: Int, _ count: Int) -> Bool { (0..<count).allSatisfy { same(old + $0, new + $0) } }
            if let size = (1..<span).first(where: { same(first + $0, first) }),
               shifted(first + size, first, span - size), shifted(first, oldEnd - size, size) {
                return true
            }
            if let size = (1..<span).first(where: { same(first, first + $0) }),
               shifted(first, first + size, span - size), shifted(oldEnd - size, first, size) {
                return true
            }
        }
        // The stretches between, by a key per task.
        func keyed(_ document: Document, _ tasks: Range<Int>) -> [(key: UInt64, task: Int)] {
            tasks.map { index in
                let task = document.tasks[index]
                var key = ContentHash.of(document.textBytes(of: task)) &* 31 &+ UInt64(task.important ? 1 : 2)
                key = key &* 31 &+ task.statusKey
                for note in document.noteContents(of: task) { key = key &* 1_000_003 ^ ContentHash.of(note) }
                return (key, index)
            }
        }
        guard oldEnd - first == newEnd - first else { return false }
        let old = keyed(before, first..<oldEnd).sorted { $0.key < $1.key }
        let new = keyed(after, first..<newEnd).sorted { $0.key < $1.key }
        // Equal keys, the tasks checked as bytes too: tasks of one key are alike, so any pair
        // of them is; two tasks unlike with one key (by chance, one time in 2^64) refuse the
        // edit rather than pass it.
        return zip(old, new).allSatisfy { old, new in old.key == new.key && same(old.task, new.task) }
    }

    /// Moves a task above its previous sibling (`up`) or below its next one: in its group, at
    /// its level, among the tasks in as many block quotes (never into or out of a quote).
    package static func move(_ task: Task, up: Bool, in document: Document) throws(EditError) -> [Splice] {
        guard let other = sibling(of: task, up: up, in: document) else {
            // Named: a number the listing followed to another line may not be the task the user sees.
            let named = "'\(String(decoding: Listing.shortText(task, in: document), as: UTF8.self))' (line \(task.line + 1))"
            throw .cannotMove("\(named) is already the \(up ? "first" : "last") in its list")
        }
        if up {
            if let swap = swapped(other, task, movingUp: true, in: document) { return swap }
            return OrderedNumbers.swapping(try move(task, to: .before(other), in: document), moving: task, past: other, in: document)
        }
        if let swap = swapped(task, other, movingUp: false, in: document) { return swap }
        return OrderedNumbers.swapping(try move(task, to: .after(other), in: document), moving: task, past: other, in: document)
    }

    /// The task a one-step move (`up`, else down) passes: the sibling above or below in the
    /// task's list (same parent, group, depth and quote); nil at the list's end.
    package static func sibling(of task: Task, up: Bool, in document: Document) -> Task? {
        let siblings = document.tasks.filter {
            $0.parent == task.parent && $0.group == task.group && $0.depth == task.depth && $0.quoteDepth == task.quoteDepth
        }
        guard let position = siblings.firstIndex(where: { $0.index == task.index }) else { return nil }
        let other = up ? position - 1 : position + 1
        return siblings.indices.contains(other) ? siblings[other] : nil
    }

    /// Two neighbouring sibling blocks of a bulleted list, `first` above `second`, swapped as
    /// they are written, the blank lines between them kept where they are: a loose list stays
    /// loose, and no line is added or lost (a move that takes the block out and puts it back
    /// lost the blank line before the file's last block, as a removal does). As any move, one
    /// deletion of the moving block (`movingUp`: the second) and one insertion of it, the
    /// blank lines between going with it. Nil when something else lies between them, or the
    /// blocks would read differently swapped (their tasks and depths, in the new order): the
    /// move then goes as any other does.
    static func swapped(_ first: Task, _ second: Task, movingUp: Bool, in document: Document) -> [Splice]? {
        // A marker that shares its line with an outer one would take the outer one along.
        func opensItsLine(_ task: Task) -> Bool {
            document.bytes[document.lines[task.line].start..<task.markerStart].allSatisfy(Byte.isSpaceOrTab)
        }
        let firstLast = first.lastLine, secondLast = second.lastLine
        guard !first.ordered, !second.ordered, opensItsLine(first), opensItsLine(second), firstLast < second.line,
              ((firstLast + 1)..<second.line).allSatisfy({ TaskPlacement.isBlank(document, $0) && document.content(ofLine: $0).allSatisfy(Byte.isSpaceOrTab) })
        else { return nil }
        let content = { (line: Int) in Array(document.content(ofLine: line)) }
        let region = first.line..<(secondLast + 1)
        let gap: [[UInt8]] = ((firstLast + 1)..<second.line).map(content)
        let firstBlock: [[UInt8]] = (first.line...firstLast).map(content), secondBlock: [[UInt8]] = (second.line...secondLast).map(content)
        let splices: [Splice]
        if movingUp {
            splices = [Splice.insert(secondBlock + gap, before: first.line), Splice.delete((firstLast + 1)..<(secondLast + 1))]
        } else {
            splices = [Splice.delete(first.line..<second.line), Splice.insert(gap + firstBlock, before: secondLast + 1)]
        }
        // The region's tasks, as they read and how deep, before (in the swapped order) and after.
        let window = EditWindow(splices, in: document)
        func reading(_ document: Document, _ lines: Range<Int>) -> [(TaskMeaning, Int)] {
            document.tasks.filter { lines.contains($0.line + window.firstLine) }.map { (TaskMeaning($0, in: document), $0.depth) }
        }
        let secondLines = second.line..<(secondLast + 1), firstLines = first.line..<(firstLast + 1)
        let expected = reading(window.before, secondLines) + reading(window.before, firstLines)
        let after = reading(window.after, region)
        guard expected.count == after.count, zip(expected, after).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) else { return nil }
        return splices
    }

    /// Adds a note under the task: a plain bullet at the task's content column, after its text
    /// and earlier notes, before its subtasks.
    package static func addNote(_ text: String, to task: Task, in document: Document) throws(EditError) -> [Splice] {
        guard TaskText.isOneLine(text) else { throw .invalidText("a note must be one line, without control characters") }
        guard !text.trimmingSpaces.isEmpty else { throw .invalidText("the note is empty") }
        let children = document.subtasks(of: task)
        if children.isEmpty { try TaskPlacement.checkItemEndsClosed(task, in: document) }
        let marker = children.first.map { document.bytes[$0.markerStart] }
        let bullet = marker.map { Byte.isDigit($0) ? Byte.minus : $0 } ?? Byte.minus
        // Before subtasks, the note takes the first one's indentation: indented less, it would
        // take them in as its own items.
        var prefix = children.first.map { child in
            TaskPlacement.containerPrefix(document.bytes[document.lines[child.line].start..<child.markerStart]) + [bullet, Byte.space]
        } ?? TaskPlacement.childPrefix(of: task, in: document, marker: bullet)
        prefix += paragraphText(Array(text.trimmingSpaces.utf8))
        let before = children.first?.line ?? (task.lastLine + 1)
        return try ItemBoundary.checked([.insert(TaskPlacement.separated([prefix], before: before, in: document), before: before)],
                                        editing: task, in: document)
    }

    /// Text for the start of a new block that reads as a paragraph of that text: a start that
    /// Markdown reads as something else there (a checkbox, which would make the note a
    /// subtask; a list marker, a quote, a heading, a code fence, a thematic break) gets a
    /// backslash, which GitHub does not show.
    static func paragraphText(_ text: [UInt8]) -> [UInt8] {
        guard let first = text.first else { return text }
        func endsWord(_ index: Int) -> Bool { index >= text.count || Byte.isSpaceOrTab(text[index]) }
        var escape: Int?
        switch first {
        case Byte.leftBracket, Byte.greater:
            escape = 0
        case Byte.minus, Byte.plus, Byte.star, Byte.underscore:
            let isBreak = first != Byte.plus && text.count { $0 == first } >= 3 && text.allSatisfy { $0 == first || Byte.isSpaceOrTab($0) }
            if isBreak || (first != Byte.underscore && endsWord(1)) { escape = 0 }
        case Byte.hash:
            let hashes = text.prefix { $0 == Byte.hash }.count
            if hashes <= 6, endsWord(hashes) { escape = 0 }
        case Byte.backtick, Byte.tilde:
            if text.prefix(3).count == 3, text.prefix(3).allSatisfy({ $0 == first }) { escape = 0 }
        default:
            // An ordered list marker: up to nine digits, then `.` or `)`.
            let digits = text.prefix(while: Byte.isDigit).count
            if (1...9).contains(digits), digits < text.count, text[digits] == Byte.dot || text[digits] == Byte.rightParen, endsWord(digits + 1) {
                escape = digits
            }
        }
        guard let escape else { return text }
        return Array(text[..<escape]) + [Byte.backslash] + text[escape...]
    }

    /// Removes the task's notes: the lines of its block that are neither its text nor a subtask's.
    package static func clearNotes(_ task: Task, in document: Document) throws(EditError) -> [Splice] {
        let notes = document.noteLines(of: task)
        try checkNoSubtaskInNotes(task, notes: Set(notes), in: document)
        var splices = notes.map { Splice.delete($0..<($0 + 1)) }
        // The last note can be what keeps a paragraph below from joining the task's text.
        if let last = splices.last, last.lines.upperBound == task.lastLine + 1 {
            splices[splices.count - 1] = TaskPlacement.removal(of: last.lines, in: document)
        }
        // Without its notes the task may end elsewhere, and a note can be the plain bullet a
        // subtask is nested in (without it, the subtask is indented too far and reads as code).
        return splices.isEmpty ? [] : try ItemBoundary.verified(splices, editing: task, in: document)
    }

    /// Refuses to clear notes one of which is a bullet a subtask is nested in: without the
    /// bullet, the subtask would move into another list, at another indentation.
    private static func checkNoSubtaskInNotes(_ task: Task, notes: Set<Int>, in document: Document) throws(EditError) {
        guard !notes.isEmpty else { return }
        let items = document.items
        for subtask in document.tasks[(task.index + 1)...].prefix(while: { $0.line <= task.lastLine }) {
            // Its item: the first on its line with its marker (items are in file order).
            var index = items.partitionPoint { $0.line >= subtask.line }
            while index < items.count, items[index].line == subtask.line, items[index].markerStart != subtask.markerStart { index += 1 }
            guard index < items.count, items[index].line == subtask.line else { continue }
            var parent = Int(items[index].parent)
            while parent >= 0, items[parent].line > task.line {
                if notes.contains(items[parent].line) { throw .subtaskInNote(line: subtask.line + 1, note: items[parent].line + 1) }
                parent = Int(items[parent].parent)
            }
        }
    }

    /// Moves the tasks `ArchiveSelection` picks (with their blocks) to the group `name`,
    /// created at the end of the file when missing: each under a subgroup of it named as the
    /// group it came from (`Done / Work`), so that views can still count it there.
    package static func archive(_ tasks: [Task], into name: String, in document: Document) throws(EditError) -> [Splice] {
        guard !tasks.isEmpty else { return [] }
        let deletion = try TaskEdits.delete(tasks, in: document)
        let remaining = Document(bytes: document.applying(deletion), statuses: document.statuses)
        let blocks = tasks.map { (origin: document.groupPath(of: $0), lines: marginLines($0, in: document)) }
        let added = try appendArchived(blocks, toGroup: name, in: remaining)
        return Splice.composed(deletion, then: added.splices, from: document.lines.count, to: added.result)
    }

    /// Appends archived blocks (from `marginLines`, each with the path of the group it left)
    /// to the archive group `name` (`ArchivePlace`): each under a subgroup with that path,
    /// created where missing. Returns the splices from `document` and the document they give.
    package static func appendArchived(_ blocks: [(origin: [String], lines: [[UInt8]])], toGroup name: String,
                                       in document: Document) throws(EditError) -> (splices: [Splice], result: Document) {
        let place = ArchivePlace(name, in: document)
        // The destinations in the order their first block comes, each with its blocks in order.
        var destinations: [[String]] = []
        var byDestination: [[String]: [[[UInt8]]]] = [:]
        for block in blocks {
            let destination = place.destination(of: block.origin)
            if byDestination[destination] == nil { destinations.append(destination) }
            byDestination[destination, default: []].append(block.lines)
        }
        var current = document
        var splices: [Splice] = []
        for destination in destinations {
            let step = try appendBlocks(byDestination[destination]!, toPath: destination, in: current)
            let next = Document(bytes: current.applying(step), statuses: document.statuses)
            splices = splices.isEmpty ? step : Splice.composed(splices, then: step, from: document.lines.count, to: next)
            current = next
        }
        return (splices, current)
    }

    /// Appends blocks to the group whose whole path is `path` (titles compared without case),
    /// creating what is missing of it under the deepest group that exists.
    private static func appendBlocks(_ blocks: [[[UInt8]]], toPath path: [String], in document: Document) throws(EditError) -> [Splice] {
        for prefix in stride(from: path.count, to: 0, by: -1) {
            guard let found = Sections.group(atPath: path[..<prefix], in: document) else { continue }
            if prefix == path.count { return try appendBlocks(blocks, to: found, in: document) }
            return try GroupEdits.add(Array(path[prefix...]), under: found, level: Sections.defaultLevel(in: document),
                                      body: OrderedNumbers.numberedOn(blocks).flatMap { $0 }, in: document)
        }
        return try GroupEdits.add(path, under: nil, level: Sections.defaultLevel(in: document),
                                  body: OrderedNumbers.numberedOn(blocks).flatMap { $0 }, in: document)
    }

    /// A task's block with its first line starting at the margin (no quote or indentation), and
    /// the other lines shifted to match: how it is written into another group or file.
    package static func marginLines(_ task: Task, in document: Document) -> [[UInt8]] {
        let marker = Array(document.bytes[task.markerStart..<task.checkboxStart])
        return reprefixed(blockLines(task, in: document), of: task, newPrefix: marker, in: document)
    }

    /// Appends blocks (from `marginLines`) at the end of group `name`'s top-level tasks, or in a
    /// new group at the end of the file when there is none.
    package static func appendBlocks(_ blocks: [[[UInt8]]], toGroup name: String, in document: Document) throws(EditError) -> [Splice] {
        guard !blocks.isEmpty else { return [] }
        if let group = try Sections.resolveIfPresent(name, in: document) { return try appendBlocks(blocks, to: group, in: document) }
        return try GroupEdits.add(name, level: Sections.defaultLevel(in: document), body: blocks.flatMap { $0 }, in: document)
    }

    /// Appends blocks at the end of the top-level tasks of the group with heading `group`, each
    /// re-prefixed like the group's tasks (the first line's prefix is the marker).
    private static func appendBlocks(_ blocks: [[[UInt8]]], to group: Int, in document: Document) throws(EditError) -> [Splice] {
        try TaskPlacement.insert(at: .bottom(group: group), in: document) { prefix in
            let written = blocks.map { block in
                let old = Array(block[0].prefix { $0 != Byte.leftBracket })
                return block.enumerated().map { index, line in
                    index == 0 ? prefix + line[old.count...] : BlockEdits.indentPart(of: prefix) + line
                }
            }
            // Each takes the prefix of the list's next item; in an ordered list, the numbers
            // after it in turn.
            return OrderedNumbers.number(ofLine: prefix).map { OrderedNumbers.numberedOn(written, from: $0) }?.flatMap { $0 } ?? written.flatMap { $0 }
        }
    }

    static func blockLines(_ task: Task, in document: Document) -> [[UInt8]] {
        (task.line...task.lastLine).map { Array(document.content(ofLine: $0)) }
    }

    /// The block's lines with the first line's prefix (up to the checkbox) replaced by
    /// `newPrefix`, and the other lines' indentation shifted to match.
    static func reprefixed(_ lines: [[UInt8]], of task: Task, newPrefix: [UInt8], in document: Document) -> [[UInt8]] {
        let line = document.lines[task.line]
        let oldPrefix = Array(document.bytes[line.start..<task.checkboxStart])
        if oldPrefix == newPrefix { return lines }
        // Later lines of the block carry spaces where the first has outer list markers.
        let oldIndent = TaskPlacement.containerPrefix(document.bytes[line.start..<task.markerStart])
        let newIndent = indentPart(of: newPrefix)
        // Replacing the indentation moves every line with the marker; on top of that, lines aligned
        // to the content column move by the change in marker width (`1. ` vs `- `).
        let shift = (Byte.columns(of: newPrefix) - Byte.columns(of: newIndent))
            - (Byte.columns(of: oldPrefix) - Byte.columns(of: oldIndent))
        var result = [newPrefix + lines[0][oldPrefix.count...]]
        for content in lines.dropFirst() {
            guard content.starts(with: oldIndent), !content.allSatisfy(Byte.isSpaceOrTab) else {
                result.append(content)
                continue
            }
            var rest = Array(content[oldIndent.count...])
            if shift > 0 {
                rest = [UInt8](repeating: Byte.space, count: shift) + rest
            } else if shift < 0 {
                var remove = -shift
                while remove > 0, rest.first == Byte.space { rest.removeFirst(); remove -= 1 }
            }
            result.append(newIndent + rest)
        }
        return result
    }

    /// The indentation and quote markers of a task prefix: everything before its list marker.
    static func indentPart(of prefix: [UInt8]) -> [UInt8] {
        var end = prefix.count
        while end > 0, Byte.isSpaceOrTab(prefix[end - 1]) { end -= 1 }
        guard end > 0 else { return [] }
        if prefix[end - 1] == Byte.dot || prefix[end - 1] == Byte.rightParen {
            end -= 1
            while end > 0, Byte.isDigit(prefix[end - 1]) { end -= 1 }
        } else {
            end -= 1
        }
        return Array(prefix[..<end])
    }
}
