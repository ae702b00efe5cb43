/// What the formatter does to each line of a document, decided rule by rule. Each rule checks
/// that its change cannot alter how GitHub renders the file and otherwise leaves the line alone.
struct FormatPlan {
    let document: Document
    /// New contents (without ending) for lines that change.
    var replacements: [[UInt8]?]
    /// Blank lines (outside code and HTML) that may be dropped or merged with their neighbours.
    var collapsible: [Bool]
    var deleted: Set<Int> = []
    var blankBefore: Set<Int> = []
    var blankAfter: Set<Int> = []
    /// How far lines of subtask lists move left; applied after every other rule, which work
    /// on the lines as they are.
    var indentation = SubtaskIndentation()

    init(_ document: Document) {
        self.document = document
        let count = document.lines.count
        replacements = Array(repeating: nil, count: count)
        let trailing = TrailingWhitespace(document)
        collapsible = Self.collapsibleLines(document, trailing)
        trimTrailingWhitespace(trailing)
        indentation = SubtaskIndentation(document, collapsible: collapsible)
        normalizeHeadings()
        normalizeTasks()
        normalizeBullets()
        guardAgainstFrontMatter()
        applyIndentation()
    }

    /// Which lines are blank lines (outside code and HTML and front matter) the formatter may
    /// drop or merge: not those whose whitespace keeps a list item open, nor, on an Obsidian
    /// Kanban board, those before a lane's heading or the `***` above its archive (the plugin
    /// writes two there, and would put them back on its next save).
    static func collapsibleLines(_ document: Document, _ trailing: TrailingWhitespace) -> [Bool] {
        var collapsible = document.kinds.indices.map { $0 >= document.frontMatterEnd && document.kinds[$0] == .blank }
        for line in document.lines.indices where trailing.holdsItemOpen(line) { collapsible[line] = false }
        if document.isKanbanBoard {
            var line = document.lines.count - 1
            while line > 0 {
                if [.atxHeading, .thematicBreak].contains(document.kinds[line]) {
                    var blank = line - 1
                    while blank >= document.frontMatterEnd, document.kinds[blank] == .blank {
                        collapsible[blank] = false
                        blank -= 1
                    }
                    line = blank
                } else {
                    line -= 1
                }
            }
        }
        return collapsible
    }

    /// Subtask lists move to their parent's content column (`SubtaskIndentation`).
    private mutating func applyIndentation() {
        guard !indentation.shifts.isEmpty else { return }
        for index in document.lines.indices where indentation.shift(index) > 0 && !collapsible[index] {
            replacements[index] = Array(content(index).dropFirst(indentation.shift(index)))
        }
    }

    // MARK: Front matter

    /// A `---` rule on the first line of a file without front matter becomes `***` (the same
    /// rule): else blank lines or headings the formatter writes after it could make the top of
    /// the file read as YAML front matter, and its tasks disappear. "First" is the first line
    /// written: blank lines before it are dropped.
    private mutating func guardAgainstFrontMatter() {
        guard document.frontMatterEnd == 0,
              let first = document.kinds.firstIndex(where: { $0 != .blank }), document.kinds[first] == .thematicBreak
        else { return }
        let bom = document.byteOrderMark(ofLine: first)
        // Only a line that could open front matter: `---` and nothing else. (`- ___` is a list
        // item holding a rule, and `- - -` cannot open front matter.)
        let line = content(first).dropFirst(bom.count)
        guard line.starts(with: [Byte.minus, Byte.minus, Byte.minus]), line.dropFirst(3).allSatisfy(Byte.isSpaceOrTab) else { return }
        replacements[first] = bom + Array("***".utf8)
    }

    /// The line's current content: the replacement so far, else the original bytes (a view
    /// onto the document, not a copy). Indexes are the slice's own; use offsets from `startIndex`.
    func content(_ index: Int) -> ArraySlice<UInt8> {
        replacements[index].map { $0[...] } ?? document.content(ofLine: index)
    }

    // MARK: Trailing whitespace

    private mutating func trimTrailingWhitespace(_ trailing: TrailingWhitespace) {
        for index in document.lines.indices where !collapsible[index] {
            guard let fix = trailing.fix(line: index) else { continue }
            let kept = Array(document.bytes[document.lines[index].start..<fix.offset])
            switch fix {
            case .remove: replacements[index] = kept
            case .hardBreak: replacements[index] = kept + [Byte.backslash]
            }
        }
    }

    // MARK: Tasks

