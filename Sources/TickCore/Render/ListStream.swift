/// A list view of one file in file order, printed as the file is read a piece at a time
/// (`Document.forEachPiece`): each piece's rows are rendered (`ListRows`) and go out before
/// the next piece is parsed, and no piece is kept, so that a file of a million tasks is listed
/// in the memory of its bytes and lines.
///
/// The rows are those `ListView.render` and `--json` print, but for one thing: line numbers
/// are right-aligned to the width of the file's last line number, since the widest number the
/// view shows is not known until its last row.
package struct ListStream: ~Copyable {
    private let query: TaskQuery
    private let options: ListRows.Options
    private var printer: ListPrinter
    private var json = JSONRowPrinter()
    /// What the file's `--json` objects share, from the first piece on.
    private var file: TaskJSON.File?
    /// The lines of the first `Listing.limit` tasks shown, and whether more were.
    private var shownLines: [Int32] = []
    private var shownMore = false
    /// How many tasks it has printed.
    package private(set) var shownCount = 0

    package init(query: TaskQuery, options: ListRows.Options) {
        self.query = query
        self.options = options
        printer = ListPrinter(options: options)
    }

    /// Prints the rows of the tasks of `source` (a piece) that the query shows: into `out`,
    /// handed to `emit` whenever it holds 64 KiB or more; as `--json` objects (`options.json`),
    /// to `emit` in pieces of about 64 KiB.
    package mutating func print(_ source: SourceDocument, into out: inout TextBuffer, emit: (inout TextBuffer) -> Void,
                               emitJSON: (UnsafeBufferPointer<UInt8>) -> Void) {
        let document = source.document
        let matcher = query.matcher(for: document, today: options.today)
        let tasks = Array(document.tasks.lazy.filter { matcher.matches($0) }.map(\.index))
        guard !tasks.isEmpty else { return }
        for task in tasks {
            if shownLines.count < Listing.limit { shownLines.append(Int32(document.tasks[task].line)) } else { shownMore = true }
        }
        let rows = ListRows(source, tasks: tasks[...], numberWidth: TextBuffer.decimalDigits(document.lines.count),
                            options: options, carrying: &file)
        shownCount += rows.count
        for row in 0..<rows.count {
            if options.json {
                json.print(rows, row: row, emit: emitJSON)
            } else {
                printer.print(rows, row: row, file: 0, into: &out)
                if out.count >= 1 << 16 { emit(&out) }
            }
        }
    }

    /// Ends the `--json` array.
    package mutating func finish(emitJSON: (UnsafeBufferPointer<UInt8>) -> Void) {
        if options.json { json.finish(emit: emitJSON) }
    }

    /// The listing of what the view showed of the file whose bytes hash to `fileHash`.
    package func listing(fileHash: UInt64) -> Listing {
        Listing(shownLines: shownLines, truncated: shownMore, fileHash: fileHash)
    }
}
