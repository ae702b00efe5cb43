/// Merges the three versions of one task's checkbox line, part by part: the indentation and
/// marker, the status, the star, the words. A part one side changed takes that side's change,
/// so one person ticking a task and another re-wording it both apply. Two different statuses
/// that both move the task forward keep the further along (done or cancelled, then in
/// progress, then open); done against cancelled, or a reopening against another change, is a
/// conflict. Two different changes of the words merge word by word, and conflict only where both
/// changed the same words (two due dates, two wordings), except that two sides that both
/// completed (or cancelled) the task keep ours' words where they differ (two done dates).
enum TaskLineMerge {
    /// One version of the line: its bytes, split where the task's parts meet.
    struct Version {
        let bytes: ArraySlice<UInt8>
        let statusType: StatusType
        /// Indentation, marker and `[`; the status; `]` and the star up to the words; the words;
        /// the line ending.
        let parts: [ArraySlice<UInt8>]

        init(_ task: Task, in document: borrowing Document) {
            let line = document.lines[task.line]
            let bytes = document.bytes
            let textStart = min(max(task.textStart, task.checkboxEnd), line.contentEnd)
            self.bytes = bytes[line.fullRange]
            statusType = task.statusType
            parts = [bytes[line.start..<(task.checkboxStart + 1)],
                     bytes[(task.checkboxStart + 1)..<(task.checkboxEnd - 1)],
                     bytes[(task.checkboxEnd - 1)..<textStart],
                     bytes[textStart..<line.contentEnd],
                     bytes[line.contentEnd..<line.end]]
        }
    }

    /// The merged line, or nil when both sides changed the same words differently.
    static func merge(base: Version, ours: Version, theirs: Version) -> [UInt8]? {
        if ours.bytes.elementsEqual(base.bytes) { return Array(theirs.bytes) }
        if theirs.bytes.elementsEqual(base.bytes) || ours.bytes.elementsEqual(theirs.bytes) { return Array(ours.bytes) }
        var result: [UInt8] = []
        for part in base.parts.indices {
            let (b, o, t) = (base.parts[part], ours.parts[part], theirs.parts[part])
            if o.elementsEqual(b) { result += t; continue }
            if t.elementsEqual(b) || o.elementsEqual(t) { result += o; continue }
            switch part {
            case 1:
                // Two moves forward (started and done, say) keep the further; two closings of
                // different kinds, or a reopening against another change, are a conflict.
                let (from, mine, yours) = (rank(base.statusType), rank(ours.statusType), rank(theirs.statusType))
                if ours.statusType == theirs.statusType {
                    result += o
                } else if mine > from, yours > from, !(ours.statusType.isClosed && theirs.statusType.isClosed) {
                    result += mine >= yours ? o : t
                } else {
                    return nil
                }
            case 3:
                // Both closed the task the same way (each with its own done date, say): one
                // completion, ours, with the rest of both sides' words merged.
                let bothClosed = ours.statusType == theirs.statusType && ours.statusType.isClosed && base.statusType != ours.statusType
                guard let words = mergeWords(base: b, ours: o, theirs: t, oursWinsConflicts: bothClosed) else { return nil }
                result += words
            default: result += o
            }
        }
        return result
    }

    /// How far along a status is, for the rule that settles two different ones.
    static func rank(_ type: StatusType) -> Int {
        switch type {
        case .todo: return 0
        case .doing: return 1
        case .cancelled: return 2
        case .done: return 3
        }
    }