    /// `[X]` becomes `[x]`; the whitespace after the checkbox becomes one space; a one-line task
    /// gets one space after its marker. Only tasks whose marker opens the line: after a quote or
    /// another marker GitHub shows the checkbox as text, and its spelling is meaning.
    private mutating func normalizeTasks() {
        let bytes = document.bytes
        for task in document.tasks where task.markerOpensLine {
            let start = document.lines[task.line].start
            // Decide from a view of the line; copy it only when something changes.
            let current = content(task.line)
            let base = current.startIndex
            let status = task.checkboxStart + 1 - start
            // A configured `[X]` reads as its own status (`.other`), so only GitHub's done `X` is rewritten.
            let fixStatus = task.status == .done && current[base + status] == 0x58
            // After the checkbox: exactly one space before the text (or the star).
            let boxEnd = task.checkboxEnd - start
            var after = boxEnd
            while after < current.count, Byte.isSpaceOrTab(current[base + after]) { after += 1 }
            let fixBoxGap = after < current.count && (after - boxEnd != 1 || current[base + boxEnd] != Byte.space)
                && task.checkboxIsDrawn  // any other box is text to GitHub, spaces included
            // After the marker: one space, when the task is a single line with nothing under it
            // (moving its content column could change what belongs to it).
            let markerEnd = task.markerStart + task.markerLength - start
            let gap = task.checkboxStart - start - markerEnd
            let fixMarkerGap = task.line == task.lastLine
                && (gap != 1 || bytes[task.markerStart + task.markerLength] != Byte.space)
                && nextLineStaysOutside(task, contentColumn: Byte.columns(of: bytes[start..<task.markerStart])
                                        - indentation.shift(task.line) + task.markerLength + 1)
            guard fixStatus || fixBoxGap || fixMarkerGap else { continue }
            var line = Array(current)
            if fixStatus { line[status] = 0x78 }
            // The box gap comes after the marker gap, so fixing it first keeps the marker offsets.
            if fixBoxGap { line.replaceSubrange(boxEnd..<after, with: [Byte.space]) }
            if fixMarkerGap { line.replaceSubrange(markerEnd..<(markerEnd + gap), with: [Byte.space]) }
            replacements[task.line] = line
        }
    }

    /// Whether the first non-blank line after the task is indented less than `contentColumn`,
    /// so that it cannot become part of the task when the task's content column moves there.
    private func nextLineStaysOutside(_ task: Task, contentColumn: Int) -> Bool {
        var next = task.lastLine + 1
        while next < document.lines.count, document.kinds[next] == .blank { next += 1 }
        guard next < document.lines.count else { return true }
        // The line as the formatter writes it (a heading loses its indentation, a subtask list
        // moves left).
        return Byte.columns(of: content(next).prefix(while: Byte.isSpaceOrTab)) - indentation.shift(next) < contentColumn
    }

    // MARK: Bullets

    /// Lists that hold tasks take `-` as their bullet (`BulletLists`).
    private mutating func normalizeBullets() {
        let items = document.items
        for list in BulletLists.rewritten(in: document) {
            for index in list {
                let item = items[index]
                var line = Array(content(item.line))
                line[item.markerStart - document.lines[item.line].start] = Byte.minus
                replacements[item.line] = line
            }
        }
    }

    // MARK: Headings

    /// Top-level headings become `## Title` with one blank line before and after; a one-line
    /// setext heading becomes an ATX heading.
    private mutating func normalizeHeadings() {
        let bytes = document.bytes
        for heading in document.headings where heading.topLevel {
            let line = document.lines[heading.line]
            let bom = document.byteOrderMark(ofLine: heading.line)
            let title: ArraySlice<UInt8>
            if heading.setext {
                guard heading.lastLine == heading.line + 1 else { continue }
                var start = line.start + bom.count, end = line.contentEnd
                while start < end, Byte.isSpaceOrTab(bytes[start]) { start += 1 }
                while end > start, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
                // A title ending in `#` would lose it as an ATX closing sequence.
                guard end > start, bytes[end - 1] != Byte.hash else { continue }
                title = bytes[start..<end]
                deleted.insert(heading.lastLine)
            } else {
                title = bytes[ATXHeading.titleRange(bytes, line)]
            }
            var rewritten = bom + Array(repeating: Byte.hash, count: heading.level)
            if !title.isEmpty { rewritten += [Byte.space] + title }
            // A title ending in `#` (`# # #` is the title `#`) would read as a closing sequence.
            if title.last != Byte.hash, !rewritten.elementsEqual(document.content(ofLine: heading.line)) {
                replacements[heading.line] = rewritten
            }
            if heading.line > document.frontMatterEnd || (heading.line > 0 && document.frontMatterEnd == 0) {
                // Not after a fence or HTML block the heading closes by ending its list item or
                // quote: the blank line would be read as the block's last line.
                let previous = document.kinds[heading.line - 1]
                if ![.blank, .fenceOpen, .fenceContent, .html].contains(previous) { blankBefore.insert(heading.line) }
            }
            if heading.lastLine + 1 < document.lines.count, document.kinds[heading.lastLine + 1] != .blank {
                blankAfter.insert(heading.lastLine)
            }
        }
    }
}

/// For each line, the nearest lines at or before it and at or after it that are not blank:
/// rules that look past blank lines read them here instead of scanning the run each time.
struct ContentLines {
    private let previous: [Int32]  // -1: none
    private let next: [Int32]      // the line count: none

    init(_ kinds: [LineKind]) {
        var previous = [Int32](repeating: -1, count: kinds.count)
        var last: Int32 = -1
        for index in kinds.indices {
            if kinds[index] != .blank { last = Int32(index) }
            previous[index] = last
        }
        var next = [Int32](repeating: Int32(kinds.count), count: kinds.count)
        var upcoming = Int32(kinds.count)
        for index in kinds.indices.reversed() {
            if kinds[index] != .blank { upcoming = Int32(index) }
            next[index] = upcoming
        }
        self.previous = previous
        self.next = next
    }

    /// The last line at or before `line` that is not blank, or -1.
    func atOrBefore(_ line: Int) -> Int { line < 0 ? -1 : Int(previous[line]) }

    /// The first line at or after `line` that is not blank, or the line count.
    func atOrAfter(_ line: Int) -> Int { line >= next.count ? next.count : Int(next[line]) }
}
