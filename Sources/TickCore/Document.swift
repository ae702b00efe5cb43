/// A Markdown todo file, parsed losslessly.
///
/// The document keeps the file's bytes and splits them into lines that keep their own endings;
/// on top of the lines it records the structure a user thinks in: groups (headings) and tasks
/// (GitHub task-list items). Nothing is normalised: `serialized()` gives back the input bytes,
/// whatever they were (invalid UTF-8, NULs, a BOM, mixed line endings, no final newline).
public struct Document: Sendable {
    public let bytes: [UInt8]
    package let lines: [Line]
    /// What each line is (paragraph, heading, code, ...), index for index with `lines`.
    package let kinds: [LineKind]
    public let tasks: [Task]
    /// The texts of the tasks whose text wraps onto more lines, each joined by a space, one
    /// after another (`Task.textLocation`; a one-line task's text is in `bytes`).
    let joinedTexts: [UInt8]
    public let headings: [Heading]
    /// What the status characters mean (the project's `.tick.toml [statuses]`, else Obsidian
    /// Tasks' defaults): each task's `statusType` comes from it.
    package let statuses: StatusSet
    /// Lines `0..<frontMatterEnd` are front matter.
    package let frontMatterEnd: Int
    /// The first line of a code fence or HTML block (`<!--`, `<pre>`…) that runs to the end of
    /// the file because it is never closed: lines appended to the file would land inside it.
    package let unclosedBlockLine: Int?
    /// Every list item, task or not, in file order (the formatter, the linter and edits need
    /// the lists).
    let items: [ParsedItem]
    /// Lines that continue the paragraph of the line before them.
    let paragraphContinuations: [Int]
    /// Lazy continuation lines whose text keeps its leading whitespace (GitHub shows it after
    /// a backslash line break).
    let indentedLazyLines: [Int]

    /// The dialects and kinds of field the tasks use, counted during the parse.
    package let fieldUsage: FieldUsage
    /// Whether every byte is well-formed UTF-8, known at once for an ASCII file (checked once
    /// per file, so that the typical file's tasks and lines need no check of their own).
    /// False may also mean "not known": a file with other bytes is checked task by task.
    let isWellFormedUTF8: Bool
    /// Set when only one stretch of the file was parsed (`Document(stretchOf:)`): its lines
    /// are the whole file's; its tasks, headings, items and line kinds are the stretch's (the
    /// kinds of the other lines are not known), with the groups open where it starts.
    package let stretch: Stretch?

    package struct Stretch: Sendable, Equatable {
        /// The lines parsed.
        package let lines: Range<Int>
        /// The file's tasks above them.
        package let tasksAbove: Int
        /// How the whole file spells what an edit writes (`doneLetter`, `tickKey(for:)`).
        let spelling: FileSpelling
        /// `ParseCheckpoints.firstGroupEnd`: an edit above it may change the file's title.
        let firstGroupEnd: Int
    }

    /// Each heading's group path (titles from the outermost group), built once: views ask for
    /// it per task.
    private let groupPaths: [[String]]
    /// The file's title (`Self.title(_:tasks:)`; in a stretch, as its checkpoints say).
    package let title: Int?

    /// The largest document: byte offsets and line numbers are kept in 32 bits.
    package static let maximumSize = Int(Int32.max)

    /// Parses `bytes`, which must be at most `maximumSize` long.
    public init(bytes: [UInt8], statuses: StatusSet = .default) {
        self.init(bytes: bytes, statuses: statuses, atFileStart: true)
    }

    /// `atFileStart` false: the bytes are a stretch from the middle of a file that starts where
    /// no block is open (after a top-level heading), so no byte-order mark or front matter.
    init(bytes: [UInt8], statuses: StatusSet, atFileStart: Bool) {
        precondition(bytes.count <= Document.maximumSize, "documents are at most 2 GiB")
        self.bytes = bytes
        self.statuses = statuses
        let lines = Line.split(bytes)
        self.lines = lines
        let wellFormed = UTF8Bytes.isASCII(bytes)
        isWellFormedUTF8 = wellFormed
        let structure = BlockParser.parse(bytes, lines: lines, statuses: statuses, wellFormed: wellFormed,
                                          atFileStart: atFileStart)
        kinds = structure.kinds
        frontMatterEnd = structure.frontMatterEnd
        unclosedBlockLine = structure.unclosedBlockLine
        let headings = DocumentBuilder.headings(bytes, lines: lines, parsed: structure.headings)
        self.headings = headings
        groupPaths = Self.groupPaths(headings)
        tasks = structure.tasks
        title = Self.title(headings, tasks: tasks)
        joinedTexts = structure.joinedTexts
        fieldUsage = structure.fieldUsage
        items = structure.items
        paragraphContinuations = structure.paragraphContinuations
        indentedLazyLines = structure.indentedLazyLines
        stretch = nil
    }