    /// A three-way merge of the words (and the spaces between them); nil on a conflict.
    ///
    /// A field (`due:2026-12-01`, `📅 2026-12-01`, `[due:: 2026-12-01]`, a priority, a
    /// recurrence) is one token, known by its kind and place among the fields of that kind,
    /// whatever its value and dialect: a side that changes a field's value changes that token alone,
    /// and the values merge on their own (one side postponing, the other adding a done date,
    /// both apply). A field one side changed and the other removed is a conflict.
    static func mergeWords(base: ArraySlice<UInt8>, ours: ArraySlice<UInt8>, theirs: ArraySlice<UInt8>,
                           oursWinsConflicts: Bool = false) -> [UInt8]? {
        var b = WordTokens(base)
        var o = WordTokens(ours), t = WordTokens(theirs)
        // A field one side removed and the other left as it was goes before the words merge:
        // a word added beside it is no conflict.
        for key in b.fields.keys {
            let (inOurs, inTheirs) = (o.fields[key], t.fields[key])
            if inOurs == nil, let kept = inTheirs, kept.elementsEqual(b.fields[key]!) {
                b.remove(key)
                t.remove(key)
            } else if inTheirs == nil, let kept = inOurs, kept.elementsEqual(b.fields[key]!) {
                b.remove(key)
                o.remove(key)
            }
        }
        // Fields a side added at the end of the text are written after the merged words, ours
        // first: a done date added beside a changed word is no conflict.
        let (oursAdded, theirsAdded) = (o.takeAddedFieldsAtEnd(base: b), t.takeAddedFieldsAtEnd(base: b))
        let (hb, ho, ht) = (b.hashes(base: b, other: nil), o.hashes(base: b, other: t), t.hashes(base: b, other: o))
        var result: [UInt8] = []
        /// A token as the merge writes it: a field all three share with both sides' changes of
        /// its value merged; false when both changed it differently.
        func write(_ tokens: WordTokens, _ index: Int, hash: UInt64) -> Bool {
            let token = tokens.tokens[index]
            guard let key = token.field, hash == WordTokens.hash(key) else {
                result += token.bytes
                return true
            }
            let baseValue = b.fields[key] ?? token.bytes
            let oursValue = o.fields[key] ?? baseValue, theirsValue = t.fields[key] ?? baseValue
            if oursValue.elementsEqual(baseValue) { result += theirsValue; return true }
            if theirsValue.elementsEqual(baseValue) || oursValue.elementsEqual(theirsValue) || oursWinsConflicts {
                result += oursValue
                return true
            }
            return false
        }
        // Changes of the two sides must have a word both kept between them: two changes only
        // spaces apart change one phrase two ways.
        var lastChange: Diff3.Outcome?
        var wordBetween = false
        for chunk in Diff3.chunks(base: hb, ours: ho, theirs: ht) {
            var outcome: Diff3.Outcome = chunk.stable ? .ours : Diff3.outcome(chunk, base: hb, ours: ho, theirs: ht)
            if chunk.stable {
                if chunk.base.contains(where: { !b.tokens[$0].isSpace }) { wordBetween = true }
            } else if outcome == .ours || outcome == .theirs {
                if let last = lastChange, last != outcome, !wordBetween { outcome = .conflict }
                lastChange = outcome
                wordBetween = false
            }
            switch outcome {
            case .ours, .same: for index in chunk.ours { guard write(o, index, hash: ho[index]) else { return nil } }
            case .theirs: for index in chunk.theirs { guard write(t, index, hash: ht[index]) else { return nil } }
            case .conflict:
                guard oursWinsConflicts else { return nil }
                for index in chunk.ours { guard write(o, index, hash: ho[index]) else { return nil } }
            }
        }
        // Both sides' new fields, ours first, in the order of their kinds (a due date before a
        // done date), as one side alone would have written them.
        var added = oursAdded
        for field in theirsAdded {
            if let mine = oursAdded.first(where: { $0.key == field.key })?.bytes {
                if mine.field.elementsEqual(field.bytes.field) || oursWinsConflicts { continue }
                return nil
            }
            added.append(field)
        }
        let order = Dictionary(uniqueKeysWithValues: TaskField.Kind.allCases.enumerated().map { ($1, $0) })
        for field in added.enumerated().sorted(by: { (order[$0.element.key.kind]!, $0.offset) < (order[$1.element.key.kind]!, $1.offset) }) {
            result += field.element.bytes.space + field.element.bytes.field
        }
        return result
    }

    /// A task's words as the merge reads them: runs of spaces, runs of anything else, and whole
    /// fields.
    struct WordTokens {
        /// A field as the merge knows it: by its kind, in any dialect (`due:` on one side and
        /// `📅` on the other are one field given two values), and its place among the fields
        /// of that kind.
        struct FieldKey: Hashable {
            let kind: TaskField.Kind
            let ordinal: Int
        }

