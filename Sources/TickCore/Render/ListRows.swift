/// The rows one file gives a list view, rendered where the file is read.
///
/// A view over a folder reads its files on every core, and sorts rows across files before it
/// prints any. Were it to keep each file with rows whole until then (its bytes, lines and
/// task records), a folder where every file shows tasks would cost the memory of the folder.
/// Instead each file's rows are rendered as soon as its tasks are selected: the task part of
/// each row (checkbox, star, text, due date, and in a flat list its group), its notes, its
/// group's heading and the keys it sorts by. The document is then dropped, and the view holds
/// what it prints. What depends on every row of the view (the width of the location column)
/// is written when the rows are printed (`ListPrinter`).
///
/// A class: a row printed reads its file's rows in place (a struct of five arrays passed per
/// row cost five retains and releases).
package final class ListRows: Sendable {
    /// How the rows are laid out and what they sort by.
    package struct Options: Sendable {
        /// Under their group headings with line numbers (file and group order), else flat with
        /// each row's group at its end.
        package var grouped: Bool
        /// The keys rows sort by (`TaskOrder.key`), the first deciding; none for file order.
        package var keys: [TaskOrder]
        package var today: CivilDate
        package var style: TextStyle
        package var notes: Bool
        package var absoluteDates: Bool
        /// JSON objects (`TaskJSON`) instead of text rows.
        package var json: Bool
        /// The view shows more than one file: headings and locations name it.
        package var showFiles: Bool
        /// The rows print in reverse (`RowReference.reversed`), which needs each file's group order.
        package var reversed = false

        package init(order: TaskOrder, keys: [TaskOrder] = [], today: CivilDate, style: TextStyle, notes: Bool = false,
                    absoluteDates: Bool = false, json: Bool = false, showFiles: Bool = false) {
            grouped = order.keepsGroupsTogether
            self.keys = keys.filter { $0 != .file }
            self.today = today
            self.style = style
            self.notes = notes
            self.absoluteDates = absoluteDates
            self.json = json
            self.showFiles = showFiles
        }
    }

    struct Row: Sendable {
        /// The task's 1-based line, and its depth among the rows: how many of its parent
        /// tasks are rows too (a subtask whose parent is not shown is not indented, or it
        /// would read as a subtask of the row above).
        let line, depth: Int32
        /// The group heading the row is under (-1 above the first), and the index of its
        /// heading line in `headers` (grouped rows).
        let group, header: Int32
        /// Where the row's text ends in `bytes`, then its notes (it starts where the row before ends).
        let textEnd, notesEnd: Int32
    }

    /// The file as views name it.
    package let path: String
    /// The path as a flat row shows it.
    let shownPath: ShownPath
    /// The widest line number, in digits.
    let numberWidth: Int
    let rows: [Row]
    /// The rows' text (or JSON objects) one after another.
    let bytes: ByteBuffer
    /// Each group's heading line as printed (styled, without its line ending; empty: none).
    let headers: [[UInt8]]
    /// Per group, where it comes in reverse order (`Document.reversedGroupRanks`), when the
    /// rows print so.
    let groupRanks: [Int]
    /// `options.keys.count` keys per row.
    let keys: [SortKey]
    let keyCount: Int

    package var count: Int { rows.count }

    /// The rows of `tasks` (indices into `source.document.tasks`, in the order they print).
    package init(_ source: SourceDocument, tasks: ArraySlice<Int>, options: Options) {
        let document = source.document
        path = source.path
        shownPath = ShownPath(source.path, options: options)
        numberWidth = Self.numberWidth(of: tasks, in: document)
        groupRanks = options.grouped && options.reversed ? document.reversedGroupRanks : []
        keyCount = options.keys.count
        var rows: [Row] = [], headers: [[UInt8]] = [], keys: [SortKey] = []
        rows.reserveCapacity(tasks.count)
        keys.reserveCapacity(tasks.count * keyCount)
        let style = options.style
        var out = TextBuffer(capacity: options.json ? 0 : tasks.count * 64)
        var json = JSONWriter(capacity: options.json ? tasks.count * 256 : 0)
        var file = options.json ? TaskJSON.File(source.path, document: document) : nil
        // A heading line per group that shows a row, and a flat row's group suffix per group.
        var headerOfGroup = [Int32](repeating: -1, count: document.headings.count + 1)
        var groupPaths = [String?](repeating: nil, count: document.headings.count)
        // Which tasks are rows, worked out when the first subtask comes.
        var isRow: [Bool] = []
        func depthAmongRows(_ task: Task) -> Int {
            guard task.depth > 0 else { return 0 }
            if isRow.isEmpty {
                isRow = [Bool](repeating: false, count: document.tasks.count)
                for index in tasks { isRow[index] = true }
            }
            var depth = 0, parent = task.parent
            while let index = parent {
                if isRow[index] { depth += 1 }
                parent = document.tasks[index].parent
            }
            return depth
        }
        for index in tasks {
            let task = document.tasks[index]
            let group = task.group ?? -1
            let depth = depthAmongRows(task)
            var header: Int32 = -1
            if options.grouped && !options.json {
                if headerOfGroup[group + 1] < 0 {
                    headerOfGroup[group + 1] = Int32(headers.count)
                    headers.append(Self.heading(of: task.group, in: source, showFiles: options.showFiles, style: style))
                }
                header = headerOfGroup[group + 1]
            }
            if options.json {
                json.detachNextValue()
                TaskJSON.write(task, in: document, file: &file!, to: &json)
            } else {
                ListView.appendLine(for: task, in: document, today: options.today, style: style, absoluteDate: options.absoluteDates, to: &out)
                // A subtask whose parent is not shown (done, or filtered out) says whose it is:
                // at the parent's depth it would read as a task of its own.
                if let parent = task.parent, depth == 0 || !isRow[parent] {
                    out.appendSpaces(2)
                    // The parent's text as its row shows it (its dates in words, so left out),
                    // cut to 40 columns at a whole character.
                    let shown = ListView.shownText(ifCut: document.tasks[parent], in: document) ?? document.text(of: document.tasks[parent])
                    out.appendStyled(style, .dim) { $0.append("· subtask of '"); $0.appendSanitized(DisplayWidth.truncated(shown, to: 40)); $0.append("'") }
                }
                if !options.grouped, let group = task.group { Self.appendGroup(group, in: source, style: style, paths: &groupPaths, to: &out) }
            }
            let textEnd = Int32(options.json ? json.count : out.count)
            if options.notes && !options.json {
                for note in document.notes(of: task) { Self.appendNote(note, style: style, to: &out) }
            }
            rows.append(Row(line: Int32(task.line + 1), depth: Int32(depth), group: Int32(group),
                            header: header, textEnd: textEnd, notesEnd: Int32(options.json ? json.count : out.count)))
            for key in options.keys { keys.append(key.key(of: task, in: document, today: options.today)) }
        }
        if options.json { bytes = json.storage() } else { bytes = out.storage() }
        self.rows = rows
        self.headers = headers
        self.keys = keys
    }

    /// What a flat row says after its task: the task's group. `paths` keeps each group's path
    /// once shown.
    private static func appendGroup(_ group: Int, in source: SourceDocument, style: TextStyle, paths: inout [String?],
                                    to out: inout TextBuffer) {
        if paths[group] == nil { paths[group] = GroupName.shown(source.document.shownGroupPath(ofHeading: group)) }
        let path = paths[group]!
        guard !path.isEmpty else { return }
        out.appendSpaces(2)
        let color = source.color(ofHeading: group).map { TextStyle.Color.group($0) } ?? .dim
        out.appendStyled(style, color) { $0.append("· "); $0.appendSanitized(path) }
    }

    /// A note line under a row (dimmed, its line ending included; the indent is the printer's).
    static func appendNote(_ note: String, style: TextStyle, to out: inout TextBuffer) {
        out.appendStyled(style, .dim) { $0.appendSanitized(note) }
        out.append(Byte.lf)
    }

    /// The widest line number of `tasks`, in digits.
    static func numberWidth(of tasks: ArraySlice<Int>, in document: Document) -> Int {
        TextBuffer.decimalDigits(tasks.reduce(0) { max($0, document.tasks[$1].line) } + 1)
    }

    /// The heading line over a group's rows: its path, with the file's name when the view
    /// shows several; empty when there is neither.
    static func heading(of group: Int?, in source: SourceDocument, showFiles: Bool, style: TextStyle) -> [UInt8] {
        let path = GroupName.shown(source.document.shownGroupPath(ofHeading: group))
        let header = showFiles ? (path.isEmpty ? source.path : "\(source.path): \(path)") : path
        guard !header.isEmpty else { return [] }
        var out = TextBuffer(capacity: header.utf8.count + 16)
        out.appendStyled(style, source.titleColor(ofHeading: group)) { $0.appendSanitized(header) }
        return out.bytes
    }

    /// How many columns a flat row's location takes (`path:line`, or the line).
    package func locationWidth(ofRow index: Int) -> Int { shownPath.columns + TextBuffer.decimalDigits(Int(rows[index].line)) }

    /// Where row `index`'s text starts in `bytes`.
    func start(of index: Int) -> Int { index == 0 ? 0 : Int(rows[index - 1].notesEnd) }

    /// Row `index` of rows rendered with `json`: its object, as the next value of `json`.
    package func writeJSON(row index: Int, to json: inout JSONWriter) {
        bytes.withBytes { bytes in
            json.raw(UnsafeBufferPointer(rebasing: bytes[start(of: index)..<Int(rows[index].textEnd)]))
        }
    }
}

