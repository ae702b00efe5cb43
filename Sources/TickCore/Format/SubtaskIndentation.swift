/// Subtasks start at their parent's content column: a list nested in a task, or holding tasks,
/// has its items' markers right under the parent's text (`- [ ] a` then `  - [ ] b`, not
/// `    - [ ] b`).
///
/// Each item of such a list moves left with all its lines (text, notes, code, nested lists) by
/// the same number of spaces, so everything in it keeps its place relative to the item, and
/// nested lists are then aligned in turn. A list is left as it is wherever the move could
/// change what a line is: inside a block quote, a tab among a line's indentation or markers, a line indented
/// less than its item's text (a lazy continuation: moved, it could start a block of its own or
/// keep spaces in its text), a whitespace-only line that
/// keeps an item open, or a line after the list that the narrower item would take in.
struct SubtaskIndentation {
    /// Spaces each line loses.
    private(set) var shifts: [Int32] = []

    /// No line moves.
    init() {}

    init(_ document: Document, collapsible: [Bool]) {
        let items = document.items, lines = document.lines
        guard let lastList = items.lazy.filter({ $0.parent >= 0 }).map(\.list).max() else { return }
        // Each list's items, linked in file order: no dictionary, and no array for the many
        // lists that are already in place.
        var next = [Int32](repeating: -1, count: items.count)
        var tail = [Int32](repeating: -1, count: Int(lastList) + 1)
        var firsts: [Int] = []
        for index in items.indices where items[index].parent >= 0 {
            let list = Int(items[index].list)
            if tail[list] >= 0 { next[Int(tail[list])] = Int32(index) } else { firsts.append(index) }
            tail[list] = Int32(index)
        }
        // The lists out of place, as their first items.
        var misplacedLists: [Int] = []
        for first in firsts {
            let parent = items[Int(items[first].parent)]
            var misplaced = false, holdsTask = parent.checkboxStart >= 0
            var index = first
            while index >= 0 {
                let item = items[index]
                misplaced = misplaced || item.markerStart - lines[item.line].start != parent.contentColumn
                holdsTask = holdsTask || item.checkboxStart >= 0
                index = Int(next[index])
            }
            if misplaced, holdsTask { misplacedLists.append(first) }
        }
        guard !misplacedLists.isEmpty else { return }
        // Outer lists first, since a nested list moves with them; and at one depth, the later
        // list first, since where it ends up decides whether the list before it may move (the
        // later one must stay outside it). So a second run finds nothing more to do.
        var depth = [Int32](repeating: 0, count: items.count)
        for index in items.indices where items[index].parent >= 0 { depth[index] = depth[Int(items[index].parent)] + 1 }
        misplacedLists.sort { depth[$0] != depth[$1] ? depth[$0] < depth[$1] : $0 > $1 }
        let contentLines = ContentLines(document.kinds)
        for first in misplacedLists {
            var members: [Int] = []
            var index = first
            while index >= 0 {
                members.append(index)
                index = Int(next[index])
            }
            let parent = items[Int(items[first].parent)]
            guard let moves = moves(of: members, under: parent, in: document, collapsible: collapsible,
                                    contentLines: contentLines) else { continue }
            if shifts.isEmpty { shifts = Array(repeating: 0, count: document.lines.count) }
            for (lines, by) in moves {
                for line in lines { shifts[line] += Int32(by) }
            }
        }
    }

    /// Spaces the line loses.
    func shift(_ line: Int) -> Int { shifts.isEmpty ? 0 : Int(shifts[line]) }

    /// Whether a tab comes before the line's text: among its indentation and the list and
    /// quote markers that open it.
    static func tabBeforeText(_ content: ArraySlice<UInt8>) -> Bool {
        for byte in content {
            switch byte {
            case Byte.tab: return true
            case Byte.space, Byte.greater, Byte.minus, Byte.star, Byte.plus, Byte.dot, Byte.rightParen, 0x30...0x39: continue
            default: return false
            }
        }
        return false
    }

    /// Each item's lines and how far they move, or nil when the list must stay as it is.
    private func moves(of members: [Int], under parent: ParsedItem, in document: Document,
                       collapsible: [Bool], contentLines: ContentLines) -> [(lines: ClosedRange<Int>, by: Int)]? {
        let items = document.items, bytes = document.bytes
        // A BOM on the parent's line would count in its columns.
        guard parent.quoteDepth == 0, parent.line > 0 || document.byteOrderMark(ofLine: 0).isEmpty else { return nil }
        var moves: [(lines: ClosedRange<Int>, by: Int)] = []
        for index in members {
            let item = items[index]
            let start = document.lines[item.line].start
            guard item.markerOpensLine, item.quoteDepth == 0,
                  bytes[start..<item.markerStart].allSatisfy({ $0 == Byte.space }) else { return nil }
            let by = item.markerStart - start - parent.contentColumn
            guard by >= 0, by <= 3 else { return nil }
            if by == 0 { continue }
            for line in item.line...item.lastLine {
                if document.kinds[line] == .blank {
                    guard collapsible[line] else { return nil }
                    continue
                }
                let needed = shift(line) + by
                let content = document.content(ofLine: line)
                guard content.count >= needed, content.prefix(needed).allSatisfy({ $0 == Byte.space }) else { return nil }
                // A tab's width depends on the column it starts at: one among the line's
                // indentation and container markers (`-\t`, `>\t`) would change width when
                // the line moves, and with it what the line is.
                if Self.tabBeforeText(content) { return nil }
                // A line indented less than the item's text is in the item only as a lazy
                // continuation of its paragraph, and what it says depends on its indentation:
                // moved left, `- e` may become an item, and the spaces a container no longer
                // takes stay in the text (inside a code span they show). Such an item stays.
                if line > item.line,
                   Byte.columns(of: content.prefix(while: Byte.isSpaceOrTab)) - shift(line) < item.contentColumn - shift(item.line) {
                    return nil
                }
            }
            moves.append((item.line...item.lastLine, by))
        }
        // (A list's items come in file order: the last one ends the list.)
        guard let last = moves.last, last.lines.upperBound == items[members.last!].lastLine else { return moves }
        // The first line after the list must stay outside its last item, whose content column
        // moves left, and further still if the formatter narrows the space after its marker.
        let item = items[members.last!]
        let next = contentLines.atOrAfter(last.lines.upperBound + 1)
        guard next < document.lines.count else { return moves }
        let markerColumn = item.markerStart - document.lines[item.line].start
        let narrowest = min(item.contentColumn, markerColumn + item.markerLength + 1) - shift(item.line) - last.by
        let indent = Byte.columns(of: document.content(ofLine: next).prefix(while: Byte.isSpaceOrTab)) - shift(next)
        return indent < narrowest ? moves : nil
    }
}
