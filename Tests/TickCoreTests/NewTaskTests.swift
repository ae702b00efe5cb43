import Testing
@testable import TickCore

/// `tick add` planned in process: where the task goes, in the file's dialect, and the group
/// made for it.
@Suite struct NewTaskTests {
    let today = CivilDate(year: 2026, month: 11, day: 29)!

    @Test func aTaskGoesWhereItsPlaceSaysInTheFilesDialect() throws {
        let document = Document("# Home\n\n- [ ] a 📅 2026-12-01\n\n# Work\n\n- [ ] b\n")
        func added(_ task: NewTask) throws -> String { String(decoding: document.applying(try task.splices(in: document).splices), as: UTF8.self) }
        #expect(try added(NewTask(text: "c", group: "work", due: CivilDate(year: 2026, month: 12, day: 2)!, today: today))
                == "# Home\n\n- [ ] a 📅 2026-12-01\n\n# Work\n\n- [ ] b\n- [ ] c 📅 2026-12-02\n")
        #expect(try added(NewTask(text: "c", place: .top, group: "home", important: true, today: today)).contains("# Home\n\n- [ ] * c\n- [ ] a"))
        #expect(try added(NewTask(text: "c", place: .under(document.tasks[0]), today: today)).contains("- [ ] a 📅 2026-12-01\n  - [ ] c\n"))
        let made = try NewTask(text: "c", group: "Garden", today: today).splices(in: document)
        #expect(made.newGroup == "Garden" && String(decoding: document.applying(made.splices), as: UTF8.self).hasSuffix("# Garden\n\n- [ ] c\n"))
        #expect(throws: EditError.self) { try NewTask(text: "c", group: "Wrok", today: today).splices(in: document) }
    }

    /// The next name of a series is a new group, not a typo of the one before; a letter
    /// off is.
    @Test func aSeriesNameIsNoTypo() throws {
        let document = Document("# Q1\n\n- [ ] a\n\n# Week 1\n\n# Work\n\n# A\n")
        for name in ["Q2", "QA", "Week 2", "B"] {
            #expect(try NewTask(text: "c", group: name, today: today).splices(in: document).newGroup == name, "\(name)")
        }
        #expect(throws: EditError.self) { try NewTask(text: "c", group: "Wrok", today: today).splices(in: document) }
        #expect(throws: EditError.self) { try NewTask(text: "c", group: "Weak 1", today: today).splices(in: document) }
    }

    /// Without a group, a task never goes to a group for closed tasks.
    @Test func theDefaultGroupIsNoArchive() throws {
        let document = Document("# ✅ Completed\n\n- [x] old\n\n# Now\n\n- [ ] a\n")
        let added = try NewTask(text: "c", today: today).splices(in: document)
        #expect(String(decoding: document.applying(added.splices), as: UTF8.self) == "# ✅ Completed\n\n- [x] old\n\n# Now\n\n- [ ] a\n- [ ] c\n")
    }

    @Test func datesInTheTextAreWrittenOut() throws {
        #expect(try NewTask.normalizedDates("pay due:tomorrow", today: today) == "pay due:2026-11-30")
        #expect(throws: EditError.self) { try NewTask.normalizedDates("pay due:2026-12-01", today: today, dueOption: "fri") }
        #expect(throws: EditError.self) { try NewTask.normalizedDates("pay due:someday", today: today) }
        #expect(try NewTask.normalizedDates("pay due:in-3-days", today: today) == "pay due:2026-12-02")
        // A field's value ends at a space: the message offers the spellings a field can hold.
        do {
            _ = try NewTask.normalizedDates("pay due:dec 15", today: today)
            Issue.record("due:dec read as a date")
        } catch {
            #expect(error.message.contains("a field's date is one word") && error.message.contains("dec-5"), "\(error.message)")
        }
    }
}
