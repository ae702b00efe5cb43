/// A task: a list item whose text starts with a checkbox.
///
/// A task is a record of where its parts are in its document, so that an edit can rewrite
/// exactly the bytes it is about. Offsets are absolute byte offsets into the document.
///
/// It holds no reference: its text is read through its document (`Document.text(of:)`,
/// `Document.textBytes(of:)`), so copying a task out of `Document.tasks` is a copy of plain
/// values, with no reference count to change, and a task takes no memory of its own beyond
/// its record. Positions are stored in 32 bits so that a million tasks stay small in memory;
/// the public properties are plain `Int`s. Documents are therefore at most 2 GiB
/// (`Document.maximumSize`).
public struct Task: Sendable, Equatable {
    // The stored properties are declared widest first, so that the record has no padding:
    // 104 bytes (`TaskRecordTests`), all plain values: a copy counts no reference.
    private let storedStatus: TaskStatus.Packed
    /// Where the task's text is: everything after the checkbox and star, trimmed. In the
    /// document's bytes for a one-line task; in its joined texts (`Document.joinedTexts`,
    /// wrapped lines joined by a space) when `textLocation.isJoined`.
    private(set) var textLocation: TextLocation
    /// The due date as `CivilDate` packs it; 0 for none (no date packs to 0).
    private let storedDue: UInt32
    /// Where the due field is, and its value, as offsets into the text (-1: no due field).
    private let storedDueStart, storedDueEnd, storedDueValueStart, storedDueValueEnd: Int32
    private var storedIndex: Int32
    private let storedLine, storedTextLastLine: Int32
    private var storedLastLine: Int32
    private var storedParent: Int32
    private let storedDepth, storedGroup: Int32
    private let storedMarkerStart, storedCheckboxStart, storedCheckboxEnd: Int32
    private let storedTextStart, storedContentColumn, storedQuoteDepth: Int32
    /// What the status means in the document's status set (`Document.statuses`).
    public let statusType: StatusType
    /// `*` right after the checkbox: the task is starred ("important").
    public let important: Bool
    package let ordered: Bool
    /// Whether the task's own lines hold bytes that are not valid UTF-8.
    package let hasInvalidUTF8: Bool
    /// Whether the list marker is the first thing on the task's line. GitHub draws a checkbox
    /// only then; after a quote marker or another list marker, `[ ]` is text.
    package let markerOpensLine: Bool
    /// A list marker is at most ten bytes (nine digits and `.` or `)`).
    private let storedMarkerLength: UInt8
    /// The kinds of field the text holds (`Document.fields(of:)` reads them): a view asks for
    /// a date only of the tasks that have one.
    package let fieldKinds: TaskField.Kinds

    /// Finished one way or another: done or cancelled. Such tasks do not count as open work.
    public var isClosed: Bool { statusType.isClosed }
    /// The status as written between the brackets (`statusType` says what it means).
    public var status: TaskStatus { storedStatus.status }
    /// The status as one number: the same for the same status (a key for comparing tasks).
    var statusKey: UInt64 { storedStatus.mixed }
    /// The date of the task's first due field in any dialect (`due:`, `📅`, `[due:: ]`), when
    /// it is a real ISO date.
    public var due: CivilDate? { storedDue == 0 ? nil : CivilDate(packed: storedDue) }

