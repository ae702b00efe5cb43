/// Edits of groups (headings and the sections under them).
package enum GroupEdits {
    /// The name a new group of `name` gets: "Untitled list" for an empty name, and "NAME (1)",
    /// "NAME (2)"… when the name is taken, as the list apps do.
    package static func availableName(_ name: String, in document: Document) -> String {
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
    package static func add(_ name: String, level: Int, body: [[UInt8]] = [], in document: Document) throws(EditError) -> [Splice] {
        try add([name], under: nil, level: level, body: body, in: document)
    }

    /// New groups, each a subgroup of the one before (`titles`: `Work`, `Backend`), with `body`
    /// under the last: at the end of the group `parent` (after its subgroups) one level below
    /// it, or at the end of the file at `level`.
    package static func add(_ titles: [String], under parent: Int?, level: Int, body: [[UInt8]] = [],
                           in document: Document) throws(EditError) -> [Splice] {
        for title in titles.isEmpty ? [""] : titles { try TaskText.checkGroupName(title) }
        var at = document.appendLine
        var first = level
        if let parent {
            first = min(document.headings[parent].level + 1, 6)
            let end = Sections.subtreeLines(ofHeading: parent, in: document).upperBound
            if end < document.lines.count {
                at = end
                while at > document.headings[parent].line + 1, TaskPlacement.isBlank(document, at - 1) { at -= 1 }
            }
        }
        if !body.isEmpty, at == document.appendLine { try TaskPlacement.checkListCanGoLast(in: document) }
        var block: [[UInt8]] = []
        if at > 0, !TaskPlacement.isBlank(document, at - 1) { block.append([]) }
        for (depth, title) in titles.enumerated() {
            if depth > 0 { block.append([]) }
            let heading = Array((String(repeating: "#", count: min(first + depth, 6)) + " " + title.trimmingSpaces).utf8)
            // As for a rename: `C #` loses its `#` as a closing sequence and would read as `C`.
            guard Document(bytes: heading).headings.first?.title == title.trimmingSpaces else {
                throw .invalidText("'\(title.trimmingSpaces)' would not read back as a group's heading; choose another name")
            }
            block.append(heading)
        }
        if !body.isEmpty { block += [[]] + body }
        if at < document.lines.count, !TaskPlacement.isBlank(document, at) { block.append([]) }
        return [.insert(block, before: at)]
    }

    /// Where the groups of a path go that does not all exist yet: under the deepest group its
    /// leading titles name (`Work` for `Work/Backend`), the rest created there; with no such
    /// group, all of them at the end of the file. A name some groups share is an error. A path
    /// that exists whole leaves no titles to create.
    package static func missingPath(_ name: GroupName, in document: Document) throws(EditError) -> (parent: Int?, titles: [String]) {
        let titles = name.titles
        // The whole path, then ever shorter leading parts of it.
        for prefix in stride(from: titles.count, to: 0, by: -1) {
            let leading = prefix == titles.count ? name.text : GroupName.written(Array(titles[..<prefix]))
            do throws(EditError) {
                return (try Sections.resolve(leading, in: document), Array(titles[prefix...]))
            } catch {
                guard case .noSuchGroup = error else { throw error }
            }
        }
        return (nil, titles)
    }

    /// Refuses a group `title` under `parent` (nil: at the top) where another group but
    /// `except` has that title: two groups with one path would be one name for two places
    /// (lint's duplicate-group).
    package static func checkNoTwin(of title: String, under parent: Int?, except: Int? = nil, in document: Document) throws(EditError) {
        let wanted = title.trimmingSpaces.lowercased()
        if let twin = document.headings.indices.first(where: { other in
            other != except && document.headings[other].topLevel && document.headings[other].parent == parent
                && document.headings[other].title.trimmingSpaces.lowercased() == wanted
        }) {
            throw .invalidText("a group '\(document.headings[twin].title)' is already there (line \(document.headings[twin].line + 1)); choose another name")
        }
    }

    /// Renames a group, keeping its heading's style (ATX markers and closing sequence, or setext),
    /// and the emoji its title starts with when `typed` starts with none of its own (`📆 Today`
    /// renamed `Later` is `📆 Later`): a name is typed without it, as `-g` reads it.
    package static func rename(_ index: Int, to typed: String, in document: Document) throws(EditError) -> [Splice] {
        try TaskText.checkGroupName(typed)
        let heading = document.headings[index]
        let name = renamed(index, to: typed, in: document)
        try checkNoTwin(of: name, under: heading.parent, except: index, in: document)
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
        let window = EditWindow(splices, in: document)
        let after = window.after
        guard after.headings.contains(where: { $0.line == heading.line - window.firstLine && $0.topLevel && $0.title == name.trimmingSpaces }),
              after.headings.count == window.before.headings.count, after.tasks.count == window.before.tasks.count else {
            throw .invalidText("'\(name.trimmingSpaces)' would not read back as this group's heading; choose another name")
        }
        return splices
    }

    /// The title a group renamed `typed` gets: `typed`, after the emoji its title starts with
    /// (`keepingEmoji`), unless a group beside it has the same title but for its emoji: the
    /// name would then name both, and names the new group alone as typed.
    package static func renamed(_ index: Int, to typed: String, in document: Document) -> String {
        let heading = document.headings[index]
        let name = keepingEmoji(of: heading.title, typed)
        guard name != typed else { return typed }
        let words = GroupName.words(name.trimmingSpaces).lowercased()
        let clash = document.headings.indices.contains { other in
            other != index && document.headings[other].topLevel && document.headings[other].parent == heading.parent
                && GroupName.words(document.headings[other].title.trimmingSpaces).lowercased() == words
        }
        return clash ? typed : name
    }

    /// `name`, after the emoji (and the spaces after it) that `title` starts with, when `name`
    /// starts with a letter or digit. Only emoji and other marks beyond ASCII: `[[Link]]` or
    /// `(A) Title` renamed is the name as typed.
    package static func keepingEmoji(of title: String, _ name: String) -> String {
        let trimmed = name.trimmingSpaces
        guard let first = trimmed.unicodeScalars.first, first.properties.isAlphabetic || first.properties.numericType != nil else { return name }
        let words = GroupName.words(title)
        let mark = title[..<words.startIndex]
        guard !mark.isEmpty, !words.isEmpty, mark.unicodeScalars.contains(where: { !$0.isASCII }),
              mark.unicodeScalars.allSatisfy({ !$0.isASCII || $0 == " " || $0 == "\t" }) else { return name }
        return String(mark) + trimmed
    }

    /// Removes a group's heading and everything under it, subgroups included; a blank line stays
    /// where the paragraph below would otherwise join a task above.
    package static func remove(_ index: Int, in document: Document) -> [Splice] {
        [TaskPlacement.removal(of: Sections.subtreeLines(ofHeading: index, in: document), in: document)]
    }

    /// Moves a group (with its subgroups) before or after another group.
    package static func move(_ index: Int, before: Bool, other: Int, in document: Document) throws(EditError) -> [Splice] {
        let moving = Sections.subtreeLines(ofHeading: index, in: document)
        let anchor = Sections.subtreeLines(ofHeading: other, in: document)
        guard index != other else { return [] }
        if moving.contains(document.headings[other].line) || anchor.contains(document.headings[index].line) {
            throw .cannotMove("cannot move a group relative to its own subgroup or parent")
        }
        // Next to a group of a higher level (a `###` before or after a `##`), the moved group
        // would land inside the group above it, as its subgroup, not beside the one named.
        let (moved, named) = (document.headings[index], document.headings[other])
        if moved.level > named.level {
            throw .cannotMove("there, '\(moved.title)' (level \(moved.level)) would be a subgroup of another group, not a group beside '\(named.title)' (level \(named.level)); move it next to a group of level \(moved.level)")
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
        // At the end of the file, without the blank lines that set it apart from what followed.
        if target == document.lines.count { while lines.last == [] { lines.removeLast() } }
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
        let window = EditWindow(splices, in: document, edited: document.applying(splices))
        if window.after.frontMatterEnd != window.before.frontMatterEnd {
            throw .cannotMove("the group would follow the '---' on line 1 and turn the top of the file into front matter; move it lower")
        }
        // Before a deeper group (a `##` before a `###`), the moved group would take in that
        // group and its deeper neighbours as its own subgroups: other groups' places change.
        let level = document.headings[index].level
        if let next = document.headings.first(where: { $0.line >= target && !moving.contains($0.line) }), next.level > level {
            throw .cannotMove("there, '\(document.headings[index].title)' (level \(level)) would take in '\(next.title)' (level \(next.level)) and the deeper groups after it as its subgroups; move it next to a group of level \(level) or higher")
        }
        let titles = { (side: Document) in side.headings.map(\.title).sorted() }
        guard BlockEdits.readsTheSame(window), titles(window.after) == titles(window.before) else {
            throw .cannotMove("the group's lines would read differently there")
        }
        return splices
    }
}
