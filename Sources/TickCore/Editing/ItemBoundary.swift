/// Where a task's list item ends can depend on what its first line holds. An item with nothing
/// but a checkbox GitHub draws (`- [ ] `) ends at the first blank line; once it holds anything (text,
/// a star, a due date, a note, a status GitHub shows as text) it goes on past blank lines and
/// takes in the lines indented under it. So filling or emptying a task can change what the
/// indented lines after a blank line below it are: code under `- [ ] ` becomes a subtask under
/// `- [ ] text`, and a subtask under `- [ ] text` leaves when the text goes.
///
/// Edits that can fill or empty a task pass their splices through `checked`, which parses the
/// result when the task is or becomes empty and indented lines follow it, and refuses the edit
/// when another task would change. Edits that remove lines from a task's block (its notes) are
/// `verified` on the result every time.
enum ItemBoundary {
    static func checked(_ splices: [Splice], editing task: Task, in document: Document) throws(EditError) -> [Splice] {
        guard !splices.isEmpty, isBare(task, in: document) || leavesBare(task, splices, in: document),
              indentedLineBelow(task, in: document) else { return splices }
        return try verified(splices, editing: task, in: document)
    }

    /// The splices, when every other task and heading reads the same after them and keeps its
    /// place (`EditCheck`); parses the window they change.
    static func verified(_ splices: [Splice], editing task: Task, in document: Document) throws(EditError) -> [Splice] {
        guard EditCheck.firstChangedLine(splices, in: document) == nil else { throw .changesLinesBelow(line: task.line + 1) }
        return splices
    }

    /// Whether the task's line holds nothing but a checkbox GitHub draws.
    private static func isBare(_ task: Task, in document: Document) -> Bool {
        task.checkboxIsDrawn && document.bytes[task.checkboxEnd..<document.lines[task.line].contentEnd].allSatisfy(Byte.isSpaceChar)
    }

    /// Whether the task's line after the edit may hold nothing but a drawn checkbox: its box
    /// (where it was) is ` `, `x` or `X` with only whitespace after it, or the line is not read.
    private static func leavesBare(_ task: Task, _ splices: [Splice], in document: Document) -> Bool {
        guard let splice = splices.first(where: { $0.lines.lowerBound == task.line && !$0.replacement.isEmpty }) else { return false }
        let line = splice.replacement[0]
        let box = task.checkboxStart - document.lines[task.line].start
        guard box + 2 < line.count, line[box] == Byte.leftBracket, line[box + 2] == Byte.rightBracket else { return true }
        return Checkbox.isGitHub(line[box + 1]) && line[(box + 3)...].allSatisfy(Byte.isSpaceChar)
    }

    /// Whether an indented or quoted line follows the task's line, in its block or right below
    /// it past blank lines: a line whose meaning can depend on whether the task's item holds
    /// anything (a blank line ends an empty item; under text, `⇥-` is a setext underline, under
    /// nothing a list item).
    private static func indentedLineBelow(_ task: Task, in document: Document) -> Bool {
        let kinds = document.kinds
        var end = task.lastLine + 1
        while end < kinds.count, kinds[end] == .blank || kinds[end] == .marker { end += 1 }
        return ((task.line + 1)..<min(end + 1, kinds.count)).contains { line in
            guard kinds[line] != .blank, let first = document.content(ofLine: line).first else { return false }
            return Byte.isSpaceOrTab(first) || first == Byte.greater
        }
    }
}
