/// Merges the three versions of one task's checkbox line, part by part: the indentation and
/// marker, the status, the star, the words. A part one side changed takes that side's change,
/// so one person ticking a task and another re-wording it both apply. Two different statuses
/// resolve by a rule (done, then cancelled, then in progress, then open: the further along
/// wins); two different changes of the words merge word by word, and conflict only where both
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
            case 1: result += rank(ours.statusType) >= rank(theirs.statusType) ? o : t
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
    static func mergeWords(base: ArraySlice<UInt8>, ours: ArraySlice<UInt8>, theirs: ArraySlice<UInt8>,
                           oursWinsConflicts: Bool = false) -> [UInt8]? {
        let (b, o, t) = (tokens(base), tokens(ours), tokens(theirs))
        let (hb, ho, ht) = (b.map(ContentHash.of), o.map(ContentHash.of), t.map(ContentHash.of))
        var result: [UInt8] = []
        for chunk in Diff3.chunks(base: hb, ours: ho, theirs: ht) {
            let outcome: Diff3.Outcome = chunk.stable ? .ours : Diff3.outcome(chunk, base: hb, ours: ho, theirs: ht)
            switch outcome {
            case .ours, .same: for token in o[chunk.ours] { result += token }
            case .theirs: for token in t[chunk.theirs] { result += token }
            case .conflict:
                guard oursWinsConflicts else { return nil }
                for token in o[chunk.ours] { result += token }
            }
        }
        return result
    }

    /// Runs of spaces and runs of anything else, alternating.
    static func tokens(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        while start < text.endIndex {
            let space = Byte.isSpaceOrTab(text[start])
            var end = start + 1
            while end < text.endIndex, Byte.isSpaceOrTab(text[end]) == space { end += 1 }
            result.append(text[start..<end])
            start = end
        }
        return result
    }
}
