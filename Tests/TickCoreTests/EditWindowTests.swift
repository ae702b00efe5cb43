import Foundation
import Testing
@testable import TickCore

/// The edit window's law: outside it, the edited document reads line for line as the original
/// did (shifted); inside it, the window's own parses read as the whole files do. Checked
/// against full parses of both files for random edits of every input the suite knows, with
/// lines chosen to change how the lines around them read (fences, HTML, headings, front matter).
@Suite struct EditWindowTests {
    static let pool: [String] = [
        "", "```", "~~~", "# Group", "## Sub", "Title", "===", "---", "+++", "title: x", "<!--", "-->", "<div>",
        "- [ ] a task", "  - [x] a subtask", "    code or a subtask", "> - [ ] quoted", "1. [ ] numbered",
        "- [ ]", "* [/] doing", "text that continues", "| a | b |", "| - | - |", "\t- [ ] tabbed", "[ref]: /url",
    ]

    /// Mostly task lines (lists of every kind, top-level items common), else one of `pool`.
    static func randomLine(_ random: inout SeededGenerator) -> String {
        let tasks = ["- [ ] a task", "- [x] done", "  - [ ] a subtask", "* [ ] starred", "1. [ ] numbered", "- [ ] b", "- note",
                     "  ## a heading in an item", "# Top"]
        return Int.random(in: 0..<3, using: &random) == 0 ? pool.randomElement(using: &random)! : tasks.randomElement(using: &random)!
    }

    @Test(arguments: Paths.allInputs)
    func windowReadsAsTheWholeFile(_ url: URL) throws {
        try Self.randomEdits(of: url, seed: 7) { document, splices, edited in
            Self.expectFaithful(EditWindow(splices, in: document), document, Document(bytes: edited), splices)
        }
    }

    /// Documents made of the pool's lines (lists of every kind, nested and quoted items,
    /// headings inside and outside items, fences, HTML, tables) and random edits of them: the
    /// edited document put together from the window is the parsed one, and the law reads the
    /// same on the window as on the whole files. Windows start and end at top-level items
    /// here far more often than in the corpus.
    @Test func windowsOfRandomDocuments() {
        var random = SeededGenerator(seed: 21)
        func line() -> String { Self.randomLine(&random) }
        var refused = 0
        for round in 0..<400 {
            let count = Int.random(in: 1...40, using: &random)
            var text = ""
            // Mostly tasks, so that top-level items are common.
            for _ in 0..<count { text += line() + "\n" }
            let document = Document(text)
            for edit in 0..<8 {
                // The suite's random edits, and replacements of a few lines by a few others.
                var splices = Self.randomSplices(document, &random)
                if edit % 2 == 1, !document.lines.isEmpty {
                    let at = Int.random(in: 0..<document.lines.count, using: &random)
                    let removed = at..<min(document.lines.count, at + Int.random(in: 1...3, using: &random))
                    splices = [Splice(lines: removed, replacement: (0..<Int.random(in: 1...3, using: &random)).map { _ in Array(line().utf8) })]
                }
                let edited = document.applying(splices)
                let parsed = Document(bytes: edited)
                let window = EditWindow(splices, in: document, edited: edited)
                let spliced = Document(splicing: document, window: window, edited: edited)
                let name = "round \(round): \(text.debugDescription) \(splices)"
                #expect(spliced.lines == parsed.lines && spliced.kinds == parsed.kinds && spliced.items == parsed.items, "\(name)")
                #expect(spliced.hasSameTasks(as: parsed) && spliced.headings == parsed.headings, "\(name)")
                #expect(spliced.tasks.map { spliced.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) }, "\(name)")
                let windowed = EditCheck.firstChangedLine(splices, window: window)
                #expect(windowed == EditCheck.firstChangedLine(splices, window: EditWindow(wholeFile: document, edited: edited)), "\(name)")
                if windowed != nil { refused += 1 }
                Self.expectFaithful(window, document, parsed, splices)
            }
        }
        #expect(refused > 100)
    }

