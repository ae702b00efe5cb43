/// The stretch of a document whose reading an edit can change, read before and after the edit.
///
/// Markdown is read line by line, each line in the light of the blocks still open above it.
/// After a top-level heading no block is open, so the lines below it read the same whatever
/// came before. The window runs from just after the last top-level heading above the first
/// line an edit changes, to the first top-level heading below the last one that still reads as
/// a top-level heading after the edit (or to the end of the file). Outside the window the
/// edited document reads line for line as the original did, so an edit is checked by parsing
/// the window twice, never the whole file: `tick done` in a file of a million tasks parses a
/// group, not the file.
///
/// The window is the whole file where an edit can change how the file starts: an edit of the
/// front matter or the line after it, or of a file opening with a `---` or `+++` line that is
/// not front matter yet (a line added anywhere below could close it).
public struct EditWindow: Sendable {
    /// The window's lines before the edit, parsed as a document of their own.
    public let before: Document
    /// The window's lines after the edit, parsed the same way.
    public let after: Document
    /// The window's first line, the same before and after the edit.
    public let firstLine: Int
    /// How many tasks and headings lie above the window (the same before and after).
    public let tasksAbove: Int
    public let headingsAbove: Int

    public init(_ splices: [Splice], in document: Document) {
        self.init(splices, in: document, edited: document.applying(splices))
    }

    /// `edited` is `document.applying(splices)`.
    public init(_ splices: [Splice], in document: Document, edited: [UInt8]) {
        let lines = document.lines
        let first = splices.map(\.lines.lowerBound).min() ?? lines.count
        let last = splices.map(\.lines.upperBound).max() ?? lines.count
        let headings = document.headings
        // The first heading at or below `first`, by binary search (headings are in line order).
        var low = 0, high = headings.count
        while low < high {
            let middle = (low + high) / 2
            if headings[middle].lastLine < first { low = middle + 1 } else { high = middle }
        }
        var start = 0, headingsAbove = 0
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
        }
        // A line above the window that ends in a lone `\r` (an edit may turn it into `\r\n`) or in
        // nothing (an edit at the end of the file gives it an ending): the window's first byte
        // would move, so the window starts at the top.
        // So does an edit at the end of a file without a final newline: the line that ends the
        // file after it loses its ending.
        if start > 0, !lines[start - 1].hasEnding || document.ending(ofLine: start - 1) == .cr
            || (!document.endsWithNewline && last == lines.count) {
            start = 0
            headingsAbove = 0
        }
        let windowStart = start < lines.count ? lines[start].start : document.bytes.count
        let atFileStart = start == 0
        let delta = edited.count - document.bytes.count
        // Top-level headings below the edit, tried at the 1st, 2nd, 4th, 8th… so that a window
        // that has to grow is parsed at most about twice over.
        var end: (before: Int, after: Int)?
        var after: Document?
        var seen = 0, nextTry = 1
        var index = fragile ? headings.count : low
        while index < headings.count {
            let heading = headings[index]
            index += 1
            guard heading.topLevel, heading.line >= last else { continue }
            seen += 1
            guard seen == nextTry else { continue }
            nextTry *= 2
            let line = lines[heading.lastLine]
            let newEnd = line.end + delta
            // The heading's line, copied unchanged after the edit: where the edit put it.
            guard newEnd <= edited.count, newEnd - (line.end - line.start) >= windowStart,
                  edited[(newEnd - (line.end - line.start))..<newEnd].elementsEqual(document.bytes[line.start..<line.end])
            else { break }
            let candidate = Document(bytes: Array(edited[windowStart..<newEnd]), statuses: document.statuses, atFileStart: atFileStart)
            if let last = candidate.headings.last, last.topLevel, last.lastLine == candidate.lines.count - 1 {
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
        // The tasks above the window: those that start above its first line.
        var taskLow = 0, taskHigh = document.tasks.count
        while taskLow < taskHigh {
            let middle = (taskLow + taskHigh) / 2
            if document.tasks[middle].line < start { taskLow = middle + 1 } else { taskHigh = middle }
        }
        tasksAbove = taskLow
    }

    /// The whole file as the window: what the window stands for, for comparing against it.
    public init(wholeFile document: Document, edited: [UInt8]) {
        before = document
        after = Document(bytes: edited, statuses: document.statuses)
        firstLine = 0
        tasksAbove = 0
        headingsAbove = 0
    }

    /// Whether an edit at line `first` can change where the file's front matter ends.
    private static func startIsFragile(first: Int, in document: Document) -> Bool {
        if first <= document.frontMatterEnd { return true }
        guard document.frontMatterEnd == 0, !document.lines.isEmpty else { return false }
        var content = document.content(ofLine: 0)
        if content.starts(with: UTF8BOM.bytes) { content = content.dropFirst(UTF8BOM.bytes.count) }
        return content.starts(with: [Byte.minus, Byte.minus, Byte.minus]) || content.starts(with: [Byte.plus, Byte.plus, Byte.plus])
    }

    /// The window's lines as line numbers of the whole document, before the edit.
    public var linesBefore: Range<Int> { firstLine..<(firstLine + before.lines.count) }
    /// And after it.
    public var linesAfter: Range<Int> { firstLine..<(firstLine + after.lines.count) }
}
