/// A list item as the block parser found it. Offsets are absolute byte offsets into the document.
///
/// Stored in 32 bits (documents are at most 2 GiB): a file of a million items keeps a million of
/// these, and half the size is half the memory the parser writes.
struct ParsedItem: Sendable, Equatable {
    var line: Int { get { Int(storedLine) } set { storedLine = Int32(newValue) } }
    /// The last non-blank line that belongs to the item (its text, notes and nested lists).
    var lastLine: Int { get { Int(storedLastLine) } set { storedLastLine = Int32(newValue) } }
    /// The last line of the item's first paragraph: a task's text may wrap onto several lines.
    var textLastLine: Int { get { Int(storedTextLastLine) } set { storedTextLastLine = Int32(newValue) } }
    var parent: Int32
    var markerStart: Int { get { Int(storedMarkerStart) } set { storedMarkerStart = Int32(newValue) } }
    var markerLength: Int { get { Int(storedMarkerLength) } set { storedMarkerLength = Int32(newValue) } }
    var ordered: Bool
    /// Visual column (tabs expanded) where the item's content starts: where subtasks and notes align.
    var contentColumn: Int { get { Int(storedContentColumn) } set { storedContentColumn = Int32(clamping: newValue) } }
    var quoteDepth: Int { get { Int(storedQuoteDepth) } set { storedQuoteDepth = Int32(clamping: newValue) } }
    /// Whether the marker is the first thing on its line (after spaces or tabs, counting a BOM as
    /// text): GitHub's renderer draws a checkbox only then (`Checkbox.isDrawn`).
    var markerOpensLine: Bool
    /// Which list the item belongs to: items of one list share the number.
    var list: Int32
    /// The bullet (`-`, `*`, `+`) or, for an ordered item, `.` or `)`.
    var delimiter: UInt8
    /// Byte offset of the checkbox's `[`, or -1 when the item is not a task.
    var checkboxStart: Int { get { Int(storedCheckboxStart) } set { storedCheckboxStart = Int32(newValue) } }
    /// Byte offset just past the checkbox's `]`.
    var checkboxEnd: Int { get { Int(storedCheckboxEnd) } set { storedCheckboxEnd = Int32(newValue) } }

    private var storedLine, storedLastLine, storedTextLastLine: Int32
    private var storedMarkerStart, storedMarkerLength, storedContentColumn, storedQuoteDepth: Int32
    private var storedCheckboxStart: Int32 = -1, storedCheckboxEnd: Int32 = -1

    init(line: Int, lastLine: Int, textLastLine: Int, parent: Int32, markerStart: Int, markerLength: Int,
         ordered: Bool, contentColumn: Int, quoteDepth: Int, markerOpensLine: Bool, list: Int32, delimiter: UInt8) {
        storedLine = Int32(line)
        storedLastLine = Int32(lastLine)
        storedTextLastLine = Int32(textLastLine)
        self.parent = parent
        storedMarkerStart = Int32(markerStart)
        storedMarkerLength = Int32(markerLength)
        self.ordered = ordered
        storedContentColumn = Int32(clamping: contentColumn)
        storedQuoteDepth = Int32(clamping: quoteDepth)
        self.markerOpensLine = markerOpensLine
        self.list = list
        self.delimiter = delimiter
    }
}

struct ParsedHeading: Sendable {
    var line: Int
    /// The underline of a setext heading, or `line` for an ATX heading.
    var lastLine: Int
    var level: Int
    var setext: Bool
    /// False for headings inside block quotes or list items: they do not open a group.
    var topLevel: Bool
}

/// A line that continues a task's text paragraph (`- [ ] long text` / `  wrapped here`).
struct TextContinuation: Sendable {
    var item: Int32
    var start: Int
    var end: Int
}

/// What the block parser finds.
struct ParsedStructure: Sendable {
    var kinds: [LineKind]
    var items: [ParsedItem]
    var headings: [ParsedHeading]
    /// The tasks, in file order, and the fields they use.
    var tasks: [Task]
    /// The texts of the tasks whose text wraps, joined (`Document.joinedTexts`).
    var joinedTexts: [UInt8]
    var fieldUsage: FieldUsage
    var continuations: [TextContinuation]
    /// Lines that continue the paragraph of the line before (not its first line), in order.
    var paragraphContinuations: [Int]
    /// Of those, the lazy ones (`> a` / `  b`) whose text keeps its leading whitespace: cmark
    /// strips it only from lines that continue every container. In order.
    var indentedLazyLines: [Int]
    /// Lines `0..<frontMatterEnd` are YAML or TOML front matter.
    var frontMatterEnd: Int
    /// The first line of a top-level code fence or HTML block that is never closed.
    var unclosedBlockLine: Int?
}