    init(index: Int, line: Int, lastLine: Int, textLastLine: Int, status: TaskStatus.Packed, statusType: StatusType, important: Bool,
         due: CivilDate?, dueField: TaskField?, text: TextLocation, parent: Int?, depth: Int, group: Int?,
         markerStart: Int, markerLength: Int, ordered: Bool, checkboxStart: Int, checkboxEnd: Int,
         textStart: Int, contentColumn: Int, quoteDepth: Int, markerOpensLine: Bool, hasInvalidUTF8: Bool, fieldKinds: TaskField.Kinds) {
        textLocation = text
        storedDueStart = Int32(dueField?.range.lowerBound ?? -1)
        storedDueEnd = Int32(dueField?.range.upperBound ?? -1)
        storedDueValueStart = Int32(dueField?.value.lowerBound ?? -1)
        storedDueValueEnd = Int32(dueField?.value.upperBound ?? -1)
        storedStatus = status
        self.statusType = statusType
        storedDue = due?.packed ?? 0
        storedIndex = Int32(index)
        storedLine = Int32(line)
        storedLastLine = Int32(lastLine)
        storedTextLastLine = Int32(textLastLine)
        storedParent = Int32(parent ?? -1)
        storedDepth = Int32(depth)
        storedGroup = Int32(group ?? -1)
        storedMarkerStart = Int32(markerStart)
        storedMarkerLength = UInt8(markerLength)
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
    /// more before it (its parent too), in the group `group` of the edited document, its joined
    /// text (if it has one) `joinedBytes` further on in the edited document's joined texts.
    func shifted(lines: Int, bytes: Int, tasks: Int, group: Int?, joinedBytes: Int) -> Task {
        // Only the due field's place is kept (its dialect is not).
        let dueField = storedDueStart < 0 ? nil
            : TaskField(kind: .due, dialect: .tick, range: Int(storedDueStart)..<Int(storedDueEnd),
                        value: Int(storedDueValueStart)..<Int(storedDueValueEnd))
        return Task(index: index + tasks, line: line + lines, lastLine: lastLine + lines, textLastLine: textLastLine + lines,
                    status: storedStatus, statusType: statusType, important: important, due: due, dueField: dueField,
                    text: textLocation.shifted(by: textLocation.isJoined ? joinedBytes : bytes),
                    parent: parent.map { $0 + tasks }, depth: depth, group: group,
                    markerStart: markerStart + bytes, markerLength: markerLength, ordered: ordered,
                    checkboxStart: checkboxStart + bytes, checkboxEnd: checkboxEnd + bytes, textStart: textStart + bytes,
                    contentColumn: contentColumn, quoteDepth: quoteDepth, markerOpensLine: markerOpensLine, hasInvalidUTF8: hasInvalidUTF8,
                    fieldKinds: fieldKinds)
    }

    /// The same task, compared with one of another document: its text's place in the joined
    /// texts left out (two documents that read the same may keep their joined texts in
    /// different orders; `Document.hasSameTasks(as:)` compares the texts themselves).
    var withoutJoinedPlace: Task {
        guard textLocation.isJoined else { return self }
        var copy = self
        copy.textLocation = TextLocation(joinedAt: 0, count: textLocation.count)
        return copy
    }

    /// Where the due field's value is in the text, when the task has a due field.
    var dueValueRange: Range<Int>? {
        storedDueValueStart < 0 ? nil : Int(storedDueValueStart)..<Int(storedDueValueEnd)
    }

    /// Where the due field is in the text, when the task has one.
    var dueFieldRange: Range<Int>? {
        storedDueStart < 0 ? nil : Int(storedDueStart)..<Int(storedDueEnd)
    }

    /// Position in `Document.tasks`, which lists tasks in file order.
    public var index: Int { Int(storedIndex) }
    /// 0-based index of the line with the checkbox.
    public var line: Int { Int(storedLine) }
    /// The last line of the task's block: its wrapped text, notes and subtasks, without trailing blanks.
    public var lastLine: Int { Int(storedLastLine) }
    /// The last line of the task's text paragraph (text may wrap onto following lines).
    package var textLastLine: Int { Int(storedTextLastLine) }
    /// Index of the enclosing task, when this one is a subtask.
    public var parent: Int? { storedParent < 0 ? nil : Int(storedParent) }
    /// 0 for a top-level task, 1 for its subtasks, and so on.
    public var depth: Int { Int(storedDepth) }
    /// Index into `Document.headings` of the group the task is in; nil above the first heading.
    public var group: Int? { storedGroup < 0 ? nil : Int(storedGroup) }
    package var markerStart: Int { Int(storedMarkerStart) }
    package var markerLength: Int { Int(storedMarkerLength) }
    package var checkboxStart: Int { Int(storedCheckboxStart) }
    package var checkboxEnd: Int { Int(storedCheckboxEnd) }
    /// Where the text starts (after the checkbox, its space, and the star if any).
    package var textStart: Int { Int(storedTextStart) }
    /// Visual column of the item's content: where subtasks and notes line up.
    package var contentColumn: Int { Int(storedContentColumn) }
    package var quoteDepth: Int { Int(storedQuoteDepth) }

    /// Whether GitHub draws the checkbox (`Checkbox.isDrawn`, the parser's rule): `[ ]`, `[x]`
    /// or `[X]` with the marker opening the line. Any other box is text to GitHub, spaces and all.
    package var checkboxIsDrawn: Bool { markerOpensLine && status.isGitHubCheckbox }

    /// Lines of the task that are neither its text nor its subtasks' blocks are its notes.
    package var blockLines: ClosedRange<Int> { line...lastLine }
}