    /// The tasks below the window stay in the window's last group: a heading the edit adds
    /// inside an item after it is not a group.
    @Test func tasksBelowTheWindowKeepItsLastGroup() {
        let document = Document("- [ ] w\n# A\n- [ ] y\n- [ ] z\n")
        let splices = [Splice(lines: 1..<3, replacement: ["# A", "- [ ] y", "  ## inner"].map { Array($0.utf8) })]
        let window = EditWindow(splices, in: document)
        #expect(window.firstLine == 0 && window.below == .item(continuing: 1))
        let edited = document.applying(splices)
        let spliced = Document(splicing: document, window: window, edited: edited), parsed = Document(bytes: edited)
        #expect(spliced.tasks.map { spliced.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) })
        #expect(spliced.tasks.last?.group == 0)
    }

    /// 30 random edits of the file at `url`: each one's splices and the bytes they make.
    static func randomEdits(of url: URL, seed: UInt64, _ body: (Document, [Splice], [UInt8]) -> Void) throws {
        let document = Document(bytes: try bytes(of: url))
        var random = SeededGenerator(seed: url.lastPathComponent.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) })
        for _ in 0..<30 {
            let splices = randomSplices(document, &random)
            body(document, splices, document.applying(splices))
        }
    }

    /// The edited document put together from the original and the window's reading is the
    /// document a full parse of the edited bytes gives, part for part.
    @Test(arguments: Paths.allInputs)
    func splicedDocumentIsTheParsedOne(_ url: URL) throws {
        try Self.randomEdits(of: url, seed: 13) { document, splices, edited in
            let spliced = Document(splicing: document, window: EditWindow(splices, in: document), edited: edited)
            let parsed = Document(bytes: edited)
            let name = "\(url.lastPathComponent): \(splices)"
            #expect(spliced.bytes == parsed.bytes, "\(name)")
            #expect(spliced.lines == parsed.lines, "lines, \(name)")
            #expect(spliced.kinds == parsed.kinds, "kinds, \(name)")
            #expect(spliced.items == parsed.items, "items, \(name)")
            #expect(spliced.hasSameTasks(as: parsed), "tasks, \(name)")
            #expect(spliced.headings == parsed.headings, "headings, \(name)")
            #expect(spliced.paragraphContinuations == parsed.paragraphContinuations, "continuations, \(name)")
            #expect(spliced.indentedLazyLines == parsed.indentedLazyLines, "lazy lines, \(name)")
            #expect(spliced.frontMatterEnd == parsed.frontMatterEnd && spliced.unclosedBlockLine == parsed.unclosedBlockLine, "\(name)")
            #expect(spliced.fieldUsage == parsed.fieldUsage, "field usage, \(name)")
            #expect(spliced.tasks.map { spliced.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) }, "groups, \(name)")
            // Views of one line's text are views onto the edited bytes, where the task is.
            for task in spliced.tasks where task.textLastLine == task.line && task.textLocation.count > 0 {
                let text = task.textLocation.range
                #expect(!task.textLocation.isJoined && text.lowerBound >= task.textStart && text.upperBound <= spliced.lines[task.line].contentEnd)
            }
        }
    }

    /// The edit law gives the same answer on the window as on the whole files.
    @Test(arguments: Paths.allInputs)
    func lawOnTheWindowIsTheLawOnTheFile(_ url: URL) throws {
        var refused = 0, tasks = 0
        try Self.randomEdits(of: url, seed: 11) { document, splices, edited in
            tasks = document.tasks.count
            let windowed = EditCheck.firstChangedLine(splices, window: EditWindow(splices, in: document, edited: edited))
            let whole = EditCheck.firstChangedLine(splices, window: EditWindow(wholeFile: document, edited: edited))
            #expect(windowed == whole, "\(url.lastPathComponent): \(splices)")
            if whole != nil { refused += 1 }
        }
        // Random lines change their neighbours' reading often: the law has something to say.
        #expect(refused > 0 || tasks == 0)
    }

    /// Moving the first task away would make group A front matter (`---`, a `#` comment line,
    /// `---`): the law names the heading's line.
    @Test func lawRefusesAnEditThatChangesAnUntouchedHeading() {
        let document = Document("- [ ] a\n---\n# A\n    code\n---\n# B\n")
        let splices = [Splice.delete(0..<1), Splice.insert([Array("- [ ] a".utf8)], before: 6)]
        #expect(EditCheck.firstChangedLine(splices, in: document) == 2)
        #expect(EditCheck.firstChangedLine([Splice.replace(line: 0, with: Array("- [x] a".utf8))], in: document) == nil)
    }

    /// A `tick done` in a big file parses one group, not the file.
    @Test func windowOfAnEditIsItsGroup() {
        var text = ""
        for group in 0..<500 {
            text += "## Group \(group)\n\n"
            for task in 0..<20 { text += "- [ ] task \(task) of \(group)\n" }
            text += "\n"
        }
        let document = Document(text)
        // A renamed heading: the window runs from the task above it to the first below it,
        // whose group is the same heading after the edit.
        let heading = document.headings[250]
        let rename = [Splice.replace(line: heading.line, with: Array("## Renamed".utf8))]
        let renamed = EditWindow(rename, in: document)
        #expect(renamed.before.tasks.count == 1 && renamed.before.headings.count == 1)
        Self.expectFaithful(renamed, document, Document(bytes: document.applying(rename)), rename)
        // A heading put among a group's tasks takes the tasks below it into its group: the
        // window runs on to the next group, and the law names the first task that moved.
        let task = document.tasks[250 * 20 + 10]
        let insert = [Splice.insert([Array("## New".utf8)], before: task.line)]
        let window = EditWindow(insert, in: document)
        #expect(window.before.lines.count <= 25 && window.after.lines.count <= 25)
        #expect(window.before.tasks.count == 11 && window.before.headings.count == 1)
        #expect(EditCheck.firstChangedLine(insert, window: window) == task.line)
        Self.expectFaithful(window, document, Document(bytes: document.applying(insert)), insert)
    }

    /// In a file without headings, an edit's window runs from the top-level item above it to
    /// the one below it, which continue the file's one list.
    @Test func windowOfAnEditIsItsTopLevelItem() {
        var text = "Intro paragraph.\n\n"
        for task in 0..<20_000 { text += "- [ ] task \(task)\n" + (task % 3 == 0 ? "  - [ ] subtask\n    note\n" : "") }
        let document = Document(text)
        let task = document.tasks[10_000]
        for splices in [[Splice.replace(line: task.line, with: Array("- [x] done".utf8))],
                        [Splice.insert([Array("  - [ ] new subtask".utf8)], before: task.line + 1)],
                        [Splice.delete(task.line..<(task.lastLine + 1))]] {
            let window = EditWindow(splices, in: document)
            #expect(window.before.lines.count <= 6 && window.after.lines.count <= 6, "\(splices)")
            #expect(window.listAbove == 0 && window.below == .item(continuing: 0), "\(splices)")
            Self.expectFaithful(window, document, Document(bytes: document.applying(splices)), splices)
            let spliced = Document(splicing: document, window: window, edited: document.applying(splices))
            #expect(spliced.items == Document(bytes: document.applying(splices)).items, "\(splices)")
        }
        // A new bullet after the window's first item opens a list of its own, and the item
        // below continues it: every list after it is numbered one more.
        let star = [Splice.replace(line: task.line, with: Array("* [ ] starred list".utf8))]
        let window = EditWindow(star, in: document)
        #expect(window.below == .item(continuing: nil))
        let edited = document.applying(star)
        #expect(Document(splicing: document, window: window, edited: edited).items == Document(bytes: edited).items)
    }

    /// An edit that opens a fence takes in everything below: the window runs to the end.
    @Test func windowOfAnUnclosedFenceRunsToTheEnd() {
        let document = Document("# A\n\n- [ ] a\n\n# B\n\n- [ ] b\n\n# C\n\n- [ ] c\n")
        let splices = [Splice.insert([Array("```".utf8)], before: 3)]
        let window = EditWindow(splices, in: document)
        #expect(window.firstLine == 2)
        #expect(window.after.tasks.count == 1 && window.before.tasks.count == 3)
        #expect(window.linesAfter.upperBound == document.lines.count + 1)
        Self.expectFaithful(window, document, Document(bytes: document.applying(splices)), splices)
    }

    static func randomSplices(_ document: Document, _ random: inout SeededGenerator) -> [Splice] {
        let count = document.lines.count
        func line() -> [UInt8] { Array(pool.randomElement(using: &random)!.utf8) }
        let at = Int.random(in: 0...count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where at < count:
            return [.replace(line: at, with: line())]
        case 1:
            return [.insert((0..<Int.random(in: 1...3, using: &random)).map { _ in line() }, before: at)]
        case 2 where at < count:
            return [.delete(at..<min(count, at + Int.random(in: 1...4, using: &random)))]
        default:
            let other = Int.random(in: 0...count, using: &random)
            let removed = min(at, other)..<min(count, min(at, other) + 2)
            let target = max(at, other)
            guard target >= removed.upperBound else { return [.insert([line()], before: target)] }
            return [.insert([line(), line()], before: target), .delete(removed)]
        }
    }

    /// Tasks, headings and line kinds of `edited` equal the original's outside the window and the
    /// window's own inside it.
    static func expectFaithful(_ window: EditWindow, _ original: Document, _ edited: Document, _ splices: [Splice],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let shift = window.firstLine
        let lineDelta = window.after.lines.count - window.before.lines.count
        #expect(edited.lines.count == original.lines.count + lineDelta, "line count, splices \(splices)", sourceLocation: sourceLocation)
        guard edited.lines.count == original.lines.count + lineDelta else { return }
        // Kinds: above the window unchanged; inside it, the window's; below it, shifted.
        #expect(Array(edited.kinds[..<shift]) == Array(original.kinds[..<shift]), "kinds above, \(splices)", sourceLocation: sourceLocation)
        #expect(Array(edited.kinds[window.linesAfter]) == window.after.kinds, "kinds inside, \(splices)", sourceLocation: sourceLocation)
        #expect(Array(original.kinds[window.linesBefore]) == window.before.kinds, "kinds before, \(splices)", sourceLocation: sourceLocation)
        #expect(Array(edited.kinds[window.linesAfter.upperBound...]) == Array(original.kinds[window.linesBefore.upperBound...]),
                "kinds below, \(splices)", sourceLocation: sourceLocation)
        // Tasks: the window's, shifted into the whole file, and the rest as they were.
        let groupAbove = window.headingsAbove > 0 ? original.headings[..<window.headingsAbove].lastIndex(where: \.topLevel) : nil
        func expectSame(_ whole: Document, _ part: Document, wholeIndex: Int, partIndex: Int) {
            let a = whole.tasks[wholeIndex], b = part.tasks[partIndex]
            #expect(TaskMeaning(a, in: whole) == TaskMeaning(b, in: part) && a.line == b.line + shift && a.depth == b.depth
                    && a.parent == b.parent.map { $0 + window.tasksAbove }
                    && a.group == (b.group.map { $0 + window.headingsAbove } ?? groupAbove)
                    && a.lastLine == b.lastLine + shift,
                    "task \(wholeIndex) (line \(a.line + 1)), splices \(splices)", sourceLocation: sourceLocation)
        }
        let taskDelta = window.after.tasks.count - window.before.tasks.count
        #expect(edited.tasks.count == original.tasks.count + taskDelta, "task count, \(splices)", sourceLocation: sourceLocation)
        guard edited.tasks.count == original.tasks.count + taskDelta else { return }
        for index in window.before.tasks.indices { expectSame(original, window.before, wholeIndex: window.tasksAbove + index, partIndex: index) }
        for index in window.after.tasks.indices { expectSame(edited, window.after, wholeIndex: window.tasksAbove + index, partIndex: index) }
        let headingDelta = window.after.headings.count - window.before.headings.count
        for index in 0..<window.tasksAbove {
            let a = original.tasks[index], b = edited.tasks[index]
            #expect(TaskMeaning(a, in: original) == TaskMeaning(b, in: edited) && a.line == b.line && a.group == b.group && a.lastLine == b.lastLine,
                    "task \(index) above, \(splices)", sourceLocation: sourceLocation)
        }
        // Below it, a task is in a group above the window, in the window's last group, or below it.
        let lastBefore = window.before.headings.lastIndex(where: \.topLevel).map { $0 + window.headingsAbove }
        let lastAfter = window.after.headings.lastIndex(where: \.topLevel).map { $0 + window.headingsAbove }
        func groupBelow(_ group: Int) -> Int? {
            group < window.headingsAbove ? group : group == lastBefore ? lastAfter : group + headingDelta
        }
        for index in (window.tasksAbove + window.before.tasks.count)..<original.tasks.count {
            let a = original.tasks[index], b = edited.tasks[index + taskDelta]
            #expect(TaskMeaning(a, in: original) == TaskMeaning(b, in: edited) && a.line + lineDelta == b.line && a.depth == b.depth
                    && a.parent.map { $0 + taskDelta } == b.parent && a.group.flatMap(groupBelow) == b.group,
                    "task \(index) below, \(splices)", sourceLocation: sourceLocation)
        }
    }
}
