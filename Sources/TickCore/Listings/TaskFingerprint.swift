/// What identifies a task across edits of its line: a hash of its text without its dates.
///
/// Status, star and dates (due, scheduled, start, created, done, cancelled, in any dialect)
/// are what tick's edits change, so they are left out: a task done, starred, re-dated or
/// repeated keeps its fingerprint; a task whose words change gets a new one.
package enum TaskFingerprint {
    package static func of(_ task: Task, in document: Document) -> UInt64 {
        // Most tasks hold no date field: their fields are not read again.
        of(task, in: document, fields: task.fieldKinds.hasDate ? document.fields(of: task) : TaskFields())
    }

    /// `of`, with the task's fields already read (`--json` reads them for the dates anyway).
    static func of(_ task: Task, in document: Document, fields: TaskFields) -> UInt64 {
        // Most tasks hold no date field: nothing is skipped.
        let skipped = task.fieldKinds.hasDate ? fields.fields : []
        return document.withTextBytes(of: task) { hash($0, skippingDatesOf: skipped) }
    }

    /// FNV-1a over the bytes outside the date fields of `fields` (in text order), with each
    /// run of spaces as one space and none at either end: the text reads the same whether or
    /// not a field stood between two words. (The fields as they are: no array of the dates'
    /// bounds is made for every task a listing or `--json` shows.)
    static func hash(_ text: UnsafeBufferPointer<UInt8>, skippingDatesOf fields: [TaskField]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false, started = false
        var field = 0
        // The next date field's bounds (nil: none left).
        func nextDate() -> Range<Int>? {
            while field < fields.count {
                defer { field += 1 }
                if fields[field].kind.isDate { return fields[field].range }
            }
            return nil
        }
        var skip = nextDate()
        var index = 0
        while index < text.count {
            // The bytes up to the next date field, with no check of it on the way. (A field
            // that starts before where the text is read, inside one skipped, is none.)
            var end = text.count
            if let range = skip, range.lowerBound >= index { end = min(range.lowerBound, end) }
            while index < end {
                let byte = text[index]
                index += 1
                if byte == Byte.space {
                    pendingSpace = started
                    continue
                }
                if pendingSpace { hash = (hash ^ UInt64(Byte.space)) &* 0x0000_0100_0000_01B3 }
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                pendingSpace = false
                started = true
            }
            guard let range = skip, index == range.lowerBound, index < text.count else { break }
            index = max(index, range.upperBound)
            skip = nextDate()
            pendingSpace = started
        }
        return hash
    }

    /// The short form of a block signature in a `--json` reference (`LINE@FINGERPRINT`): 8 hex digits.
    package static func short(_ signature: UInt64) -> String { String(ContentHash.hex(signature).prefix(8)) }

    /// What tells a task from its duplicates: its group path, its text without its due date,
    /// and the lines of its block below its text (notes, subtasks) without their indentation.
    /// Its status and star are left out, as in `of`.
    package static func block(_ task: Task, in document: Document) -> UInt64 {
        block(task, in: document, groups: groupHashes(document))
    }

    /// `block`, with the group paths' hashes (`groupHashes`) worked out once per document.
    package static func block(_ task: Task, in document: Document, groups: [UInt64]) -> UInt64 {
        block(task, in: document, groups: groups, text: of(task, in: document))
    }

    /// `block`, with the fingerprint of the task's text (`of`) worked out already.
    static func block(_ task: Task, in document: Document, groups: [UInt64], text: UInt64) -> UInt64 {
        // One block: its lines hashed as they come, with no table of the document's lines.
        var hash = (task.group.map { groups[$0] } ?? 0) &* 0x0000_0100_0000_01B3 ^ text
        if task.textLastLine < task.lastLine {
            for line in (task.textLastLine + 1)...task.lastLine {
                hash = (hash &* 0x0000_0100_0000_01B3) ^ BlockLineHashes.hash(ofLine: line, bytes: document.bytes, lines: document.lines)
            }
        }
        return hash
    }

    /// `block`, with each line's hash kept in `lines` for the next block: nested blocks share
    /// their lines (a thousand tasks nested in one another hold a million lines between them,
    /// each indented by up to two thousand spaces).
    static func block(_ task: Task, in document: Document, groups: [UInt64], text: UInt64, lines: inout BlockLineHashes) -> UInt64 {
        var hash = (task.group.map { groups[$0] } ?? 0) &* 0x0000_0100_0000_01B3 ^ text
        if task.textLastLine < task.lastLine {
            for line in (task.textLastLine + 1)...task.lastLine {
                hash = (hash &* 0x0000_0100_0000_01B3) ^ lines.hash(ofLine: line)
            }
        }
        return hash
    }

    /// `block` for many tasks of one document.
    static func block(_ task: Task, in document: Document, groups: [UInt64], lines: inout BlockLineHashes) -> UInt64 {
        block(task, in: document, groups: groups, text: of(task, in: document), lines: &lines)
    }

    /// For each heading, a hash of its group path (its title after its parents').
    package static func groupHashes(_ document: Document) -> [UInt64] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(document.headings.count)
        for heading in document.headings {
            var title = heading.title
            let own = title.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
            hashes.append((heading.parent.map { hashes[$0] } ?? 0) &* 0x0000_0100_0000_01B3 ^ own)
        }
        return hashes
    }
}

/// The hash of each line of a document below a task's text, as a block signature reads it
/// (`TaskFingerprint.block`: its content without its indentation), worked out the first time
/// a block holds the line.
struct BlockLineHashes {
    /// The document's bytes and lines only.
    private let bytes: [UInt8]
    private let lines: [Line]
    /// Per line, once worked out (`known`); both made the first time a block has a line.
    private var hashes: [UInt64] = []
    private var known: [Bool] = []

    init(_ document: Document) {
        bytes = document.bytes
        lines = document.lines
    }

    mutating func hash(ofLine line: Int) -> UInt64 {
        if known.isEmpty {
            hashes = [UInt64](repeating: 0, count: lines.count)
            known = [Bool](repeating: false, count: lines.count)
        }
        if known[line] { return hashes[line] }
        let hash = Self.hash(ofLine: line, bytes: bytes, lines: lines)
        hashes[line] = hash
        known[line] = true
        return hash
    }

    /// A line's hash as a block reads it: its content without its indentation.
    static func hash(ofLine line: Int, bytes: [UInt8], lines: [Line]) -> UInt64 {
        ContentHash.of(bytes[lines[line].contentRange].drop { $0 == 0x20 || $0 == 0x09 })
    }
}
