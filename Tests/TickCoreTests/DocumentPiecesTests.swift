import Foundation
import Testing
@testable import TickCore

/// A file read in pieces (`Document.forEachPiece`) reads, task for task, as the file read
/// whole: the same records (numbered from the piece's first task), texts, group paths and
/// notes, and at the end the same kinds and headings. And a list printed piece by piece
/// (`ListStream`) is the list printed from the whole document.
@Suite struct DocumentPiecesTests {
    /// Everything a view reads of a task, numbered as in the whole file.
    struct Reading: Equatable, CustomStringConvertible {
        let task: Task
        let text: [UInt8]
        let groupPath: [String]
        let notes: [String]
        var description: String { "line \(task.line + 1) '\(String(decoding: text, as: UTF8.self))'" }
    }

    static func readings(_ document: Document, first: Int = 0) -> [Reading] {
        document.tasks.map { task in
            var numbered = task.withoutJoinedPlace
            numbered.number(fromTask: -first)
            return Reading(task: numbered, text: Array(document.textBytes(of: task)), groupPath: document.groupPath(of: task),
                           notes: document.notes(of: task))
        }
    }

    /// Reads `bytes` in pieces of `size` and checks them against the whole document.
    static func expectPiecesRead(_ bytes: [UInt8], size: Int, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = Document(bytes: bytes, reading: .forViews)
        var read: [Reading] = []
        var pieces = 0, largest = 0
        var last: Document?
        Document.forEachPiece(of: bytes, tasksPerPiece: size) { piece, isLast in
            #expect(last == nil, "\(name): a piece after the last", sourceLocation: sourceLocation)
            read += readings(piece, first: read.count)
            pieces += 1
            largest = max(largest, piece.tasks.count)
            if isLast { last = piece }
        }
        #expect(read == readings(whole), "\(name), pieces of \(size)", sourceLocation: sourceLocation)
        guard let last else { return #expect(Bool(false), "\(name): no last piece", sourceLocation: sourceLocation) }
        #expect(last.kinds == whole.kinds && last.headings == whole.headings && last.fieldUsage == whole.fieldUsage
                && last.frontMatterEnd == whole.frontMatterEnd && last.unclosedBlockLine == whole.unclosedBlockLine,
                "\(name), pieces of \(size)", sourceLocation: sourceLocation)
        if whole.tasks.count < size {
            #expect(pieces == 1 && last.tasks == whole.tasks && last.joinedTexts == whole.joinedTexts, "\(name): one piece",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Paths.allInputs)
    func piecesReadAsTheWholeFile(_ url: URL) throws {
        let bytes = try bytes(of: url)
        for size in [1, 2, 3, 7, Document.tasksPerPiece] {
            Self.expectPiecesRead(bytes, size: size, url.lastPathComponent)
        }
    }

    /// Documents of nested, wrapped, quoted and numbered tasks, notes, headings inside and
    /// outside items, fences and HTML: pieces end where the parse is in the middle of all of them.
    @Test func piecesOfRandomDocuments() {
        var random = SeededGenerator(seed: 5)
        let pool = ["- [ ] a task due:2026-11-25", "- [x] done", "  - [ ] a subtask", "    - [/] deeper", "  a wrapped line",
                    "  a note", "", "# Top", "## Sub", "* [ ] starred #tag", "1. [ ] numbered", "> - [ ] quoted", "> wrapped quote",
                    "```", "<!--", "-->", "- plain item", "  ## a heading in an item", "Title", "===", "- [ ] b 📅 2026-12-01",
                    "continues a paragraph", "\t- [ ] tabbed"]
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...50, using: &random)).map { _ in pool.randomElement(using: &random)! + "\n" }.joined()
            for size in [1, 2, 5] { Self.expectPiecesRead(Array(text.utf8), size: size, "round \(round): \(text.debugDescription)") }
        }
    }

    /// A long flat list is handed off a piece at a time, none much larger than asked for (the
    /// memory a streamed view holds); a task whose block holds every task after it keeps them
    /// all in one piece, since none of them is finished before it is.
    @Test func piecesStaySmall() {
        let flat = Array((0..<10_000).map { "- [ ] task \($0)\n  - [x] sub \($0)\n" }.joined().utf8)
        var largest = 0, pieces = 0
        Document.forEachPiece(of: flat, tasksPerPiece: 100) { piece, _ in
            largest = max(largest, piece.tasks.count)
            pieces += 1
        }
        #expect(largest <= 102 && pieces >= 195, "largest \(largest), \(pieces) pieces")
        let parent = Array(("- [ ] parent\n" + (0..<1_000).map { "  - [ ] child \($0)\n" }.joined()).utf8)
        var counts: [Int] = []
        Document.forEachPiece(of: parent, tasksPerPiece: 10) { piece, _ in counts.append(piece.tasks.count) }
        #expect(counts == [1_001])
    }

    /// `ListStream` prints what `ListView.render` and `--json` print of the whole document,
    /// line numbers aside: it right-aligns them to the file's last line number.
    @Test(arguments: Paths.allInputs)
    func streamedListIsTheList(_ url: URL) throws {
        let bytes = try bytes(of: url)
        let today = CivilDate(iso: "2026-11-22")!
        let whole = SourceDocument(path: "todo.md", document: Document(bytes: bytes, reading: .forViews))
        var all = TaskQuery()
        all.statuses = nil
        for query in [TaskQuery(), all] {
            for notes in [false, true] {
                let options = ListRows.Options(order: .file, today: today, style: .ansi, notes: notes)
                let items = ViewItem.select([whole], query: query, today: today)
                let expected = ListView.render(items, in: [whole], order: .file, today: today, style: .ansi, notes: notes)
                var stream = ListStream(query: query, options: options)
                var out = TextBuffer(capacity: 64)
                var printed: [UInt8] = []
                Document.forEachPiece(of: bytes, tasksPerPiece: 2) { piece, _ in
                    stream.print(SourceDocument(path: "todo.md", document: piece), into: &out, emit: { printed += $0.bytes; $0.removeAll() },
                                 emitJSON: { _ in })
                }
                printed += out.bytes
                func trimmed(_ text: String) -> [Substring] { text.split(separator: "\n").map { $0.drop { $0 == " " } } }
                #expect(trimmed(String(decoding: printed, as: UTF8.self)) == trimmed(expected), "\(url.lastPathComponent)")
                #expect(stream.listing(fileHash: 7).entries.map(\.line) == items.prefix(Listing.limit).map { Int32(whole.document.tasks[$0.task].line) })
            }
            var json = ListStream(query: query, options: ListRows.Options(order: .file, today: today, style: .plain, json: true))
            var printed: [UInt8] = []
            var unused = TextBuffer(capacity: 64)
            Document.forEachPiece(of: bytes, tasksPerPiece: 3) { piece, _ in
                json.print(SourceDocument(path: "todo.md", document: piece), into: &unused, emit: { _ in }, emitJSON: { printed += $0 })
            }
            json.finish { printed += $0 }
            var expected: [UInt8] = []
            var writer = JSONWriter()
            writer.beginLines()
            var file = TaskJSON.File("todo.md", document: whole.document)
            for item in ViewItem.select([whole], query: query, today: today) {
                writer.nextLine { expected += $0 }
                TaskJSON.write(whole.document.tasks[item.task], in: whole.document, file: &file, to: &writer)
            }
            writer.endLines { expected += $0 }
            #expect(printed == expected, "\(url.lastPathComponent) --json")
        }
    }
}

