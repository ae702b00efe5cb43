extension Document {
    /// How many tasks a piece of `forEachPiece` holds, about: 1.7 MB of task records.
    package static let tasksPerPiece = 16_384

    /// Reads `bytes` for a view, as `Document(bytes:statuses:reading: .forViews)` does, but
    /// hands the tasks to `body` a piece at a time as the parse goes, and keeps none: a view
    /// that prints its rows in file order holds the file, its lines and one piece, whatever
    /// the number of tasks.
    ///
    /// Each piece is a document whose `tasks` are some of the file's, in file order, numbered
    /// from 0 within the piece; their lines, offsets and groups are the file's, and its
    /// headings, kinds and joined texts are those read so far. A file of fewer than
    /// `tasksPerPiece` tasks is one piece, the document `init(bytes:statuses:reading:)` reads
    /// (`isLast` on the first call says so). `body` must not keep a piece: the parse goes on
    /// writing to what it shares once `body` returns (kept, it would be copied).
    package static func forEachPiece(of bytes: [UInt8], statuses: StatusSet = .default, tasksPerPiece: Int = Document.tasksPerPiece,
                                    _ body: (_ piece: Document, _ isLast: Bool) -> Void) {
        precondition(bytes.count <= Document.maximumSize, "documents are at most 2 GiB")
        let lines = Line.split(bytes)
        let wellFormed = UTF8Bytes.isASCII(bytes)
        var headings: [Heading] = [], groupPaths: [[String]] = []
        var reader = DocumentBuilder.HeadingReader()
        BlockParser.parsePieces(bytes, lines: lines, statuses: statuses, wellFormed: wellFormed, tasksPerPiece: tasksPerPiece) { piece, isLast in
            let known = headings.count
            reader.read(piece.headings[known...], bytes, lines: lines, into: &headings)
            appendGroupPaths(of: headings[known...], to: &groupPaths)
            body(Document(piece: piece, bytes: bytes, lines: lines, headings: headings, groupPaths: groupPaths, statuses: statuses,
                          isWellFormedUTF8: wellFormed), isLast)
        }
    }
}
