/// The edited document without parsing it: the original's reading above and below the edit's
/// window, moved to where the edit put those lines, and the window's own reading in between.
///
/// `EditWindow` guarantees that outside the window the edited file reads line for line as the
/// original did, so nothing there is parsed again: lines, items, tasks and headings are copied
/// with their offsets, line numbers and indices moved. A `tick done` in a file of a million
/// tasks then costs the window's parse and a copy, not a second parse of the file. The result
/// equals `Document(bytes: edited)` (a property test holds it to that).
extension Document {
    /// `edited` is `original.applying(splices)` and `window` its `EditWindow`.
    package init(splicing original: Document, window: EditWindow, edited: [UInt8]) {
        let firstLine = window.firstLine
        let inside = window.after, replaced = window.before
        let windowStart = firstLine < original.lines.count ? original.lines[firstLine].start : original.bytes.count
        let oldEnd = firstLine + replaced.lines.count
        let byteDelta = edited.count - original.bytes.count
        let lineDelta = inside.lines.count - replaced.lines.count

        // Lines and their kinds.
        var lines = Array(original.lines[..<firstLine])
        lines.reserveCapacity(original.lines.count + lineDelta)
        for line in inside.lines { lines.append(line.shifted(by: windowStart)) }
        for line in original.lines[oldEnd...] { lines.append(line.shifted(by: byteDelta)) }
        let kinds = Array(original.kinds[..<firstLine]) + inside.kinds + original.kinds[oldEnd...]

        // List items: those above the window, the window's, those below it. Lists are numbered
        // as they open. The window's list 0 may be a list opened above it (`listAbove`), and
        // the list of the item below it may be one the window opened or continued.
        let itemsAbove = original.items.partitionPoint { $0.line >= firstLine }
        let listsAbove = original.items[..<itemsAbove].reduce(-1) { max($0, $1.list) } + 1
        let continued: Int32 = window.listAbove == nil ? 0 : 1
        func listCount(_ items: [ParsedItem]) -> Int32 { (items.map(\.list).max().map { $0 + 1 } ?? 0) - continued }
        /// A list of the window (the edited one's numbers) in the whole file.
        func list(ofWindow list: Int32) -> Int32 {
            if let above = window.listAbove { return list == 0 ? above : listsAbove + list - 1 }
            return listsAbove + list
        }
        let openedBefore = listCount(replaced.items), openedAfter = listCount(inside.items)
        let itemDelta = Int32(inside.items.count - replaced.items.count)
        var items = Array(original.items[..<itemsAbove])
        items.reserveCapacity(original.items.count + Int(itemDelta))
        for item in inside.items {
            items.append(item.shifted(lines: firstLine, bytes: windowStart, items: Int32(itemsAbove), list: list(ofWindow: item.list)))
        }
        let below = original.items[(itemsAbove + replaced.items.count)...]
        // The list of the item right below the window, before and after the edit, and how far
        // the lists opened after it move.
        var crossing: (old: Int32, new: Int32)?
        var listDelta = openedAfter - openedBefore
        if case .item(let continuing) = window.below, let next = below.first {
            let old = next.list, new = continuing.map(list(ofWindow:)) ?? listsAbove + openedAfter
            crossing = (old, new)
            listDelta += (continuing == nil ? 1 : 0) - (old < listsAbove + openedBefore ? 0 : 1)
        }
        for item in below {
            let list = item.list == crossing?.old ? crossing!.new : item.list + listDelta
            items.append(item.shifted(lines: lineDelta, bytes: byteDelta, items: itemDelta, list: list))
        }

        // Headings, and the tasks with their groups and parents.
        let headingsAbove = window.headingsAbove
        let headingDelta = inside.headings.count - replaced.headings.count
        var headings = Array(original.headings[..<headingsAbove])
        for heading in inside.headings { headings.append(heading.shifted(lines: firstLine)) }
        for heading in original.headings[(headingsAbove + replaced.headings.count)...] { headings.append(heading.shifted(lines: lineDelta)) }
        // A heading's parent can lie on the other side of the window's edge: linked again.
        headings = DocumentBuilder.linkingParents(headings)
        // The group of the window's tasks above its first heading: the one the window opens in.
        let groupAbove = original.headings[..<headingsAbove].lastIndex(where: \.topLevel)
        let tasksAbove = window.tasksAbove
        let taskDelta = inside.tasks.count - replaced.tasks.count
        var tasks = Array(original.tasks[..<tasksAbove])
        tasks.reserveCapacity(original.tasks.count + taskDelta)
        // The window's joined texts follow the original's (those of the tasks it replaced stay,
        // unread): the tasks outside keep their places in them.
        let joinedTexts = original.joinedTexts + inside.joinedTexts
        for task in inside.tasks {
            tasks.append(task.shifted(lines: firstLine, bytes: windowStart, tasks: tasksAbove,
                                      group: task.group.map { $0 + headingsAbove } ?? groupAbove,
                                      joinedBytes: original.joinedTexts.count))
        }
        // Below the window, a task is in a group above it, in the window's last group (the same
        // heading after the edit, `EditWindow`), or in one below it.
        let lastGroupBefore = replaced.headings.lastIndex(where: \.topLevel).map { $0 + headingsAbove }
        let lastGroupAfter = inside.headings.lastIndex(where: \.topLevel).map { $0 + headingsAbove }
        func groupBelow(_ group: Int) -> Int {
            group < headingsAbove ? group : group == lastGroupBefore ? lastGroupAfter! : group + headingDelta
        }
        for task in original.tasks[(tasksAbove + replaced.tasks.count)...] {
            tasks.append(task.shifted(lines: lineDelta, bytes: byteDelta, tasks: taskDelta,
                                      group: task.group.map(groupBelow), joinedBytes: 0))
        }

        func shiftedLines(_ old: [Int], _ window: [Int]) -> [Int] {
            let cut = old.partitionPoint { $0 >= firstLine }
            let below = old.partitionPoint { $0 >= oldEnd }
            return Array(old[..<cut]) + window.map { $0 + firstLine } + old[below...].map { $0 + lineDelta }
        }
        var usage = original.fieldUsage
        usage.replace(replaced.fieldUsage, with: inside.fieldUsage)

        self.init(bytes: edited, lines: lines, kinds: kinds, tasks: tasks, joinedTexts: joinedTexts, headings: headings, statuses: original.statuses,
                  frontMatterEnd: firstLine == 0 ? inside.frontMatterEnd : original.frontMatterEnd,
                  unclosedBlockLine: oldEnd == original.lines.count
                      ? inside.unclosedBlockLine.map { $0 + firstLine } : original.unclosedBlockLine.map { $0 + lineDelta },
                  items: items,
                  paragraphContinuations: shiftedLines(original.paragraphContinuations, inside.paragraphContinuations),
                  indentedLazyLines: shiftedLines(original.indentedLazyLines, inside.indentedLazyLines),
                  fieldUsage: usage,
                  // The lines outside the window are the original's, whole lines: well-formed
                  // in both parts means well-formed (false may only mean "not known").
                  isWellFormedUTF8: original.isWellFormedUTF8 && inside.isWellFormedUTF8,
                  stretch: original.stretch.map {
                      Stretch(lines: $0.lines.lowerBound..<($0.lines.upperBound + lineDelta), tasksAbove: $0.tasksAbove, spelling: $0.spelling,
                              firstGroupEnd: $0.firstGroupEnd)
                  },
                  // A stretch is edited only where the title stays (`covers`), above the window.
                  titleLine: original.title.map { original.headings[$0].line })
    }
}

