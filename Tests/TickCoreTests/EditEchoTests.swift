import Foundation
import Testing
@testable import TickCore

/// What an edit prints about the tasks it rewrote in place is read from the edit's window,
/// never from the whole edited file parsed or put together again: `tick done` in a file of a
/// million tasks costs one parse, whether or not the task's text wraps onto more lines.
@Suite struct EditEchoTests {
    /// Tasks whose text wraps (a due date on the wrapped line, an Obsidian date at the end of
    /// it), nested, quoted and numbered, between headings and fences.
    static let sample = """
        # Work

        - [ ] Send the invoice
          to the client due:2026-11-20
          - [ ] a subtask that
            wraps 📅 2026-12-01
        - [x] Filed
        > - [ ] quoted and
        > wrapped
        1. [ ] numbered and
           wrapped [due:: 2026-11-30]

        ```
        - [ ] not a task
        ```

        ## Home

        - [/] Paint the door
        with a lazy line
        - [ ] one line due:2026-11-25

        """

    static func rendered(_ echo: EditEcho) -> String {
        var out = TextBuffer()
        echo.render(today: CivilDate(year: 2026, month: 11, day: 23)!, style: .plain, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Every task of the sample, the corpus and the fixtures, each with every status change
    /// and a done date in each dialect: the rows read from the window are the rows the whole
    /// edited file gives, and the whole file is never asked for.
    @Test(arguments: [URL?.none] + Paths.allInputs.map { Optional($0) })
    func inPlaceEditsAreShownFromTheWindow(_ url: URL?) throws {
        let document = try url.map { Document(bytes: try bytes(of: $0)) } ?? Document(Self.sample)
        var wrapped = 0
        for task in document.tasks.prefix(300) {
            for (status, dialect) in [(TaskStatus.done, TaskField.Dialect.tick), (.done, .obsidian), (.doing, .dataview), (.open, .tick)] {
                let date: [(TaskField.Kind, CivilDate?)] = status == .done ? [(.done, CivilDate(year: 2026, month: 11, day: 23)!)] : []
                guard let splices = try? TaskEdits.setStatus(task, to: status, dates: date, in: document, dialect: dialect),
                      !splices.isEmpty else { continue }
                let edited = document.applying(splices)
                let window = EditWindow(splices, in: document, edited: edited)
                guard EditCheck.firstChangedLine(splices, window: window) == nil else { continue }
                let plan = EditPlan(splices, subjects: [.task(task.index, verb: "changed")])
                let parsed = Document(bytes: edited)
                let whole = EditEcho(plan, before: document, fromLines: false) { parsed }
                var asked = false
                let windowed = EditEcho(plan, before: document, window: window) { asked = true; return parsed }
                let name = "\(url?.lastPathComponent ?? "sample") line \(task.line + 1) \(status) \(dialect)"
                #expect(Self.rendered(windowed) == Self.rendered(whole), "\(name)")
                #expect(windowed.shownLines == whole.shownLines, "\(name)")
                let inPlace = splices.allSatisfy { $0.lines.count == 1 && $0.replacement.count == 1 }
                #expect(!asked || !inPlace, "\(name): the whole edited file was asked for")
                if inPlace, task.textLastLine != task.line { wrapped += 1 }
            }
        }
        if url == nil { #expect(wrapped >= 12, "the sample's wrapped tasks were edited in place") }
    }
}
