/// Emits formatted lines: every line with one ending, blank lines never doubled and never at the
/// start or end of the file, and a record of what changed as splices.
struct FormatWriter {
    let document: Document
    let ending: [UInt8]
    private var out: [UInt8] = []
    private var splices: [Splice] = []
    /// A blank line waiting for a non-blank line to follow it; dropped at the end of the file.
    private var pendingBlank: (original: Int?, at: Int)?
    private var emittedAny = false
    /// Whether the blank lines at the start stay (one of them): the first line with text
    /// starts with U+FEFF, which is text there and would be the file's byte order mark first.
    private let keepsLeadingBlank: Bool

    init(document: Document, ending: LineEnding) {
        self.document = document
        self.ending = ending.bytes
        out.reserveCapacity(document.bytes.count + 64)
        let first = document.lines.firstIndex { line in !document.bytes[line.contentRange].allSatisfy(Byte.isSpaceOrTab) }
        keepsLeadingBlank = first.map { $0 > 0 && document.bytes[document.lines[$0].contentRange].starts(with: [0xEF, 0xBB, 0xBF]) } ?? false
    }

    /// An original line that is not written.
    mutating func drop(_ index: Int) {
        splices.append(.delete(index..<(index + 1)))
    }

    /// An original blank line: kept as an empty line when it separates two written lines.
    mutating func blank(_ index: Int) {
        if pendingBlank != nil || (!emittedAny && !keepsLeadingBlank) {
            splices.append(.delete(index..<(index + 1)))
        } else {
            pendingBlank = (index, index)
        }
    }

    /// A blank line that the layout needs before original line `index`.
    mutating func insertBlank(before index: Int) {
        guard pendingBlank == nil, emittedAny else { return }
        pendingBlank = (nil, index)
    }

    mutating func line(_ index: Int, content replacement: [UInt8]?) {
        flushBlank()
        let original = document.content(ofLine: index)
        let content = replacement.map { $0[...] } ?? original
        out.append(contentsOf: content)
        out.append(contentsOf: ending)
        emittedAny = true
        let sameEnding = document.bytes[document.lines[index].contentEnd..<document.lines[index].end].elementsEqual(ending)
        if replacement != nil && !content.elementsEqual(original) || !sameEnding {
            splices.append(.replace(line: index, with: Array(content)))
        }
    }

    private mutating func flushBlank() {
        guard let blank = pendingBlank else { return }
        pendingBlank = nil
        out.append(contentsOf: ending)
        if let original = blank.original {
            let line = document.lines[original]
            if line.contentEnd != line.start || !document.bytes[line.contentEnd..<line.end].elementsEqual(ending) {
                splices.append(.replace(line: original, with: []))
            }
        } else {
            splices.append(.insert([[]], before: blank.at))
        }
    }

    mutating func finish() -> FormatResult {
        if let blank = pendingBlank, let original = blank.original {
            splices.append(.delete(original..<(original + 1)))
        }
        pendingBlank = nil
        return FormatResult(bytes: out, splices: splices, changed: !ByteComparison.equal(out, document.bytes))
    }
}
