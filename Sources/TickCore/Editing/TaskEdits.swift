/// Edits of one task. Each returns the splices that make it, touching only the task's own lines;
/// bytes that the edit is not about (other text on the line, invalid UTF-8, trailing spaces) are
/// kept as they are.
package enum TaskEdits {
    /// Sets the status character between the brackets.
    package static func setStatus(_ task: Task, to status: TaskStatus, in document: Document) throws(EditError) -> [Splice] {
        let line = document.lines[task.line]
        let current = document.bytes[(task.checkboxStart + 1)..<(task.checkboxEnd - 1)]
        // `[X]` is already done: leave the user's spelling alone, and write done as the file does.
        if TaskStatus(statusBytes: current) == status { return [] }
        let wanted = status == .done ? [document.doneLetter()] : Array(status.character.utf8)
        var content = Array(document.bytes[line.start..<(task.checkboxStart + 1)])
        content += wanted
        content += document.bytes[(task.checkboxEnd - 1)..<line.contentEnd]
        // A status GitHub shows as text fills the item; one it draws as a box may empty it.
        return try ItemBoundary.checked([.replace(line: task.line, with: content)], editing: task, in: document)
    }

    /// Adds or removes the star (`* ` right after the checkbox).
    package static func setImportant(_ task: Task, _ important: Bool, in document: Document) throws(EditError) -> [Splice] {
        guard task.important != important else { return [] }
        let line = document.lines[task.line]
        var content: [UInt8]
        if important {
            content = Array(document.bytes[line.start..<task.textStart])
            content += Array("* ".utf8)
            content += document.bytes[task.textStart..<line.contentEnd]
            if task.textStart == line.contentEnd { content.removeLast() }
        } else {
            var star = task.checkboxEnd
            while document.bytes[star] != Byte.star { star += 1 }
            content = Array(document.bytes[line.start..<star])
            // Text that is itself a lone `*` would read as the star once the star goes: escape
            // it (`\*` shows as `*`).
            let text = document.bytes[task.textStart..<line.contentEnd]
            if text.first == Byte.star, text.count == 1 || Byte.isSpaceChar(text[text.startIndex + 1]) {
                content.append(Byte.backslash)
            }
            content += text
        }
        return try ItemBoundary.checked([.replace(line: task.line, with: content)], editing: task, in: document)
    }

    /// Sets or changes the `due:` token (the first one, which is the task's date), or with nil
    /// removes every `due:` token, so that no later one becomes the date.
    /// Sets, changes or (nil) removes the task's due date. A due field in any dialect is
    /// changed in place, in its dialect; a task without one gets one in the dialect its other
    /// fields use, else in `dialect` (the file's, see `FieldUsage`).
    /// `spelling`: the file's, when worked out already for an edit of many tasks.
    package static func setDue(_ task: Task, to date: CivilDate?, in document: Document,
                              dialect: TaskField.Dialect = .tick, spelling: FileSpelling? = nil) throws(EditError) -> [Splice] {
        try setField(.due, of: task, to: date.map { Array($0.description.utf8) }, in: document, dialect: dialect, spelling: spelling)
    }

    /// Sets, changes or (nil) removes one field of the task, as `setDue` does the due date.
    package static func setField(_ kind: TaskField.Kind, of task: Task, to value: [UInt8]?, in document: Document,
                                dialect: TaskField.Dialect = .tick, spelling: FileSpelling? = nil) throws(EditError) -> [Splice] {
        var lines = TaskLines(task, in: document)
        let written = document.fields(of: task).dialect ?? dialect
        try lines.set(kind, to: value, dialect: written, key: written == .tick && value != nil ? key(for: kind, in: document, spelling) : nil)
        return try ItemBoundary.checked(lines.splices, editing: task, in: document)
    }

    /// Sets the status and, with it, date fields (`done` when done, `cancelled` when cancelled,
    /// nil to remove one), in one change of the task's lines.
    package static func setStatus(_ task: Task, to status: TaskStatus, dates: [(TaskField.Kind, CivilDate?)],
                                 in document: Document, dialect: TaskField.Dialect, spelling: FileSpelling? = nil) throws(EditError) -> [Splice] {
        var lines = TaskLines(task, in: document)
        for splice in try setStatus(task, to: status, in: document) where splice.lines == task.line..<(task.line + 1) {
            lines.replaceFirst(with: splice.replacement[0])
        }
        let written = document.fields(of: task).dialect ?? dialect
        for (kind, date) in dates {
            try lines.set(kind, to: date.map { Array($0.description.utf8) }, dialect: written,
                          key: written == .tick && date != nil ? key(for: kind, in: document, spelling) : nil)
        }
        return try ItemBoundary.checked(lines.splices, editing: task, in: document)
    }

    /// The key the file writes fields of `kind` with in tick's dialect (`Document.tickKey`),
    /// from `spelling` when an edit of many tasks has read it once for all of them.
    private static func key(for kind: TaskField.Kind, in document: Document, _ spelling: FileSpelling?) -> [UInt8]? {
        spelling.map { $0.key(for: kind) } ?? document.tickKey(for: kind)
    }

    /// Where the task's text starts on one of its text lines (a wrapped line's indentation is
    /// not text).
    static func textStart(ofLine lineIndex: Int, of task: Task, in document: Document) -> Int {
        guard lineIndex != task.line else { return task.textStart }
        let line = document.lines[lineIndex]
        var start = line.start
        while start < line.contentEnd, Byte.isSpaceOrTab(document.bytes[start]) { start += 1 }
        return start
    }

    /// Replaces the task's text with `text` and what the old text says that it does not
    /// (`TextReplacement`). Status and star stay; wrapped lines of the old text go.
    package static func setText(_ task: Task, to text: String, keepingTokens: Bool = false, in document: Document) throws(EditError) -> [Splice] {
        try TaskText.check(text)
        let newText = try TextReplacement.text(text, replacing: document.textBytes(of: task), fields: document.fields(of: task),
                                                  keepingTokens: keepingTokens)
        let line = document.lines[task.line]
        var end = line.contentEnd
        while end > task.textStart, Byte.isSpaceOrTab(document.bytes[end - 1]) { end -= 1 }
        var content = Array(document.bytes[line.start..<task.textStart])
        // A star that ended the line needs a space before the text, or it stops being the star.
        if !newText.isEmpty, let last = content.last, !Byte.isSpaceChar(last) { content.append(Byte.space) }
        content += newText
        content += document.bytes[end..<line.contentEnd]
        // Wrapped lines of the old text go: the new text is one line.
        return try ItemBoundary.checked([Splice(lines: task.line..<(task.textLastLine + 1), replacement: [content])],
                                        editing: task, in: document)
    }
}

extension String {
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
