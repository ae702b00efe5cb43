/// The block structure of a Markdown document, computed the way cmark-gfm computes it, so that
/// tick sees a checkbox exactly where GitHub draws one.
///
/// This follows CommonMark's two-phase line algorithm (spec appendix, cmark's `blocks.c`): for
/// each line, first match the open containers (block quotes, list items, code, HTML, paragraphs),
/// then open new blocks, then add the rest of the line as text, possibly as a lazy continuation.
/// Columns are counted with tab stops of 4, including tabs that are only partly consumed. Only
/// what tick needs is kept: each line's kind, the list items, and the headings. Inline content is
/// never parsed here.
struct BlockParser {
    private enum Kind: UInt8 {
        case document, blockQuote, list, item, fencedCode, indentedCode, html, paragraph, table
    }

    /// An open block. Its numbers are held in 32 bits (offsets, lines and columns of a document
    /// of at most 2 GiB, counts of a few): a block is copied as it is pushed and popped.
    private struct Container {
        var kind: Kind
        var hasChildren = false
        // item
        var markerOffset: Int { get { Int(storedMarkerOffset) } set { storedMarkerOffset = Int32(newValue) } }
        var padding: Int { get { Int(storedPadding) } set { storedPadding = Int32(newValue) } }
        var item: Int32 = -1
        // list
        var ordered = false
        var delimiter: UInt8 = 0
        // fenced code
        var fenceChar: UInt8 = 0
        var fenceLength: Int { get { Int(storedFenceLength) } set { storedFenceLength = Int32(newValue) } }
        var fenceOffset: Int { get { Int(storedFenceOffset) } set { storedFenceOffset = Int32(newValue) } }
        // HTML block
        var htmlKind: Int { get { Int(storedHTMLKind) } set { storedHTMLKind = UInt8(newValue) } }
        // paragraph, table, indented code
        var firstLine: Int { get { Int(storedFirstLine) } set { storedFirstLine = Int32(newValue) } }
        var lastLine: Int { get { Int(storedLastLine) } set { storedLastLine = Int32(newValue) } }
        /// Byte offset where the paragraph's text starts on its last line (a table header candidate).
        var lastLineTextStart: Int { get { Int(storedLastLineTextStart) } set { storedLastLineTextStart = Int32(newValue) } }
        /// The task whose text this paragraph is, or -1.
        var ownerItem: Int32 = -1
        /// For a list: its number, shared by its items.
        var listID: Int32 = -1
        // Set by `push` from the block below, so that no line walks the stack:
        /// The innermost item at or below this block (-1: none), and how many block quotes are.
        var innermostItem: Int32 = -1
        var quoteDepth: Int32 = 0
        /// The innermost task at or below this block (-1: none): a task's parent.
        var innermostTask: Int32 = -1
        /// The highest index at or below this block's whose block a blank line (or the blank
        /// rest of a line) can end or change; 0 when there is none (`acceptsAnyBlankLine`).
        var blankLineStop: Int32 = 0
        /// For a paragraph: its text before this offset is known to be well-formed UTF-8, or
        /// (`illFormed`) known not to be. Table header checks then read each byte once.
        var wellFormedEnd: Int { get { Int(storedWellFormedEnd) } set { storedWellFormedEnd = Int32(newValue) } }
        var illFormed = false

        private var storedMarkerOffset: Int32 = 0, storedPadding: Int32 = 0
        private var storedFenceLength: Int32 = 0, storedFenceOffset: Int32 = 0
        private var storedHTMLKind: UInt8 = 0
        private var storedFirstLine: Int32 = 0, storedLastLine: Int32 = 0, storedLastLineTextStart: Int32 = 0
        private var storedWellFormedEnd: Int32 = 0

        init(kind: Kind) { self.kind = kind }
    }

    /// The stack of open blocks: a block is pushed and popped, and one of its fields set,
    /// several times a line, so its storage is its own, with no copy-on-write check each time
    /// (the parser that owns it frees it).
    private struct ContainerStack {
        private var base: UnsafeMutablePointer<Container>
        private(set) var count = 1
        private var capacity = 16

        init() {
            base = .allocate(capacity: capacity)
            base.initialize(to: Container(kind: .document))
        }

        subscript(index: Int) -> Container {
            unsafeAddress {
                precondition(index >= 0 && index < count, "no such open block")
                return UnsafePointer(base + index)
            }
            nonmutating unsafeMutableAddress {
                precondition(index >= 0 && index < count, "no such open block")
                return base + index
            }
        }

