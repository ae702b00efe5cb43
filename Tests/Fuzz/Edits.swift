@testable import TickCore

/// Random sequences of the edits the CLI makes, on any document. The input's first byte gives
/// the number of edits (0–7), the next three bytes per edit choose it and its operands, and the
/// rest is the document. After every edit: the splices name only the lines the edit is about,
/// every other task keeps its meaning and order, and the new document is sound.
@_cdecl("LLVMFuzzerTestOneInput")
public func edits(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Fuzz.input(data, size)
    guard let first = input.first else { return 0 }
    let count = Int(first % 8)
    let header = min(input.count, 1 + 3 * count)
    let script = Array(input[1..<header])
    var document = Document(bytes: Array(input[header...]))
    let trace = Fuzz.tracing
    for step in stride(from: 0, to: script.count - 2, by: 3) {
        let edit = EditStep(code: script[step], a: Int(script[step + 1]), b: Int(script[step + 2]))
        if trace { Fuzz.trace("before edit \(edit.code % 16) a=\(edit.a) b=\(edit.b): \(String(decoding: document.bytes, as: UTF8.self).debugDescription)") }
        document = edit.apply(to: document)
        Fuzz.checkStructure(document)
    }
    return 0
}

/// One edit and the law it keeps.
struct EditStep {
    let code: UInt8, a: Int, b: Int

    static let texts = [
        "buy milk", "x", "*", "* starred", "[ ] box", "[x]", "due:2026-01-01", "a due:2026-02-30 b", "ünï ✓",
        "`code", "#tag +p @c", "<div>", "  padded  ", "1. one", "- two", "# heading", "a\\", "trailing  ",
        "> quote", "|a|b|", "---", "```", "", "two\nlines",
    ]
    var text: String { Self.texts[b % Self.texts.count] }

