/// Edits of one task. Each returns the splices that make it, touching only the task's own lines;
/// bytes that the edit is not about (other text on the line, invalid UTF-8, trailing spaces) are
/// kept as they are.
public enum TaskEdits {
    /// Sets the status character between the brackets.
    public static func setStatus(_ task: Task, to status: TaskStatus, in document: Document) throws(EditError) -> [Splice] {
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
    public static func setImportant(_ task: Task, _ important: Bool, in document: Document) throws(EditError) -> [Splice] {
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
    public static func setDue(_ task: Task, to date: CivilDate?, in document: Document,
                              dialect: TaskField.Dialect = .tick) throws(EditError) -> [Splice] {
        try setField(.due, of: task, to: date.map { Array($0.description.utf8) }, in: document, dialect: dialect)
    }

    /// Sets, changes or (nil) removes one field of the task, as `setDue` does the due date.
    public static func setField(_ kind: TaskField.Kind, of task: Task, to value: [UInt8]?, in document: Document,
                                dialect: TaskField.Dialect = .tick) throws(EditError) -> [Splice] {
        var lines = TaskLines(task, in: document)
        let written = document.fields(of: task).dialect ?? dialect
        try lines.set(kind, to: value, dialect: written, key: written == .tick && value != nil ? document.tickKey(for: kind) : nil)
        return try ItemBoundary.checked(lines.splices, editing: task, in: document)
    }

    /// Sets the status and, with it, date fields (`done` when done, `cancelled` when cancelled,
    /// nil to remove one), in one change of the task's lines.
    public static func setStatus(_ task: Task, to status: TaskStatus, dates: [(TaskField.Kind, CivilDate?)],
                                 in document: Document, dialect: TaskField.Dialect) throws(EditError) -> [Splice] {
        var lines = TaskLines(task, in: document)
        for splice in try setStatus(task, to: status, in: document) where splice.lines == task.line..<(task.line + 1) {
            lines.replaceFirst(with: splice.replacement[0])
        }
        let written = document.fields(of: task).dialect ?? dialect
        for (kind, date) in dates {
            try lines.set(kind, to: date.map { Array($0.description.utf8) }, dialect: written,
                          key: written == .tick && date != nil ? document.tickKey(for: kind) : nil)
        }
        return try ItemBoundary.checked(lines.splices, editing: task, in: document)
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

    /// Replaces the task's text. Status and star stay, and so does what the old text says that
    /// the new one does not, kind by kind: each date, priority, recurrence or other field (in
    /// any dialect, as written) the new text has none of, and the old `#tags`, `+projects` and
    /// `@contexts` when the new text has none of that kind (new tags replace the old ones;
    /// `keepingTokens` keeps the old ones as well), and a block link (`^id`) that ended it.
    public static func setText(_ task: Task, to text: String, keepingTokens: Bool = false, in document: Document) throws(EditError) -> [Splice] {
        try TaskText.check(text)
        let old = document.textBytes(of: task)
        let oldFields = TaskFields.read(old)
        var pieces: [(at: Int, obsidian: Bool, bytes: [UInt8])] = []
        // A date typed as `add` takes it (`due:2026-12-01`) where the old text writes that date
        // in another dialect is written as the old text wrote it, where it wrote it: a `due:`
        // in the middle of an Obsidian task is a date Obsidian does not read.
        var typed = Array(text.trimmingSpaces.utf8)
        var respelled: [(kind: TaskField.Kind, value: [UInt8])] = []
        for field in TaskFields(typed[...]).fields.reversed() where field.dialect == .tick && field.kind.isDate {
            guard let before = oldFields.first(field.kind), before.dialect != .tick,
                  respelled.allSatisfy({ $0.kind != field.kind }) else { continue }
            let value = Array(typed[field.value])
            var cut = field.range
            if cut.upperBound < typed.count, Byte.isSpaceOrTab(typed[cut.upperBound]) {
                cut = cut.lowerBound..<(cut.upperBound + 1)
            } else if cut.lowerBound > 0, Byte.isSpaceOrTab(typed[cut.lowerBound - 1]) {
                cut = (cut.lowerBound - 1)..<cut.upperBound
            }
            typed.removeSubrange(cut)
            respelled.append((field.kind, value))
            pieces.append((before.range.lowerBound, before.dialect == .obsidian, TaskField.written(field.kind, value: value, in: before.dialect)))
        }
        let given = typed[...]
        let newTokens = TaskTokens(bytes: given)
        let newFields = TaskFields(given)
        func isNew(_ kind: TaskField.Kind) -> Bool { newFields.first(kind) != nil || respelled.contains { $0.kind == kind } }
        // What the old text says that the new one does not, each where it was in the old text:
        // a piece before the Obsidian fields that end the text, or one of them.
        var leading: [UInt8]? = nil
        for field in oldFields.fields where !isNew(field.kind) {
            let written = Array(old[(old.startIndex + field.range.lowerBound)..<(old.startIndex + field.range.upperBound)])
            // todo.txt's `(A)` belongs at the start.
            if field.kind == .priority, field.dialect == .tick, field.range.lowerBound == 0 { leading = written; continue }
            pieces.append((field.range.lowerBound, field.dialect == .obsidian, written))
        }
        let newKeys = Set(newTokens.fields.map(\.key))
        TaskTokens.forEachToken(old) { kind, name, value in
            let at = name.startIndex - old.startIndex
            switch kind {
            case .field:
                // Other `key:value` words, by key; not a piece of prose (`(ai:30m test:30m)`).
                let key = String(decoding: name, as: UTF8.self)
                guard !newKeys.contains(key), !TaskFields.isFieldKey(key), TaskTokens.isMetadataValue(value) else { return }
                pieces.append((at, false, Array(name) + [Byte.colon] + Array(value)))
            case .tag, .project, .context:
                // The old tags of a kind the new text has none of (`keepingTokens`: all of them).
                let (sigil, names) = kind == .tag ? (Byte.hash, newTokens.tags) : kind == .project ? (Byte.plus, newTokens.projects) : (Byte.at, newTokens.contexts)
                let written = String(decoding: name, as: UTF8.self)
                guard names.isEmpty || keepingTokens, !names.contains(written) else { return }
                pieces.append((at - 1, false, [sigil] + Array(name)))
            }
        }
        pieces.sort { $0.at < $1.at }
        // The new text's own Obsidian ending stays its end: the pieces that are not Obsidian
        // fields go before it (after it, they would make it text), the Obsidian ones after.
        let ending = newFields.fields.first { $0.dialect == .obsidian }.map { given.startIndex + $0.range.lowerBound } ?? given.endIndex
        var words: [ArraySlice<UInt8>] = [leading.map { $0[...] } ?? [], given[..<ending]]
        words += pieces.filter { !$0.obsidian }.map { $0.bytes[...] }
        words.append(given[ending...])
        words += pieces.filter { $0.obsidian }.map { $0.bytes[...] }
        // Obsidian's name for the line stays last, unless the new text names it.
        let oldText = Array(old)
        if let link = BlockLink.start(in: oldText, textStart: 0), BlockLink.start(in: Array(given), textStart: 0) == nil {
            words.append(oldText[link...])
        }
        var joined: [UInt8] = []
        for word in words {
            var word = word
            while let first = word.first, Byte.isSpaceOrTab(first) { word = word.dropFirst() }
            while let last = word.last, Byte.isSpaceOrTab(last) { word = word.dropLast() }
            guard !word.isEmpty else { continue }
            if !joined.isEmpty { joined.append(Byte.space) }
            joined += word
        }
        // Every field the new text gives, and every one kept, reads back as it was written.
        let read = TaskFields(joined[...])
        func value(_ field: TaskField, in text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)]
        }
        let wanted = newFields.fields.map { ($0.kind, value($0, in: given)) } + respelled.map { ($0.kind, $0.value[...]) }
            + oldFields.fields.filter { !isNew($0.kind) }.map { ($0.kind, value($0, in: old)) }
        if let lost = wanted.first(where: { kind, written in !read.fields.contains { $0.kind == kind && value($0, in: joined[...]).elementsEqual(written) } }) {
            throw .invalidText("the new text would not leave the task's \(lost.0.title) '\(String(decoding: lost.1, as: UTF8.self))' readable where the fields around it are written, so nothing was written; give it in the new text")
        }
        let line = document.lines[task.line]
        var end = line.contentEnd
        while end > task.textStart, Byte.isSpaceOrTab(document.bytes[end - 1]) { end -= 1 }
        var content = Array(document.bytes[line.start..<task.textStart])
        let newText = joined
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
    public var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
