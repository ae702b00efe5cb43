extension Document {
    /// The lines of a task's notes: the non-blank lines of its block that are neither its text
    /// nor a subtask's (`tick note` writes them, `clearNotes` removes them).
    package func noteLines(of task: Task) -> [Int] {
        guard task.lastLine > task.textLastLine else { return [] }
        var lines: [Int] = []
        var line = task.textLastLine + 1
        // Subtasks in file order: each block is skipped whole.
        var children = subtasks(of: task).makeIterator()
        var child = children.next()
        while line <= task.lastLine {
            if let current = child, line >= current.line {
                line = current.lastLine + 1
                child = children.next()
                continue
            }
            if kinds[line] != .blank { lines.append(line) }
            line += 1
        }
        return lines
    }

    /// A task's notes as text, each line without its indentation (and the quote markers the task
    /// sits in). Shown by `tick show` and `list --notes`, and in JSON.
    /// The backslash `tick note` puts before a start Markdown would read as another block
    /// (`- \\- [ ] a`, `- 1\\. a`) is not shown, as GitHub does not show it.
    package func notes(of task: Task) -> [String] {
        // A merge conflict's marker line in the item (which ends the task's text) is no note.
        noteContents(of: task).filter { !ConflictMarkers.endsText(bytes, from: $0.startIndex, to: $0.endIndex) }
            .map { String(decoding: Self.withoutLeadingEscape($0), as: UTF8.self) }
    }

    /// A note's line without the backslash that keeps its text a paragraph: right after its
    /// bullet (or at its start), before ASCII punctuation, or after the digits of what would
    /// be an ordered list marker.
    static func withoutLeadingEscape(_ note: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = note.startIndex
        if note.count >= 2, [Byte.minus, Byte.star, Byte.plus].contains(note[text]), Byte.isSpaceOrTab(note[text + 1]) {
            text += 2
            while text < note.endIndex, Byte.isSpaceOrTab(note[text]) { text += 1 }
        }
        var escape = text
        while escape < note.endIndex, Byte.isDigit(note[escape]), escape - text < 9 { escape += 1 }
        guard escape + 1 < note.endIndex, note[escape] == Byte.backslash else { return note }
        let next = note[escape + 1]
        let escapes = escape == text ? Byte.isPunctuation(next) : next == Byte.dot || next == Byte.rightParen
        guard escapes else { return note }
        var shown = ArraySlice(note[..<escape])
        shown += note[(escape + 1)...]
        return shown
    }

    /// `notes(of:)` as the file's bytes.
    func noteContents(of task: Task) -> [ArraySlice<UInt8>] {
        // Most tasks have no note: asked for every task `--json` writes.
        guard task.lastLine > task.textLastLine else { return [] }
        return noteLines(of: task).compactMap { line in
            var content = content(ofLine: line)
            var quotes = task.quoteDepth
            while let first = content.first, Byte.isSpaceOrTab(first) || (first == 0x3E && quotes > 0) {
                if first == 0x3E { quotes -= 1 }
                content = content.dropFirst()
            }
            return content.isEmpty ? nil : content
        }
    }
}