/// A file's path as a flat row shows it (`path:line`): sanitized for the terminal once, and
/// the columns it takes with its colon (none unless the view shows several files).
struct ShownPath: Sendable {
    let bytes: [UInt8]
    let columns: Int

    init(_ path: String, options: ListRows.Options) {
        var sanitized = TextBuffer(capacity: path.utf8.count)
        sanitized.appendSanitized(path)
        bytes = sanitized.bytes
        columns = options.showFiles ? DisplayWidth.of(sanitized.string) + 1 : 0
    }
}

/// One row of a view: a file of the view (an index into its `ListRows`) and a row of it.
package struct RowReference: Sendable {
    let storedFile, storedRow: Int32
    package var file: Int { Int(storedFile) }
    package var row: Int { Int(storedRow) }

    package init(file: Int, row: Int) {
        storedFile = Int32(file)
        storedRow = Int32(row)
    }

    /// Every row of `files`, sorted by their keys (the first deciding, ties by the next, then
    /// in file order).
    package static func sorted(_ files: [ListRows]) -> [RowReference] {
        var references: [RowReference] = []
        references.reserveCapacity(files.reduce(0) { $0 + $1.count })
        for (file, rows) in files.enumerated() {
            for row in rows.rows.indices { references.append(RowReference(file: file, row: row)) }
        }
        guard let keyCount = files.first?.keyCount, keyCount > 0 else { return references }
        // Stable: references are in file order, and equal keys keep it.
        let positioned = references.enumerated().map { (position: $0.offset, reference: $0.element) }
        return positioned.sorted { left, right in
            let a = files[left.reference.file], b = files[right.reference.file]
            for key in 0..<keyCount {
                let order = a.keys[left.reference.row * keyCount + key].compare(b.keys[right.reference.row * keyCount + key])
                if order != 0 { return order < 0 }
            }
            return left.position < right.position
        }.map(\.reference)
    }

    /// `references` in reverse, as trees when the rows are `grouped` (`ViewItem.reversedOrder`).
    package static func reversed(_ references: [RowReference], in files: [ListRows], grouped: Bool) -> [RowReference] {
        guard grouped else { return references.reversed() }
        let order = ViewItem.reversedOrder(depths: references.map { Int(files[$0.file].rows[$0.row].depth) }, file: { references[$0].file },
                                           groupRank: { position in
            let rows = files[references[position].file]
            let group = Int(rows.rows[references[position].row].group)
            return group < 0 ? -1 : rows.groupRanks[group]
        })
        return order.map { references[$0] }
    }
}
