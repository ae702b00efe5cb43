/// The trailing spaces and tabs `tick fmt` removes, line by line. `tick lint` reports exactly
/// these, so a finding it calls fixable is one the formatter fixes.
struct TrailingWhitespace {
    enum Fix: Equatable {
        /// Remove the bytes from this offset to the end of the line's content.
        case remove(from: Int)
        /// Two trailing spaces that make a hard line break: replace them, from this offset, by `\`.
        case hardBreak(from: Int)

        var offset: Int {
            switch self {
            case .remove(let offset), .hardBreak(let offset): return offset
            }
        }
    }

    private let document: Document
    /// Per line (dense arrays: one entry per line, no hashing on the hot path):
    /// whether the line continues the paragraph above it;
    private let continues: [Bool]
    /// for a task line, the offset the content must reach: an empty task needs the space after
    /// its checkbox (`- [ ]` alone is not a task); 0 elsewhere;
    private let floors: [Int]
    /// whether the line is task text: a hard break there stays as written, so the text is unchanged.
    private let taskText: [Bool]

    init(_ document: Document) {
        self.document = document
        let count = document.lines.count
        var continues = [Bool](repeating: false, count: count + 1)
        for line in document.paragraphContinuations { continues[line] = true }
        var floors = [Int](repeating: 0, count: count)
        var taskText = [Bool](repeating: false, count: count)
        for task in document.tasks {
            floors[task.line] = task.checkboxEnd + 1
            for line in task.line...task.textLastLine { taskText[line] = true }
        }
        self.continues = continues
        self.floors = floors
        self.taskText = taskText
    }

    /// What to do with line `index`'s trailing whitespace; nil when it has none or it must stay
    /// (code, HTML, front matter, or a hard break the formatter cannot rewrite safely).
    func fix(line index: Int) -> Fix? {
        let kind = document.kinds[index]
        switch kind {
        case .fenceContent, .indentedCode, .html, .frontMatter: return nil
        default: break
        }
        let bytes = document.bytes
        let line = document.lines[index]
        var end = line.contentEnd
        let floor = max(line.start, floors[index])
        while end > floor, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        guard end < line.contentEnd else { return nil }
        let endsInHardBreak = line.contentEnd - end >= 2
            && bytes[line.contentEnd - 1] == Byte.space && bytes[line.contentEnd - 2] == Byte.space
        let followedByText = continues[index + 1]
            || (kind == .setextText && document.kinds[index + 1] == .setextText)
        guard endsInHardBreak && followedByText else { return .remove(from: end) }
        // A hard line break: written as a backslash, unless the text could make the backslash
        // mean something else (an escape, a code span, raw HTML), or it is a task's text.
        let text = bytes[line.start..<end]
        guard kind == .paragraph, !taskText[index], end > line.start, bytes[end - 1] != Byte.backslash,
              !text.contains(Byte.backtick), !text.contains(Byte.less) else { return nil }
        return .hardBreak(from: end)
    }
}
