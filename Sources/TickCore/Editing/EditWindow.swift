/// The stretch of a document whose reading an edit can change, read before and after the edit.
///
/// Markdown is read line by line, each line in the light of the blocks still open above it.
/// Some lines read the rest of the file as a parse starting there would (fresh lines): the
/// line after a top-level heading, where no block is open, and the first line of a top-level
/// list item (its marker first on the line, outside any quote), which closes every block
/// above it but its list. The window runs from the last fresh line above the first line an
/// edit changes to the first fresh line below the last one, where that line still opens a
/// top-level heading or item after the edit (or to the end of the file). Outside the window
/// the edited document reads line for line as the original did, so an edit is checked by
/// parsing the window twice, never the whole file: `tick done` in a file of a million tasks
/// parses its task's top-level item, with or without headings in the file.
///
/// What a fresh line carries on from above is the list its item continues and the group it is
/// in: the window's items of that list belong to it (`listAbove`), the items below the window
/// to the list the item below it continues after the edit (`below`), and the tasks below it to
/// the window's last group, which an edit may not change (the window then grows).
///
/// The window is the whole file where an edit can change how the file starts: an edit of the
/// front matter or the line after it, or of a file opening with a `---` or `+++` line that is
/// not front matter yet (a line added anywhere below could close it).
package struct EditWindow: Sendable {
    /// The window's lines before the edit, parsed as a document of their own.
    package let before: Document
    /// The window's lines after the edit, parsed the same way.
    package let after: Document
    /// The window's first line, the same before and after the edit.
    package let firstLine: Int
    /// How many tasks and headings lie above the window (the same before and after).
    package let tasksAbove: Int
    package let headingsAbove: Int
    /// When the window starts at a list item that continues a list opened above it: that
    /// list's number in the original (the window's list 0 is that list).
    package let listAbove: Int32?
    /// What follows the window.
    package let below: Below

    package enum Below: Sendable, Equatable {
        /// A top-level heading ends the window, or the file does.
        case headingOrEnd
        /// A top-level list item starts on the line below the window. After the edit it
        /// continues one of the window's lists (`after`'s number for it), or opens a list of its
        /// own (nil).
        case item(continuing: Int32?)
    }

    /// Whether the edit leaves the file's title (`Document.title`) as it is: the headings keep
    /// their levels, and it is made below `firstGroupEnd` (`ParseCheckpoints.firstGroupEnd`),
    /// where a task added or taken away cannot make a title of the first group, or a group of
    /// the title. (A window starts below a heading: one that starts below that group's end
    /// leaves it where it is.)
    package func keepsTitle(firstGroupEnd: Int) -> Bool {
        func levels(_ document: Document) -> [Int] { document.headings.filter(\.topLevel).map(\.level) }
        return firstLine >= firstGroupEnd && levels(before) == levels(after)
    }

    package init(_ splices: [Splice], in document: Document) {
        self.init(splices, in: document, edited: document.applying(splices))
    }

    /// `edited` is `document.applying(splices)`.
    package init(_ splices: [Splice], in document: Document, edited: [UInt8]) {
        let lines = document.lines
        let first = splices.map(\.lines.lowerBound).min() ?? lines.count
        let last = splices.map(\.lines.upperBound).max() ?? lines.count
        let headings = document.headings
        let items = document.items
        // The first heading at or below `first`, by binary search (headings are in line order).
        let low = headings.partitionPoint { $0.lastLine >= first }
        var start = 0, headingsAbove = 0
        var listAbove: Int32?
        // Where the front matter ends can depend on any line below (its closing `---`): then
        // the window is the whole file.
        let fragile = EditWindow.startIsFragile(first: first, in: document)
        if !fragile {
            var index = low - 1
            while index >= 0, !headings[index].topLevel { index -= 1 }
            if index >= 0 {
                start = headings[index].lastLine + 1
                headingsAbove = index + 1
            }
            // A top-level item below that heading and above the edit starts the window later.
            var item = items.partitionPoint { $0.line >= first } - 1
            while item >= 0, items[item].line >= start, !Self.opensFresh(items[item]) { item -= 1 }
            if item >= 0, items[item].line >= start {
                start = items[item].line
                headingsAbove = headings.partitionPoint { $0.line >= start }
                // The item continues a list when the top-level item before it (past its nested
                // ones) is of that list; else it opened the list.
                if let previous = items[..<item].lastIndex(where: { $0.parent < 0 }), items[previous].list == items[item].list {
                    listAbove = items[item].list
                }
            }
        }
        // An edit of the window's first line, after a line that ends in a lone `\r` (the edit may
        // turn it into `\r\n`) or in nothing (an edit at the end of the file gives it an ending):
        // the window's first byte would move, so the window starts at the top. So does one that
        // runs to the end of a file without a final newline: the line that ends the file after
        // it loses its ending. (A window that starts at a list item above the edit keeps its
        // first line, and the bytes around it, as they are.)
        if start > 0, first <= start, !lines[start - 1].hasEnding || document.ending(ofLine: start - 1) == .cr
            || (!document.endsWithNewline && last == lines.count) {
            start = 0
            headingsAbove = 0
            listAbove = nil
        }
        let windowStart = start < lines.count ? lines[start].start : document.bytes.count
        let atFileStart = start == 0
        let delta = edited.count - document.bytes.count
        // Fresh lines below the edit, in line order (top-level headings and items), tried at the
        // 1st, 2nd, 4th, 8th… so that a window that has to grow is parsed at most about twice
        // over, and the last one always (past it the window runs to the end of what the
        // document read: the file, or a stretch's closing heading). A heading is read with the
        // window (it ends it); an item is read to check that it still opens a top-level item,
        // then the window is read again without it.
        var end: (before: Int, after: Int)?
        var after: Document?
        var below = Below.headingOrEnd
        var seen = 0, nextTry = 1
        var heading = fragile ? headings.count : low
        var item = fragile ? items.count : items.partitionPoint { $0.line >= last }
        /// The next fresh heading and item at or after `heading` and `item`.
        func nextFresh(_ heading: Int, _ item: Int) -> (heading: Int, item: Int) {
            var heading = heading, item = item
            while heading < headings.count, !headings[heading].topLevel || headings[heading].line < last { heading += 1 }
            while item < items.count, !Self.opensFresh(items[item]) { item += 1 }
            return (heading, item)
        }
        while true {
            (heading, item) = nextFresh(heading, item)
            let nextHeading = heading < headings.count ? headings[heading].line : Int.max
            let nextItem = item < items.count ? items[item].line : Int.max
            guard nextHeading != Int.max || nextItem != Int.max else { break }
            let atItem = nextItem < nextHeading
            let lineIndex = atItem ? nextItem : headings[heading].lastLine
            if atItem { item += 1 } else { heading += 1 }
            seen += 1
            let isLast = nextFresh(heading, item) == (headings.count, items.count)
            guard seen == nextTry || isLast else { continue }
            nextTry *= 2
            let line = lines[lineIndex]
            let newEnd = line.end + delta
            // The line, copied unchanged after the edit: where the edit put it.
            guard newEnd <= edited.count, newEnd - (line.end - line.start) >= windowStart,
                  edited[(newEnd - (line.end - line.start))..<newEnd].elementsEqual(document.bytes[line.start..<line.end])
            else { break }
            let candidate = Document(bytes: Array(edited[windowStart..<newEnd]), statuses: document.statuses, atFileStart: atFileStart)
            let lastLine = candidate.lines.count - 1
            if atItem {
                guard let opened = candidate.items.last, opened.line == lastLine, Self.opensFresh(opened) else { continue }
                // The tasks below take the window's last group on: it must be the same heading
                // (where the edit put it), or none in the window on both sides.
                let oldGroup = headings[headingsAbove..<headings.partitionPoint { $0.line >= lineIndex }].last(where: \.topLevel)?.line
                let newGroup = candidate.headings.lastIndex(where: \.topLevel).map { start + candidate.headings[$0].line }
                switch (oldGroup, newGroup) {
                case (nil, nil): break
                case (let old?, let new?) where LineMap(splices).newLine(ofOld: old) == new: break
                default:
                    // So it is for every item up to the next heading: that is tried next.
                    while item < items.count, items[item].line < nextHeading { item += 1 }
                    nextTry = seen + 1
                    continue
                }
                let newStart = newEnd - (line.end - line.start)
                end = (line.start, newStart)
                after = Document(bytes: Array(edited[windowStart..<newStart]), statuses: document.statuses, atFileStart: atFileStart)
                // The item continues a list of the window when an item before it has its number.
                let continues = candidate.items.dropLast().contains { $0.list == opened.list }
                    || (opened.list == 0 && listAbove != nil)
                below = .item(continuing: continues ? opened.list : nil)
                break
            }
            if let last = candidate.headings.last, last.topLevel, last.lastLine == lastLine {
                end = (line.end, newEnd)
                after = candidate
                break
            }
        }
        self.after = after ?? Document(bytes: Array(edited[windowStart...]), statuses: document.statuses, atFileStart: atFileStart)
        before = Document(bytes: Array(document.bytes[windowStart..<(end?.before ?? document.bytes.count)]),
                          statuses: document.statuses, atFileStart: atFileStart)
        firstLine = start
        self.headingsAbove = headingsAbove
        self.listAbove = listAbove
        self.below = below
        // The tasks above the window: those that start above its first line.
        tasksAbove = document.tasks.partitionPoint { $0.line >= start }
    }

    /// Whether a list item's first line is a fresh line: a top-level item, outside any quote,
    /// its marker first on the line. The parse that opened it there closed every block above
    /// but its list; a parse starting on that line opens the same item. (Below an edit, the
    /// window's parse checks that the line still opens such an item.)
    static func opensFresh(_ item: ParsedItem) -> Bool {
        item.parent < 0 && item.quoteDepth == 0 && item.markerOpensLine
    }

    /// The whole file as the window: what the window stands for, for comparing against it.
    package init(wholeFile document: Document, edited: [UInt8]) {
        before = document
        after = Document(bytes: edited, statuses: document.statuses)
        firstLine = 0
        tasksAbove = 0
        headingsAbove = 0
        listAbove = nil
        below = .headingOrEnd
    }

    /// Whether an edit at line `first` can change where the file's front matter ends.
    private static func startIsFragile(first: Int, in document: Document) -> Bool {
        if first <= document.frontMatterEnd { return true }
        return document.frontMatterEnd == 0 && opensLikeFrontMatter(document)
    }

    /// Whether the file's first line is `---` or `+++` (after a byte-order mark): front matter
    /// may open there, closed by a line anywhere below.
    static func opensLikeFrontMatter(_ document: Document) -> Bool {
        guard !document.lines.isEmpty else { return false }
        var content = document.content(ofLine: 0)
        if content.starts(with: UTF8BOM.bytes) { content = content.dropFirst(UTF8BOM.bytes.count) }
        return content.starts(with: [Byte.minus, Byte.minus, Byte.minus]) || content.starts(with: [Byte.plus, Byte.plus, Byte.plus])
    }

    /// The window's lines as line numbers of the whole document, before the edit.
    package var linesBefore: Range<Int> { firstLine..<(firstLine + before.lines.count) }
    /// And after it.
    package var linesAfter: Range<Int> { firstLine..<(firstLine + after.lines.count) }
}
