@testable import TickCore

/// The task builder as it was before the parse learned its shortcuts (one UTF-8 check per file,
/// a field tally with no list of fields, the kinds of field each task holds), kept as the
/// reference the engine is checked against: by `ReferenceBuilderTests` over every input and
/// random edits of them, and by the round-trip fuzzer on whatever it finds.
///
/// Everything is worked out the long way: each task's lines checked for UTF-8 on their own,
/// its fields read into a list and counted from it.
enum ReferenceBuilder {
    /// The tasks, their joined texts and the field usage `document`'s bytes give, built from a
    /// fresh block parse.
    static func build(_ document: Document) -> (tasks: [Task], joinedTexts: [UInt8], usage: FieldUsage) {
        let bytes = document.bytes
        let lines = document.lines
        let statuses = document.statuses
        let structure = BlockParser.parse(bytes, lines: lines, statuses: statuses)
        let headings = document.headings
        var usage = FieldUsage()
        let items = structure.items
        var taskOfItem = [Int32](repeating: -1, count: items.count)
        var tasks: [Task] = []
        var joinedTexts: [UInt8] = []
        var depthOfTask: [Int] = []
        var continuationIndex = 0
        let continuations = structure.continuations
        var headingIndex = -1
        var currentGroup: Int?
        for (itemIndex, item) in items.enumerated() where item.checkboxStart >= 0 {
            while headingIndex + 1 < headings.count, headings[headingIndex + 1].line < item.line {
                headingIndex += 1
                if headings[headingIndex].topLevel { currentGroup = headingIndex }
            }
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
            var text = trimmed(bytes[cursor..<line.contentEnd])
            var location = TextLocation(bytesAt: text.startIndex, count: text.count)
            var valid = text.allSatisfyValidUTF8
            var dueField = TaskFields(text).first(.due)
            var firstLineEnd: Int?
            if continuationIndex < continuations.count, continuations[continuationIndex].item == Int32(itemIndex) {
                // Each line's text; the due field is the first one a line reads, where an
                // Obsidian field ends the first line's text (Obsidian Tasks' task), and a later
                // line's only when each line after it is an Obsidian ending on its own.
                var parts = [text]
                while continuationIndex < continuations.count, continuations[continuationIndex].item == Int32(itemIndex) {
                    let next = continuations[continuationIndex]
                    let part = trimmed(bytes[next.start..<next.end])
                    if !part.isEmpty { parts.append(part) }
                    valid = valid && part.allSatisfyValidUTF8
                    continuationIndex += 1
                }
                var joined: [UInt8] = []
                dueField = nil
                for (index, part) in parts.enumerated() {
                    if !joined.isEmpty { joined.append(Byte.space) }
                    let follows = index > 0 && !parts[(index + 1)...].allSatisfy { TaskFields.obsidianEnding($0) }
                    if dueField == nil, let field = TaskFields(part, textFollows: follows).first(.due) { dueField = field.shifted(by: joined.count) }
                    joined += part
                }
                firstLineEnd = parts[0].count
                location = TextLocation(joinedAt: joinedTexts.count, count: joined.count)
                joinedTexts += joined
                text = joined[...]
            }
            let fields = TaskFields(text, firstLineEnd: firstLineEnd)
            var kinds = TaskField.Kinds()
            for field in fields.fields {
                usage.count(field)
                kinds.insert(field.kind)
            }
            if !fields.unread.isEmpty { kinds.insertUnread() }
            if valid, cursor > line.start {
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
                status: TaskStatus.Packed(status), statusType: statuses.type(of: status), important: important,
                due: due, dueField: dueField,
                text: location, parent: parent, depth: depth, group: currentGroup,
                markerStart: item.markerStart, markerLength: item.markerLength, ordered: item.ordered,
                checkboxStart: item.checkboxStart, checkboxEnd: item.checkboxEnd, textStart: cursor,
                contentColumn: item.contentColumn, quoteDepth: item.quoteDepth,
                markerOpensLine: item.markerOpensLine, hasInvalidUTF8: !valid, fieldKinds: kinds))
        }
        return (tasks, joinedTexts, usage)
    }

    private static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = slice.startIndex, end = slice.endIndex
        while start < end, Byte.isSpaceChar(slice[start]) { start += 1 }
        while end > start, Byte.isSpaceChar(slice[end - 1]) { end -= 1 }
        return slice[start..<end]
    }
}
