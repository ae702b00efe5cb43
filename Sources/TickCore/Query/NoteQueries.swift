/// The queries a note holds, in its order: its ```` ```tasks ```` blocks (Obsidian Tasks) and
/// its ```` ```dataview ```` blocks that hold a `TASK` query; a Dataview block of another kind
/// (`LIST`, `TABLE`) is kept aside, for a message: tick runs task queries alone.
package struct NoteQueries {
    /// A fenced block of the note: the line (1-based) of its opening fence, and how many lines
    /// it holds.
    package protocol Fenced {
        var line: Int { get }
        var length: Int { get }
    }

    package struct Block: Fenced {
        package let line: Int
        package let length: Int
        package let query: TasksQuery
    }

    /// A Dataview block of a kind tick does not run: where it is, and its kind (`LIST`).
    package struct Other: Fenced {
        package let line: Int
        package let length: Int
        package let kind: String
    }

    package let blocks: [Block]
    package let others: [Other]

    /// The queries of the note `bytes`; `note`: the note's path in the vault, which a query's
    /// placeholders (`{{query.file.path}}`) name.
    package init(_ bytes: [UInt8], note: String, today: CivilDate) {
        var blocks = TasksQuery.blocks(in: bytes).map {
            Block(line: $0.line, length: $0.lines.count, query: TasksQuery($0.lines, firstLine: $0.line + 1, file: note, today: today))
        }
        var others: [Other] = []
        for block in TasksQuery.blocks(in: bytes, language: "dataview") {
            if let query = DataviewQuery.read(block.lines, firstLine: block.line + 1, today: today) {
                blocks.append(Block(line: block.line, length: block.lines.count, query: query))
            } else if let kind = DataviewQuery.kind(of: block.lines) {
                others.append(Other(line: block.line, length: block.lines.count, kind: kind))
            }
        }
        blocks.sort { $0.line < $1.line }
        self.blocks = blocks
        self.others = others
    }
}

extension NoteQueries.Fenced {
    /// Whether `line` (1-based) is the block's: one of its fences or of its lines.
    package func holds(_ line: Int) -> Bool { self.line <= line && line <= self.line + length + 1 }
}
