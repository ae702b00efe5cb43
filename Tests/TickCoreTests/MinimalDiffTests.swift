import Foundation
import Testing
@testable import TickCore

/// The minimal-diff law: an edit changes only the lines it is about, and reversing it restores
/// every byte. Checked for every task of every corpus file and fixture.
@Suite struct MinimalDiffTests {
    @Test(arguments: Paths.allInputs)
    func statusStarAndDueRoundTrip(_ url: URL) throws {
        let original = try bytes(of: url)
        let document = Document(bytes: original)
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        for task in document.tasks {
            // done then reopen, for open tasks: one line changes, then every byte comes back.
            if task.status == .open {
                let done = Document(bytes: document.applying(try TaskEdits.setStatus(task, to: .done, in: document)))
                try expectOnlyLineChanged(task.line, from: document, to: done, url)
                let doneTask = try #require(done.tasks.first { $0.line == task.line })
                #expect(doneTask.status == .done)
                #expect(done.applying(try TaskEdits.setStatus(doneTask, to: .open, in: done)) == original,
                        "\(url.lastPathComponent):\(task.line + 1) done+reopen did not restore the file")
            }
            // star then unstar.
            if !task.important {
                let starred = Document(bytes: document.applying(try TaskEdits.setImportant(task, true, in: document)))
                try expectOnlyLineChanged(task.line, from: document, to: starred, url)
                let starredTask = try #require(starred.tasks.first { $0.line == task.line })
                // A task with no text on its line may take in the next line once it has a star.
                #expect(starredTask.important && (starredTask.text == task.text || task.text.isEmpty || task.textStart == document.lines[task.line].contentEnd))
                #expect(starred.applying(try TaskEdits.setImportant(starredTask, false, in: starred)) == original,
                        "\(url.lastPathComponent):\(task.line + 1) star+unstar did not restore the file")
            }
            // set a due date then remove it, for tasks without one, in every dialect.
            if task.dueValue == nil {
                // Every dialect for the first tasks of each file; the file's own after that.
                let dialects = task.index < 60 ? TaskField.Dialect.allCases : [task.fields.dialect ?? .tick]
                for dialect in dialects where task.fields.dialect == nil || task.fields.dialect == dialect {
                    let dated = Document(bytes: document.applying(try TaskEdits.setDue(task, to: today, in: document, dialect: dialect)))
                    try expectOnlyLineChanged(task.line, from: document, to: dated, url)
                    let datedTask = try #require(dated.tasks.first { $0.line == task.line })
                    #expect(datedTask.due == today, "\(url.lastPathComponent):\(task.line + 1) \(dialect)")
                    #expect(dated.applying(try TaskEdits.setDue(datedTask, to: nil, in: dated)) == original,
                            "\(url.lastPathComponent):\(task.line + 1) due+none in \(dialect) did not restore the file")
                }
            } else if let old = task.due {
                // Re-dating a task changes the date's bytes, in its own dialect, and nothing else.
                let later = Document(bytes: document.applying(try TaskEdits.setDue(task, to: today, in: document)))
                let laterTask = try #require(later.tasks.first { $0.line == task.line })
                #expect(laterTask.due == today && laterTask.fields.first(.due)?.dialect == task.fields.first(.due)?.dialect)
                #expect(later.bytes.count == original.count, "\(url.lastPathComponent):\(task.line + 1) re-dating changed more than the date")
                #expect(later.applying(try TaskEdits.setDue(laterTask, to: old, in: later)) == original,
                        "\(url.lastPathComponent):\(task.line + 1) re-dating and back did not restore the file")
            }
        }
    }

    /// Deleting a task and its block removes exactly those lines.
    @Test(arguments: Paths.allInputs)
    func deleteRemovesExactlyTheBlock(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        for task in document.tasks.prefix(40) {
            let after = Document(bytes: document.applying(try TaskEdits.delete(task, in: document)))
            if task.lastLine == document.lines.count - 1, !document.endsWithNewline {
                // The file keeps ending without a newline: what precedes the block loses its ending.
                let kept = Array(document.bytes[..<document.lines[task.line].start])
                #expect(after.bytes == Array(kept.prefix(after.bytes.count)) && after.bytes.count + 2 >= kept.count)
                continue
            }
            let removed = task.lastLine - task.line + 1
            #expect(after.lines.count == document.lines.count - removed)
            for line in 0..<task.line {
                #expect(after.content(ofLine: line) == document.content(ofLine: line))
            }
            for line in (task.lastLine + 1)..<document.lines.count {
                #expect(after.content(ofLine: line - removed) == document.content(ofLine: line))
            }
        }
    }

    func expectOnlyLineChanged(_ line: Int, from before: Document, to after: Document, _ url: URL) throws {
        try #require(before.lines.count == after.lines.count, "\(url.lastPathComponent): line count changed")
        for index in before.lines.indices where index != line {
            #expect(before.bytes[before.lines[index].fullRange] == after.bytes[after.lines[index].fullRange],
                    "\(url.lastPathComponent): line \(index + 1) changed by an edit of line \(line + 1)")
        }
    }
}
