/// A task: a list item whose text starts with a checkbox.
///
/// A task is a view onto its document: it records where its parts are, so that an edit can
/// rewrite exactly the bytes it is about. Offsets are absolute byte offsets into the document.
///
/// Positions are stored in 32 bits so that a million tasks stay small in memory; the public
/// properties are plain `Int`s. Documents are therefore at most 2 GiB (`Document.maximumSize`).
public struct Task: Sendable, Equatable {
    /// The task's text as bytes: a view onto the document's bytes for a one-line task (no copy,
    /// no String until one is asked for), wrapped lines joined by a space otherwise.
    let textBytes: ArraySlice<UInt8>
    /// The task's text: everything after the checkbox and star, wrapped lines joined by a space.
    /// Bytes that are not UTF-8 read as U+FFFD.
    public var text: String { String(decoding: textBytes, as: UTF8.self) }
    public let status: TaskStatus
    /// What the status means in the document's status set (`Document.statuses`).
    public let statusType: StatusType
    /// Finished one way or another: done or cancelled. Such tasks do not count as open work.
    public var isClosed: Bool { statusType.isClosed }
    /// The date of the task's first due field in any dialect (`due:`, `📅`, `[due:: ]`), when
    /// it is a real ISO date.
    public let due: CivilDate?
    /// Where that due field is, and its value, as offsets into `textBytes` (-1: no due field).
    private let storedDueStart, storedDueEnd, storedDueValueStart, storedDueValueEnd: Int32
    private let storedIndex, storedLine, storedTextLastLine: Int32
    private var storedLastLine: Int32
    private let storedParent, storedDepth, storedGroup: Int32
    private let storedMarkerStart, storedMarkerLength, storedCheckboxStart, storedCheckboxEnd: Int32
    private let storedTextStart, storedContentColumn, storedQuoteDepth: Int32
    /// `*` right after the checkbox: the task is starred ("important").
    public let important: Bool
    public let ordered: Bool
    /// Whether the task's own lines hold bytes that are not valid UTF-8.
    public let hasInvalidUTF8: Bool
    /// Whether the list marker is the first thing on the task's line. GitHub draws a checkbox
    /// only then; after a quote marker or another list marker, `[ ]` is text.
    public let markerOpensLine: Bool
    /// The kinds of field the text holds (`fields` reads them): a view asks for a date only
    /// of the tasks that have one.
    public let fieldKinds: TaskField.Kinds

    init(index: Int, line: Int, lastLine: Int, textLastLine: Int, status: TaskStatus, statusType: StatusType, important: Bool,
         due: CivilDate?, dueField: TaskField?, text: ArraySlice<UInt8>, parent: Int?, depth: Int, group: Int?,
         markerStart: Int, markerLength: Int, ordered: Bool, checkboxStart: Int, checkboxEnd: Int,
         textStart: Int, contentColumn: Int, quoteDepth: Int, markerOpensLine: Bool, hasInvalidUTF8: Bool, fieldKinds: TaskField.Kinds) {
        textBytes = text
        storedDueStart = Int32(dueField?.range.lowerBound ?? -1)
        storedDueEnd = Int32(dueField?.range.upperBound ?? -1)
        storedDueValueStart = Int32(dueField?.value.lowerBound ?? -1)
        storedDueValueEnd = Int32(dueField?.value.upperBound ?? -1)
        self.status = status
        self.statusType = statusType
        self.due = due
        storedIndex = Int32(index)
        storedLine = Int32(line)
        storedLastLine = Int32(lastLine)
        storedTextLastLine = Int32(textLastLine)
        storedParent = Int32(parent ?? -1)
        storedDepth = Int32(depth)
        storedGroup = Int32(group ?? -1)
        storedMarkerStart = Int32(markerStart)
        storedMarkerLength = Int32(markerLength)
        storedCheckboxStart = Int32(checkboxStart)
        storedCheckboxEnd = Int32(checkboxEnd)
        storedTextStart = Int32(textStart)
        storedContentColumn = Int32(clamping: contentColumn)
        storedQuoteDepth = Int32(clamping: quoteDepth)
        self.important = important
        self.ordered = ordered
        self.hasInvalidUTF8 = hasInvalidUTF8
        self.markerOpensLine = markerOpensLine
        self.fieldKinds = fieldKinds
    }

    /// The last line of the task's block, known when its item closes (after its text).
    mutating func setLastLine(_ line: Int) { storedLastLine = Int32(line) }

