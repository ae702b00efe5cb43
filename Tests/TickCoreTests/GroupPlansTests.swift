import Testing
@testable import TickCore

/// `group add` and `group rename` planned in process, on a buffer: the same splices and notes
/// the CLI writes and prints.
@Suite struct GroupPlansTests {
    func text(_ document: Document, _ splices: [Splice]) -> String { String(decoding: document.applying(splices), as: UTF8.self) }

    @Test func addPlacesTheGroupAndSaysWhatTheNameNamedBefore() throws {
        let titled = Document("# TODO\n\n## Work\n\n- [ ] a\n")
        let added = try GroupPlans.add("Home", under: nil, level: nil, in: titled)
        #expect(text(titled, added.splices) == "# TODO\n\n## Work\n\n- [ ] a\n\n## Home\n" && added.title == "Home" && added.note == nil)
        let under = try GroupPlans.add("Backend", under: "work", level: nil, in: titled)
        #expect(text(titled, under.splices) == "# TODO\n\n## Work\n\n- [ ] a\n\n### Backend\n")
        let food = Document("# 🥕 Food\n\n- [ ] carrots\n")
        let beside = try GroupPlans.add("Food", under: nil, level: nil, in: food)
        #expect(beside.note == "'Food' named the group '🥕 Food' (line 1) until now; from now on it names the new group")
        #expect(throws: EditError.self) { try GroupPlans.add("work", under: nil, level: nil, in: titled) }
    }

    @Test func renameTakesTheArchiveAlong() throws {
        let document = Document("# Work\n\n- [ ] b\n\n# Done\n\n## Work\n\n- [x] a\n")
        let renamed = try GroupPlans.rename("work", to: "Job", archive: "Done", in: document)
        #expect(text(document, renamed.splices) == "# Job\n\n- [ ] b\n\n# Done\n\n## Job\n\n- [x] a\n")
        #expect(renamed.index == 0 && renamed.title == "Job" && renamed.archiveRenamed! == ("Done / Work", "Done / Job") && renamed.archiveKept == nil)
        let taken = Document("# Work\n\n- [ ] b\n\n# Done\n\n## Work\n\n- [x] a\n\n## Job\n")
        let kept = try GroupPlans.rename("work", to: "Job", archive: "Done", in: taken)
        #expect(kept.archiveRenamed == nil && kept.archiveKept == "Done / Work" && text(taken, kept.splices).hasPrefix("# Job\n"))
    }
}
