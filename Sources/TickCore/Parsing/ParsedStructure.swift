/// A list item as the block parser found it. Offsets are absolute byte offsets into the document.
struct ParsedItem: Sendable {
    var line: Int
    /// The last non-blank line that belongs to the item (its text, notes and nested lists).
    var lastLine: Int
    /// The last line of the item's first paragraph: a task's text may wrap onto several lines.
    var textLastLine: Int
    var parent: Int32
    var markerStart: Int
    var markerLength: Int
    var ordered: Bool
    /// Visual column (tabs expanded) where the item's content starts: where subtasks and notes align.
    var contentColumn: Int
    var quoteDepth: Int
    /// Whether the marker is the first thing on its line (after spaces or tabs, counting a BOM as
    /// text): GitHub's renderer draws a checkbox only then (`Checkbox.isDrawn`).
    var markerOpensLine: Bool
    /// Which list the item belongs to: items of one list share the number.
    var list: Int32
    /// The bullet (`-`, `*`, `+`) or, for an ordered item, `.` or `)`.
    var delimiter: UInt8
    /// Byte offset of the checkbox's `[`, or -1 when the item is not a task.
    var checkboxStart: Int = -1
    /// Byte offset just past the checkbox's `]`.
    var checkboxEnd: Int = -1
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

struct ParsedStructure: Sendable {
    var kinds: [LineKind]
    var items: [ParsedItem]
    var headings: [ParsedHeading]
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
