/// Where new and moved task lines go, and how they are written so that they match their
/// neighbours: the same indentation, quote markers and list marker as the tasks around them.
package enum TaskPlacement {
    package enum Position: Sendable {
        /// At the end of a group's top-level tasks (nil: above the first heading).
        case bottom(group: Int?)
        /// Before a group's first top-level task.
        case top(group: Int?)
        case before(Task)
        case after(Task)
        /// As the last subtask of a task.
        case under(Task)
    }

    /// The default group for a new task: the first part of the file (above the first heading, or
    /// a group) that already has top-level tasks, a group for closed tasks aside; else the
    /// first group (the file's title, and closed tasks' groups, when it has no other); else
    /// the top of the file.
    package static func defaultGroup(in document: Document) -> Int? {
        // Not a group for closed tasks (`✅ Completed`, `Done / Work`): an open task there
        // would read as done, or be taken by the next archive.
        func isClosed(_ heading: Int?) -> Bool {
            document.groupPath(ofHeading: heading).contains(where: ArchivePlace.isClosed)
        }
        if let first = document.tasks.first(where: { $0.parent == nil && !isClosed($0.group) }) { return first.group }
        return document.headings.indices.first { document.headings[$0].topLevel && !isClosed($0) && $0 != document.title }
            ?? document.headings.indices.first { document.headings[$0].topLevel }
    }

    /// A new task line: prefix, checkbox, optional star, text, and `dates` (a `--due`, a created
    /// date), each written in `dialect` (see `TaskField.written`).
    ///
    /// The typed text's own date words in tick's dialect (`due:2026-11-27`, the command line's
    /// shorthand) are written in `dialect` too when the file speaks another: they move to the end,
    /// where Obsidian Tasks reads its fields. Fields typed in another dialect stay as typed.
    package static func taskContent(prefix: [UInt8], text: String, important: Bool,
                                   dates: [(TaskField.Kind, CivilDate)] = [], dialect: TaskField.Dialect = .tick) -> [UInt8] {
        var content = prefix + Array("[ ] ".utf8)
        if important { content += Array("* ".utf8) }
        var words = Array(text.utf8)
        // Typed text that ends in Obsidian fields (`Review 🔁 every week`) takes the dates in
        // Obsidian's way too: in tick's, after the rule, neither would be read.
        var dialect = dialect
        if dialect == .tick, !dates.isEmpty, TaskFields(words[...]).fields.contains(where: { $0.dialect == .obsidian }) { dialect = .obsidian }
        var added: [(kind: TaskField.Kind, value: [UInt8])] = []
        if dialect != .tick {
            for field in TaskFields(words[...]).fields.reversed() where field.dialect == .tick && field.kind.isDate {
                added.insert((field.kind, Array(words[field.value])), at: 0)
                var cut = field.range
                if cut.upperBound < words.count, words[cut.upperBound] == Byte.space { cut = cut.lowerBound..<(cut.upperBound + 1) }
                else if cut.lowerBound > 0, words[cut.lowerBound - 1] == Byte.space { cut = (cut.lowerBound - 1)..<cut.upperBound }
                words.removeSubrange(cut)
            }
        }
        added += dates.map { ($0.0, Array($0.1.description.utf8)) }
        // Created, start, scheduled, due: the order Obsidian Tasks writes them in.
        let order: [TaskField.Kind] = [.created, .start, .scheduled, .due, .cancelled, .done]
        for field in added.enumerated().sorted(by: { a, b in
            let (x, y) = (order.firstIndex(of: a.element.kind) ?? order.count, order.firstIndex(of: b.element.kind) ?? order.count)
            return x != y ? x < y : a.offset < b.offset
        }).map(\.element) {
            words += (words.isEmpty ? [] : [Byte.space]) + TaskField.written(field.kind, value: field.value, in: dialect)
        }
        return content + words
    }

    /// Splices that insert the given task lines (built by `content`, from the prefix that fits
    /// the position) at `position`.
    package static func insert(at position: Position, in document: Document,
                              content: ([UInt8]) -> [[UInt8]]) throws(EditError) -> [Splice] {
        switch position {
        case .before(let task):
            return insert(content, before: task, in: document)
        case .after(let task):
            return insert(content(nextSiblingPrefix(task, in: document)), after: task, in: document)
        case .under(let task):
            let children = document.subtasks(of: task)
            if children.isEmpty { try checkItemEndsClosed(task, in: document) }
            // After the last subtask's list, unless more of the task follows it (a note): then
            // a new list at the task's content column.
            let prefix = children.last.flatMap { $0.lastLine == task.lastLine ? nextSiblingPrefix($0, in: document) : nil }
                ?? childPrefix(of: task, in: document, marker: nil)
            return insert(content(prefix), after: task, in: document)
        case .top(let group):
            let tasks = placementTasks(inHeading: group, in: document)
            if let first = tasks.first { return insert(content, before: first, in: document) }
            return try insertIntoEmptySection(group, in: document, lines: content(Array("- ".utf8)))
        case .bottom(let group):
            let tasks = placementTasks(inHeading: group, in: document)
            if let last = tasks.last { return insert(content(nextSiblingPrefix(last, in: document)), after: last, in: document) }
            return try insertIntoEmptySection(group, in: document, lines: content(Array("- ".utf8)))
        }
    }

    /// The top-level tasks of a group that a task added to its top or bottom goes next to: those
    /// outside block quotes, when it has any (a task quoted from an email is not where the
    /// group's list is); else all of them (a list kept in a quote or callout).
    static func placementTasks(inHeading group: Int?, in document: Document) -> [Task] {
        let tasks = Sections.topLevelTasks(inHeading: group, in: document)
        let unquoted = tasks.filter { $0.quoteDepth == 0 }
        return unquoted.isEmpty ? tasks : unquoted
    }

    /// Lines after a task's block (its text, notes and subtasks).
    static func insert(_ lines: [[UInt8]], after task: Task, in document: Document) -> [Splice] {
        [.insert(separated(lines, before: task.lastLine + 1, in: document), before: task.lastLine + 1)]
    }

    /// Lines before a task. When the task shares its line with outer list markers or the
    /// file's BOM (`*\t- [ ] a`), the new first line takes them and the task's line keeps only
    /// their width in spaces: one splice replaces the task's line.
    static func insert(_ content: ([UInt8]) -> [[UInt8]], before task: Task, in document: Document) -> [Splice] {
        let line = document.lines[task.line]
        let outer = document.bytes[line.start..<task.markerStart]
        let inner = containerPrefix(outer)
        let marker = document.bytes[task.markerStart..<task.checkboxStart]
        guard !outer.elementsEqual(inner) else { return [.insert(content(inner + marker), before: task.line)] }
        let moved = inner + document.bytes[task.markerStart..<line.contentEnd]
        return [Splice(lines: task.line..<(task.line + 1), replacement: content(Array(outer) + marker) + [moved])]
    }

    /// A section with no tasks: the list goes after its last non-blank line, set off by blank lines.
    static func insertIntoEmptySection(_ group: Int?, in document: Document, lines: [[UInt8]]) throws(EditError) -> [Splice] {
        let section = Sections.ownLines(ofHeading: group, in: document)
        var last = min(section.upperBound, max(section.lowerBound, document.appendLine))
        if last == document.appendLine { try checkListCanGoLast(in: document) }
        while last > section.lowerBound, isBlank(document, last - 1) { last -= 1 }
        var block = lines
        let anchor = group.map { document.headings[$0].lastLine + 1 } ?? document.frontMatterEnd
        let afterSomething = last > section.lowerBound || anchor > 0
        if afterSomething { block.insert([], at: 0) }
        if last < document.lines.count, !isBlank(document, last) { block.append([]) }
        return [.insert(block, before: max(last, anchor))]
    }

    /// The prefix of a task's line up to its checkbox, for a sibling after it. An ordered marker
    /// is numbered on from it, unless the list numbers every item the same.
    static func nextSiblingPrefix(_ task: Task, in document: Document) -> [UInt8] {
        let line = document.lines[task.line]
        let indent = containerPrefix(document.bytes[line.start..<task.markerStart])
        var prefix = indent + document.bytes[task.markerStart..<task.checkboxStart]
        guard task.ordered else { return prefix }
        // The indent drops a BOM, so the marker's offset in the prefix is the indent's length.
        let markerOffset = indent.count
        var digitsEnd = markerOffset
        while digitsEnd < prefix.count, Byte.isDigit(prefix[digitsEnd]) { digitsEnd += 1 }
        guard let number = Int(String(decoding: prefix[markerOffset..<digitsEnd], as: UTF8.self)) else { return prefix }
        // A list numbered `1.` throughout (a sibling before or after the task has its number)
        // keeps its style. The nearest task on either side at the task's depth or above is its
        // sibling, or there is none on that side.
        func isSibling(_ other: Task) -> Bool { other.parent == task.parent && other.ordered && other.group == task.group }
        let previous = document.tasks[..<task.index].last { $0.depth <= task.depth }
        let next = document.tasks[(task.index + 1)...].first { $0.depth <= task.depth }
        if [previous, next].contains(where: { $0.map { isSibling($0) && markerNumber($0, in: document) == number } ?? false }) { return prefix }
        prefix.replaceSubrange(markerOffset..<digitsEnd, with: Array(String(number + 1).utf8))
        return prefix
    }

    static func markerNumber(_ task: Task, in document: Document) -> Int? {
        var end = task.markerStart
        while end < document.bytes.count, Byte.isDigit(document.bytes[end]) { end += 1 }
        return Int(String(decoding: document.bytes[task.markerStart..<end], as: UTF8.self))
    }

    /// A prefix for a line nested in `task`'s item: its own indentation and quote markers, spaces
    /// up to its content column, and then `marker` and a space (nil: the task's bullet, or `-`).
    package static func childPrefix(of task: Task, in document: Document, marker: UInt8?) -> [UInt8] {
        let line = document.lines[task.line]
        var prefix = containerPrefix(document.bytes[line.start..<task.markerStart])
        let column = Byte.columns(of: prefix)
        prefix += [UInt8](repeating: Byte.space, count: max(0, task.contentColumn - column))
        let bullet = marker ?? (task.ordered ? Byte.minus : document.bytes[task.markerStart])
        return prefix + [bullet, Byte.space]
    }

    /// What comes before a task's marker on its line, for another line in the same place:
    /// indentation and quote markers stay; the markers of outer list items on the same line
    /// (`*\t- [ ] a`) become spaces, or the new line would open items of its own.
    static func containerPrefix(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let text = bytes.starts(with: UTF8BOM.bytes) ? bytes.dropFirst(3) : bytes  // the file's BOM stays on line 1
        return text.map { Byte.isSpaceOrTab($0) || $0 == Byte.greater ? $0 : Byte.space }
    }

    /// `lines` with a blank line after them when `line`, which they go before, starts a
    /// paragraph outside any list item: right after task text it would join that text (a lazy
    /// continuation), and a setext heading would stop being one. New lines meet this after a
    /// task with nothing past its checkbox; removed lines, when a fence or heading that kept
    /// the paragraph apart goes (`removal`; `previous`: the line the paragraph then follows).
    /// A paragraph quoted deeper than what it follows opens its own quote, and needs none (a
    /// blank line in that quote would start it with a blank line: a callout's `[!todo]` would
    /// stop being one).
    static func separated(_ lines: [[UInt8]], before line: Int, after previous: Int? = nil, in document: Document) -> [[UInt8]] {
        guard line < document.lines.count, document.kinds[line] == .paragraph || document.kinds[line] == .setextText,
              !sortedContains(document.paragraphContinuations, line),
              !sortedContains(document.items.lazy.map(\.line), line) else { return lines }
        let before = lines.last ?? previous.map { Array(document.content(ofLine: $0)) } ?? []
        guard quoteDepth(document.content(ofLine: line)) <= quoteDepth(before) else { return lines }
        return lines + [blankLine(before: line, in: document)]
    }

    /// How many block quotes a line's markers open (`> > a`: 2).
    static func quoteDepth(_ line: some Collection<UInt8>) -> Int {
        line.prefix { Byte.isSpaceOrTab($0) || $0 == Byte.greater }.lazy.filter { $0 == Byte.greater }.count
    }

    /// A blank line to go right before `line`: in a block quote it keeps the line's quote
    /// markers (`>`), so that the quote goes on rather than ending and starting again.
    static func blankLine(before line: Int, in document: Document) -> [UInt8] {
        var quote = Array(document.content(ofLine: line).prefix { Byte.isSpaceOrTab($0) || $0 == Byte.greater })
        while let last = quote.last, Byte.isSpaceOrTab(last) { quote.removeLast() }
        return quote
    }

    /// Deletes `lines`, leaving one blank line when the paragraph right after them would
    /// otherwise join the line right before them (a lazy continuation of a task's text, say,
    /// once the fence or heading that closed it is gone). `keepingApart` leaves it whenever
    /// non-blank lines would meet (`TaskDeletion`'s second try).
    static func removal(of lines: Range<Int>, in document: Document, keepingApart: Bool = false) -> Splice {
        // What ended the file takes the blank lines before it along: a file does not end blank.
        if lines.upperBound == document.lines.count, lines.lowerBound > 0, isBlank(document, lines.lowerBound - 1) {
            var lower = lines.lowerBound
            while lower > 0, isBlank(document, lower - 1) { lower -= 1 }
            return .delete(lower..<lines.upperBound)
        }
        // What began the file takes the blank lines after it along: a file does not start blank.
        if lines.lowerBound == 0, lines.upperBound < document.lines.count, isBlank(document, lines.upperBound) {
            var upper = lines.upperBound
            while upper < document.lines.count, isBlank(document, upper) { upper += 1 }
            return .delete(0..<upper)
        }
        // Between two blank lines: one of them goes too, so that one separates what is left.
        if lines.lowerBound > 0, isBlank(document, lines.lowerBound - 1), lines.upperBound < document.lines.count,
           isBlank(document, lines.upperBound) {
            return .delete(lines.lowerBound..<(lines.upperBound + 1))
        }
        let joins = lines.lowerBound > 0 && !isBlank(document, lines.lowerBound - 1)
        guard joins else { return .delete(lines) }
        if keepingApart, lines.upperBound < document.lines.count, !isBlank(document, lines.upperBound) {
            return Splice(lines: lines, replacement: [blankLine(before: lines.upperBound, in: document)])
        }
        return Splice(lines: lines, replacement: separated([], before: lines.upperBound, after: lines.lowerBound - 1, in: document))
    }

    /// A list written at the end of the file goes before a code fence or HTML block that is never
    /// closed (after it, the block would take it in). When that block is indented, the list
    /// would take in the block instead, so nothing can go there.
    static func checkListCanGoLast(in document: Document) throws(EditError) {
        guard let open = document.unclosedBlockLine else { return }
        let indent = Byte.columns(of: document.content(ofLine: open).prefix(while: Byte.isSpaceOrTab))
        // The narrowest list item (`- `) takes in lines indented by two columns.
        if indent >= 2 { throw .unclosedIndentedBlock(line: open + 1) }
    }

    /// A line indented into the task's item right after its block would go on with a code fence
    /// or HTML block still open on the block's last line (`- [ ] a` then `  ```` and nothing to
    /// close it), and be code: no subtask or note can go there.
    static func checkItemEndsClosed(_ task: Task, in document: Document) throws(EditError) {
        let kinds = document.kinds
        var first = task.lastLine
        switch kinds[task.lastLine] {
        case .fenceOpen, .fenceContent:
            while first > task.line, kinds[first] != .fenceOpen { first -= 1 }
        case .html:
            while first > task.line + 1, kinds[first - 1] == .html { first -= 1 }
            guard let open = openHTMLBlock(lines: first...task.lastLine, in: document) else { return }
            first = open
        default:
            return
        }
        // In a note's own item, the block ends where the new line, at the task's content column,
        // ends that item.
        let open = first
        if document.items.contains(where: { $0.line > task.line && $0.line <= open && $0.lastLine >= open }) { return }
        throw .insideOpenBlock(line: open + 1)
    }

    /// The first line of the HTML block still open after `lines`, a run of HTML lines that
    /// starts a block: kinds 6 and 7 end only at a blank line, kinds 1–5 at their end marker
    /// (`-->`, `</pre>`…), and the next line may start another block.
    private static func openHTMLBlock(lines: ClosedRange<Int>, in document: Document) -> Int? {
        document.bytes.withUnsafeBufferPointer { s in
            var open: (line: Int, kind: Int)?
            for index in lines {
                let line = document.lines[index]
                var at = line.start
                while at < line.contentEnd, Byte.isSpaceOrTab(s[at]) { at += 1 }
                // A line this cannot read (a quote marker, say) counts as an open block.
                if open == nil { open = (index, HTMLBlockScanner.startKind(s, at, line.contentEnd, canBeKind7: true) ?? 7) }
                if let block = open, block.kind <= 5, HTMLBlockScanner.endsBlock(kind: block.kind, s, at, line.contentEnd) {
                    open = nil
                }
            }
            return open?.line
        }
    }

    /// Binary search in ascending values.
    static func sortedContains<C: RandomAccessCollection>(_ values: C, _ wanted: Int) -> Bool where C.Element == Int {
        var low = values.startIndex, high = values.endIndex
        while low < high {
            let middle = values.index(low, offsetBy: values.distance(from: low, to: high) / 2)
            if values[middle] < wanted { low = values.index(after: middle) } else { high = middle }
        }
        return low < values.endIndex && values[low] == wanted
    }

    static func isBlank(_ document: Document, _ line: Int) -> Bool {
        document.kinds[line] == .blank
    }
}