extension Collection {
    /// The index of the first element for which `isAfter` holds, in a collection where it
    /// holds for a suffix (binary search).
    func partitionPoint(_ isAfter: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

extension Line {
    func shifted(by bytes: Int) -> Line { Line(start: start + bytes, contentEnd: contentEnd + bytes, end: end + bytes) }
}

extension ParsedItem {
    func shifted(lines: Int, bytes: Int, items: Int32, list: Int32) -> ParsedItem {
        var item = self
        item.line += lines
        item.lastLine += lines
        item.textLastLine += lines
        if item.parent >= 0 { item.parent += items }
        item.markerStart += bytes
        if item.checkboxStart >= 0 {
            item.checkboxStart += bytes
            item.checkboxEnd += bytes
        }
        item.list = list
        return item
    }
}

extension Heading {
    func shifted(lines: Int) -> Heading {
        Heading(line: line + lines, lastLine: lastLine + lines, level: level, setext: setext, title: title,
                parent: parent, topLevel: topLevel)
    }
}

extension Document {
    /// The document of `bytes`, a new version of this one's text (an editor's buffer after a
    /// change), read again only where the two differ: the whole lines both share at their start
    /// and at their end are not parsed again, but carried over through the change's window
    /// (`EditWindow`, `init(splicing:window:edited:)`), as an edit's are. Equal to
    /// `Document(bytes: bytes, statuses: statuses)`.
    package func reparsed(as bytes: [UInt8]) -> Document {
        guard stretch == nil, bytes.count <= Document.maximumSize else { return Document(bytes: bytes, statuses: statuses) }
        let old = self.bytes
        if old == bytes { return self }
        let shared = min(old.count, bytes.count)
        let (prefix, suffix) = old.withUnsafeBufferPointer { a in
            bytes.withUnsafeBufferPointer { b in
                var prefix = 0
                while prefix < shared, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < shared - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
        // Lines the two share: those that end inside the shared start, and those whose ending
        // before them lies in the shared end. (A lone `\r` just before the change, which may
        // become `\r\n`, starts the window at the top: `EditWindow`.)
        let firstChanged = lines.partitionPoint { $0.end > prefix }
        let firstKept = max(firstChanged, lines.partitionPoint { $0.start > old.count - suffix })
        let newStart = firstChanged < lines.count ? lines[firstChanged].start : old.count
        let newEnd = firstKept < lines.count ? lines[firstKept].start + bytes.count - old.count : bytes.count
        let middle = Array(bytes[newStart..<newEnd])
        let replacement = Line.split(middle).map { Array(middle[$0.contentRange]) }
        let splices = [Splice(lines: firstChanged..<firstKept, replacement: replacement)]
        return Document(splicing: self, window: EditWindow(splices, in: self, edited: bytes), edited: bytes)
    }
}
