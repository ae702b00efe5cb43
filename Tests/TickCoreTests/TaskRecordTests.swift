import Foundation
import Testing
@testable import TickCore

/// What the parse works out once per task or per file, so that views need not ask again,
/// against what asking again gives: the kinds of field a task holds, and whether its lines
/// are well-formed UTF-8 (decided per file for the typical file, per task otherwise).
struct TaskRecordTests {
    static let inputs = Paths.allInputs + Paths.files(in: Paths.fixtures.appendingPathComponent("dialects"), suffix: ".md")

    @Test(arguments: inputs)
    func recordsAgreeWithAskingAgain(_ url: URL) throws {
        let original = try bytes(of: url)
        // The file as it is, and with a byte that is not UTF-8 on a line of its own at the end,
        // which makes the file ill-formed without touching any task's lines.
        for input in [original, original + [0x0A, 0xFF, 0x0A]] {
            let document = Document(bytes: input)
            for task in document.tasks {
                var kinds = TaskField.Kinds()
                let fields = document.fields(of: task)
                for field in fields.fields { kinds.insert(field.kind) }
                if !fields.unread.isEmpty { kinds.insertUnread() }
                #expect(task.fieldKinds == kinds, "\(url.lastPathComponent):\(task.line + 1)")
                let lines = input[document.lines[task.line].start..<document.lines[task.textLastLine].contentEnd]
                // The text and its marker are on these lines; other lines' bytes (a quote's
                // `>` aside) never make a task's text ill-formed.
                if !lines.allSatisfyValidUTF8 {
                    continue  // the per-task check decides; the law below covers the rest
                }
                #expect(!task.hasInvalidUTF8, "\(url.lastPathComponent):\(task.line + 1)")
            }
        }
    }

    @Test func aTaskOfBadBytesSaysSoInAnOtherwiseGoodFile() {
        let document = Document(bytes: Array("- [ ] fine\n- [ ] bad ".utf8) + [0xC3, 0x28] + Array("\n- [ ] fine\n".utf8))
        #expect(document.tasks.map(\.hasInvalidUTF8) == [false, true, false])
        #expect(Document("- [ ] fine\n").isWellFormedUTF8)
    }

    /// A task is a record of places with no reference of its own: a one-line task's text is a
    /// stretch of the file's bytes, a wrapped one's in the document's joined texts, and a
    /// million tasks cost their records (104 bytes each), not a reference count per copy.
    @Test func aTaskIsASmallRecordItsTextTheDocuments() {
        #expect(MemoryLayout<Task>.stride <= 104, "a task is \(MemoryLayout<Task>.stride) bytes")
        let document = Document("- [ ] one line due:2026-11-25\n- [ ] wraps\n  onto two due:2026-12-01\n- [ ] \n")
        let one = document.tasks[0], two = document.tasks[1], empty = document.tasks[2]
        #expect(!one.textLocation.isJoined && one.textLocation.range == 6..<29)
        #expect(two.textLocation.isJoined && String(decoding: document.joinedTexts, as: UTF8.self) == "wraps onto two due:2026-12-01")
        #expect(document.text(of: one) == "one line due:2026-11-25" && document.text(of: two) == "wraps onto two due:2026-12-01")
        #expect(document.dueValue(of: two) == "2026-12-01" && two.due == CivilDate(year: 2026, month: 12, day: 1))
        #expect(ListView.displayText(two, in: document) == "wraps onto two" && document.text(of: empty).isEmpty)
    }
}
