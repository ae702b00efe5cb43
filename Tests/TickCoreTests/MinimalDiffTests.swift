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
                #expect(starredTask.important && (starred.text(of: starredTask) == document.text(of: task) || document.text(of: task).isEmpty
                                                  || task.textStart == document.lines[task.line].contentEnd))
                #expect(starred.applying(try TaskEdits.setImportant(starredTask, false, in: starred)) == original,
                        "\(url.lastPathComponent):\(task.line + 1) star+unstar did not restore the file")
            }
            // set a due date then remove it, for tasks without one, in every dialect.
            let fields = document.fields(of: task)
            if document.dueValue(of: task) == nil {
                // Every dialect for the first tasks of each file; the file's own after that.
                let dialects = task.index < 60 ? TaskField.Dialect.allCases : [fields.dialect ?? .tick]
                for dialect in dialects where fields.dialect == nil || fields.dialect == dialect {
                    let splices = try TaskEdits.setDue(task, to: today, in: document, dialect: dialect)
                    // An edit the transaction refuses (text filled into an empty task makes the
                    // line below its text, and ends a heading there: the fixtures hold one) is
                    // never written.
                    if EditCheck.firstChangedLine(splices, in: document) != nil { continue }
                    let dated = Document(bytes: document.applying(splices))
                    // On the line of a due field it has with no date, else ending the text, on its last line.
                    let line = (task.line...task.textLastLine).first { line in
                        document.content(ofLine: line) != dated.content(ofLine: line)
                    } ?? task.line
                    #expect(document.fields(of: task).first(.due) != nil || line == task.textLastLine,
                            "\(url.lastPathComponent):\(task.line + 1) a new date not at the end of the text")
                    try expectOnlyLineChanged(line, from: document, to: dated, url)
                    let datedTask = try #require(dated.tasks.first { $0.line == task.line })
                    #expect(datedTask.due == today, "\(url.lastPathComponent):\(task.line + 1) \(dialect)")
                    // A due date written as a wiki link (`📅 [[2024-03-01]]`, no date) is
                    // replaced by the date set: removing that does not bring the link back.
                    let linked = document.fields(of: task).unread.contains { $0.kind == .due }
                        && !dated.fields(of: datedTask).unread.contains { $0.kind == .due }
                    if linked { continue }
                    #expect(dated.applying(try TaskEdits.setDue(datedTask, to: nil, in: dated)) == original,
                            "\(url.lastPathComponent):\(task.line + 1) due+none in \(dialect) did not restore the file")
                }
            } else if let old = task.due {
                // Re-dating a task changes the date's bytes, in its own dialect, and nothing else.
                let later = Document(bytes: document.applying(try TaskEdits.setDue(task, to: today, in: document)))
                let laterTask = try #require(later.tasks.first { $0.line == task.line })
                #expect(laterTask.due == today && later.fields(of: laterTask).first(.due)?.dialect == fields.first(.due)?.dialect)
                #expect(later.bytes.count == original.count, "\(url.lastPathComponent):\(task.line + 1) re-dating changed more than the date")
                #expect(later.applying(try TaskEdits.setDue(laterTask, to: old, in: later)) == original,
                        "\(url.lastPathComponent):\(task.line + 1) re-dating and back did not restore the file")
            }
        }
    }

    /// Deleting a task and its block removes exactly those lines, and at most the blank lines
    /// that set the block apart (so that no two blank lines meet, and the file neither starts
    /// nor ends blank): every other line is kept, in order.
    @Test(arguments: Paths.allInputs)
    func deleteRemovesExactlyTheBlock(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        for task in document.tasks.prefix(40) {
            let after = Document(bytes: document.applying(try TaskEdits.delete(task, in: document)))
            if task.lastLine == document.lines.count - 1, !document.endsWithNewline {
                // The file keeps ending without a newline: what precedes the block loses its ending.
                let kept = Array(document.bytes[..<document.lines[task.line].start])
                // (And the blank lines before the block go with it.)
                #expect(after.bytes == Array(kept.prefix(after.bytes.count))
                        && kept[after.bytes.count...].allSatisfy { [Byte.space, Byte.tab, Byte.lf, Byte.cr].contains($0) })
                continue
            }
            let kept = after.lines.indices.map { Array(after.content(ofLine: $0)) }
            var before = (0..<task.line).map { Array(document.content(ofLine: $0)) }
            var rest = ((task.lastLine + 1)..<document.lines.count).map { Array(document.content(ofLine: $0)) }
            func blank(_ line: [UInt8]) -> Bool { line.allSatisfy { $0 == Byte.space || $0 == Byte.tab } }
            // The blank lines around the block that went with it.
            while before.count + rest.count > kept.count, let last = before.last, blank(last), !kept.starts(with: before) {
                before.removeLast()
            }
            while before.count + rest.count > kept.count, let first = rest.first, blank(first) { rest.removeFirst() }
            while before.count + rest.count > kept.count, let last = before.last, blank(last) { before.removeLast() }
            // Past the block, one line may differ in its ordered marker's number alone: the
            // next item takes the number of a first item that goes (`OrderedNumbers`).
            func unnumbered(_ line: [UInt8]) -> [UInt8] {
                var start = 0
                while start < line.count, line[start] == Byte.space || line[start] == Byte.tab || line[start] == Byte.greater { start += 1 }
                var end = start
                while end < line.count, Byte.isDigit(line[end]) { end += 1 }
                return Array(line[..<start]) + Array(line[end...])
            }
            let differing = zip(kept, before + rest).filter { $0 != $1 }
            #expect(kept.count == before.count + rest.count && differing.count <= (task.ordered ? 1 : 0)
                    && differing.allSatisfy { unnumbered($0) == unnumbered($1) },
                    "\(url.lastPathComponent):\(task.line + 1) deleting changed more than the block and its blank lines")
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
