/// The numbers of an ordered task list (`1. [ ] a`) through moves and deletions.
///
/// GitHub, like CommonMark, starts an ordered list at its first item's number and numbers the
/// rest on from it, whatever they say. So when the first item leaves its list (moved away,
/// deleted), the item that is first now takes its number, or the list would start at 2; and
/// two neighbours that swap places (`tick move 3 down`) swap numbers, so that the file reads
/// as the list shows. Only the number changes on the other item's line. A number that would
/// change its width (9 to 10) is left alone on an item of more than one line: the item's
/// content column would move with it, and its continuation lines and subtasks with that.
enum OrderedNumbers {
    /// The marker's number of an ordered task, and where its digits are in the task's line
    /// (offsets in the line's content).
    static func number(of task: Task, in document: Document) -> (value: Int, digits: Range<Int>)? {
        guard task.ordered else { return nil }
        let start = document.lines[task.line].start
        var end = task.markerStart
        while end < document.bytes.count, end - task.markerStart < 9, Byte.isDigit(document.bytes[end]) { end += 1 }
        guard end > task.markerStart, let value = Int(String(decoding: document.bytes[task.markerStart..<end], as: UTF8.self)) else { return nil }
        return (value, (task.markerStart - start)..<(end - start))
    }

    /// The task's line with its number set to `value`; nil when it has that number already, or
    /// the new number's width would move the content of an item of several lines.
    static func line(of task: Task, numbered value: Int, in document: Document) -> [UInt8]? {
        guard let (old, digits) = number(of: task, in: document), old != value, value >= 0 else { return nil }
        let written = Array(String(value).utf8)
        guard written.count == digits.count || task.lastLine == task.line else { return nil }
        var content = Array(document.content(ofLine: task.line))
        content.replaceSubrange(digits, with: written)
        return content
    }

    /// `line` (a new line's content, as a move writes it) with the number of its ordered marker
    /// set to `value`; unchanged when it has no such marker.
    static func renumbering(_ line: [UInt8], to value: Int) -> [UInt8] {
        var start = 0
        while start < line.count, Byte.isSpaceOrTab(line[start]) || line[start] == Byte.greater { start += 1 }
        var end = start
        while end < line.count, Byte.isDigit(line[end]) { end += 1 }
        guard end > start, end < line.count, line[end] == Byte.dot || line[end] == Byte.rightParen else { return line }
        var result = line
        result.replaceSubrange(start..<end, with: Array(String(value).utf8))
        return result
    }

    /// The number of a line's ordered marker (`> 12. [ ] a`: 12), nil when it has none.
    static func number(ofLine line: [UInt8]) -> Int? {
        var start = 0
        while start < line.count, Byte.isSpaceOrTab(line[start]) || line[start] == Byte.greater { start += 1 }
        var end = start
        while end < line.count, end - start < 9, Byte.isDigit(line[end]) { end += 1 }
        guard end > start, end < line.count, line[end] == Byte.dot || line[end] == Byte.rightParen else { return nil }
        return Int(String(decoding: line[start..<end], as: UTF8.self))
    }

    /// Blocks written one after another as items of one list (an archive's): each ordered one
    /// numbered on from the ordered block before it, the first from `first` (a new list: 1),
    /// as GitHub shows them whatever they say. A number that would change its width keeps
    /// the old one on a block of several lines, whose content column would move.
    static func numberedOn(_ blocks: [[[UInt8]]], from first: Int = 1) -> [[[UInt8]]] {
        var next = first
        return blocks.map { block in
            guard let old = block.first.flatMap(number(ofLine:)) else { next = first; return block }
            defer { next += 1 }
            guard old != next, String(old).utf8.count == String(next).utf8.count || block.count == 1 else { return block }
            return [renumbering(block[0], to: next)] + block.dropFirst()
        }
    }

    /// Whether `other` is an item of the same ordered list as `task` (`ListSiblings`).
    static func isSibling(_ other: Task, of task: Task, in document: Document) -> Bool {
        task.ordered && (ListSiblings.adjacent(to: task, before: true, in: document)?.index == other.index
                         || ListSiblings.adjacent(to: task, before: false, in: document)?.index == other.index)
    }

    /// The items of `task`'s ordered list right before and after it, when there are.
    static func neighbours(of task: Task, in document: Document) -> (previous: Task?, next: Task?) {
        guard task.ordered else { return (nil, nil) }
        return (ListSiblings.adjacent(to: task, before: true, in: document), ListSiblings.adjacent(to: task, before: false, in: document))
    }

    /// `splices`, a move of `task` right before or after its sibling `other` (`tick move up`,
    /// `down`), with the two numbers swapped: the moved line takes the other's number, and the
    /// other's line the moved one's.
    static func swapping(_ splices: [Splice], moving task: Task, past other: Task, in document: Document) -> [Splice] {
        guard isSibling(other, of: task, in: document), let (mine, _) = number(of: task, in: document), let (theirs, _) = number(of: other, in: document),
              mine != theirs, let insertion = splices.first, insertion.lines.isEmpty,
              let moved = insertion.replacement.firstIndex(where: { !$0.allSatisfy { Byte.isSpaceOrTab($0) || $0 == Byte.greater } }),
              String(mine).utf8.count == String(theirs).utf8.count || task.lastLine == task.line,
              let otherLine = line(of: other, numbered: mine, in: document) else { return splices }
        var result = splices.filter { $0.lines != other.line..<(other.line + 1) }
        guard !result.dropFirst().contains(where: { $0.lines.contains(other.line) }) else { return splices }
        result[0].replacement[moved] = renumbering(result[0].replacement[moved], to: theirs)
        var renumber = Splice.replace(line: other.line, with: otherLine)
        renumber.renumbers = mine
        result.append(renumber)
        return result
    }

    /// `splices`, which remove `removed` (with their blocks) among other things, with a splice
    /// more for each ordered list whose first item they remove: the item that is first now
    /// takes its number. Nothing is added for a line the splices touch already.
    static func keepingStarts(_ splices: [Splice], removing removed: [Task], in document: Document) -> [Splice] {
        var result = splices
        let gone = Set(removed.map(\.index))
        for task in removed where task.ordered && !gone.contains(task.parent ?? -1) {
            let (previous, _) = neighbours(of: task, in: document)
            // Not the first item (or the one before it goes too: that one keeps the start).
            guard previous == nil, let (start, _) = number(of: task, in: document) else { continue }
            var candidate = task
            var next: Task?
            while let following = neighbours(of: candidate, in: document).next {
                if !gone.contains(following.index) { next = following; break }
                candidate = following
            }
            guard let next, !result.contains(where: { $0.lines.contains(next.line) }),
                  let line = line(of: next, numbered: start, in: document) else { continue }
            var renumber = Splice.replace(line: next.line, with: line)
            renumber.renumbers = start
            result.append(renumber)
        }
        return result
    }
}
