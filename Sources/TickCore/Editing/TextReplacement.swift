/// The text `tick edit` writes in place of a task's: the new text, and what the old text says
/// that the new one does not, kind by kind: each date, priority, recurrence or other field (in
/// any dialect, as written) the new text has none of; the old `#tags`, `+projects` and
/// `@contexts` when the new text has none of that kind (new tags replace the old ones;
/// `keepingTokens` keeps the old ones as well); and a block link (`^id`) that ended it.
///
/// What is kept stays where the old text said it, so that Obsidian fields that ended the old
/// text still end the new one (after a `+project`, they would be text). The new text's own
/// Obsidian ending stays its end. A date typed as `add` takes it (`due:2026-12-01`), where the
/// old text wrote that date in another dialect, is written in that dialect and place. Every
/// field given and kept must read back, or nothing is written.
enum TextReplacement {
    /// A piece of the new text taken from the old one: where it was there, whether it is an
    /// Obsidian field (those go after the new text's own Obsidian ending), and its bytes.
    private struct Piece {
        let at: Int
        let obsidian: Bool
        let bytes: [UInt8]
    }

    /// `oldFields`: the fields of `old`, as the task's document reads them (`Document.fields(of:)`).
    static func text(_ text: String, replacing old: ArraySlice<UInt8>, fields oldFields: TaskFields, keepingTokens: Bool) throws(EditError) -> [UInt8] {
        var pieces: [Piece] = []
        let (given, respelled) = respelling(text, as: oldFields, into: &pieces)
        let newFields = TaskFields(given)
        func isNew(_ kind: TaskField.Kind) -> Bool { newFields.first(kind) != nil || respelled.contains { $0.kind == kind } }
        let leading = kept(from: old, fields: oldFields, isNew: isNew, tokensBeside: TaskTokens(bytes: given), keepingTokens: keepingTokens,
                           into: &pieces)
        pieces.sort { $0.at < $1.at }
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
        let joined = joining(words)
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
        return joined
    }

    /// The new text without the dates typed in tick's dialect that the old text wrote in
    /// another (`due:` in the middle of an Obsidian task is a date Obsidian does not read):
    /// each becomes a piece written as the old one was, where it was.
    private static func respelling(_ text: String, as oldFields: TaskFields,
                                   into pieces: inout [Piece]) -> (ArraySlice<UInt8>, [(kind: TaskField.Kind, value: [UInt8])]) {
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
            pieces.append(Piece(at: before.range.lowerBound, obsidian: before.dialect == .obsidian,
                                bytes: TaskField.written(field.kind, value: value, in: before.dialect)))
        }
        return (typed[...], respelled)
    }

    /// The pieces of the old text the new one keeps: its fields of kinds the new text does
    /// not give, its other `key:value` words, and its tags of kinds the new text has none of.
    /// Returns a todo.txt priority that opened the old text, which opens the new one too.
    private static func kept(from old: ArraySlice<UInt8>, fields oldFields: TaskFields, isNew: (TaskField.Kind) -> Bool,
                             tokensBeside newTokens: TaskTokens, keepingTokens: Bool, into pieces: inout [Piece]) -> [UInt8]? {
        var leading: [UInt8]?
        for field in oldFields.fields where !isNew(field.kind) {
            let written = Array(old[(old.startIndex + field.range.lowerBound)..<(old.startIndex + field.range.upperBound)])
            if field.kind == .priority, field.dialect == .tick, field.range.lowerBound == 0 { leading = written; continue }
            pieces.append(Piece(at: field.range.lowerBound, obsidian: field.dialect == .obsidian, bytes: written))
        }
        let newKeys = Set(newTokens.fields.map(\.key))
        TaskTokens.forEachToken(old) { kind, name, value in
            let at = name.startIndex - old.startIndex
            switch kind {
            case .field:
                // Other `key:value` words, by key; not a piece of prose (`(ai:30m test:30m)`).
                let key = String(decoding: name, as: UTF8.self)
                guard !newKeys.contains(key), !TaskFields.isFieldKey(key), TaskTokens.isMetadataValue(value) else { return }
                pieces.append(Piece(at: at, obsidian: false, bytes: Array(name) + [Byte.colon] + Array(value)))
            case .tag, .project, .context:
                let (sigil, names) = kind == .tag ? (Byte.hash, newTokens.tags) : kind == .project ? (Byte.plus, newTokens.projects) : (Byte.at, newTokens.contexts)
                let written = String(decoding: name, as: UTF8.self)
                guard names.isEmpty || keepingTokens, !names.contains(written) else { return }
                pieces.append(Piece(at: at - 1, obsidian: false, bytes: [sigil] + Array(name)))
            }
        }
        return leading
    }

    /// The words, trimmed, one space between them; empty ones left out.
    private static func joining(_ words: [ArraySlice<UInt8>]) -> [UInt8] {
        var joined: [UInt8] = []
        for word in words {
            var word = word
            while let first = word.first, Byte.isSpaceOrTab(first) { word = word.dropFirst() }
            while let last = word.last, Byte.isSpaceOrTab(last) { word = word.dropLast() }
            guard !word.isEmpty else { continue }
            if !joined.isEmpty { joined.append(Byte.space) }
            joined += word
        }
        return joined
    }
}
