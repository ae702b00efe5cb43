/// A task: a list item whose text starts with a checkbox.
///
/// A task is a view onto its document: it records where its parts are, so that an edit can
/// rewrite exactly the bytes it is about. Offsets are absolute byte offsets into the document.
public struct Task: Sendable, Equatable {
    /// Position in `Document.tasks`, which lists tasks in file order.
    public let index: Int
    /// 0-based index of the line with the checkbox.
    public let line: Int
    /// The last line of the task's block: its wrapped text, notes and subtasks, without trailing blanks.
    public let lastLine: Int
    /// The last line of the task's text paragraph (text may wrap onto following lines).
    public let textLastLine: Int
    public let status: TaskStatus
    /// `*` right after the checkbox: the task is starred ("important").
    public let important: Bool
    /// The date of the `due:` token, when it is a real ISO date.
    public let due: CivilDate?
    /// The raw value of the `due:` token, valid or not.
    public let dueValue: String?
    /// The task's text: everything after the checkbox and star, wrapped lines joined by a space.
    public let text: String
    /// Index of the enclosing task, when this one is a subtask.
    public let parent: Int?
    /// 0 for a top-level task, 1 for its subtasks, and so on.
    public let depth: Int
    /// Index into `Document.headings` of the group the task is in; nil above the first heading.
    public let group: Int?
    public let markerStart: Int
    public let markerLength: Int
    public let ordered: Bool
    public let checkboxStart: Int
    public let checkboxEnd: Int
    /// Where the text starts (after the checkbox, its space, and the star if any).
    public let textStart: Int
    /// Visual column of the item's content: where subtasks and notes line up.
    public let contentColumn: Int
    public let quoteDepth: Int
    /// Whether the task's own lines hold bytes that are not valid UTF-8.
    public let hasInvalidUTF8: Bool

    /// Lines of the task that are neither its text nor its subtasks' blocks are its notes.
    public var blockLines: ClosedRange<Int> { line...lastLine }
}
