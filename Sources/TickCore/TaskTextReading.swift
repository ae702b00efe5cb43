/// A task's text and what is read from it, through the document that holds it: a task is a
/// record of places (`Task.textLocation`), its text the document's.
extension Document {
    /// The task's text as bytes: a view onto the document's bytes for a one-line task (no
    /// copy, no String until one is asked for), wrapped lines joined by a space otherwise.
    package func textBytes(of task: Task) -> ArraySlice<UInt8> {
        let location = task.textLocation
        return location.isJoined ? joinedTexts[location.range] : bytes[location.range]
    }

    /// Calls `body` with the task's text as a buffer (no slice made, no reference counted).
    package func withTextBytes<Result>(of task: Task, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let location = task.textLocation
        let storage = location.isJoined ? joinedTexts : bytes
        return try storage.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[location.range]))
        }
    }

    /// The task's text: everything after the checkbox and star, wrapped lines joined by a
    /// space. Bytes that are not UTF-8 read as U+FFFD.
    public func text(of task: Task) -> String {
        String(decoding: textBytes(of: task), as: UTF8.self)
    }

    /// Every field of the task's text, in every dialect, read on demand: the one place a
    /// task's fields are read after the parse. A wrapped task's first line is read as Obsidian
    /// Tasks reads the task (`TaskFields.init(_:firstLineEnd:)`).
    package func fields(of task: Task) -> TaskFields { TaskFields(textBytes(of: task), firstLineEnd: firstLineEnd(of: task)) }

    /// Where the part of a wrapped task's text on its first line ends in the joined text (nil
    /// for a task of one line): that line's text without its trailing spaces, as the parse
    /// joins it.
    func firstLineEnd(of task: Task) -> Int? {
        guard task.textLocation.isJoined else { return nil }
        var end = lines[task.line].contentEnd
        while end > task.textStart, Byte.isSpaceChar(bytes[end - 1]) { end -= 1 }
        return end - task.textStart
    }

    /// When the task was closed, as it records it: its done date, else its cancelled date.
    package func closedDate(of task: Task) -> CivilDate? {
        guard task.fieldKinds.contains(.done) || task.fieldKinds.contains(.cancelled) else { return nil }
        let text = textBytes(of: task)
        let fields = fields(of: task)
        return fields.date(.done, in: text) ?? fields.date(.cancelled, in: text)
    }

    /// Whether the task waits: still to do, with a start date after `today`. A task started
    /// or closed waits for nothing, whatever its start date says; its fields are read only
    /// when it has one.
    package func waits(_ task: Task, today: CivilDate) -> Bool {
        guard task.statusType == .todo, task.fieldKinds.contains(.start),
              let start = fields(of: task).date(.start, in: textBytes(of: task)) else { return false }
        return start > today
    }

    /// The task's due field's value as written, valid or not.
    package func dueValue(of task: Task) -> String? {
        guard let value = task.dueValueRange else { return nil }
        let text = textBytes(of: task)
        return String(decoding: text[(text.startIndex + value.lowerBound)..<(text.startIndex + value.upperBound)], as: UTF8.self)
    }

    /// What showing the task's text without its due date cuts, as offsets into the text: the
    /// due field and one space beside it (after it, or before it at the end).
    package func dueCut(of task: Task) -> Range<Int>? {
        guard let field = task.dueFieldRange else { return nil }
        return Self.cut(field, in: textBytes(of: task))
    }

    /// A field's `range` of `text` (offsets from its start) with one space beside it: what a
    /// row leaves out of the text to show the field in words.
    static func cut(_ range: Range<Int>, in text: ArraySlice<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        let start = text.startIndex
        if upper < text.count, text[start + upper] == Byte.space {
            upper += 1
        } else if lower > 0, text[start + lower - 1] == Byte.space {
            lower -= 1
        }
        return lower..<upper
    }

    /// Whether `other` holds the same tasks, text for text: what an edit's result is checked
    /// against (the joined texts of two documents that read the same may lie in different
    /// orders, so the texts are compared, not their places).
    func hasSameTasks(as other: Document) -> Bool {
        guard tasks.count == other.tasks.count else { return false }
        for (mine, theirs) in zip(tasks, other.tasks) {
            guard mine.withoutJoinedPlace == theirs.withoutJoinedPlace, textBytes(of: mine) == other.textBytes(of: theirs) else { return false }
        }
        return true
    }
}

extension Document {
    /// Where byte `offset` of the task's text is in the file: its line and byte offset. A
    /// wrapped task's text joins its lines' parts with single spaces; each part is found again
    /// on its line by its bytes. Nil when a part is not where its line's text starts (a line
    /// under a block quote's markers), or the offset is a joining space.
    func filePlace(ofTextOffset offset: Int, of task: Task) -> (line: Int, offset: Int)? {
        let text = textBytes(of: task)
        guard task.textLocation.isJoined else { return (task.line, text.startIndex + offset) }
        var position = 0
        for line in task.line...task.textLastLine {
            let start = TaskEdits.textStart(ofLine: line, of: task, in: self)
            let part = DocumentBuilder.trimmed(bytes[start..<lines[line].contentEnd])
            if part.isEmpty { continue }
            if position > 0 { position += 1 }
            guard position + part.count <= text.count,
                  text[(text.startIndex + position)..<(text.startIndex + position + part.count)].elementsEqual(part) else { return nil }
            if offset < position + part.count { return offset >= position ? (line, part.startIndex + offset - position) : nil }
            position += part.count
        }
        return nil
    }
}
