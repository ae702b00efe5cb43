/// Turns the block parser's raw records into `Heading`s and `Task`s: titles, statuses, stars,
/// due dates, text, and the group and parent each task belongs to.
enum DocumentBuilder {
    /// The top-level headings still open while headings are read in order, by level: what
    /// gives each heading its enclosing group (`parent`). One rule for both readings.
    private struct OpenGroups {
        private var levels: [Int] = []
        private var indices: [Int] = []

        /// The group heading `index` (of `level`) is in; it is then open itself. Headings in
        /// quotes or list items (not top-level) open no group and are in none.
        mutating func parent(ofHeading index: Int, level: Int, topLevel: Bool) -> Int? {
            guard topLevel else { return nil }
            while let last = levels.last, last >= level {
                levels.removeLast()
                indices.removeLast()
            }
            let parent = indices.last
            levels.append(level)
            indices.append(index)
            return parent
        }
    }

    static func headings(_ bytes: [UInt8], lines: [Line], parsed: [ParsedHeading]) -> [Heading] {
        var result: [Heading] = []
        result.reserveCapacity(parsed.count)
        var open = OpenGroups()
        for heading in parsed {
            let title = heading.setext
                ? setextTitle(bytes, lines: lines, heading)
                : String(decoding: bytes[ATXHeading.titleRange(bytes, lines[heading.line])], as: UTF8.self)
            let parent = open.parent(ofHeading: result.count, level: heading.level, topLevel: heading.topLevel)
            result.append(Heading(line: heading.line, lastLine: heading.lastLine, level: heading.level,
                                  setext: heading.setext, title: title, parent: parent,
                                  topLevel: heading.topLevel))
        }
        return result
    }

    /// The headings with each one's enclosing group (`parent`) worked out again, as `headings`
    /// does: for headings moved from two readings of one file.
    static func linkingParents(_ headings: [Heading]) -> [Heading] {
        var result: [Heading] = []
        result.reserveCapacity(headings.count)
        var open = OpenGroups()
        for heading in headings {
            let parent = open.parent(ofHeading: result.count, level: heading.level, topLevel: heading.topLevel)
            result.append(Heading(line: heading.line, lastLine: heading.lastLine, level: heading.level, setext: heading.setext,
                                  title: heading.title, parent: parent, topLevel: heading.topLevel))
        }
        return result
    }

    private static func setextTitle(_ bytes: [UInt8], lines: [Line], _ heading: ParsedHeading) -> String {
        var parts: [String] = []
        for index in heading.line..<heading.lastLine {
            parts.append(trimmedString(bytes[lines[index].contentRange]))
        }
        return parts.joined(separator: " ")
    }

