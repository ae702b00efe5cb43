import Foundation
import Testing
@testable import TickCore

/// A stretch of a file read with its parse checkpoints (`Document(stretchOf:)`) reads as the
/// whole file's parse reads those lines, an edit of one of its tasks is the whole file's edit
/// and prints the same rows, and the checkpoints an edit carries over are the edited file's.
/// Checked for every stretch and task of the corpus, the fixtures and random documents, with a
/// checkpoint after every top-level heading.
@Suite struct StretchDocumentTests {
    /// What a task is, without its index (a stretch numbers its own tasks).
    static func signature(_ task: Task, in document: Document) -> String {
        let parent = task.parent.map { document.tasks[$0].line } ?? -1
        return "\(task.line) \(task.lastLine) \(task.textLastLine) \(task.status) \(task.statusType) \(task.important) \(String(describing: task.due)) "
            + "\(task.depth) \(parent) \(document.groupPath(of: task)) \(task.checkboxStart) \(task.textStart) \(task.markerStart) "
            + "\(task.contentColumn) \(task.quoteDepth) \(String(decoding: document.textBytes(of: task), as: UTF8.self))"
    }

    static func headingSignature(_ index: Int, in document: Document) -> String {
        let heading = document.headings[index]
        return "\(heading.line) \(heading.lastLine) \(heading.level) \(heading.setext) \(heading.topLevel) \(document.groupPath(ofHeading: index))"
    }