        struct Token {
            let bytes: ArraySlice<UInt8>
            /// The field it is, if it is one.
            let field: FieldKey?
            var isSpace: Bool { field == nil && bytes.first.map(Byte.isSpaceOrTab) == true }
        }

        private(set) var tokens: [Token]
        /// Each field's bytes by its key.
        private(set) var fields: [FieldKey: ArraySlice<UInt8>]

        /// Takes out the field `key` with the spaces before it (after it, when it comes first).
        mutating func remove(_ key: FieldKey) {
            guard let index = tokens.firstIndex(where: { $0.field == key }) else { return }
            if index > 0, tokens[index - 1].isSpace {
                tokens.removeSubrange((index - 1)...index)
            } else if index + 1 < tokens.count, tokens[index + 1].isSpace {
                tokens.removeSubrange(index...(index + 1))
            } else {
                tokens.remove(at: index)
            }
            fields[key] = nil
        }

        /// Takes off the fields at the end of the text whose key the ancestor lacks, each with
        /// the spaces before it, in text order.
        mutating func takeAddedFieldsAtEnd(base: WordTokens) -> [(key: FieldKey, bytes: (space: ArraySlice<UInt8>, field: ArraySlice<UInt8>))] {
            var taken: [(key: FieldKey, bytes: (space: ArraySlice<UInt8>, field: ArraySlice<UInt8>))] = []
            while tokens.count >= 2, let key = tokens[tokens.count - 1].field, base.fields[key] == nil, tokens[tokens.count - 2].isSpace {
                taken.append((key, (tokens[tokens.count - 2].bytes, tokens[tokens.count - 1].bytes)))
                fields[key] = nil
                tokens.removeLast(2)
            }
            return taken.reversed()
        }

        init(_ text: ArraySlice<UInt8>) {
            let read = TaskFields(text).fields
            var tokens: [Token] = []
            var fields: [FieldKey: ArraySlice<UInt8>] = [:]
            var seen: [FieldKey: Int] = [:]
            var start = text.startIndex, next = 0
            while start < text.endIndex {
                if next < read.count, read[next].range.lowerBound + text.startIndex == start {
                    let field = read[next]
                    let counter = FieldKey(kind: field.kind, ordinal: 0)
                    let key = FieldKey(kind: field.kind, ordinal: seen[counter, default: 0])
                    seen[counter, default: 0] += 1
                    let bytes = text[start..<(field.range.upperBound + text.startIndex)]
                    tokens.append(Token(bytes: bytes, field: key))
                    fields[key] = bytes
                    start = bytes.endIndex
                    next += 1
                    continue
                }
                while next < read.count, read[next].range.lowerBound + text.startIndex < start { next += 1 }
                let limit = next < read.count ? read[next].range.lowerBound + text.startIndex : text.endIndex
                let space = Byte.isSpaceOrTab(text[start])
                var end = start + 1
                while end < limit, Byte.isSpaceOrTab(text[end]) == space { end += 1 }
                tokens.append(Token(bytes: text[start..<end], field: nil))
                start = end
            }
            self.tokens = tokens
            self.fields = fields
        }

        /// A field known by its key alone: its value may differ.
        static func hash(_ key: FieldKey) -> UInt64 {
            ContentHash.of(Array("\(key.kind.rawValue) \(key.ordinal)".utf8)) | 1
        }

        /// The hashes the three-way merge compares: a word by its bytes; a field by its key
        /// when the ancestor has it and the other side has it too or this side left it as it
        /// was (its value merges on its own), else by its key and bytes (a new field, or one
        /// changed here and removed there: a change the merge sees).
        func hashes(base: WordTokens, other: WordTokens?) -> [UInt64] {
            tokens.map { token in
                guard let key = token.field else { return ContentHash.of(token.bytes) & ~1 }
                guard let other else { return Self.hash(key) }
                if let original = base.fields[key], other.fields[key] != nil || token.bytes.elementsEqual(original) { return Self.hash(key) }
                return (ContentHash.of(token.bytes) ^ Self.hash(key)) & ~1
            }
        }
    }
}