    /// `wellFormed`: the whole file is well-formed UTF-8 (`UTF8Bytes.isWellFormed`), so no task
    /// needs a check of its own.
    static func tasks(_ bytes: [UInt8], lines: [Line], structure: ParsedStructure, headings: [Heading], statuses: StatusSet,
                      wellFormed: Bool, usage: inout FieldUsage) -> [Task] {
        let items = structure.items
        var taskOfItem = [Int32](repeating: -1, count: items.count)
        var tasks: [Task] = []
        tasks.reserveCapacity(items.count)
        var depthOfTask: [Int] = []
        depthOfTask.reserveCapacity(items.count)
        var continuationIndex = 0
        let continuations = structure.continuations
        var headingIndex = -1
        var currentGroup: Int?
        for (itemIndex, item) in items.enumerated() where item.checkboxStart >= 0 {
            // The group: the last top-level heading before the task.
            while headingIndex + 1 < headings.count, headings[headingIndex + 1].line < item.line {
                headingIndex += 1
                if headings[headingIndex].topLevel { currentGroup = headingIndex }
            }
            // The parent: the nearest enclosing item that is a task.
            var parent: Int?
            var ancestor = item.parent
            while ancestor >= 0 {
                if taskOfItem[Int(ancestor)] >= 0 { parent = Int(taskOfItem[Int(ancestor)]); break }
                ancestor = items[Int(ancestor)].parent
            }
            let line = lines[item.line]
            let status = TaskStatus(statusBytes: bytes[(item.checkboxStart + 1)..<(item.checkboxEnd - 1)], statuses: statuses)
            var cursor = item.checkboxEnd
            while cursor < line.contentEnd, Byte.isSpaceChar(bytes[cursor]) { cursor += 1 }
            var important = false
            if cursor < line.contentEnd, bytes[cursor] == Byte.star,
               cursor + 1 == line.contentEnd || Byte.isSpaceChar(bytes[cursor + 1]) {
                important = true
                cursor += 1
                while cursor < line.contentEnd, Byte.isSpaceChar(bytes[cursor]) { cursor += 1 }
            }
            while continuationIndex < continuations.count, continuations[continuationIndex].item < Int32(itemIndex) {
                continuationIndex += 1
            }
            let firstSegment = cursor..<line.contentEnd
            var text = trimmedSlice(bytes[firstSegment])
            var valid = wellFormed || text.allSatisfyValidUTF8
            // The due field is looked for line by line, as an edit of it finds it: a code span
            // or a bracket that runs over a line break does not hide or make one. Field usage
            // is counted over the joined text, as `TaskFields.read(task.textBytes)` reads it.
            var dueField: TaskField?
            var fieldKinds: TaskField.Kinds
            if continuationIndex < continuations.count, continuations[continuationIndex].item == Int32(itemIndex) {
                dueField = TaskFields.due(in: text)
                var joined = Array(text)
                while continuationIndex < continuations.count, continuations[continuationIndex].item == Int32(itemIndex) {
                    let next = continuations[continuationIndex]
                    let part = trimmedSlice(bytes[next.start..<next.end])
                    if !part.isEmpty {
                        if !joined.isEmpty { joined.append(Byte.space) }
                        if dueField == nil, let field = TaskFields.due(in: part) { dueField = field.shifted(by: joined.count) }
                        joined += part
                    }
                    valid = valid && (wellFormed || part.allSatisfyValidUTF8)
                    continuationIndex += 1
                }
                text = joined[...]
                fieldKinds = TaskFields.tally(text, counting: &usage).kinds
            } else {
                (dueField, fieldKinds) = TaskFields.tally(text, counting: &usage)
            }
            if valid, !wellFormed, cursor > line.start {
                valid = bytes[line.start..<cursor].allSatisfyValidUTF8
            }
            let due = dueField.flatMap { field in
                CivilDate(isoBytes: text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)])
            }
            let depth = parent.map { depthOfTask[$0] + 1 } ?? 0
            taskOfItem[itemIndex] = Int32(tasks.count)
            depthOfTask.append(depth)
            tasks.append(Task(
                index: tasks.count, line: item.line, lastLine: item.lastLine, textLastLine: item.textLastLine,
                status: status, statusType: statuses.type(of: status), important: important,
                due: due, dueField: dueField,
                text: text, parent: parent, depth: depth, group: currentGroup,
                markerStart: item.markerStart, markerLength: item.markerLength, ordered: item.ordered,
                checkboxStart: item.checkboxStart, checkboxEnd: item.checkboxEnd, textStart: cursor,
                contentColumn: item.contentColumn, quoteDepth: item.quoteDepth,
                markerOpensLine: item.markerOpensLine, hasInvalidUTF8: !valid, fieldKinds: fieldKinds))
        }
        return tasks
    }

    private static func trimmedSlice(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = slice.startIndex
        var end = slice.endIndex
        while start < end, Byte.isSpaceChar(slice[start]) { start += 1 }
        while end > start, Byte.isSpaceChar(slice[end - 1]) { end -= 1 }
        return slice[start..<end]
    }

    /// Decodes bytes (invalid sequences become U+FFFD) without leading or trailing spaces and tabs.
    static func trimmedString(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: trimmedSlice(slice), as: UTF8.self)
    }
}