    /// The stretches of `document`, each checked against the whole parse; returns them.
    static func expectStretchesRead(_ document: Document, _ name: String) -> [Document] {
        let checkpoints = ParseCheckpoints(document, spacing: 0, firstTasks: 0)
        var stretches: [Document] = []
        for point in checkpoints.points.isEmpty ? [] : [ParseCheckpoints.head] + Array(checkpoints.points.indices) {
            guard let stretch = Document(stretchOf: document.bytes, lines: document.lines, checkpoints: checkpoints, point: point,
                                         statuses: document.statuses), let range = stretch.stretch?.lines else {
                Issue.record("\(name): no stretch at checkpoint \(point)")
                continue
            }
            #expect(range == (point == ParseCheckpoints.head ? 0 : checkpoints.points[point].line)..<checkpoints.end(of: point), "\(name)")
            #expect(Array(stretch.kinds[range]) == Array(document.kinds[range]), "\(name) kinds of \(range)")
            let whole = document.tasks.filter { range.contains($0.line) }
            #expect(stretch.tasks.map { signature($0, in: stretch) } == whole.map { signature($0, in: document) }, "\(name) tasks of \(range)")
            #expect(stretch.stretch?.tasksAbove == document.tasks.partitionPoint { $0.line >= range.lowerBound }, "\(name)")
            let headings = document.headings.indices.filter { range.contains(document.headings[$0].line) }
            let own = stretch.headings.indices.filter { range.contains(stretch.headings[$0].line) }
            #expect(own.map { headingSignature($0, in: stretch) } == headings.map { headingSignature($0, in: document) }, "\(name) headings of \(range)")
            let items = document.items.filter { range.contains($0.line) }
            #expect(stretch.items.map { [$0.line, $0.lastLine, $0.textLastLine, $0.markerStart, $0.checkboxStart] }
                    == items.map { [$0.line, $0.lastLine, $0.textLastLine, $0.markerStart, $0.checkboxStart] }, "\(name) items of \(range)")
            #expect(stretch.paragraphContinuations == document.paragraphContinuations.filter(range.contains), "\(name)")
            #expect(stretch.doneLetter() == document.doneLetter() && stretch.fieldUsage == document.fieldUsage, "\(name)")
            stretches.append(stretch)
        }
        return stretches
    }

    /// Status edits of every task of each stretch: the same splices as on the whole file; where
    /// the window stays in the stretch, the same check and the same rows; the checkpoints
    /// carried over are those of the edited file. Returns how many edits stayed in their stretch.
    @discardableResult
    static func expectEditsRead(_ document: Document, _ stretches: [Document], _ name: String, tasksPerStretch: Int = 40) -> Int {
        let checkpoints = ParseCheckpoints(document, spacing: 0, firstTasks: 0)
        let today = CivilDate(year: 2026, month: 11, day: 23)!
        var covered = 0
        for stretch in stretches {
            for task in stretch.tasks.prefix(tasksPerStretch) {
                guard let whole = document.tasks.first(where: { $0.line == task.line }) else {
                    Issue.record("\(name): line \(task.line + 1) is a task in the stretch only")
                    continue
                }
                for (status, dialect) in [(TaskStatus.done, TaskField.Dialect.tick), (.done, .obsidian), (.open, .dataview), (.doing, .tick)] {
                    let dates: [(TaskField.Kind, CivilDate?)] = status == .done ? [(.done, today)] : [(.done, nil)]
                    let mine = try? TaskEdits.setStatus(task, to: status, dates: dates, in: stretch, dialect: dialect)
                    let theirs = try? TaskEdits.setStatus(whole, to: status, dates: dates, in: document, dialect: dialect)
                    let label = "\(name) line \(task.line + 1) \(status) \(dialect)"
                    #expect(mine == theirs, "\(label): splices")
                    guard let splices = mine, !splices.isEmpty else { continue }
                    let edited = document.applying(splices)
                    #expect(stretch.applying(splices) == edited, "\(label)")
                    let window = EditWindow(splices, in: stretch, edited: edited)
                    guard stretch.covers(window) else { continue }
                    covered += 1
                    let wholeWindow = EditWindow(splices, in: document, edited: edited)
                    #expect(EditCheck.firstChangedLine(splices, window: window) == EditCheck.firstChangedLine(splices, window: wholeWindow), "\(label): check")
                    let parsed = Document(bytes: edited)
                    for fromLines in [true, false] {
                        let planned = EditPlan(splices, subjects: [.task(task.index, verb: "changed")])
                        let wholePlan = EditPlan(splices, subjects: [.task(whole.index, verb: "changed")])
                        let rows = EditEcho(planned, before: stretch, fromLines: fromLines, window: window) {
                            Document(splicing: stretch, window: window, edited: edited)
                        }
                        // Both read the edited rows from their window, as the CLI does (a row
                        // shows the subtasks its window holds: a task's whole subtree).
                        let expected = EditEcho(wholePlan, before: document, fromLines: fromLines, window: wholeWindow) { parsed }
                        #expect(EditEchoTests.rendered(rows) == EditEchoTests.rendered(expected), "\(label): rows")
                    }
                    let carried = checkpoints.after(window, in: stretch, edited: edited)
                    let fresh = ParseCheckpoints(parsed, spacing: 0, firstTasks: 0)
                    if let carried {
                        #expect(carried == fresh, "\(label): carried checkpoints")
                    } else {
                        #expect(stretch.stretch!.tasksAbove + window.tasksAbove < checkpoints.spelling.settledTasks, "\(label): checkpoints dropped")
                    }
                    // The whole file's edit carries over a part of the edited file's.
                    if let carried = checkpoints.after(wholeWindow, in: document, edited: edited) {
                        #expect(Set(carried.points.map(\.line)).isSubset(of: fresh.points.map(\.line)), "\(label): whole carried")
                        #expect(carried.points.allSatisfy { fresh.points.contains($0) } && carried.spelling == fresh.spelling
                                && carried.fieldUsage == fresh.fieldUsage && carried.content == fresh.content, "\(label): whole carried")
                    }
                }
            }
        }
        return covered
    }

    @Test(arguments: Paths.allInputs)
    func stretchesOfTheCorpusReadAsTheWholeFile(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        let stretches = Self.expectStretchesRead(document, url.lastPathComponent)
        Self.expectEditsRead(document, stretches, url.lastPathComponent, tasksPerStretch: 8)
    }

    /// Random documents of headings (ATX and setext, nested, in items and quotes), tasks, fences,
    /// HTML and front matter.
    @Test func stretchesOfRandomDocuments() {
        var random = SeededGenerator(seed: 31)
        let lines = ["# Top", "## Sub", "### Deep", "Title", "===", "---", "- [ ] a task", "- [x] done", "- [X] Done", "  - [ ] a subtask",
                     "* [/] doing", "1. [ ] numbered", "> - [ ] quoted", "> # quoted heading", "- # item heading", "```", "~~~",
                     "<!--", "-->", "<div>", "", "", "text", "- [ ] due due:2026-11-20", "- [ ] wraps", "  onto this", "    code",
                     "- [x] dated ✅ 2026-11-01", "| a | b |", "| - | - |", "[ref]: /url", "%%", "- [ ] recurs 🔁 every week"]
        var covered = 0, stretchCount = 0
        for round in 0..<300 {
            var text = Int.random(in: 0..<10, using: &random) == 0 ? "---\ntitle: x\n---\n" : ""
            for _ in 0..<Int.random(in: 1...50, using: &random) { text += lines.randomElement(using: &random)! + "\n" }
            let document = Document(text)
            let stretches = Self.expectStretchesRead(document, "round \(round): \(text.debugDescription)")
            stretchCount += stretches.count
            covered += Self.expectEditsRead(document, stretches, "round \(round): \(text.debugDescription)")
        }
        #expect(stretchCount > 200 && covered > 1_000, "\(stretchCount) stretches, \(covered) edits inside them")
    }

    /// An edit in the head of a file (above its first checkpoint, where the done letter is read
    /// from) reads the letter again from the head: the checkpoints it carries over are the
    /// edited file's, the letter changed or not; when the head's tasks no longer settle it,
    /// none are carried.
    @Test func anEditOfTheHeadReadsTheDoneLetterAgain() throws {
        var text = "# Head\n"
        for index in 0..<20 { text += "- [\(index % 3 == 0 ? "x" : "X")] done \(index)\n" }
        text += "- [ ] open\n"
        for group in 0..<6 { text += "# Part \(group)\n" + (0..<4).map { "- [x] later \(group).\($0)\n" }.joined() }
        let document = Document(text)
        let checkpoints = ParseCheckpoints(document, spacing: 0)
        #expect(checkpoints.spelling.doneLetter == UInt8(ascii: "X") && checkpoints.spelling.settledTasks == 16)
        #expect(checkpoints.points.first?.line == 23)
        let head = try #require(Document(stretchOf: document.bytes, holding: [3], checkpoints: checkpoints, statuses: document.statuses))
        #expect(head.stretch?.lines == 0..<23 && head.tasks.count == 21)
        var carriedCount = 0
        for task in head.tasks {
            for status in [TaskStatus.done, .open] {
                let splices = try TaskEdits.setStatus(task, to: status, dates: [], in: head, dialect: .tick)
                guard !splices.isEmpty else { continue }
                let edited = document.applying(splices)
                let window = EditWindow(splices, in: head, edited: edited)
                #expect(head.covers(window))
                let fresh = ParseCheckpoints(Document(bytes: edited), spacing: 0)
                guard let carried = checkpoints.after(window, in: head, edited: edited) else {
                    // Only when the letter is no longer settled by the head's tasks.
                    #expect(fresh.spelling.settledTasks > 21, "line \(task.line + 1) \(status)")
                    continue
                }
                carriedCount += 1
                #expect(carried == fresh, "line \(task.line + 1) \(status)")
            }
        }
        #expect(carriedCount > 15)
    }

    /// Checkpoints in a large file: apart by the spacing, after the tasks the done letter is
    /// read from, none in a file that opens like front matter it is not.
    @Test func checkpointsAreSpacedAndSkipTheDoneLetterTasks() {
        var text = "# Log\n"
        for group in 0..<400 {
            text += "## Day \(group)\n"
            for task in 0..<5 { text += "- [\(group < 3 && task == 0 ? "X" : " ")] task \(group) \(task)\n" }
        }
        let document = Document(text)
        let checkpoints = ParseCheckpoints(document, spacing: 1_000)
        #expect(checkpoints.spelling.doneLetter == UInt8(ascii: "X") && checkpoints.spelling.settledTasks == 1_000)
        #expect(checkpoints.points.count > 10)
        #expect(checkpoints.points.allSatisfy { $0.tasksAbove >= 1_000 && $0.groups.count == 2 })
        for (first, second) in zip(checkpoints.points, checkpoints.points.dropFirst()) { #expect(second.offset - first.offset >= 1_000) }
        #expect(ParseCheckpoints(Document("---\n" + text), spacing: 0, firstTasks: 0).points.isEmpty)
        #expect(!ParseCheckpoints(Document("---\na: b\n---\n" + text), spacing: 0, firstTasks: 0).points.isEmpty)
        // The stretch that holds lines, the head above the first checkpoint, and none for
        // lines in two stretches.
        let point = checkpoints.points[3]
        #expect(checkpoints.stretch(holding: [point.line, point.line + 2]) == 3)
        #expect(checkpoints.stretch(holding: [point.line - 1]) == 2)
        #expect(checkpoints.stretch(holding: [point.line - 1, point.line]) == nil)
        #expect(checkpoints.stretch(holding: [0, checkpoints.points[0].line - 1]) == ParseCheckpoints.head)
        #expect(checkpoints.stretch(holding: [0, checkpoints.points[0].line]) == nil)
        #expect(ParseCheckpoints(Document("- [ ] one\n"), spacing: 0, firstTasks: 0).stretch(holding: [0]) == nil)
    }

    /// An edit whose window has to grow to the stretch's closing heading (an HTML block takes
    /// in the items below it, and that heading is the 5th fresh line, one the doubling skips)
    /// stays inside the stretch: the last fresh line a document knows is always tried.
    @Test func aWindowGrowsToTheStretchsClosingHeading() throws {
        let document = Document("# Top\n## G\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] d\n- [ ] e\n\n## H\n- [ ] f\n## I\n- [ ] g\n")
        let checkpoints = ParseCheckpoints(document, spacing: 0, firstTasks: 0)
        let stretch = try #require(Document(stretchOf: document.bytes, holding: [2], checkpoints: checkpoints, statuses: .default))
        #expect(stretch.stretch?.lines == 2..<9)
        let splices = [Splice.insert([Array("<div>".utf8)], before: 3)]
        let edited = document.applying(splices)
        let window = EditWindow(splices, in: stretch, edited: edited)
        #expect(stretch.covers(window) && window.linesBefore == 2..<9)
        let parsed = Document(bytes: edited), spliced = Document(splicing: stretch, window: window, edited: edited)
        #expect(Array(spliced.kinds[2..<10]) == Array(parsed.kinds[2..<10]))
        #expect(spliced.tasks.map { Self.signature($0, in: spliced) } == parsed.tasks.filter { (2..<10).contains($0.line) }.map { Self.signature($0, in: parsed) })
        // Its tasks are among those the done letter is read from: the record is not carried.
        #expect(checkpoints.spelling.settledTasks == document.tasks.count)
        #expect(checkpoints.after(window, in: stretch, edited: edited) == nil)
    }

    /// A stretch is read only for the bytes its checkpoints describe, under their status set.
    @Test func checkpointsDescribeOneContent() {
        var text = "# A\n"
        for index in 0..<50 { text += "## G\(index)\n- [ ] t\(index)\n" }
        let document = Document(text)
        let checkpoints = ParseCheckpoints(document, spacing: 0, firstTasks: 0)
        let line = checkpoints.points[5].line
        #expect(Document(stretchOf: document.bytes, holding: [line], checkpoints: checkpoints, statuses: .default) != nil)
        var changed = document.bytes
        changed[changed.count - 3] = UInt8(ascii: "X")
        #expect(Document(stretchOf: changed, holding: [line], checkpoints: checkpoints, statuses: .default) == nil)
        var statuses = StatusSet()
        statuses.set("~", to: .doing)
        #expect(Document(stretchOf: document.bytes, holding: [line], checkpoints: checkpoints, statuses: statuses) == nil)
    }

    /// A record is used only for the very bytes it describes: two bytes changed in the top byte
    /// of their 8-byte words (`[x]` turned `[X]` twice), which FNV's step on words (what
    /// `ContentHash` is) often cannot tell, change the digest every time.
    @Test func checkpointsTellTwoChangedBytes() {
        /// FNV-1a's step over 8-byte words: a change in a word's top byte stays in the top bits.
        func wordFNV(_ bytes: [UInt8]) -> UInt64 {
            bytes.withUnsafeBytes { raw in
                (0..<(raw.count / 8)).reduce(0xcbf2_9ce4_8422_2325 as UInt64) {
                    ($0 ^ raw.loadUnaligned(fromByteOffset: $1 * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                }
            }
        }
        var random = SeededGenerator(seed: 9)
        let bytes = (0..<4_096).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
        let digest = ContentDigest.of(bytes), hash = wordFNV(bytes)
        var hashKept = 0
        for _ in 0..<2_000 {
            var changed = bytes
            let first = Int.random(in: 0..<512, using: &random) * 8 + 7
            var second = Int.random(in: 0..<512, using: &random) * 8 + 7
            if second == first { second = (first + 8) % 4_096 }
            changed[first] ^= 0x20
            changed[second] ^= 0x20
            #expect(ContentDigest.of(changed) != digest)
            if wordFNV(changed) == hash { hashKept += 1 }
        }
        // The changes are the hard kind: the word hash keeps its value for many of them.
        #expect(hashKept > 100)
    }

    /// Every byte counts, in the words and in the tail, and so does the length.
    @Test func theDigestTellsEveryByteAndTheLength() {
        var seen = Set<[UInt64]>()
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let digest = ContentDigest.of(bytes)
            #expect(seen.insert([digest.high, digest.low]).inserted, "length \(length)")
            #expect(ContentDigest.of(bytes + [0]) != digest, "length \(length)")
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x80
                #expect(ContentDigest.of(changed) != digest, "length \(length), byte \(index)")
            }
        }
    }

    /// The record reads back as written; a damaged one is refused, never read wrong.
    @Test func checkpointsRecordReadsBack() {
        var text = "---\na: b\n---\n"
        for index in 0..<40 { text += "# G\(index)\n## S\n\(index % 3 == 0 ? "Setext\n---\n" : "")- [x] t \(index) ✅ 2026-11-01\n" }
        let checkpoints = ParseCheckpoints(Document(text), spacing: 0, firstTasks: 0)
        #expect(checkpoints.points.contains { $0.groups.contains(where: \.setext) })
        let record = checkpoints.encoded()
        #expect(ParseCheckpoints(decoding: record) == checkpoints)
        var random = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            var damaged = record
            damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            if damaged != record { #expect(ParseCheckpoints(decoding: damaged) == nil) }
        }
        #expect(ParseCheckpoints(decoding: Array(record.dropLast(5))) == nil)
    }
}