        mutating func append(_ block: Container) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Container>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: block)
            count += 1
        }

        mutating func removeLast() -> Container {
            precondition(count > 0, "no open block")
            count -= 1
            return (base + count).move()
        }

        func deallocate() { base.deallocate() }
    }

    private let s: UnsafeBufferPointer<UInt8>
    private let lines: [Line]
    private var kinds: [LineKind]
    private var items: [ParsedItem] = []
    private var headings: [ParsedHeading] = []
    private var continuations: [TextContinuation] = []
    /// Where the open paragraph's text starts on each of its lines, kept only while it may
    /// begin with link reference definitions (its first byte is `[`); empty otherwise.
    private var definitionCandidate: [Int] = []
    private var paragraphContinuations: [Int] = []
    private var indentedLazyLines: [Int] = []
    private var listCount: Int32 = 0
    /// The last line done whose kind is not blank. Every item still open after such a line
    /// contains it, so an item's last line is this value when the item closes (`popStack`):
    /// no line walks the open items.
    private var lastContentLine = -1
    /// Offsets of the current line where a thematic break scan cannot succeed: an earlier scan
    /// met a byte there that rules one out (cmark's `thematic_break_kill_pos`).
    private var thematicBreakDead = 0..<0
    /// Where the current line's first byte that is not a space or a tab is, once asked.
    private var lineIndentEnd = -1
    /// The open blocks, the document first.
    private var stack = ContainerStack()

    // The cursor over the current line, named as in cmark.
    private var line = 0
    private var lineEnd = 0
    private var offset = 0
    private var column = 0
    private var partiallyConsumedTab = false
    private var firstNonspace = 0
    private var firstNonspaceColumn = 0
    private var indent = 0
    private var blank = false

    // Per-line bookkeeping for the "open new blocks" phase.
    private var container = 0
    private var openedNew = false

    /// ASCII letters and digits a project configured as statuses (`StatusSet`).
    private let letterStatuses: StatusSet.ASCIISet

    // The tasks, opened as the parse meets each checkbox and built when its text ends, in
    // file order (`completeOpenTask`); a task's last line is set when its item closes. No
    // second pass over the items, no table from items to tasks.
    /// The bytes `s` points into: a one-line task's text is a view onto them.
    private let bytes: [UInt8]
    private let statuses: StatusSet
    /// Every byte is well-formed UTF-8 (`Document.isWellFormedUTF8`): no task needs a check of its own.
    private let wellFormed: Bool
    private var tasks: [Task] = []
    /// The texts of the tasks whose text wraps, joined by a space, one after another.
    private var joinedTexts: [UInt8] = []
    /// The task whose text is still being read, from its checkbox to the end of its paragraph:
    /// one at a time, since a paragraph ends before the next item opens.
    private var openTask: OpenTask?
    /// How many tasks have been opened: the index of the next.
    private var tasksOpened = 0
    /// The fields the tasks use, counted as each task is completed.
    private var usage = FieldUsage()
    /// The last top-level heading so far (-1: none): the group of the tasks after it.
    private var currentGroup = -1

    private init(buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8], lines: [Line], statuses: StatusSet, wellFormed: Bool) {
        s = buffer
        self.bytes = bytes
        self.statuses = statuses
        letterStatuses = statuses.letters
        self.wellFormed = wellFormed
        self.lines = lines
        kinds = [LineKind](repeating: .blank, count: lines.count)
        // At most about one item per line: reserved once, the array never moves while it grows
        // (pages of the reserve that are never written cost nothing).
        items.reserveCapacity(lines.count)
        // At most one task a line (pages never written cost nothing, as above).
        tasks.reserveCapacity(lines.count)
    }

    /// `atFileStart`: the bytes open the file, so a byte-order mark and front matter may start
    /// them; false for a stretch from the middle of a file (`EditWindow`), parsed from a line
    /// where no block is open. `wellFormed`: every byte is known to be well-formed UTF-8.
    static func parse(_ bytes: [UInt8], lines: [Line], statuses: StatusSet = .default, wellFormed: Bool = false,
                      atFileStart: Bool = true) -> ParsedStructure {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = BlockParser(buffer: buffer, bytes: bytes, lines: lines, statuses: statuses, wellFormed: wellFormed)
            defer { parser.stack.deallocate() }
            return parser.parse(lines: lines, atFileStart: atFileStart)
        }
    }

    private mutating func parse(lines: [Line], atFileStart: Bool) -> ParsedStructure {
        let bomLength = lines.isEmpty || !atFileStart ? 0 : UTF8BOM.length(s, lines[0].contentEnd)
        let frontMatterEnd = atFileStart ? FrontMatter.end(s, lines: lines, bomLength: bomLength) : 0
        for index in 0..<frontMatterEnd { kinds[index] = .frontMatter }
        for index in frontMatterEnd..<lines.count {
            let current = lines[index]
            let start = index == 0 ? current.start + bomLength : current.start
            process(line: index, start: start, end: current.contentEnd)
        }
        // A top-level block still open at the end that only a closing line ends (a code fence,
        // or HTML of kinds 1–5, like `<!--`) would take in any line appended to the file.
        var unclosedBlockLine: Int?
        if stack.count > 1, stack[1].kind == .fencedCode || (stack[1].kind == .html && stack[1].htmlKind <= 5) {
            unclosedBlockLine = stack[1].firstLine
        }
        popStack(to: 1)
        return ParsedStructure(kinds: kinds, items: items, headings: headings, tasks: tasks,
                               joinedTexts: joinedTexts, fieldUsage: usage, continuations: continuations, paragraphContinuations: paragraphContinuations,
                               indentedLazyLines: indentedLazyLines,
                               frontMatterEnd: frontMatterEnd, unclosedBlockLine: unclosedBlockLine)
    }

    // MARK: - The cursor

    @inline(__always) private func peek(_ at: Int) -> UInt8? { at < lineEnd ? s[at] : nil }

    private mutating func findFirstNonspace() {
        if firstNonspace <= offset {
            firstNonspace = offset
            firstNonspaceColumn = column
            var toTab = 4 - (column % 4)
            while firstNonspace < lineEnd {
                let c = s[firstNonspace]
                if c == Byte.space {
                    firstNonspace += 1
                    firstNonspaceColumn += 1
                    toTab -= 1
                    if toTab == 0 { toTab = 4 }
                } else if c == Byte.tab {
                    firstNonspace += 1
                    firstNonspaceColumn += toTab
                    toTab = 4
                } else {
                    break
                }
            }
        }
        indent = firstNonspaceColumn - column
        blank = firstNonspace >= lineEnd
    }

    /// Advances by `count` columns (tabs may be consumed partly) or by `count` bytes.
    private mutating func advance(_ count: Int, columns: Bool) {
        var count = count
        while count > 0, offset < lineEnd {
            if s[offset] == Byte.tab {
                let toTab = 4 - (column % 4)
                if columns {
                    partiallyConsumedTab = toTab > count
                    let step = min(count, toTab)
                    column += step
                    if !partiallyConsumedTab { offset += 1 }
                    count -= step
                } else {
                    partiallyConsumedTab = false
                    column += toTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    // MARK: - One line

    private mutating func process(line index: Int, start: Int, end: Int) {
        line = index
        lineEnd = end
        offset = start
        column = 0
        partiallyConsumedTab = false
        firstNonspace = start - 1
        openedNew = false
        thematicBreakDead = 0..<0
        lineIndentEnd = -1
        if nextTaskOfList(start: start, end: end) { return }

        // Phase 1: which open containers does this line continue?
        var lastMatched = 0
        var i = 1
        while i < stack.count {
            findFirstNonspace()
            // The rest of the line is blank, and every block from here up takes a blank line
            // whatever its indentation (lists, items with content, code, HTML of kinds 1-5):
            // they all match, and nothing else this line does depends on how far each would have
            // advanced. Without this, n blank lines under n nested items cost n² steps.
            if blank, Int(stack[stack.count - 1].blankLineStop) < i {
                lastMatched = stack.count - 1
                break
            }
            var matched = true
            switch stack[i].kind {
            case .blockQuote:
                if indent <= 3, peek(firstNonspace) == Byte.greater {
                    advance(firstNonspace + 1 - offset, columns: false)
                    if let c = peek(offset), Byte.isSpaceOrTab(c) { advance(1, columns: true) }
                } else {
                    matched = false
                }
            case .item:
                let needed = stack[i].markerOffset + stack[i].padding
                if indent >= needed {
                    advance(needed, columns: true)
                } else if blank, stack[i].hasChildren {
                    advance(firstNonspace - offset, columns: false)
                } else {
                    matched = false
                }
            case .fencedCode:
                let fence = stack[i]
                if indent <= 3, peek(firstNonspace) == fence.fenceChar,
                   LineScanners.closingFenceLength(s, firstNonspace, lineEnd, char: fence.fenceChar) >= fence.fenceLength {
                    kinds[line] = .fenceClose
                    popStack(to: i)
                    finishLine()
                    return
                }
                var remaining = fence.fenceOffset
                while remaining > 0, let c = peek(offset), Byte.isSpaceOrTab(c) {
                    advance(1, columns: true)
                    remaining -= 1
                }
            case .indentedCode:
                if indent >= 4 {
                    advance(4, columns: true)
                } else if blank {
                    advance(firstNonspace - offset, columns: false)
                } else {
                    matched = false
                }
            case .html:
                if blank, stack[i].htmlKind >= 6 { matched = false }
            case .paragraph:
                if blank { matched = false }
            case .table:
                // cmark-gfm scans rows as UTF-8 text: a row that is not well-formed ends the table.
                // So does a line with no cells (`|` alone).
                if blank || !UTF8Bytes.isWellFormed(UnsafeBufferPointer(rebasing: s[offset..<lineEnd]))
                    || LineScanners.tableCellCount(s, offset, lineEnd) == 0 { matched = false }
            case .document, .list:
                break
            }
            if !matched { break }
            lastMatched = i
            i += 1
        }
        let allMatched = lastMatched == stack.count - 1
        container = lastMatched

        // Phase 2: open new blocks.
        let tipIsParagraph = stack[stack.count - 1].kind == .paragraph
        var maybeLazy = tipIsParagraph
        var kind = stack[container].kind
        var lineDone = false
        newBlocks: while kind != .fencedCode, kind != .indentedCode, kind != .html {
            findFirstNonspace()
            let indented = indent >= 4
            let c = peek(firstNonspace)
            // The first byte picks the only scanners that can match (each also checks it).
            let starts = c.map { BlockStart.table[Int($0)] } ?? 0
            if !indented, c == Byte.greater {
                advance(firstNonspace + 1 - offset, columns: false)
                if let next = peek(offset), Byte.isSpaceOrTab(next) { advance(1, columns: true) }
                push(Container(kind: .blockQuote))
            } else if !indented, starts & BlockStart.heading != 0, let level = LineScanners.atxHeadingLevel(s, firstNonspace, lineEnd) {
                prepareParent(forLeaf: true)
                appendHeading(ParsedHeading(line: line, lastLine: line, level: level, setext: false, topLevel: stack.count == 1))
                kinds[line] = .atxHeading
                lineDone = true
                break newBlocks
            } else if !indented, starts & BlockStart.fence != 0, let fence = LineScanners.openingFence(s, firstNonspace, lineEnd) {
                var block = Container(kind: .fencedCode)
                block.fenceChar = fence.char
                block.fenceLength = fence.length
                block.fenceOffset = firstNonspace - offset
                block.firstLine = line
                push(block)
                kinds[line] = .fenceOpen
                lineDone = true
                break newBlocks
            } else if !indented, starts & BlockStart.html != 0, let htmlKind = HTMLBlockScanner.startKind(s, firstNonspace, lineEnd,
                                                                           canBeKind7: kind != .paragraph) {
                var block = Container(kind: .html)
                block.htmlKind = htmlKind
                block.firstLine = line
                push(block)
                break newBlocks
            } else if !indented, kind == .paragraph, starts & BlockStart.setext != 0,
                      let level = LineScanners.setextLevel(s, firstNonspace, lineEnd) {
                let paragraph = stack[container]
                // cmark takes link reference definitions off the paragraph first: when nothing
                // is left there is no heading, and the underline is the paragraph's text.
                let definitions = definitionCandidate.isEmpty ? 0 : LinkReferenceDefinitions.linesTaken(
                    s, lines: zip(definitionCandidate, paragraph.firstLine...).map { $0..<lines[$1].end })
                guard paragraph.firstLine + definitions < line else { break newBlocks }
                let title = paragraph.firstLine + definitions
                if definitions > 0, let index = paragraphContinuations.lastIndex(of: title) {
                    paragraphContinuations.remove(at: index)
                }
                for text in title..<line { kinds[text] = .setextText }
                kinds[line] = .setextUnderline
                popStack(to: container)
                appendHeading(ParsedHeading(line: title, lastLine: line, level: level, setext: true, topLevel: stack.count == 1))
                openedNew = true
                lineDone = true
                break newBlocks
            } else if !indented, starts & BlockStart.thematicBreak != 0, !(kind == .paragraph && !allMatched),
                      thematicBreakAtFirstNonspace() {
                prepareParent(forLeaf: true)
                kinds[line] = .thematicBreak
                lineDone = true
                break newBlocks
            } else if indent < 4, starts & BlockStart.listItem != 0, let marker = LineScanners.listMarker(s, firstNonspace, lineEnd,
                                                                     interruptsParagraph: kind == .paragraph) {
                openItem(marker)
            } else if indented, !maybeLazy, !blank {
                advance(4, columns: true)
                var block = Container(kind: .indentedCode)
                block.firstLine = line
                block.lastLine = line
                push(block)
                kinds[line] = .indentedCode
                lineDone = true
                break newBlocks
            } else {
                let itemIndex = Int(stack[container].item)
                if kind == .item, items[itemIndex].line == line, !blank,
                   let checkboxEnd = Checkbox.end(s, firstNonspace, lineEnd, letterStatuses: letterStatuses) {
                    items[itemIndex].checkboxStart = firstNonspace
                    items[itemIndex].checkboxEnd = checkboxEnd
                    open(taskOfItem: itemIndex, container: container)
                    // A checkbox GitHub draws is no text; any other (another status, or a box
                    // after a quote marker) is text to GitHub, so a task with nothing after it
                    // still opens a paragraph (the next line can continue it lazily).
                    let drawn = Checkbox.isDrawn(status: s[firstNonspace + 1], width: checkboxEnd - firstNonspace,
                                                 markerOpensLine: items[itemIndex].markerOpensLine)
                    if drawn || (checkboxEnd..<lineEnd).contains(where: { !Byte.isSpaceOrTab(s[$0]) }) {
                        advance(checkboxEnd - offset, columns: false)
                    }
                } else if kind == .paragraph, !indented, tryOpenTable() {  // an indented delimiter row is text
                    lineDone = true
                }
                break newBlocks
            }
            kind = stack[container].kind
            if kind == .paragraph { break }
            maybeLazy = false
        }

        if !lineDone { addText(lazyAllowed: !allMatched && tipIsParagraph) }
        if kinds[line] == .blank, (start..<end).contains(where: { !Byte.isSpaceOrTab(s[$0]) }) {
            kinds[line] = .marker
        }
        finishLine()
    }

    /// The usual line of a todo list, read without the general steps: the next task of a
    /// top-level bullet list whose item before is still open (with whatever it holds open:
    /// its paragraph, a subtask's list, a fence), written `- [ ] text` (its bullet, one
    /// space, a box of one ASCII status, one space, then text). It does what the general
    /// steps do with such a line, by the same steps: phase 1 continues the list, not the
    /// item (the line is not indented, and an item's content is at least two columns in);
    /// phase 2 finds no other block before the marker (`[` rules out a thematic break; the
    /// list is no paragraph to underline), so the item and all it holds close, an item opens
    /// in the same list with its content two columns in, and its checkbox opens a task;
    /// phase 3 opens the task's paragraph. Any other line, or a box `Checkbox.end` does not
    /// read as one, goes the general way, before anything is changed. (The round-trip fuzzer
    /// holds every parse to the reference builder.)
    private mutating func nextTaskOfList(start: Int, end: Int) -> Bool {
        guard stack.count >= 3, end - start >= 7 else { return false }
        let list = stack[1]
        guard list.kind == .list, !list.ordered, stack[2].kind == .item,
              s[start] == list.delimiter, s[start + 1] == Byte.space, s[start + 5] == Byte.space,
              !Byte.isSpaceOrTab(s[start + 6]),
              let checkboxEnd = Checkbox.end(s, start + 2, end, letterStatuses: letterStatuses), checkboxEnd == start + 5
        else { return false }
        // Phase 2: the item before and its paragraph close (`closeUnmatched`).
        openedNew = true
        popStack(to: 2)
        let record = ParsedItem(line: line, lastLine: line, textLastLine: line, parent: list.innermostItem,
                                markerStart: start, markerLength: 1, ordered: false, contentColumn: 2,
                                quoteDepth: Int(list.quoteDepth), markerOpensLine: true,
                                list: list.listID, delimiter: list.delimiter)
        let index = pushItem(record, markerOffset: 0, padding: 2)
        items[Int(index)].checkboxStart = start + 2
        items[Int(index)].checkboxEnd = checkboxEnd
        open(taskOfItem: Int(index), container: container)
        // Phase 3: the text from the first byte after the box's space.
        pushParagraph(textStart: start + 6, owner: index)
        lastContentLine = line
        return true
    }

    // MARK: - Phase 3: the rest of the line

    private mutating func addText(lazyAllowed: Bool) {
        findFirstNonspace()
        if lazyAllowed, !openedNew, !blank {
            // A lazy continuation line: the paragraph stays open, and so do its containers.
            // cmark keeps a lazy line's text from the containers' edge, spaces and all.
            continueParagraph(at: stack.count - 1, textStart: offset)
            if firstNonspace > offset || partiallyConsumedTab { indentedLazyLines.append(line) }
            return
        }
        closeUnmatched()
        let top = stack.count - 1
        switch stack[top].kind {
        case .fencedCode:
            if kinds[line] != .fenceOpen { kinds[line] = .fenceContent }
        case .indentedCode:
            if !blank {
                for previous in (stack[top].lastLine + 1)..<line { kinds[previous] = .indentedCode }
                stack[top].lastLine = line
                kinds[line] = .indentedCode
            }
        case .html:
            kinds[line] = .html
            let htmlKind = stack[top].htmlKind
            if htmlKind <= 5, HTMLBlockScanner.endsBlock(kind: htmlKind, s, firstNonspace, lineEnd) {
                popStack(to: stack.count - 1)
            }
        case .paragraph:
            if !blank { continueParagraph(at: top, textStart: firstNonspace) }
        case .table:
            if !blank { kinds[line] = .tableRow }
        default:
            guard !blank else { return }
            let parent = stack[top]
            let ownsTask = parent.kind == .item && items[Int(parent.item)].line == line && items[Int(parent.item)].checkboxStart >= 0
            pushParagraph(textStart: firstNonspace, owner: ownsTask ? parent.item : -1)
        }
    }

    private mutating func continueParagraph(at index: Int, textStart: Int) {
        if !definitionCandidate.isEmpty, stack[index].firstLine != line { definitionCandidate.append(textStart) }
        stack[index].lastLine = line
        stack[index].lastLineTextStart = firstNonspace
        kinds[line] = .paragraph
        if stack[index].firstLine != line { paragraphContinuations.append(line) }
        let owner = stack[index].ownerItem
        if owner >= 0, stack[index].firstLine != line {
            // A merge conflict's marker line right below the task (git's `<<<<<<< HEAD`, or
            // its `=======`) ends its text, as a table's header row does: the file is half of
            // two versions from there (`ConflictMarkers.endsText`).
            if ConflictMarkers.endsText(bytes, from: firstNonspace, to: lineEnd) {
                completeOpenTask()
                stack[index].ownerItem = -1
                return
            }
            items[Int(owner)].textLastLine = line
            continuations.append(TextContinuation(item: owner, start: firstNonspace, end: lineEnd))
        }
    }

    /// Every item still open after this line contains it, unless it is blank: recorded once
    /// here, and read by each item as it closes (`popStack`).
    private mutating func finishLine() {
        if kinds[line] != .blank { lastContentLine = line }
    }

    /// Closes blocks until `count` are open. An item closed here ends at the last non-blank
    /// line before this one: it was open after every line since its own.
    private mutating func popStack(to count: Int) {
        while stack.count > count {
            let block = stack.removeLast()
            if block.kind == .item {
                let index = Int(block.item)
                let lastLine = max(items[index].lastLine, lastContentLine)
                items[index].lastLine = lastLine
                if items[index].checkboxStart >= 0 {
                    if openTask?.item == block.item { completeOpenTask() }
                    tasks[Int(block.innermostTask)].setLastLine(lastLine)
                }
            } else if block.kind == .paragraph, block.ownerItem >= 0 {
                completeOpenTask()
            }
        }
    }

    /// Whether a blank line, or the blank rest of a line, leaves the block open and unchanged
    /// whatever its indentation (phase 1 matches it in any case).
    private static func acceptsAnyBlankLine(_ block: Container) -> Bool {
        switch block.kind {
        case .list, .fencedCode, .indentedCode: return true
        case .item: return block.hasChildren
        case .html: return block.htmlKind <= 5
        case .document, .blockQuote, .paragraph, .table: return false
        }
    }

    /// `LineScanners.isThematicBreak` at `firstNonspace`, without scanning again what an earlier
    /// scan of this line ruled out: a scan that met a byte other than its mark, a space or a tab
    /// at `k` fails at `k` from every later start before `k` too (that start is then the same
    /// mark), and one that met too few marks fails from every later start.
    private mutating func thematicBreakAtFirstNonspace() -> Bool {
        if thematicBreakDead.contains(firstNonspace) { return false }
        guard let miss = LineScanners.thematicBreakMiss(s, firstNonspace, lineEnd) else { return true }
        thematicBreakDead = firstNonspace..<miss
        return false
    }

    // MARK: - Opening blocks

    /// Closes the containers this line did not continue; done once, before the first new block.
    private mutating func closeUnmatched() {
        guard !openedNew else { return }
        openedNew = true
        popStack(to: container + 1)
    }

    /// Closes blocks until the top one can hold a child of `kind`, as cmark's `add_child` does.
    private mutating func prepareParent(forLeaf: Bool, kind: Kind = .paragraph) {
        closeUnmatched()
        while true {
            let top = stack[stack.count - 1].kind
            let canContain: Bool
            switch top {
            case .document, .blockQuote, .item: canContain = kind != .item
            case .list: canContain = kind == .item
            default: canContain = false
            }
            if canContain { break }
            popStack(to: stack.count - 1)
        }
        let top = stack.count - 1
        stack[top].hasChildren = true
        // An item with content takes blank lines.
        if stack[top].kind == .item { stack[top].blankLineStop = stack[top - 1].blankLineStop }
        if forLeaf { container = stack.count - 1 }
    }

    private mutating func push(_ block: Container) {
        prepareParent(forLeaf: false, kind: block.kind)
        var block = block
        let below = stack[stack.count - 1]
        block.innermostItem = block.kind == .item ? block.item : below.innermostItem
        block.innermostTask = below.innermostTask
        block.quoteDepth = below.quoteDepth + (block.kind == .blockQuote ? 1 : 0)
        block.blankLineStop = Self.acceptsAnyBlankLine(block) ? below.blankLineStop : Int32(stack.count)
        stack.append(block)
        container = stack.count - 1
    }

    private mutating func openItem(_ marker: LineScanners.ListMarker) {
        let markerOffset = indent
        let markerStart = firstNonspace
        advance(firstNonspace + marker.length - offset, columns: false)
        let savedOffset = offset
        let savedColumn = column
        let savedPartial = partiallyConsumedTab
        while column - savedColumn <= 5, let c = peek(offset), Byte.isSpaceOrTab(c) {
            advance(1, columns: true)
        }
        let spaces = column - savedColumn
        let padding: Int
        if spaces >= 5 || spaces < 1 || offset >= lineEnd {
            padding = marker.length + 1
            offset = savedOffset
            column = savedColumn
            partiallyConsumedTab = savedPartial
            if spaces > 0 { advance(1, columns: true) }
        } else {
            padding = marker.length + spaces
        }

        closeUnmatched()
        let top = stack[container]
        if top.kind != .list || top.ordered != marker.ordered || top.delimiter != marker.delimiter {
            var list = Container(kind: .list)
            list.ordered = marker.ordered
            list.delimiter = marker.delimiter
            list.listID = listCount
            listCount += 1
            push(list)
        }
        // The list is the top block now; it knows the item and the quotes around it.
        let list = stack[stack.count - 1]
        let listID = list.listID
        let parentItem = list.innermostItem
        let quoteDepth = Int(list.quoteDepth)
        if lineIndentEnd < 0 {
            lineIndentEnd = lines[line].start
            while lineIndentEnd < lineEnd, Byte.isSpaceOrTab(s[lineIndentEnd]) { lineIndentEnd += 1 }
        }
        // The marker's column plus the padding: an item whose first line is empty (`-`) takes
        // its content one column past the marker, though nothing follows it on this line.
        let contentColumn = savedColumn - marker.length + padding
        let record = ParsedItem(line: line, lastLine: line, textLastLine: line, parent: parentItem,
                                markerStart: markerStart, markerLength: marker.length,
                                ordered: marker.ordered, contentColumn: contentColumn,
                                quoteDepth: quoteDepth,
                                markerOpensLine: markerStart == lineIndentEnd,
                                list: listID, delimiter: marker.delimiter)
        kinds[line] = .marker
        pushItem(record, markerOffset: markerOffset, padding: padding)
    }

    /// Keeps the record of an item that opens and pushes the item; returns the record's index.
    @discardableResult @inline(__always)
    private mutating func pushItem(_ record: ParsedItem, markerOffset: Int, padding: Int) -> Int32 {
        let index = Int32(items.count)
        items.append(record)
        var item = Container(kind: .item)
        item.markerOffset = markerOffset
        item.padding = padding
        item.item = index
        push(item)
        return index
    }

    /// Opens a paragraph whose text starts at `textStart` on this line; `owner`: the item
    /// whose task's text it is (-1: none).
    @inline(__always)
    private mutating func pushParagraph(textStart: Int, owner: Int32) {
        var paragraph = Container(kind: .paragraph)
        paragraph.firstLine = line
        paragraph.lastLine = line
        paragraph.lastLineTextStart = textStart
        // (An empty array's `removeAll` still makes a buffer: one a task line, in every parse.)
        if !definitionCandidate.isEmpty { definitionCandidate.removeAll(keepingCapacity: true) }
        if s[textStart] == Byte.leftBracket { definitionCandidate.append(textStart) }
        paragraph.ownerItem = owner
        push(paragraph)
        kinds[line] = .paragraph
    }

    /// GFM tables: a paragraph whose last line is a header row becomes a table when this line is a
    /// delimiter row with the same number of cells. Earlier lines stay a paragraph.
    private mutating func tryOpenTable() -> Bool {
        guard let columns = LineScanners.tableDelimiterColumns(s, firstNonspace, lineEnd) else { return false }
        let paragraph = stack[container]
        let header = paragraph.lastLineTextStart..<lines[paragraph.lastLine].contentEnd
        // cmark-gfm reads the whole paragraph as UTF-8 text when it looks for the header row.
        guard LineScanners.tableCellCount(s, header.lowerBound, header.upperBound) == columns,
              paragraphIsWellFormed(through: header.upperBound),
              UTF8Bytes.isWellFormed(UnsafeBufferPointer(rebasing: s[firstNonspace..<lineEnd]))
        else { return false }
        // The header row is no longer text of the paragraph (or task) it continued.
        if paragraph.lastLine != paragraph.firstLine {
            if paragraphContinuations.last == paragraph.lastLine { paragraphContinuations.removeLast() }
            if indentedLazyLines.last == paragraph.lastLine { indentedLazyLines.removeLast() }
            if paragraph.ownerItem >= 0, continuations.last?.item == paragraph.ownerItem {
                continuations.removeLast()
                items[Int(paragraph.ownerItem)].textLastLine = paragraph.lastLine - 1
            }
        }
        kinds[paragraph.lastLine] = .tableRow
        kinds[line] = .tableRow
        stack[container].kind = .table
        // A task's text ends before the header row.
        if paragraph.ownerItem >= 0 { completeOpenTask() }
        stack[container].ownerItem = -1
        return true
    }

    /// Whether the open paragraph's text, from its first line to `end` (the end of its last
    /// line), is well-formed UTF-8. Each byte is read once per paragraph: the text only grows,
    /// what was well-formed stays so and a well-formed prefix ends on a whole sequence, and
    /// ill-formed text stays ill-formed.
    private mutating func paragraphIsWellFormed(through end: Int) -> Bool {
        let paragraph = stack[container]
        if paragraph.illFormed { return false }
        let from = max(lines[paragraph.firstLine].start, paragraph.wellFormedEnd)
        guard from >= end || UTF8Bytes.isWellFormed(UnsafeBufferPointer(rebasing: s[from..<end])) else {
            stack[container].illFormed = true
            return false
        }
        stack[container].wellFormedEnd = end
        return true
    }

    // MARK: - Tasks

    /// A top-level heading opens the group of the tasks after it.
    private mutating func appendHeading(_ heading: ParsedHeading) {
        if heading.topLevel { currentGroup = headings.count }
        headings.append(heading)
    }

    /// What the parse knows of a task from its checkbox until its text ends (`openTask`). Plain
    /// numbers, so that setting and clearing it copies bytes (a `TaskStatus` here would have
    /// each clear go through the runtime); the status is read when the task is built.
    private struct OpenTask {
        var item: Int32
        var important: Bool
        var textStart: Int
        var parent: Int32
        var group: Int
        /// Where its text's wrapped lines start in `continuations`.
        var firstContinuation: Int
    }

    /// Opens the task of item `itemIndex`, whose checkbox is on this line, its first; the item
    /// is the block at `container`, the top of the stack. What comes after the checkbox (a
    /// star, the text) is read from this line; the task is built once its text ends
    /// (`completeOpenTask`): tasks are built in file order, each once.
    private mutating func open(taskOfItem itemIndex: Int, container: Int) {
        // The task before, if it has no paragraph, ends here.
        if openTask != nil { completeOpenTask() }
        let item = items[itemIndex]
        var cursor = item.checkboxEnd
        while cursor < lineEnd, Byte.isSpaceChar(s[cursor]) { cursor += 1 }
        var important = false
        if cursor < lineEnd, s[cursor] == Byte.star, cursor + 1 == lineEnd || Byte.isSpaceChar(s[cursor + 1]) {
            important = true
            cursor += 1
            while cursor < lineEnd, Byte.isSpaceChar(s[cursor]) { cursor += 1 }
        }
        // The nearest enclosing task, whatever items without a checkbox lie between.
        openTask = OpenTask(item: Int32(itemIndex), important: important, textStart: cursor, parent: stack[container].innermostTask, group: currentGroup,
                            firstContinuation: continuations.count)
        stack[container].innermostTask = Int32(tasksOpened)
        tasksOpened += 1
    }

    /// A line's first due field, `offset` into the joined text: read (`due`), or, an Obsidian
    /// one, held until the lines after it are known (`ending`).
    private static func due(_ field: TaskField?, at offset: Int) -> (due: TaskField?, ending: TaskField?) {
        guard let field = field?.shifted(by: offset) else { return (nil, nil) }
        return field.dialect == .obsidian ? (nil, field) : (field, nil)
    }

    /// Builds the open task, whose text has ended: the rest of its first line and the lines
    /// its paragraph wraps onto, joined by a space. The due field is looked for line by line,
    /// as an edit of it finds it: a code span or a bracket that runs over a line break does not
    /// hide or make one. Field usage is counted over the joined text, as
    /// `Document.fields(of:)` reads it. Its last line follows when its item closes.
    private mutating func completeOpenTask() {
        guard let open = openTask else { return }
        openTask = nil
        let item = items[Int(open.item)]
        let firstLine = lines[item.line]
        let cursor = open.textStart
        // Trimmed on the buffer: the text of one line is read in place, with no slice of the
        // array (which would hold a reference to it).
        var textEnd = firstLine.contentEnd
        while textEnd > cursor, Byte.isSpaceChar(s[textEnd - 1]) { textEnd -= 1 }
        let line = UnsafeBufferPointer(rebasing: s[cursor..<textEnd])
        var location = TextLocation(bytesAt: cursor, count: textEnd - cursor)
        var valid = wellFormed || UTF8Bytes.isWellFormed(line)
        var dueField: TaskField?
        var fieldKinds: TaskField.Kinds
        let due: CivilDate?
        // The paragraph's wrapped lines were recorded from `firstContinuation` on.
        var next = open.firstContinuation
        if next < continuations.count {
            var text = bytes[cursor..<textEnd]
            let joinedStart = joinedTexts.count
            joinedTexts += text
            // The first due field a line reads. The first line ends an Obsidian task, as
            // Obsidian Tasks reads it (`TaskFields.init(_:firstLineEnd:)`); on a later line, an
            // Obsidian one at the end of its line is read only when each line after it is an
            // Obsidian ending (`TaskFields.obsidianEnding`): it is held (`ending`) until a line
            // that is not one drops it. A later line's due field counts only once no earlier
            // one is read or held.
            var ending: TaskField?
            let firstLineEnd = text.count
            dueField = TaskFields.due(in: text)
            while next < continuations.count {
                let part = DocumentBuilder.trimmed(bytes[continuations[next].start..<continuations[next].end])
                if !part.isEmpty {
                    if joinedTexts.count > joinedStart { joinedTexts.append(Byte.space) }
                    if dueField == nil {
                        if ending != nil, !TaskFields.obsidianEnding(part) { ending = nil }
                        if ending == nil { (dueField, ending) = Self.due(TaskFields.due(in: part), at: joinedTexts.count - joinedStart) }
                    }
                    joinedTexts += part
                }
                valid = valid && (wellFormed || part.allSatisfyValidUTF8)
                next += 1
            }
            dueField = dueField ?? ending
            location = TextLocation(joinedAt: joinedStart, count: joinedTexts.count - joinedStart)
            text = joinedTexts[joinedStart...]
            fieldKinds = TaskFields.tally(text, firstLineEnd: firstLineEnd, counting: &usage).kinds
            due = dueField.flatMap { field in
                CivilDate(isoBytes: text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)])
            }
        } else {
            (dueField, fieldKinds) = TaskFields.tally(line, counting: &usage)
            due = dueField.flatMap { CivilDate(isoBuffer: UnsafeBufferPointer(rebasing: line[$0.value])) }
        }
        if valid, !wellFormed, cursor > firstLine.start {
            valid = bytes[firstLine.start..<cursor].allSatisfyValidUTF8
        }
        let parent = open.parent < 0 ? nil : Int(open.parent)
        // The usual box holds one ASCII byte, read as it is unless the project gives statuses
        // meanings of its own (no slice, no String).
        let status: TaskStatus.Packed, statusType: StatusType
        if item.checkboxEnd - item.checkboxStart == 3 && s[item.checkboxStart + 1] < 0x80 && statuses.custom.isEmpty {
            status = TaskStatus.Packed(asciiStatus: s[item.checkboxStart + 1])
            statusType = status.defaultType
        } else {
            let read = TaskStatus(statusBytes: bytes[(item.checkboxStart + 1)..<(item.checkboxEnd - 1)], statuses: statuses)
            (status, statusType) = (TaskStatus.Packed(read), statuses.type(of: read))
        }
        tasks.append(Task(
            index: tasks.count, line: item.line, lastLine: item.lastLine, textLastLine: item.textLastLine,
            status: status, statusType: statusType, important: open.important,
            due: due, dueField: dueField, text: location, parent: parent, depth: parent.map { tasks[$0].depth + 1 } ?? 0,
            group: open.group < 0 ? nil : open.group, markerStart: item.markerStart, markerLength: item.markerLength,
            ordered: item.ordered, checkboxStart: item.checkboxStart, checkboxEnd: item.checkboxEnd, textStart: cursor,
            contentColumn: item.contentColumn, quoteDepth: item.quoteDepth, markerOpensLine: item.markerOpensLine,
            hasInvalidUTF8: !valid, fieldKinds: fieldKinds))
    }
}

/// Which block starts a line's first byte (after its indentation) can begin, as bits: the
/// scanners for the others are not called.
enum BlockStart {
    static let heading: UInt8 = 1 << 0        // #
    static let fence: UInt8 = 1 << 1          // ` ~
    static let html: UInt8 = 1 << 2           // <
    static let setext: UInt8 = 1 << 3         // = -
    static let thematicBreak: UInt8 = 1 << 4  // * - _
    static let listItem: UInt8 = 1 << 5       // - + * and digits

    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var bits: UInt8 = 0
        if byte == Byte.hash { bits |= heading }
        if byte == Byte.backtick || byte == Byte.tilde { bits |= fence }
        if byte == Byte.less { bits |= html }
        if byte == Byte.equals || byte == Byte.minus { bits |= setext }
        if byte == Byte.star || byte == Byte.minus || byte == Byte.underscore { bits |= thematicBreak }
        if byte == Byte.minus || byte == Byte.plus || byte == Byte.star || Byte.isDigit(byte) { bits |= listItem }
        return bits
    }
}
