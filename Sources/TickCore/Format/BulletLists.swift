/// Which task lists `tick fmt` gives `-` bullets, and so which ones lint's `inconsistent-marker`
/// reports (a finding called fixable is one fmt fixes): every unordered list that holds a task
/// and uses `*` or `+`, unless it would then merge with a neighbouring list (one list where
/// GitHub showed two) or one of its items would read as a thematic break (`* - -`).
enum BulletLists {
    /// The items (indexes into `document.items`) of each list to rewrite, in list order.
    static func rewritten(in document: Document) -> [[Int]] {
        let items = document.items
        var members: [Int32: [Int]] = [:]
        for (index, item) in items.enumerated() where !item.ordered {
            members[item.list, default: []].append(index)
        }
        guard members.values.contains(where: { list in
            items[list[0]].delimiter != Byte.minus && list.contains { items[$0].checkboxStart >= 0 }
        }) else { return [] }
        let lists = members.sorted(by: { $0.key < $1.key }).map { UnorderedList(items: $0.value, in: items) }
        // Each list's neighbours by line, so that finding them costs no scan of every list.
        var startingAt: [Int: [Int]] = [:], endingAt: [Int: [Int]] = [:]
        for (index, list) in lists.enumerated() {
            startingAt[list.firstLine, default: []].append(index)
            endingAt[list.lastLine, default: []].append(index)
        }
        let contentLines = ContentLines(document.kinds)
        var result: [[Int]] = []
        for list in lists {
            let first = items[list.items[0]]
            guard first.delimiter != Byte.minus, list.items.contains(where: { items[$0].checkboxStart >= 0 }),
                  !touchesOtherList(list, lists: lists, startingAt: startingAt, endingAt: endingAt, contentLines: contentLines)
            else { continue }
            let breaks = list.items.contains { index in
                let item = items[index]
                var line = Array(document.content(ofLine: item.line))
                let offset = item.markerStart - document.lines[item.line].start
                line[offset] = Byte.minus
                return line.withUnsafeBufferPointer { LineScanners.isThematicBreak($0, offset, $0.count) }
            }
            if !breaks { result.append(list.items) }
        }
        return result
    }

    /// One unordered list: its items (indexes into `document.items`) and the lines it spans.
    private struct UnorderedList {
        let items: [Int]
        let firstLine: Int
        let lastLine: Int
        let parent: Int32
        let quoteDepth: Int

        init(items: [Int], in all: [ParsedItem]) {
            self.items = items
            let first = all[items[0]]
            firstLine = first.line
            lastLine = items.map { all[$0].lastLine }.max()!
            parent = first.parent
            quoteDepth = first.quoteDepth
        }
    }

    /// Whether another unordered list with the same parent sits right before or after the list
    /// (only blank lines between), so that the two would become one list.
    private static func touchesOtherList(_ list: UnorderedList, lists: [UnorderedList],
                                         startingAt: [Int: [Int]], endingAt: [Int: [Int]], contentLines: ContentLines) -> Bool {
        // (Nested lists often end on the same line: a scan over the blank lines after it, per
        // list, was quadratic.)
        let before = contentLines.atOrBefore(list.firstLine - 1)
        let after = contentLines.atOrAfter(list.lastLine + 1)
        // Any unordered neighbour counts: it is either a `-` list already or about to become one.
        let neighbours = (startingAt[after] ?? []) + (endingAt[before] ?? [])
        return neighbours.contains { index in
            let other = lists[index]
            return other.parent == list.parent && other.quoteDepth == list.quoteDepth && other.firstLine != list.firstLine
        }
    }
}
