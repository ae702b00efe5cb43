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
        collapsible = (0..<count).map { $0 >= document.frontMatterEnd && document.kinds[$0] == .blank }
        let trailing = TrailingWhitespace(document)
        for line in document.lines.indices where trailing.holdsItemOpen(line) { collapsible[line] = false }
        trimTrailingWhitespace(trailing)
        indentation = SubtaskIndentation(document, collapsible: collapsible)
        normalizeHeadings()
        normalizeTasks()
        normalizeBullets()
        guardAgainstFrontMatter()
        applyIndentation()
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

    /// Lists that hold tasks take `-` as their bullet, item by item, unless the list would then
    /// merge with a neighbouring `-` list or an item would read as a thematic break.
    private mutating func normalizeBullets() {
        let items = document.items
        var members: [Int32: [Int]] = [:]
        for (index, item) in items.enumerated() where !item.ordered {
            members[item.list, default: []].append(index)
        }
        let lists = members.sorted(by: { $0.key < $1.key }).map { UnorderedList(items: $0.value, in: items) }
        // Each list's neighbours by line, so that finding them costs no scan of every list.
        var startingAt: [Int: [Int]] = [:], endingAt: [Int: [Int]] = [:]
        var contentLines: ContentLines?  // built for the first list that needs it
        for (index, list) in lists.enumerated() {
            startingAt[list.firstLine, default: []].append(index)
            endingAt[list.lastLine, default: []].append(index)
        }
        for list in lists {
            let first = items[list.items[0]]
            guard first.delimiter != Byte.minus, list.items.contains(where: { items[$0].checkboxStart >= 0 }) else { continue }
            if contentLines == nil { contentLines = ContentLines(document.kinds) }
            if touchesDashList(list, lists: lists, startingAt: startingAt, endingAt: endingAt, contentLines: contentLines!) { continue }
            var rewritten: [(line: Int, content: [UInt8])] = []
            var safe = true
            for index in list.items {
                let item = items[index]
                var line = Array(content(item.line))
                let offset = item.markerStart - document.lines[item.line].start
                line[offset] = Byte.minus
                let breaks = line.withUnsafeBufferPointer { LineScanners.isThematicBreak($0, offset, $0.count) }
                if breaks { safe = false; break }
                rewritten.append((item.line, line))
            }
            guard safe else { continue }
            for (line, content) in rewritten { replacements[line] = content }
        }
    }

    /// One unordered list: its items (indexes into `document.items`) and the lines it spans.
    private struct UnorderedList {
        let items: [Int]
        let firstLine: Int
        let lastLine: Int
        let parent: Int32
        let quoteDepth: Int

        init(items: [Int], in all: [ParsedItem]) {
            self.items = items
            let first = all[items[0]]
            firstLine = first.line
            lastLine = items.map { all[$0].lastLine }.max()!
            parent = first.parent
            quoteDepth = first.quoteDepth
        }
    }

    /// Whether another unordered list with the same parent sits right before or after the list
    /// (only blank lines between), so that the two would become one list.
    private func touchesDashList(_ list: UnorderedList, lists: [UnorderedList],
                                 startingAt: [Int: [Int]], endingAt: [Int: [Int]], contentLines: ContentLines) -> Bool {
        // (Nested lists often end on the same line: a scan over the blank lines after it, per
        // list, was quadratic.)
        let before = contentLines.atOrBefore(list.firstLine - 1)
        let after = contentLines.atOrAfter(list.lastLine + 1)
        // Any unordered neighbour counts: it is either a `-` list already or about to become one.
        let neighbours = (startingAt[after] ?? []) + (endingAt[before] ?? [])
        return neighbours.contains { index in
            let other = lists[index]
            return other.parent == list.parent && other.quoteDepth == list.quoteDepth && other.firstLine != list.firstLine
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
