import Testing
@testable import TickCore

/// An edit runs end to end in process, on a buffer, with no file system: the plan, the law, the
/// echo, the journal change and the listing carried over it, as the CLI and the language server
/// run it.
@Suite struct EditTransactionTests {
    static let today = CivilDate(year: 2026, month: 11, day: 28)!
    static let buffer = Array("""
        # Home

        - [ ] water the plants 🔁 every week 📅 2026-11-27
        - [ ] call mom
        - [x] buy milk ✅ 2026-11-20

        # Work

        - [ ] send the report
        """.utf8) + [0x0A]

    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    static func rendered(_ echo: EditEcho) -> String {
        var out = TextBuffer()
        echo.render(today: today, style: .plain, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `tick done 3` on the buffer: the repeating task is done with today's date (the file
    /// records done dates), its next occurrence is written above it, the echo says both, and
    /// the journal change undoes to the buffer as it was.
    @Test func doneRunsInProcess() throws {
        let transaction = try EditTransaction(Self.buffer, lines: EditTransaction.Lines(["3"], fileNamed: true)) { input throws(EditError) in
            let task = try input.task("3", named: true)
            let dates = DateRecording(input.document, today: Self.today, config: ProjectConfig())
            return try TaskAction.done().plan([task], in: input.document, dates: dates)
        }
        #expect(Self.text(transaction.edited) == """
            # Home

            - [ ] water the plants 🔁 every week 📅 2026-12-04
            - [x] water the plants 🔁 every week 📅 2026-11-27 ✅ 2026-11-28
            - [ ] call mom
            - [x] buy milk ✅ 2026-11-20

            # Work

            - [ ] send the report

            """)
        #expect(Self.rendered(transaction.echo()) == """
            next 3 [ ] water the plants 🔁 every week  in 6 days  · Home
            done 4 [x] water the plants 🔁 every week  due 2026-11-27  done today

            """)
        let change = try #require(transaction.change(path: Array("TODO.md".utf8)))
        #expect(change.tasks == 2)
        #expect(try change.undone(transaction.edited!).get().bytes == Self.buffer)
        #expect(transaction.after.tasks.count == 5)
    }

    /// A plan whose splice would change how a line it does not touch reads is refused by the
    /// transaction, whatever the plan: the edit law is checked there, not by each command.
    @Test func theLawIsCheckedOnEveryPlan() {
        // A heading written over the blank line under `# Home` puts the tasks below it in
        // another group: refused at the first line that would read differently.
        #expect(throws: EditError.changesOtherLines(line: 3)) {
            try EditTransaction(Self.buffer) { input throws(EditError) in
                EditPlan([Splice(lines: 1..<2, replacement: [Array("# Garden".utf8)])])
            }
        }
    }

    /// Nothing to do is no change: no bytes, no journal change, and the echo says why.
    @Test func anUnchangedTaskIsNoChange() throws {
        let transaction = try EditTransaction(Self.buffer) { input throws(EditError) in
            let task = try input.task("buy milk")
            return try TaskAction.done().plan([task], in: input.document,
                                               dates: DateRecording(input.document, today: Self.today, config: ProjectConfig()))
        }
        #expect(transaction.edited == nil)
        #expect(transaction.change(path: []) == nil)
        #expect(Self.rendered(transaction.echo()).contains("already done"))
    }

    /// The listing the user saw is carried over the edit: each number names the task it named,
    /// or is refused; never another task, though the edit moved every line below it.
    @Test func theListingIsCarriedOver() throws {
        let document = Document(bytes: Self.buffer)
        // A view showed `call mom` as 4 and `send the report` as 9.
        let listing = Listing(shown: [1, 3], in: document)
        let known = EditTransaction.Known(listing: listing)
        let transaction = try EditTransaction(Self.buffer, known: known) { input throws(EditError) in
            try TaskAction.done().plan([input.task("water")], in: input.document,
                                       dates: DateRecording(input.document, today: Self.today, config: ProjectConfig()))
        }
        let edited = try #require(transaction.edited)
        let carried = transaction.carry(listing, command: "tick done water")
        _ = try EditTransaction(edited, known: EditTransaction.Known(listing: carried)) { input throws(EditError) in
            #expect(input.document.text(of: try input.task("4")) == "call mom")
            #expect(input.document.text(of: try input.task("9")) == "send the report")
            // Line 6 was not shown: it is refused rather than read as the file's line 6.
            #expect(throws: EditError.self) { try input.task("6") }
            return EditPlan()
        }
        // Without the listing, 4 would be the next occurrence's line now.
        #expect(Document(bytes: edited).tasks.first { $0.line == 3 }.map { Document(bytes: edited).text(of: $0) } == "water the plants 🔁 every week 📅 2026-11-27 ✅ 2026-11-28")
    }
}