    /// A document from its parts, read elsewhere (`init(splicing:window:edited:)`).
    init(bytes: [UInt8], lines: [Line], kinds: [LineKind], tasks: [Task], joinedTexts: [UInt8], headings: [Heading], statuses: StatusSet,
         frontMatterEnd: Int, unclosedBlockLine: Int?, items: [ParsedItem], paragraphContinuations: [Int],
         indentedLazyLines: [Int], fieldUsage: FieldUsage, isWellFormedUTF8: Bool, stretch: Stretch? = nil, titleLine: Int? = nil) {
        self.bytes = bytes
        self.lines = lines
        self.kinds = kinds
        self.tasks = tasks
        self.joinedTexts = joinedTexts
        self.headings = headings
        self.statuses = statuses
        self.frontMatterEnd = frontMatterEnd
        self.unclosedBlockLine = unclosedBlockLine
        self.items = items
        self.paragraphContinuations = paragraphContinuations
        self.indentedLazyLines = indentedLazyLines
        self.fieldUsage = fieldUsage
        self.isWellFormedUTF8 = isWellFormedUTF8
        self.stretch = stretch
        groupPaths = Self.groupPaths(headings)
        title = stretch == nil ? Self.title(headings, tasks: tasks) : titleLine.flatMap { line in headings.firstIndex { $0.line == line } }
    }

    /// The file's title: a lone first heading, with no tasks of its own, over deeper ones
    /// (`# TODO` over `## Work` and `## Home`). It is a group like any other, but not one among
    /// the groups it holds: views name those without it (`shownGroupPath`).
    private static func title(_ headings: [Heading], tasks: [Task]) -> Int? {
        guard let first = titleCandidate(headings) else { return nil }
        // Tasks are in file order: the first one below the heading is its own if any is.
        let below = tasks.partitionPoint { $0.line > headings[first].line }
        return below < tasks.count && tasks[below].group == first ? nil : first
    }

    /// The first group when it is the file's title unless it has tasks of its own: a lone
    /// first heading over deeper ones.
    static func titleCandidate(_ headings: [Heading]) -> Int? {
        guard let first = headings.firstIndex(where: \.topLevel) else { return nil }
        let level = headings[first].level
        var deeper = false
        for heading in headings[(first + 1)...] where heading.topLevel {
            if heading.level <= level { return nil }
            deeper = true
        }
        return deeper ? first : nil
    }

    /// Whether the file is an Obsidian Kanban board (`kanban-plugin` in its front matter): its
    /// lanes are flat groups, and the plugin lays out its blank lines.
    package var isKanbanBoard: Bool {
        guard frontMatterEnd > 0 else { return false }
        return ByteSearch.contains(Array("kanban-plugin".utf8), in: bytes, 0..<lines[frontMatterEnd - 1].end)
    }

    /// On an Obsidian Kanban board, the `***` line between its lanes and its archive (the last
    /// thematic break of the file): lanes end above it, and new ones go there.
    package var boardArchiveLine: Int? {
        guard isKanbanBoard else { return nil }
        return kinds.lastIndex(of: .thematicBreak).flatMap { $0 >= frontMatterEnd ? $0 : nil }
    }

    /// Per heading, where its group comes when a view lists the file in reverse: siblings in
    /// reverse order, each group above its subgroups (`ViewItem.reversedOrder`).
    package var reversedGroupRanks: [Int] {
        var depths: [Int] = []
        depths.reserveCapacity(headings.count)
        for heading in headings { depths.append(heading.parent.map { depths[$0] + 1 } ?? 0) }
        var ranks = [Int](repeating: 0, count: headings.count)
        for (rank, heading) in ViewItem.reversedOrder(depths: depths).enumerated() { ranks[heading] = rank }
        return ranks
    }

    private static func groupPaths(_ headings: [Heading]) -> [[String]] {
        var paths: [[String]] = []
        paths.reserveCapacity(headings.count)
        for heading in headings { paths.append((heading.parent.map { paths[$0] } ?? []) + [heading.title]) }
        return paths
    }

    public init(_ text: String, statuses: StatusSet = .default) {
        self.init(bytes: Array(text.utf8), statuses: statuses)
    }

