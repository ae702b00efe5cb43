/// Edits of groups (headings and the sections under them).
public enum GroupEdits {
    /// The name a new group gets: "Untitled list" for an empty name, and "NAME (1)", "NAME (2)"…
    /// when the name is taken, as the list apps do.
    public static func availableName(_ name: String, in document: Document) -> String {
        let base = name.trimmingSpaces.isEmpty ? "Untitled list" : name.trimmingSpaces
        let taken = Set(document.headings.filter(\.topLevel).map { $0.title.lowercased() })
        guard taken.contains(base.lowercased()) else { return base }
        var number = 1
        while taken.contains("\(base) (\(number))".lowercased()) { number += 1 }
        return "\(base) (\(number))"
    }

    /// Appends a heading at the end of the file, set off by a blank line, with `body` (task
    /// lines) under it after another; before a code fence or HTML block that is never closed,
    /// which would take them in.
    public static func add(_ name: String, level: Int, body: [[UInt8]] = [], in document: Document) throws(EditError) -> [Splice] {
        try TaskText.checkGroupName(name)
        let at = document.appendLine
        if !body.isEmpty { try TaskPlacement.checkListCanGoLast(in: document) }
        var block: [[UInt8]] = []
        if at > 0, !TaskPlacement.isBlank(document, at - 1) { block.append([]) }
        block.append(Array((String(repeating: "#", count: level) + " " + name).utf8))
        if !body.isEmpty { block += [[]] + body }
        if at < document.lines.count { block.append([]) }
        return [.insert(block, before: at)]
    }

    /// Renames a group, keeping its heading's style (ATX markers and closing sequence, or setext).
    public static func rename(_ index: Int, to name: String, in document: Document) throws(EditError) -> [Splice] {
        try TaskText.checkGroupName(name)
        let heading = document.headings[index]
        let line = document.lines[heading.line]
        let splices: [Splice]
        if heading.setext {
            var indent = line.start
            while indent < line.contentEnd, Byte.isSpaceOrTab(document.bytes[indent]) { indent += 1 }
            let content = Array(document.bytes[line.start..<indent]) + Array(name.trimmingSpaces.utf8)
            splices = [Splice(lines: heading.line..<heading.lastLine, replacement: [content])]
        } else {
            let title = ATXHeading.titleRange(document.bytes, line)
            var content = Array(document.bytes[line.start..<title.lowerBound])
            if title.isEmpty, let last = content.last, !Byte.isSpaceOrTab(last) { content.append(Byte.space) }
            content += Array(name.trimmingSpaces.utf8)
            content += document.bytes[title.upperBound..<line.contentEnd]
            splices = [.replace(line: heading.line, with: content)]
        }
        // Some names are not a heading's text (`` ``` `` opens a code fence under a setext
        // heading; `a #` loses its `#` as a closing sequence): the renamed file must read back
        // with this group, so named, and every task where it was.
        let after = document.afterApplying(splices)
        guard after.headings.contains(where: { $0.line == heading.line && $0.topLevel && $0.title == name.trimmingSpaces }),
              after.headings.count == document.headings.count, after.tasks.count == document.tasks.count else {
            throw .invalidText("'\(name.trimmingSpaces)' would not read back as this group's heading; choose another name")
        }
        return splices
    }

    /// Removes a group's heading and everything under it, subgroups included; a blank line stays
    /// where the paragraph below would otherwise join a task above.
    public static func remove(_ index: Int, in document: Document) -> [Splice] {
        [TaskPlacement.removal(of: Sections.subtreeLines(ofHeading: index, in: document), in: document)]
    }

    /// Moves a group (with its subgroups) before or after another group.
    public static func move(_ index: Int, before: Bool, other: Int, in document: Document) throws(EditError) -> [Splice] {
        let moving = Sections.subtreeLines(ofHeading: index, in: document)
        let anchor = Sections.subtreeLines(ofHeading: other, in: document)
        guard index != other else { return [] }
        if moving.contains(document.headings[other].line) || anchor.contains(document.headings[index].line) {
            throw .cannotMove("cannot move a group relative to its own subgroup or parent")
        }
        // A block that is never closed takes in everything after it: moved up, it would swallow
        // the groups below; moved-after groups go before it.
        if let open = document.unclosedBlockLine, moving.contains(open) {
            throw .cannotMove("the group ends inside a code fence or HTML block that is never closed (line \(open + 1)); close it first")
        }
        let target = min(before ? anchor.lowerBound : anchor.upperBound, document.appendLine)
        if target == moving.lowerBound || target == moving.upperBound { return [] }
        if target == document.appendLine, document.items.contains(where: { moving.contains($0.line) }) {
            try TaskPlacement.checkListCanGoLast(in: document)
        }
        var lines = moving.map { Array(document.content(ofLine: $0)) }
        // A section that ended the file may lack the blank line that separated it from the next.
        if let last = lines.last, !last.isEmpty, target < document.lines.count { lines.append([]) }
        // And the section it lands after may end without one (a setext title would be read as
        // more text of the task above it).
        if target > 0, !TaskPlacement.isBlank(document, target - 1) { lines.insert([], at: 0) }
        // A section that ended the file leaves with the blank lines that set it apart, which
        // would otherwise end the file.
        var removed = moving
        if moving.upperBound == document.lines.count, lines.last == [] {
            while removed.lowerBound > target, removed.lowerBound > 0, TaskPlacement.isBlank(document, removed.lowerBound - 1) {
                removed = (removed.lowerBound - 1)..<removed.upperBound
            }
        }
        // What followed the section may now follow a task: keep it apart, as a moved task does.
        let splices = [Splice.insert(lines, before: target), TaskPlacement.removal(of: removed, in: document)]
        // Checked on the result. Right after a `---` rule that opens the file, a heading reads
        // as a YAML comment and makes front matter of everything up to the next `---`.
        let after = document.afterApplying(splices)
        if after.frontMatterEnd != document.frontMatterEnd {
            throw .cannotMove("the group would follow the '---' on line 1 and turn the top of the file into front matter; move it lower")
        }
        guard BlockEdits.readsTheSame(after, as: document),
              after.headings.map(\.title).sorted() == document.headings.map(\.title).sorted() else {
            throw .cannotMove("the group's lines would read differently there")
        }
        return splices
    }
}
