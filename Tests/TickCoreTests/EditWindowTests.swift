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

    @Test(arguments: Paths.allInputs)
    func windowReadsAsTheWholeFile(_ url: URL) throws {
        try Self.randomEdits(of: url, seed: 7) { document, splices, edited in
            Self.expectFaithful(EditWindow(splices, in: document), document, Document(bytes: edited), splices)
        }
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
        let task = document.tasks[5_010]
        let splices = [Splice.replace(line: task.line, with: Array("- [x] done".utf8))]
        let window = EditWindow(splices, in: document)
        #expect(window.before.lines.count <= 25 && window.after.lines.count <= 25)
        #expect(window.before.tasks.count == 20)
        Self.expectFaithful(window, document, Document(bytes: document.applying(splices)), splices)
    }

    /// An edit that opens a fence takes in everything below: the window runs to the end.
    @Test func windowOfAnUnclosedFenceRunsToTheEnd() {
        let document = Document("# A\n\n- [ ] a\n\n# B\n\n- [ ] b\n\n# C\n\n- [ ] c\n")
        let splices = [Splice.insert([Array("```".utf8)], before: 3)]
        let window = EditWindow(splices, in: document)
        #expect(window.firstLine == 1)
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
            #expect(BlockEdits.Says(a, in: whole) == BlockEdits.Says(b, in: part) && a.line == b.line + shift && a.depth == b.depth
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
            #expect(BlockEdits.Says(a, in: original) == BlockEdits.Says(b, in: edited) && a.line == b.line && a.group == b.group && a.lastLine == b.lastLine,
                    "task \(index) above, \(splices)", sourceLocation: sourceLocation)
        }
        for index in (window.tasksAbove + window.before.tasks.count)..<original.tasks.count {
            let a = original.tasks[index], b = edited.tasks[index + taskDelta]
            #expect(BlockEdits.Says(a, in: original) == BlockEdits.Says(b, in: edited) && a.line + lineDelta == b.line && a.depth == b.depth
                    && a.parent.map { $0 + taskDelta } == b.parent && a.group.map { $0 + headingDelta } == b.group,
                    "task \(index) below, \(splices)", sourceLocation: sourceLocation)
        }
    }
}