    /// The same task where an edit moved it: `lines` further down, `bytes` further on, `tasks`
    /// more before it (its parent too), in the group `group` of the edited document, its text a
    /// view onto `bytes` (the edited file's) when it is one line of the file.
    func shifted(lines: Int, bytes: Int, tasks: Int, group: Int?, in document: [UInt8]) -> Task {
        // One line: a view onto the file, where the edit moved it (a view onto the window's
        // own bytes, or the original's, moves by `bytes` too). Text joined from several lines
        // is a copy of its own.
        let text = textLastLine == line && !textBytes.isEmpty
            ? document[(textBytes.startIndex + bytes)..<(textBytes.endIndex + bytes)] : textBytes
        // Only the due field's place is kept (its dialect is not).
        let dueField = storedDueStart < 0 ? nil
            : TaskField(kind: .due, dialect: .tick, range: Int(storedDueStart)..<Int(storedDueEnd),
                        value: Int(storedDueValueStart)..<Int(storedDueValueEnd))
        return Task(index: index + tasks, line: line + lines, lastLine: lastLine + lines, textLastLine: textLastLine + lines,
                    status: status, statusType: statusType, important: important, due: due, dueField: dueField,
                    text: text, parent: parent.map { $0 + tasks }, depth: depth, group: group,
                    markerStart: markerStart + bytes, markerLength: markerLength, ordered: ordered,
                    checkboxStart: checkboxStart + bytes, checkboxEnd: checkboxEnd + bytes, textStart: textStart + bytes,
                    contentColumn: contentColumn, quoteDepth: quoteDepth, markerOpensLine: markerOpensLine, hasInvalidUTF8: hasInvalidUTF8,
                    fieldKinds: fieldKinds)
    }

    /// The due field's value as written, valid or not.
    public var dueValue: String? {
        guard storedDueValueStart >= 0 else { return nil }
        let start = textBytes.startIndex
        return String(decoding: textBytes[(start + Int(storedDueValueStart))..<(start + Int(storedDueValueEnd))], as: UTF8.self)
    }

    /// What showing the text without its due date cuts, as offsets into `textBytes`: the due
    /// field and one space beside it (after it, or before it at the end).
    public var dueCut: Range<Int>? {
        guard storedDueStart >= 0 else { return nil }
        var lower = Int(storedDueStart), upper = Int(storedDueEnd)
        let start = textBytes.startIndex
        if upper < textBytes.count, textBytes[start + upper] == Byte.space {
            upper += 1
        } else if lower > 0, textBytes[start + lower - 1] == Byte.space {
            lower -= 1
        }
        return lower..<upper
    }

    /// Every field of the text, in every dialect (read on demand, see `TaskFields.read`).
    public var fields: TaskFields { TaskFields.read(textBytes) }

    /// When the task was closed, as it records it: its done date, else its cancelled date.
    public var closedDate: CivilDate? {
        guard fieldKinds.contains(.done) || fieldKinds.contains(.cancelled) else { return nil }
        let fields = self.fields
        return fields.date(.done, in: textBytes) ?? fields.date(.cancelled, in: textBytes)
    }

    /// Position in `Document.tasks`, which lists tasks in file order.
    public var index: Int { Int(storedIndex) }
    /// 0-based index of the line with the checkbox.
    public var line: Int { Int(storedLine) }
    /// The last line of the task's block: its wrapped text, notes and subtasks, without trailing blanks.
    public var lastLine: Int { Int(storedLastLine) }
    /// The last line of the task's text paragraph (text may wrap onto following lines).
    public var textLastLine: Int { Int(storedTextLastLine) }
    /// Index of the enclosing task, when this one is a subtask.
    public var parent: Int? { storedParent < 0 ? nil : Int(storedParent) }
    /// 0 for a top-level task, 1 for its subtasks, and so on.
    public var depth: Int { Int(storedDepth) }
    /// Index into `Document.headings` of the group the task is in; nil above the first heading.
    public var group: Int? { storedGroup < 0 ? nil : Int(storedGroup) }
    public var markerStart: Int { Int(storedMarkerStart) }
    public var markerLength: Int { Int(storedMarkerLength) }
    public var checkboxStart: Int { Int(storedCheckboxStart) }
    public var checkboxEnd: Int { Int(storedCheckboxEnd) }
    /// Where the text starts (after the checkbox, its space, and the star if any).
    public var textStart: Int { Int(storedTextStart) }
    /// Visual column of the item's content: where subtasks and notes line up.
    public var contentColumn: Int { Int(storedContentColumn) }
    public var quoteDepth: Int { Int(storedQuoteDepth) }

    /// Whether GitHub draws the checkbox (`Checkbox.isDrawn`, the parser's rule): `[ ]`, `[x]`
    /// or `[X]` with the marker opening the line. Any other box is text to GitHub, spaces and all.
    public var checkboxIsDrawn: Bool { markerOpensLine && status.isGitHubCheckbox }

    /// Lines of the task that are neither its text nor its subtasks' blocks are its notes.
    public var blockLines: ClosedRange<Int> { line...lastLine }
}