/// A parent's subtasks done, counted over its whole subtree, cancelled ones left out, in a
/// whole file and in the pieces a view reads a large one in.
@Suite struct SubtaskProgressTests {
    static let text = "- [ ] paint\n  - [x] buy paint\n  - [ ] sand\n    - [x] corners\n  - [-] hire help\n- [ ] call\n  - [-] only cancelled\n- [x] done\n  - [x] a\n  - [x] b\n"

    @Test func countsTheWholeSubtreeWithoutCancelled() {
        let document = Document(Self.text)
        let progress = document.tasks.map { task in document.subtaskProgress(of: task).map { "\($0.done)/\($0.total)" } ?? "-" }
        #expect(progress == ["2/3", "-", "1/1", "-", "-", "-", "-", "2/2", "-", "-"])
    }

    /// A piece holds every subtask of its tasks (tasks are handed over once their items end),
    /// so a piece counts as the whole file does, whatever the piece size.
    @Test func piecesCountAsTheWholeFile() {
        let whole = Document(Self.text)
        let counted = whole.tasks.map { task in whole.subtaskProgress(of: task).map { "\(task.line + 1):\($0.done)/\($0.total)" } ?? "\(task.line + 1):-" }
        for size in 1...4 {
            var seen: [String] = []
            Document.forEachPiece(of: Array(Self.text.utf8), tasksPerPiece: size) { piece, _ in
                for task in piece.tasks { seen.append(piece.subtaskProgress(of: task).map { "\(task.line + 1):\($0.done)/\($0.total)" } ?? "\(task.line + 1):-") }
            }
            #expect(seen == counted, "pieces of \(size)")
        }
    }
}