    /// The document `splices` make, read with the same status set.
    package func afterApplying(_ splices: [Splice]) -> Document {
        Document(bytes: applying(splices), statuses: statuses)
    }

    /// The document's bytes, rebuilt line by line. Always equal to the bytes it was parsed from.
    package func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for line in lines { out.append(contentsOf: bytes[line.fullRange]) }
        return out
    }

    /// A line's bytes without its ending.
    package func content(ofLine index: Int) -> ArraySlice<UInt8> { bytes[lines[index].contentRange] }

    /// The file's byte-order mark at the start of line `index`: `UTF8BOM.bytes` on a first line
    /// that opens with one, empty otherwise.
    func byteOrderMark(ofLine index: Int) -> [UInt8] {
        index == 0 && content(ofLine: 0).starts(with: UTF8BOM.bytes) ? UTF8BOM.bytes : []
    }

    /// A line's ending, or nil for a last line without one.
    package func ending(ofLine index: Int) -> LineEnding? {
        LineEnding(bytes[lines[index].contentEnd..<lines[index].end])
    }

    /// The ending most lines use; LF for a file with none. New lines are written with it.
    package var dominantLineEnding: LineEnding {
        var lf = 0, crlf = 0, cr = 0
        for index in lines.indices {
            switch ending(ofLine: index) {
            case .lf: lf += 1
            case .crlf: crlf += 1
            case .cr: cr += 1
            case nil: break
            }
        }
        if crlf > lf && crlf >= cr { return .crlf }
        if cr > lf && cr > crlf { return .cr }
        return .lf
    }

    /// Where lines added at the end of the file go: before a block that is never closed, which
    /// would otherwise take them in as code or HTML; before an Obsidian comment (`%%` … `%%`)
    /// that ends the file, such as the settings of an Obsidian Kanban board, which the plugin
    /// reads as the end of the board.
    package var appendLine: Int { unclosedBlockLine ?? boardArchiveLine ?? trailingCommentLine ?? lines.count }

    /// The first line of an Obsidian comment of several lines that ends the file (only blank
    /// lines after its closing `%%`), when it is outside every list and quote.
    var trailingCommentLine: Int? {
        // At the margin: a line indented may be an item's.
        func isMarker(_ line: Int) -> Bool { content(ofLine: line).starts(with: [Byte.percent, Byte.percent]) }
        var last = lines.count - 1
        while last >= 0, kinds[last] == .blank { last -= 1 }
        guard last > 0, isMarker(last), DocumentBuilder.trimmed(content(ofLine: last)).count == 2, kinds[last] == .paragraph else { return nil }
        var first = last - 1
        while first >= 0, !isMarker(first) { first -= 1 }
        guard first >= 0, kinds[first] == .paragraph, tasks.last.map({ $0.lastLine < first }) ?? true else { return nil }
        return first
    }

    /// Whether the last line ends with a line ending (an empty file counts as ending with one).
    package var endsWithNewline: Bool { lines.last.map { $0.hasEnding } ?? true }

    /// Group titles from the outermost to the task's own group; empty above the first heading.
    public func groupPath(of task: Task) -> [String] {
        groupPath(ofHeading: task.group)
    }

    public func groupPath(ofHeading index: Int?) -> [String] {
        index.map { groupPaths[$0] } ?? []
    }

    /// A group's path as views show it: without the file's `title` above it.
    package func shownGroupPath(ofHeading index: Int?) -> [String] {
        let path = groupPath(ofHeading: index)
        guard title != nil, index != title, path.count > 1 else { return path }
        return Array(path.dropFirst())
    }

    /// Every task inside `task`'s block: its subtasks, theirs, and so on, in file order.
    public func descendants(of task: Task) -> ArraySlice<Task> {
        tasks[(task.index + 1)...].prefix { $0.line <= task.lastLine }
    }

    /// How many of the task's subtasks (at any depth) are done, out of those not cancelled;
    /// nil when it has none. (A piece of a file read for a view holds every subtask of its
    /// tasks: the parse hands over only tasks whose items have ended.)
    public func subtaskProgress(of task: Task) -> (done: Int, total: Int)? {
        guard task.lastLine > task.textLastLine else { return nil }
        var done = 0, total = 0
        for subtask in descendants(of: task) where subtask.statusType != .cancelled {
            total += 1
            if subtask.statusType == .done { done += 1 }
        }
        return total == 0 ? nil : (done, total)
    }

    /// The tasks directly under `task` (its subtasks, not their subtasks).
    public func subtasks(of task: Task) -> [Task] {
        descendants(of: task).filter { $0.parent == task.index }
    }
}