    func apply(to document: Document) -> Document {
        let tasks = document.tasks, headings = document.headings
        let task = tasks.isEmpty ? nil : tasks[a % tasks.count]
        let other = tasks.isEmpty ? nil : tasks[b % tasks.count]
        // Groups are the top-level headings; the CLI names no other (Sections.resolve).
        let groups = headings.indices.filter { headings[$0].topLevel }
        let group = groups.isEmpty ? nil : groups[a % groups.count]
        let meanings = tasks.map { Fuzz.meaning($0, in: document) }
        switch code % 16 {
        case 0, 1, 2:
            guard let task else { return document }
            let status: TaskStatus = [.done, .open, .doing][Int(code % 16)]
            // Refused when it would move where the task's item ends (ItemBoundary).
            guard let splices = try? TaskEdits.setStatus(task, to: status, in: document) else { return document }
            Self.stretchReadsTheSame(task, in: document, splices) { task, document throws(EditError) in
                try TaskEdits.setStatus(task, to: status, in: document)
            }
            let after = Self.commit(splices, to: document, lines: task.line...task.line)
            if Self.bare(task, in: document), task.status.isGitHubCheckbox != status.isGitHubCheckbox { return after }
            let changed = Self.sameTasks(after, document, except: task.index)
            Fuzz.law(changed.status == status && after.text(of: changed) == document.text(of: task),
                     "setting the status changes \(document.text(of: task))")
            return after
        case 3:
            guard let task else { return document }
            guard let splices = try? TaskEdits.setImportant(task, !task.important, in: document) else { return document }
            Self.stretchReadsTheSame(task, in: document, splices) { task, document throws(EditError) in
                try TaskEdits.setImportant(task, !task.important, in: document)
            }
            let after = Self.commit(splices, to: document, lines: task.line...task.line)
            if Self.bare(task, in: document) { return after }
            let changed = Self.sameTasks(after, document, except: task.index)
            Fuzz.law(changed.important != task.important && changed.status == task.status, "starring changes more")
            return after
        case 4:
            guard let task else { return document }
            let date = b % 2 == 0 ? Fuzz.today : nil
            // The token may sit on a wrapped line of the task's text.
            guard let splices = try? TaskEdits.setDue(task, to: date, in: document) else { return document }
            // The edit transaction refuses what changes how the lines around the field read (a
            // wrapped line `+` that becomes a list item once a date follows it): never written.
            if EditCheck.firstChangedLine(splices, in: document) != nil { return document }
            let after = Self.commit(splices, to: document, lines: task.line...task.textLastLine)
            if Self.bare(task, in: document) { return after }
            let changed = Self.sameTasks(after, document, except: task.index)
            Fuzz.law(changed.due == date && changed.status == task.status && changed.important == task.important,
                     "setting the due date gives \(String(describing: changed.due))")
            return after
        case 5:
            guard let task, let splices = try? TaskEdits.setText(task, to: text, in: document) else { return document }
            let after = Self.commit(splices, to: document, lines: task.line...task.textLastLine)
            if Self.bare(task, in: document) { return after }
            let changed = Self.sameTasks(after, document, except: task.index)
            Fuzz.law(changed.status == task.status && changed.important == task.important,
                     "editing the text changes the status or star")
            return after
        case 6:
            // One task, or two (as `tick rm 3 7` and archiving do); refused when the lines
            // around a block would read differently once they meet (TaskDeletion).
            guard let task, let other else { return document }
            let deleted = b % 2 == 0 ? [task] : [task, other]
            guard let splices = try? TaskEdits.delete(deleted, in: document) else { return document }
            let blocks = deleted.map { $0.line...$0.lastLine }
            // A deletion may take the blank lines around the block along (no two blank lines
            // meet, and the file neither starts nor ends blank), and nothing else.
            let reach = blocks.map { Self.withBlankLines(around: $0, in: document) }
            // Besides, the ordered item after a deleted one may take its number, so that the
            // list starts where it did (`OrderedNumbers`): one line for one, the item's own.
            let renumbered = splices.filter { $0.renumbers != nil }
            Fuzz.law(renumbered.allSatisfy { splice in
                         splice.lines.count == 1 && splice.replacement.count == 1 && document.tasks.contains { $0.line == splice.lines.lowerBound } },
                     "an ordered item's new number rewrites more than its line")
            let after = deleted.count == 1 && renumbered.isEmpty ? Self.commit(splices, to: document, lines: reach[0]) : Self.applied(splices, to: document)
            Fuzz.law(splices.allSatisfy { splice in splice.renumbers != nil || splice.lines.allSatisfy { line in reach.contains { $0.contains(line) } } },
                     "deleting tasks removes lines outside their blocks")
            let kept = tasks.filter { task in !blocks.contains { $0.contains(task.line) } }.map { Fuzz.meaning($0, in: document) }
            Fuzz.law(Fuzz.meanings(after) == kept, "deleting a task changes other tasks")
            let keptHeadings = headings.filter { heading in !blocks.contains { $0.contains(heading.line) } }.map(\.title)
            Fuzz.law(after.headings.map(\.title) == keptHeadings, "deleting a task changes the headings")
            return after
        case 7:
            let line = text.trimmingSpaces
            guard !line.isEmpty, (try? TaskText.check(line)) != nil else { return document }
            let positions: [TaskPlacement.Position] = [.bottom(group: group), .top(group: group)]
                + (task.map { [.before($0), .after($0), .under($0)] } ?? [])
            let position = positions[b % positions.count]
            let important = a % 3 == 0
            guard let splices = try? TaskPlacement.insert(at: position, in: document, content: {
                [TaskPlacement.taskContent(prefix: $0, text: line, important: important)]
            }) else { return document }
            // Before a task that shares its line with outer markers, that line is rewritten too.
            let anchor: Task?
            switch position {
            case .before(let task): anchor = task
            case .top(let group): anchor = Sections.topLevelTasks(inHeading: group, in: document).first
            default: anchor = nil
            }
            let rewritable = anchor.map { Self.sharesLine($0, in: document) ? 1 : 0 } ?? 0
            Fuzz.law(splices.allSatisfy { $0.lines.count <= rewritable }, "adding a task replaces lines")
            let after = Self.applied(splices, to: document)
            var added = Fuzz.meanings(after)
            guard let new = added.indices.first(where: { $0 >= meanings.count || added[$0] != meanings[$0] }) else {
                Fuzz.law(false, "adding a task adds none")
                return after
            }
            let task = after.tasks[new]
            Fuzz.law(task.status == .open && task.important == important && after.text(of: task) == line,
                     "the new task reads \(added[new]), not \(line)")
            added.remove(at: new)
            Fuzz.law(added == meanings, "adding a task changes other tasks")
            return after
        case 8, 9:
            guard let task else { return document }
            let splices: [Splice]?
            if code % 16 == 9 {
                splices = try? BlockEdits.move(task, up: b % 2 == 0, in: document)
            } else {
                let positions: [TaskPlacement.Position] = [.bottom(group: group), .top(group: group)]
                    + (other.map { [.before($0), .after($0), .under($0)] } ?? [])
                splices = try? BlockEdits.move(task, to: positions[b % positions.count], in: document)
            }
            guard let splices else { return document }
            let after = Self.applied(splices, to: document)
            if !splices.isEmpty {
                // The insertion is the block, re-indented (whitespace-only lines stay so in code),
                // plus blank lines around it (in an empty group, or to keep a paragraph apart).
                // The deletion may take the blank lines around the block along.
                let written = (task.line...task.lastLine).filter { !Self.isBlank(document.content(ofLine: $0)) }.count
                let reach = Self.withBlankLines(around: task.line...task.lastLine, in: document)
                // Besides, an ordered item may take another's number (`OrderedNumbers`): one line
                // for one, the item's own.
                let renumbered = splices.filter { $0.renumbers != nil }
                Fuzz.law(renumbered.allSatisfy { splice in
                             splice.lines.count == 1 && splice.replacement.count == 1 && document.tasks.contains { $0.line == splice.lines.lowerBound } },
                         "an ordered item's new number rewrites more than its line")
                let splices = splices.filter { $0.renumbers == nil }
                Fuzz.law(splices.count == 2 && splices.contains {
                            $0.lines.lowerBound <= task.line && $0.lines.upperBound >= task.lastLine + 1
                                && $0.lines.lowerBound >= reach.lowerBound && $0.lines.upperBound <= reach.upperBound + 1
                                && $0.replacement.allSatisfy(Self.isBlank) }
                            && splices.contains { $0.replacement.filter { !Self.isBlank($0) }.count == written + $0.lines.count && $0.lines.count <= 1 },
                         "moving a task is not one deletion of its block and one insertion of it")
            }
            Fuzz.law(Fuzz.meanings(after).sorted() == meanings.sorted(), "moving a task changes a task")
            return after
        case 10:
            guard let task, let splices = try? BlockEdits.addNote(text, to: task, in: document) else { return document }
            Fuzz.law(splices.allSatisfy { $0.lines.isEmpty }, "adding a note replaces lines")
            // The edit transaction refuses a note that would read as part of the text above it
            // (one indented as the nested items below a task, which a paragraph takes in as
            // a lazy line): the CLI never writes it.
            if EditCheck.firstChangedLine(splices, in: document) != nil { return document }
            let after = Self.applied(splices, to: document)
            Fuzz.law(Fuzz.meanings(after) == meanings, "adding a note changes a task")
            return after
        case 11:
            guard let task else { return document }
            guard let splices = try? BlockEdits.clearNotes(task, in: document) else { return document }
            // The last note may leave a blank line (in a quote, its `>`), to keep a paragraph
            // below apart from the task.
            // (Or, ending the file or between blank lines, take the blank lines around it along.)
            let reach = Self.withBlankLines(around: task.line...task.lastLine, in: document)
            Fuzz.law(splices.allSatisfy { ($0.replacement.isEmpty
                                           || ($0.replacement.count == 1 && Self.isBlank($0.replacement[0])
                                               && $0.lines.upperBound == task.lastLine + 1))
                                          && $0.lines.lowerBound > task.textLastLine && $0.lines.upperBound <= reach.upperBound + 1 },
                     "clearing notes removes lines outside the task's block")
            let after = Self.applied(splices, to: document)
            Fuzz.law(Fuzz.meanings(after) == meanings, "clearing notes changes a task")
            return after
        case 12:
            let name = GroupEdits.availableName(text, in: document)
            guard let splices = try? GroupEdits.add(name, level: 1 + b % 3, in: document) else { return document }
            Fuzz.law(splices.allSatisfy { $0.lines == document.appendLine..<document.appendLine }, "a new group is not appended")
            let after = Self.applied(splices, to: document)
            Fuzz.law(Fuzz.meanings(after) == meanings, "adding a group changes a task")
            return after
        case 13:
            guard let group, let splices = try? GroupEdits.rename(group, to: text, in: document) else { return document }
            let heading = headings[group]
            Fuzz.law(splices.allSatisfy { $0.lines.lowerBound >= heading.line && $0.lines.upperBound <= heading.lastLine + 1 },
                     "renaming a group touches lines outside its heading")
            let after = Self.applied(splices, to: document)
            Fuzz.law(Fuzz.meanings(after) == meanings, "renaming a group changes a task")
            return after
        case 14:
            guard let group else { return document }
            let lines = Sections.subtreeLines(ofHeading: group, in: document)
            let after = Self.commit(GroupEdits.remove(group, in: document), to: document,
                                    lines: Self.withBlankLines(around: lines.lowerBound...max(lines.lowerBound, lines.upperBound - 1), in: document))
            let kept = tasks.filter { !lines.contains($0.line) }.map { Fuzz.meaning($0, in: document) }
            Fuzz.law(Fuzz.meanings(after) == kept, "removing a group changes tasks outside it")
            return after
        default:
            guard let group,
                  let splices = try? GroupEdits.move(group, before: b % 2 == 0, other: groups[b % groups.count], in: document)
            else { return document }
            let after = Self.applied(splices, to: document)
            Fuzz.law(Fuzz.meanings(after).sorted() == meanings.sorted(), "moving a group changes a task")
            Fuzz.law(after.headings.map(\.title).sorted() == headings.map(\.title).sorted(), "moving a group changes the headings")
            return after
        }
    }

