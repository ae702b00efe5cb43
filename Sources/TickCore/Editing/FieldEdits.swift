/// Setting, changing and removing one field of a task's line, in the dialect it is written in.
package enum FieldEdits {
    /// `content` (a line holding task text from `textStart` on) with the first field of `kind`
    /// given `value` (its dialect kept), or, without one, `value` added at the end of the text
    /// in `dialect` (before the Obsidian fields that end it, or before the last field, when a
    /// field would read the new word as part of its value); with `value` nil, every field of
    /// `kind` removed with the space beside it.
    ///
    /// Nil when the value cannot be written so that the text reads it back: the edit would
    /// say it set a field the task then does not have.
    /// `key`: the key a new field in tick's dialect is written with (`TaskField.written`).
    /// `textFollows`: the task's text goes on after this line (`TaskFields.init(_:textFollows:)`).
    package static func line(_ content: [UInt8], textStart: Int, kind: TaskField.Kind, value: [UInt8]?,
                            dialect: TaskField.Dialect, key: [UInt8]? = nil, textFollows: Bool = false) -> [UInt8]? {
        guard let value else { return removing(kind, from: content, textStart: textStart, textFollows: textFollows) }
        let old = TaskFields(content[textStart...], textFollows: textFollows)
        let others = old.fields.count { $0.kind != kind }
        /// Whether `edited` reads `value` as its first field of `kind`, and every other field
        /// as before: a word added after Obsidian fields would make them text.
        func keeps(_ edited: [UInt8]) -> Bool {
            let text = edited[textStart...]
            let fields = TaskFields(text, textFollows: textFollows)
            guard let field = fields.first(kind),
                  text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)].elementsEqual(value)
            else { return false }
            return fields.fields.count { $0.kind != kind } == others && fields.unread.count <= old.unread.count
        }
        if let field = old.first(kind) {
            var before = Array(content[..<(textStart + field.value.lowerBound)])
            if field.value.isEmpty, field.dialect == .obsidian { before.append(Byte.space) }
            let after = content[(textStart + field.value.upperBound)...]
            let replaced = before + value + after
            if keeps(replaced) { return replaced }
            // An empty field glued to the next one (`📅📅 2025-01-05`): the value written into
            // it would run on into that one, so a space keeps them apart.
            let spaced = before + value + [Byte.space] + after
            return keeps(spaced) ? spaced : nil
        }
        // A date written as a wiki link (`📅 [[2024-03-01]]`, as Obsidian Kanban writes), which
        // is no date to Obsidian Tasks or tick (lint says so): the date set takes the link's
        // place, not a second marker beside it.
        if kind.isDate, let link = old.unread.first(where: { $0.kind == kind }), let end = linkEnd(in: content, from: textStart + link.value.lowerBound) {
            let replaced = Array(content[..<(textStart + link.value.lowerBound)]) + value + content[end...]
            if keeps(replaced) { return replaced }
        }
        let word = TaskField.written(kind, value: value, in: dialect, key: key)
        let appended = appending(word, to: content, textStart: textStart)
        if keeps(appended) { return appended }
        // A field whose value runs on takes in the words after it: an Obsidian rule
        // (`🔁 every week due` before the `:`), or an empty Dataview field (`due::` takes the
        // next word); and a word of another dialect after Obsidian fields makes them text. The
        // word goes before the Obsidian fields that end the text instead, else before the last
        // field.
        let fields = old.fields
        let obsidianTail = fields.indices.last(where: { fields[$0].dialect != .obsidian }).map { $0 + 1 } ?? fields.indices.first
        for index in [obsidianTail, fields.indices.last] {
            guard let index, index < fields.count else { continue }
            let at = textStart + fields[index].range.lowerBound
            // A word, so a space before it too where the field is glued to what precedes it.
            let space: [UInt8] = at > textStart && !Byte.isSpaceOrTab(content[at - 1]) ? [Byte.space] : []
            let inserted = Array(content[..<at]) + space + word + [Byte.space] + content[at...]
            if keeps(inserted) { return inserted }
        }
        return nil
    }

    /// Where a wiki link that starts at `start` (`[[…]]`, on one line) ends.
    private static func linkEnd(in content: [UInt8], from start: Int) -> Int? {
        guard content[start...].starts(with: [Byte.leftBracket, Byte.leftBracket]) else { return nil }
        var index = start + 2
        while index + 1 < content.count {
            if content[index] == Byte.rightBracket, content[index + 1] == Byte.rightBracket { return index + 2 }
            index += 1
        }
        return nil
    }

    /// Whether the text from `textStart` holds a field of `kind`.
    package static func has(_ kind: TaskField.Kind, in content: [UInt8], textStart: Int, textFollows: Bool = false) -> Bool {
        TaskFields(content[textStart...], textFollows: textFollows).first(kind) != nil
    }

    /// A word added at the end of the text, before any trailing whitespace, after one space;
    /// before a block link (`^id`, Obsidian's name for the line) that ends the text, which
    /// must stay last for Obsidian to read it.
    static func appending(_ word: [UInt8], to content: [UInt8], textStart: Int) -> [UInt8] {
        if let link = BlockLink.start(in: content, textStart: textStart) {
            return Array(content[..<link]) + word + [Byte.space] + content[link...]
        }
        var end = content.count
        while end > textStart, Byte.isSpaceOrTab(content[end - 1]) { end -= 1 }
        var result = Array(content[..<end])
        if let last = result.last, !Byte.isSpaceOrTab(last) { result.append(Byte.space) }
        result += word
        result += content[end...]
        return result
    }

    static func removing(_ kind: TaskField.Kind, from line: [UInt8], textStart start: Int, textFollows: Bool = false) -> [UInt8] {
        var content = line
        while let field = TaskFields(content[start...], textFollows: textFollows).first(kind) {
            var cut = (start + field.range.lowerBound)..<(start + field.range.upperBound)
            if cut.lowerBound == start || !Byte.isSpaceOrTab(content[cut.lowerBound - 1]) {
                // The first word of the text: drop it and the spaces after it, so the space
                // that separates the checkbox from the text stays.
                var after = cut.upperBound
                while after < content.count, Byte.isSpaceOrTab(content[after]) { after += 1 }
                cut = cut.lowerBound..<after
            } else {
                // Later in the text: drop it and the one space before it.
                cut = (cut.lowerBound - 1)..<cut.upperBound
            }
            content.removeSubrange(cut)
        }
        return content
    }
}
