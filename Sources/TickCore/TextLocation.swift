/// Where a task's text is (`Task.textLocation`): a stretch of its document's bytes for a task
/// of one line, or of the document's joined texts (`Document.joinedTexts`) for a task whose
/// text wraps onto more lines, joined by a space. Read it through the document
/// (`Document.textBytes(of:)`).
///
/// Eight bytes: where it starts and how long it is, the sign of the length telling which of
/// the two it is in.
struct TextLocation: Sendable, Equatable {
    private let storedStart: Int32
    /// The length, or for a joined text its bitwise complement (negative).
    private let storedCount: Int32

    /// A stretch of the document's bytes.
    init(bytesAt start: Int, count: Int) {
        storedStart = Int32(start)
        storedCount = Int32(count)
    }

    /// A stretch of the document's joined texts.
    init(joinedAt start: Int, count: Int) {
        storedStart = Int32(start)
        storedCount = ~Int32(count)
    }

    var isJoined: Bool { storedCount < 0 }
    var start: Int { Int(storedStart) }
    var count: Int { Int(storedCount < 0 ? ~storedCount : storedCount) }
    var range: Range<Int> { start..<(start + count) }

    /// The same text, `bytes` further on in what it is in.
    func shifted(by bytes: Int) -> TextLocation {
        isJoined ? TextLocation(joinedAt: start + bytes, count: count) : TextLocation(bytesAt: start + bytes, count: count)
    }
}