    /// A task with nothing after its checkbox is the one exception to "other lines keep their
    /// meaning": GitHub draws `[ ]` and `[x]` as a box that is no text, so whether the next line
    /// continues the task depends on what the edit writes on the task's line (a star, a date,
    /// a status GitHub reads as text). The edit is still the one-line change it should be.
    static func bare(_ task: Task, in document: Document) -> Bool {
        document.bytes[task.checkboxEnd..<document.lines[task.line].contentEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A blank line an edit leaves to keep lines apart: empty, or in a block quote its `>`.
    static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }
    }

    /// Whether the task's line has outer list markers or the BOM before its own marker.
    static func sharesLine(_ task: Task, in document: Document) -> Bool {
        let line = document.lines[task.line]
        return document.bytes[line.start..<task.markerStart].contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x3E }
    }

    /// `lines` and the blank lines right before and after them.
    static func withBlankLines(around lines: ClosedRange<Int>, in document: Document) -> ClosedRange<Int> {
        func blank(_ line: Int) -> Bool { document.kinds[line] == .blank }
        var lower = lines.lowerBound, upper = lines.upperBound
        while lower > 0, blank(lower - 1) { lower -= 1 }
        while upper + 1 < document.lines.count, blank(upper + 1) { upper += 1 }
        return lower...upper
    }

    /// The law of parse checkpoints (`Document(stretchOf:)`): the edit of `task` read from the
    /// stretch that holds it (a checkpoint after every top-level heading) is the whole file's
    /// `splices`; when its window stays in the stretch and the edit passes its check, the
    /// checkpoints it carries over are the edited file's.
    static func stretchReadsTheSame(_ task: Task, in document: Document, _ splices: [Splice],
                                    _ edit: (Task, Document) throws(EditError) -> [Splice]) {
        let checkpoints = ParseCheckpoints(document, spacing: 0, firstTasks: 0)
        guard let stretch = Document(stretchOf: document.bytes, holding: [task.line], checkpoints: checkpoints, statuses: document.statuses)
        else { return }
        guard let mine = stretch.tasks.first(where: { $0.line == task.line }) else {
            Fuzz.law(false, "the stretch of line \(task.line + 1) has no task there")
            return
        }
        let made = try? edit(mine, stretch)
        Fuzz.law(made == splices, "the stretch's edit of line \(task.line + 1) differs: \(String(describing: made)) against \(splices)")
        guard !splices.isEmpty else { return }
        let edited = document.applying(splices)
        let window = EditWindow(splices, in: stretch, edited: edited)
        // Only an edit that passes its check is written, and its checkpoints kept (one that
        // changes how lines outside its splices read, such as `- [-] ` turned `- [x] `, which
        // ends the item's paragraph, is refused).
        guard stretch.covers(window), EditCheck.firstChangedLine(splices, window: window) == nil,
              let carried = checkpoints.after(window, in: stretch, edited: edited) else { return }
        let fresh = ParseCheckpoints(Document(bytes: edited), spacing: 0, firstTasks: 0)
        Fuzz.law(carried == fresh, "the checkpoints carried over an edit of line \(task.line + 1) differ from the edited file's: "
                    + "spelling \(carried.spelling == fresh.spelling ? "same" : "\(carried.spelling) against \(fresh.spelling)"), "
                    + "usage \(carried.fieldUsage == fresh.fieldUsage ? "same" : "differs"), points \(carried.points == fresh.points ? "same" : "differ: \(zip(carried.points, fresh.points).first { $0 != $1 }.map { "\($0) against \($1)" } ?? "\(carried.points.count) against \(fresh.points.count)")") in a stretch from line \(stretch.stretch!.lines.lowerBound + 1), window from line \(window.firstLine + 1) (splices \(splices)); lines: \((max(0, window.firstLine)..<min(document.lines.count, window.firstLine + 10)).map { String(decoding: document.bytes[document.lines[$0].fullRange], as: UTF8.self) }.debugDescription)")
    }

    /// Applies splices that must stay within `lines`, and checks that every other line is kept.
    /// The document after the splices, parsed; and the laws of the edit engine on it: the
    /// edited document put together from the original and the edit's window is the parsed one,
    /// and the edit law reads the same on the window as on the whole files.
    static func applied(_ splices: [Splice], to document: Document) -> Document {
        let edited = document.applying(splices)
        let parsed = Document(bytes: edited)
        guard !splices.isEmpty else { return parsed }
        let window = EditWindow(splices, in: document, edited: edited)
        let spliced = Document(splicing: document, window: window, edited: edited)
        Fuzz.law(spliced.lines == parsed.lines && spliced.kinds == parsed.kinds && spliced.hasSameTasks(as: parsed)
                    && spliced.headings == parsed.headings && spliced.fieldUsage == parsed.fieldUsage
                    && spliced.frontMatterEnd == parsed.frontMatterEnd && spliced.unclosedBlockLine == parsed.unclosedBlockLine
                    && spliced.tasks.map { spliced.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) },
                 "the document put together from the edit's window differs from the parsed one (splices \(splices)); lines: \((max(0, window.firstLine)..<min(document.lines.count, window.firstLine + 10)).map { String(decoding: document.bytes[document.lines[$0].fullRange], as: UTF8.self) }.debugDescription)")
        // Read again from the bytes alone (as the language server reads a changed buffer).
        let reparsed = document.reparsed(as: edited)
        Fuzz.law(reparsed.lines == parsed.lines && reparsed.kinds == parsed.kinds && reparsed.items == parsed.items
                    && reparsed.hasSameTasks(as: parsed) && reparsed.headings == parsed.headings,
                 "the document read again where its bytes changed differs from the parsed one (splices \(splices))")
        Fuzz.law(EditCheck.firstChangedLine(splices, window: window)
                    == EditCheck.firstChangedLine(splices, window: EditWindow(wholeFile: document, edited: edited)),
                 "the edit law reads differently on the window (splices \(splices)); lines: \((max(0, window.firstLine)..<min(document.lines.count, window.firstLine + 10)).map { String(decoding: document.bytes[document.lines[$0].fullRange], as: UTF8.self) }.debugDescription)")
        return parsed
    }

    static func commit(_ splices: [Splice], to document: Document, lines: ClosedRange<Int>) -> Document {
        for splice in splices {
            Fuzz.law(splice.lines.isEmpty ? lines.contains(splice.lines.lowerBound) || splice.lines.lowerBound == lines.upperBound + 1
                                          : lines.contains(splice.lines.lowerBound) && lines.contains(splice.lines.upperBound - 1),
                     "a splice of lines \(splice.lines) reaches outside lines \(lines)")
        }
        let after = Self.applied(splices, to: document)
        let removed = splices.reduce(0) { $0 + $1.lines.count }, added = splices.reduce(0) { $0 + $1.replacement.count }
        let shift = added - removed
        for index in document.lines.indices where index < lines.lowerBound || index > lines.upperBound {
            let moved = index > lines.upperBound ? index + shift : index
            // In a file without a final newline, a line that becomes the last one loses its
            // ending; an empty one then goes with it.
            let same = moved < after.lines.count
                ? document.content(ofLine: index).elementsEqual(after.content(ofLine: moved))
                : !document.endsWithNewline && moved == after.lines.count && document.content(ofLine: index).isEmpty
            Fuzz.law(same, "line \(index + 1) changed by an edit of lines \(lines.lowerBound + 1)...\(lines.upperBound + 1)")
        }
        return after
    }

    /// The edited task as it reads after the edit; every other task must read as before.
    static func sameTasks(_ after: Document, _ before: Document, except index: Int) -> Task {
        Fuzz.law(after.tasks.count == before.tasks.count, "an edit of one task changes the number of tasks")
        for (old, new) in zip(before.tasks, after.tasks) where old.index != index {
            Fuzz.law(Fuzz.meaning(old, in: before) == Fuzz.meaning(new, in: after), "editing task \(index) changes task \(old.index)")
        }
        return after.tasks[index]
    }
}
