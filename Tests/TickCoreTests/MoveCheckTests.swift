import Testing
@testable import TickCore

/// A move's checks on its window: a far move reads as the whole file does, and the moved task
/// must read the same where it lands.
@Suite struct MoveCheckTests {
    /// A task moved from the top of a long file to its end: one window from the first place to
    /// the last, the file put together from it the parsed one, and the edit law satisfied.
    @Test func aFarMoveReadsAsTheWholeFile() throws {
        let (document, splices) = try Self.farMove(groups: 200)
        let edited = document.applying(splices)
        let window = EditWindow(splices, in: document, edited: edited)
        let parsed = Document(bytes: edited)
        let spliced = Document(splicing: document, window: window, edited: edited)
        #expect(spliced.lines == parsed.lines && spliced.hasSameTasks(as: parsed) && spliced.headings == parsed.headings)
        #expect(EditCheck.firstChangedLine(splices, window: window) == nil)
        #expect(BlockEdits.readsTheSame(window))
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

    /// The task must read the same where it lands, notes and all.
    @Test func aMoveMustReadTheSame() {
        let document = Document("- [ ] a\n  note\n- [ ] b\n- [ ] c\n")
        func readsTheSame(_ inserted: [String]) -> Bool {
            let splices = [Splice.delete(0..<2), Splice.insert(inserted.map { Array($0.utf8) }, before: 4)]
            return BlockEdits.readsTheSame(EditWindow(splices, in: document, edited: document.applying(splices)))
        }
        #expect(readsTheSame(["- [ ] a", "  note"]))
        #expect(!readsTheSame(["- [ ] A", "  note"]))
        #expect(!readsTheSame(["- [x] a", "  note"]))
        #expect(!readsTheSame(["- [ ] a", "  other note"]))
        #expect(!readsTheSame(["- [ ] a"]))
    }
}
