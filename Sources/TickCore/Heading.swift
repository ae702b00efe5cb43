/// A Markdown heading. Top-level headings (not inside a block quote or list) are tick's groups,
/// nested by level: a `###` under a `##` is a subgroup of it.
public struct Heading: Sendable, Equatable {
    /// 0-based index of the heading's first line.
    public let line: Int
    /// The underline of a setext heading; `line` for an ATX heading.
    package let lastLine: Int
    public let level: Int
    package let setext: Bool
    public let title: String
    /// Index (into `Document.headings`) of the enclosing group, if any.
    public let parent: Int?
    package let topLevel: Bool
}
