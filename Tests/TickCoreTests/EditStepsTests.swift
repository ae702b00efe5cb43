import Testing
@testable import TickCore

/// An edit in far places read as steps (`EditSteps`): the document put together step by step
/// is the parsed one, and the edit law and a move's check read on the steps' windows as on the
/// whole files.
@Suite struct EditStepsTests {
    /// Random documents of the window tests' lines and random edits in two or three places,
    /// read as steps wherever they are apart at all (`apart: 1`).
    @Test func stepsReadAsTheWholeFile() {
        var random = SeededGenerator(seed: 29)
        func line() -> String { EditWindowTests.randomLine(&random) }
        var stepped = 0, refused = 0
        for round in 0..<400 {
            let text = (0..<Int.random(in: 6...40, using: &random)).map { _ in line() + "\n" }.joined()
            let document = Document(text)
            let count = document.lines.count
            // Up to three places, each in its own third of the file.
            var splices: [Splice] = []
            for third in 0..<Int.random(in: 2...3, using: &random) {
                let lines = (count * third / 3)..<(count * (third + 1) / 3)
                guard !lines.isEmpty else { continue }
                let at = Int.random(in: lines, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: splices.append(.replace(line: at, with: Array(line().utf8)))
                case 1: splices.append(.insert([Array(line().utf8)], before: at))
                default: splices.append(.delete(at..<(at + 1)))
                }
            }
            let edited = document.applying(splices)
            let parsed = Document(bytes: edited)
            let steps = EditSteps(splices, in: document, edited: edited, apart: 1)
            let single = EditSteps(splices, in: document, edited: edited, apart: Int.max)
            if steps.steps.count > 1 { stepped += 1 }
            let result = steps.result
            let name = "round \(round): \(text.debugDescription) \(splices)"
            #expect(single.steps.count == 1, "\(name)")
            #expect(result.lines == parsed.lines && result.kinds == parsed.kinds && result.items == parsed.items, "\(name)")
            #expect(result.hasSameTasks(as: parsed) && result.headings == parsed.headings && result.fieldUsage == parsed.fieldUsage, "\(name)")
            #expect(result.tasks.map { result.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) }, "\(name)")
            let whole = EditCheck.firstChangedLine(splices, window: EditWindow(wholeFile: document, edited: edited))
            // Refused alike. (Which line each names may differ: the law names the first heading
            // it finds changed before any task, and the steps the first line of any step.)
            let stepwise = EditCheck.firstChangedLine(steps)
            #expect((stepwise == nil) == (whole == nil), "\(name)")
            if steps.steps.count == 1 { #expect(stepwise == whole, "\(name)") }
            if whole != nil { refused += 1 }
            #expect(BlockEdits.readsTheSame(steps) == BlockEdits.readsTheSame(single), "\(name)")
        }
        // Most edits were read in steps, and the law refused some of them.
        #expect(stepped > 200)
        #expect(refused > 20)
    }

    /// A task moved from the top of a long file to its end: two windows of a few lines each,
    /// and the file the steps put together is the parsed one.
    @Test func aFarMoveReadsTwoSmallWindows() throws {
        let (document, splices) = try Self.farMove(groups: 200)
        let edited = document.applying(splices)
        let steps = EditSteps(splices, in: document, edited: edited)
        #expect(steps.steps.count == 2)
        #expect(steps.steps.allSatisfy { $0.window.before.lines.count < 10 && $0.window.after.lines.count < 10 })
        let parsed = Document(bytes: edited)
        #expect(steps.result.lines == parsed.lines && steps.result.hasSameTasks(as: parsed) && steps.result.headings == parsed.headings)
        #expect(EditCheck.firstChangedLine(steps) == nil)
    }

    /// A file of `groups` groups of 20 tasks with a subtask each, and the move of its first
    /// task to its last group.
    static func farMove(groups: Int) throws -> (document: Document, splices: [Splice]) {
        var text = ""
        for group in 1...groups {
            text += "## Group \(group)\n\n"
            for task in 1...20 { text += "- [ ] task \(group).\(task)\n  - [x] its subtask\n" }
            text += "\n"
        }
        let document = Document(text)
        return (document, try BlockEdits.move(document.tasks[0], to: .bottom(group: groups - 1), in: document))
    }

    /// A move's check on steps: the task must read the same where it lands, notes and all.
    @Test func aMoveInStepsMustReadTheSame() {
        let document = Document("- [ ] a\n  note\n- [ ] b\n- [ ] c\n")
        func readsTheSame(_ inserted: [String]) -> Bool {
            let splices = [Splice.delete(0..<2), Splice.insert(inserted.map { Array($0.utf8) }, before: 4)]
            let steps = EditSteps(splices, in: document, edited: document.applying(splices), apart: 1)
            #expect(steps.steps.count == 2)
            return BlockEdits.readsTheSame(steps)
        }
        #expect(readsTheSame(["- [ ] a", "  note"]))
        #expect(!readsTheSame(["- [ ] A", "  note"]))
        #expect(!readsTheSame(["- [x] a", "  note"]))
        #expect(!readsTheSame(["- [ ] a", "  other note"]))
        #expect(!readsTheSame(["- [ ] a"]))
    }
}
