import Foundation
import Testing
@testable import TickCore

/// The merge rules of `tick merge`, on documents (the end-to-end tests run them through git).
@Suite struct TaskMergeTests {
    func merge(_ base: String, _ ours: String, _ theirs: String) -> (text: String, conflicts: Int) {
        let result = TaskMerge.merge(base: Document(base), ours: Document(ours), theirs: Document(theirs))
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }

    /// The merge of `one` and `other` over `base`, each way round, is `merged`, clean.
    func expectClean(_ base: String, _ one: String, _ other: String, _ merged: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(merge(base, one, other) == (merged, 0), sourceLocation: sourceLocation)
        #expect(merge(base, other, one) == (merged, 0), sourceLocation: sourceLocation)
    }

    let base = "# Home\n\n- [ ] Milk\n- [ ] Eggs\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n"

    @Test func neighbouringTicksBothApply() {
        let ours = base.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk")
        let theirs = base.replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs")
        #expect(merge(base, ours, theirs) == (base.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs"), 0))
    }

    @Test func aTickAndAReWordingOfOneTaskBothApply() {
        let ours = base.replacingOccurrences(of: "- [ ] Report", with: "- [x] * Report")
        let theirs = base.replacingOccurrences(of: "Report due", with: "Quarterly report due")
        #expect(merge(base, ours, theirs) == (base.replacingOccurrences(of: "- [ ] Report", with: "- [x] * Quarterly report"), 0))
        // Words: an insertion in the text and a due date added at the end.
        let a = base.replacingOccurrences(of: "Bread", with: "Fresh Bread")
        let b = base.replacingOccurrences(of: "Bread", with: "Bread due:2026-12-03")
        #expect(merge(base, a, b).text.contains("- [ ] Fresh Bread due:2026-12-03\n"))
    }

    @Test func newTasksInOneGroupAreAllKeptOursFirst() {
        let ours = base.replacingOccurrences(of: "- [ ] Bread\n", with: "- [ ] Bread\n- [ ] Butter\n")
        let theirs = base.replacingOccurrences(of: "- [ ] Bread\n", with: "- [ ] Bread\n- [ ] Jam\n- [ ] Tea\n")
        #expect(merge(base, ours, theirs) == (base.replacingOccurrences(of: "- [ ] Bread\n", with: "- [ ] Bread\n- [ ] Butter\n- [ ] Jam\n- [ ] Tea\n"), 0))
    }

    @Test func aMovedTaskKeepsTheOtherSidesTick() {
        let ours = "# Home\n\n- [ ] Milk\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n- [ ] Eggs\n"
        let theirs = base.replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs")
        #expect(merge(base, ours, theirs) == (ours.replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs"), 0))
    }

    @Test func aTaskBothSidesMovedIsKeptOnceWhereOursPutIt() {
        // To different places: ours wins, with their tick.
        let ours = "# Home\n\n- [ ] Eggs\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n- [ ] Milk\n"
        let theirs = "# Home\n\n- [ ] Eggs\n- [ ] Bread\n- [x] Milk\n\n# Work\n\n- [ ] Report due:2026-12-01\n"
        #expect(merge(base, ours, theirs) == (ours.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk"), 0))
        // To the same place, each side adding a task there too: once, and both new tasks.
        let a = "# Home\n\n- [ ] Eggs\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n- [ ] Milk\n- [ ] Call Ann\n"
        let b = "# Home\n\n- [ ] Eggs\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n- [ ] Milk\n- [ ] Call Bo\n"
        #expect(merge(base, a, b) == (a + "- [ ] Call Bo\n", 0))
        // The same new task on both sides: once.
        let same = base + "- [ ] Plan\n"
        #expect(merge(base, same + "- [ ] Ann\n", same + "- [ ] Bo\n") == (same + "- [ ] Ann\n- [ ] Bo\n", 0))
    }

    @Test func deletedOnOneSideAndDoneOnTheOtherIsAConflictOnThatTaskOnly() {
        let ours = base.replacingOccurrences(of: "- [ ] Eggs\n", with: "")
        let theirs = base.replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs").replacingOccurrences(of: "[ ] Milk", with: "[x] Milk")
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 1)
        #expect(text == "# Home\n\n- [x] Milk\n<<<<<<< ours\n=======\n- [x] Eggs\n>>>>>>> theirs\n- [ ] Bread\n\n# Work\n\n- [ ] Report due:2026-12-01\n", "\(text)")
    }

    @Test func twoDueDatesConflictAroundThatTaskAlone() {
        let ours = base.replacingOccurrences(of: "due:2026-12-01", with: "due:2026-12-05").replacingOccurrences(of: "[ ] Milk", with: "[x] Milk")
        let theirs = base.replacingOccurrences(of: "due:2026-12-01", with: "due:2026-12-09")
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 1)
        #expect(text == "# Home\n\n- [x] Milk\n- [ ] Eggs\n- [ ] Bread\n\n# Work\n\n<<<<<<< ours\n- [ ] Report due:2026-12-05\n=======\n- [ ] Report due:2026-12-09\n>>>>>>> theirs\n", "\(text)")
    }

    @Test func bothCompletingATaskOnDifferentDaysIsOneCompletion() {
        let ours = base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs ✅ 2026-11-20")
        let theirs = base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Free-range eggs ✅ 2026-11-21")
        // The done dates both added differently are ours'; their words apply; nothing is marked.
        #expect(merge(base, ours, theirs) == (base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Free-range eggs ✅ 2026-11-20"), 0))
        let starred = base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] * Eggs #shop ✅ 2026-11-21")
        // Their star and their tag apply; the done date is ours.
        #expect(merge(base, ours, starred) == (base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] * Eggs #shop ✅ 2026-11-20"), 0))
        // Open on both sides, two different dates are still a conflict.
        let a = base.replacingOccurrences(of: "- [ ] Eggs", with: "- [ ] Eggs 📅 2026-11-20")
        let b = base.replacingOccurrences(of: "- [ ] Eggs", with: "- [ ] Eggs 📅 2026-11-21")
        #expect(merge(base, a, b).conflicts == 1)
    }

    @Test func statusesMovedForwardResolveToTheFurthestAlong() {
        for (a, b, merged) in [("/", "x", "x"), ("-", "/", "-"), (" ", "/", "/"), ("x", "X", "x")] {
            let ours = base.replacingOccurrences(of: "[ ] Milk", with: "[\(a)] Milk")
            let theirs = base.replacingOccurrences(of: "[ ] Milk", with: "[\(b)] Milk")
            #expect(merge(base, ours, theirs) == (base.replacingOccurrences(of: "[ ] Milk", with: "[\(merged)] Milk"), 0), "\(a) and \(b)")
        }
        // Done against cancelled, and a reopening against a cancelling, are two changes of one field.
        #expect(merge(base, base.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk ✅ 2026-01-01"),
                      base.replacingOccurrences(of: "[ ] Milk", with: "[-] Milk ❌ 2026-01-02")).conflicts == 1)
        let done = base.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk")
        #expect(merge(done, base, base.replacingOccurrences(of: "[ ] Milk", with: "[-] Milk")).conflicts == 1)
    }

    @Test func proseMergesAsDiff3Does() {
        let text = "Intro\n\n- [ ] a\n\nOutro\n"
        #expect(merge(text, text.replacingOccurrences(of: "Intro", with: "Hello"), text.replacingOccurrences(of: "Outro", with: "Bye")) == ("Hello\n\n- [ ] a\n\nBye\n", 0))
        let (both, conflicts) = merge(text, text.replacingOccurrences(of: "Intro", with: "Hello"), text.replacingOccurrences(of: "Intro", with: "Hi"))
        #expect(conflicts == 1 && both == "<<<<<<< ours\nHello\n=======\nHi\n>>>>>>> theirs\n\n- [ ] a\n\nOutro\n")
    }

    @Test func bytesBothSidesKeptAreKept() {
        let crlf = "# Home\r\n\r\n- [ ] Milk\r\n- [ ] Eggs"
        let (text, conflicts) = merge(crlf, crlf.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk"),
                                      crlf.replacingOccurrences(of: "[ ] Eggs", with: "[x] Eggs"))
        #expect(conflicts == 0 && text == "# Home\r\n\r\n- [x] Milk\r\n- [x] Eggs")
        let invalid: [UInt8] = Array("- [ ] caf".utf8) + [0xE9] + Array("\n- [ ] b\n".utf8)
        var ours = invalid
        ours[3] = UInt8(ascii: "x")
        let result = TaskMerge.merge(base: Document(bytes: invalid), ours: Document(bytes: ours), theirs: Document(bytes: invalid))
        #expect(result.bytes == ours)
    }

    /// A task re-worded with none of its words, beside a new task that has some: which is which
    /// cannot be told, so the other side's tick is a conflict, never put on the new task. A task
    /// that keeps a word is the same task re-worded in place.
    @Test func aTickNeverMovesToANewTaskWithTheSameWords() {
        let base = "# Home\n\n- [ ] call mom\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n"
        let ours = "# Home\n\n- [ ] phone mother about the visit\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n- [ ] call dentist\n"
        let theirs = "# Home\n\n- [x] call mom\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n"
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 1 && text.contains("<<<<<<< ours\n- [ ] phone mother about the visit\n=======\n- [x] call mom\n>>>>>>> theirs\n")
                && text.contains("- [ ] call dentist\n"), "\(text)")
        let kept = merge(base, ours.replacingOccurrences(of: "phone mother", with: "call mom"), theirs)
        #expect(kept == (ours.replacingOccurrences(of: "[ ] phone mother", with: "[x] call mom"), 0), "\(kept.text)")
        // Replaced outright in place: a new task, and the tick of the old one a conflict.
        let replaced = merge("- [ ] bread\n- [ ] buy milk\n- [ ] eggs\n", "- [ ] bread\n- [x] buy milk\n- [ ] eggs\n", "- [ ] bread\n- [ ] call dentist\n- [ ] eggs\n")
        #expect(replaced.conflicts == 1 && !replaced.text.contains("[x] call dentist"), "\(replaced.text)")
        // Re-worded with a new task right after it: which is which cannot be told; a conflict.
        let rent = "- [ ] pay the rent\n- [ ] water plants\n"
        let (moved, count) = merge(rent, "- [ ] transfer money to landlord\n- [ ] pay the gas bill\n- [ ] water plants\n",
                                   "- [x] pay the rent\n- [ ] water plants\n")
        #expect(count == 1 && !moved.contains("[x] pay the gas bill") && moved.contains("- [x] pay the rent\n"), "\(moved)")
    }

    /// Twins: a tick on one of two identical tasks is never given to the other, nor lost.
    @Test func twinsKeepTheirOwnTicksOrConflict() {
        let base = "- [ ] Eggs\n- [ ] Eggs\n- [ ] Tea\n"
        let (text, conflicts) = merge(base, "- [x] Eggs\n- [ ] Eggs\n- [x] Tea\n", "- [ ] Eggs\n- [x] Eggs\n- [ ] Tea\n")
        #expect(text == "- [x] Eggs\n- [x] Eggs\n- [x] Tea\n" || (conflicts > 0 && text.contains("- [x] Tea\n")), "\(text)")
        #expect(text.components(separatedBy: "[x] Eggs").count - 1 >= 2 || conflicts > 0, "\(text)")
        // One twin deleted on one side, one ticked on the other: which one is not known.
        let deleted = merge(base, "- [ ] Eggs\n- [ ] Tea\n", "- [ ] Eggs\n- [x] Eggs\n- [ ] Tea\n")
        #expect(deleted.conflicts == 1 && deleted.text.contains("- [x] Eggs\n"), "\(deleted.text)")
    }

    /// Fields merge on their own, in each dialect: a postponed due date and a completion.
    @Test(arguments: [("📅 ", "✅ ", ""), ("due:", "done:", ""), ("[due:: ", "[completion:: ", "]")])
    func aPostponementAndACompletionBothApply(_ due: String, _ done: String, _ close: String) {
        let base = "- [ ] A \(due)2026-12-01\(close)\n- [ ] B\n"
        let ours = "- [ ] A \(due)2026-12-05\(close)\n- [ ] B\n"
        let theirs = "- [x] A \(due)2026-12-01\(close) \(done)2026-12-02\(close)\n- [ ] B\n"
        #expect(merge(base, ours, theirs) == ("- [x] A \(due)2026-12-05\(close) \(done)2026-12-02\(close)\n- [ ] B\n", 0))
        // A field changed on one side and removed on the other is a conflict.
        #expect(merge(base, ours, "- [ ] A\n- [ ] B\n").conflicts == 1)
        // Star, priority word and a tag each on their own.
        let starred = merge(base, "- [ ] * A \(due)2026-12-01\(close)\n- [ ] B\n", "- [ ] A #home \(due)2026-12-01\(close)\n- [ ] B\n")
        #expect(starred == ("- [ ] * A #home \(due)2026-12-01\(close)\n- [ ] B\n", 0))
    }

    /// A side's last line without an ending never runs into the line the other side adds.
    @Test func tasksAddedAfterALastLineWithoutAnEndingStayApart() {
        let base = "# W\n- [ ] a\n- [ ] b"
        #expect(merge(base, base + "\n- [ ] c", base + "\n- [ ] d") == (base + "\n- [ ] c\n- [ ] d", 0))
        #expect(merge(base, base + "\n- [ ] c", base + "\n- [ ] d\n") == (base + "\n- [ ] c\n- [ ] d\n", 0))
    }

    /// One field given on both sides in different dialects is one field given two values.
    @Test func oneFieldInTwoDialectsIsOneField() {
        let base = "# W\n- [ ] a\n"
        #expect(merge(base, "# W\n- [ ] a due:2026-01-05\n", "# W\n- [ ] a 📅 2026-01-09\n").conflicts == 1)
        #expect(merge(base, "# W\n- [ ] a ⏫\n", "# W\n- [ ] a [priority:: low]\n").conflicts == 1)
        // Both completed it: one completion, ours.
        #expect(merge(base, "# W\n- [x] a ✅ 2026-01-05\n", "# W\n- [x] a done:2026-01-06\n") == ("# W\n- [x] a ✅ 2026-01-05\n", 0))
    }

    @Test func neighbouringDeletionsMerge() {
        #expect(merge("- [ ] A\n- [ ] B\n- [ ] C\n", "- [ ] B\n- [ ] C\n", "- [ ] A\n- [ ] C\n") == ("- [ ] C\n", 0))
        #expect(merge("# H\n\n- [ ] A\n- [ ] B\n\nText\n", "# H\n\n- [ ] B\n\nText\n", "# H\n\n- [ ] A\n\nText\n") == ("# H\n\n\nText\n", 0))
    }

    /// A task moved on one side and deleted on the other: the conflict is around the task,
    /// where it was moved to, and nothing else.
    @Test func aMoveAgainstADeletionIsAConflictAroundTheTask() {
        let base = "# H\n\n- [ ] A\n- [ ] B\n\n# W\n\n- [ ] C\n"
        let (text, conflicts) = merge(base, "# H\n\n- [ ] B\n\n# W\n\n- [ ] C\n- [ ] A\n", "# H\n\n- [ ] B\n\n# W\n\n- [ ] C\n")
        #expect(conflicts == 1 && text == "# H\n\n- [ ] B\n\n# W\n\n- [ ] C\n<<<<<<< ours\n- [ ] A\n=======\n>>>>>>> theirs\n", "\(text)")
    }

    /// A task both sides moved to different groups is no guess: each side's copy is a
    /// conflict of its own, where that side put it; a task one side moved goes there.
    @Test func aTaskMovedBothWaysIsAConflictAtEachPlace() {
        let base = "# Home\n\n# Work\n\nNotes\n\n# Later\n\n- [ ] pay\n- [/] gas\n\n"
        let ours = "# Home\n\n# Work\n\nNotes\n\n- [ ] pay\n\n# Later\n\n- [/] gas\n\n"
        let theirs = "# Home\n\n- [ ] pay\n\n# Work\n\nNotes\n\n- [/] gas\n\n# Later\n\n"
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 2 && text == """
            # Home

            <<<<<<< ours
            =======
            - [ ] pay
            >>>>>>> theirs

            # Work

            Notes

            <<<<<<< ours
            - [ ] pay
            =======
            >>>>>>> theirs

            - [/] gas

            # Later


            """, "\(text)")
        // Lines that end in a CR alone, and the markers with them, are lines too.
        func cr(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r") }
        let (crText, crConflicts) = merge(cr(base), cr(ours), cr(theirs))
        #expect(crConflicts == 2 && crText == cr(text), "\(crText)")
        // The same when ours' move lines up as a task kept in place and others moved (a
        // group opened below it): ours' copy is found where it stands.
        let later = "# Home\n\n# Work\n\n# Later\n\n- [x] mom\n- [ ] rent\n- [x] gas\n- [x] eggs\n"
        let archived = "# Home\n\n# Work\n\n# Later\n\n- [x] mom\n- [x] eggs\n\n# Done\n\n- [x] rent\n- [x] gas\n"
        let movedToWork = "# Home\n\n# Work\n\n- [x] gas\n\n# Later\n\n- [x] mom\n- [ ] rent\n- [x] eggs ✅ 2026-12-11\n"
        let (both, marked) = merge(later, archived, movedToWork)
        #expect(marked == 2 && both.components(separatedBy: "- [x] gas").count == 3
                && both.contains("<<<<<<< ours\n=======\n- [x] gas\n>>>>>>> theirs") && both.contains("<<<<<<< ours\n- [x] gas\n=======\n>>>>>>> theirs"),
                "\(both)")
    }

    /// A group one side renamed is still that group: a task the other side moved into it, or
    /// archived out of it, merges clean (empty, its place says it is the same group).
    @Test func aRenamedGroupIsTheSameGroupToTheOtherSidesMoves() {
        let base = "# TODO\n\n## Work\n\n## Garden\n\n- [ ] Review api\n"
        expectClean(base, "# TODO\n\n## Work\n\n- [x] Review api\n\n## Garden\n", "# TODO\n\n## Trips\n\n## Garden\n\n- [ ] Review api\n",
                    "# TODO\n\n## Trips\n\n- [x] Review api\n\n## Garden\n")
        let work = "# TODO\n\n## Work\n\n- [ ] Report mom\n- [ ] Email water\n- [x] Fence plan\n\n## Done\n\n### Errands\n\n- [x] Order roof\n"
        expectClean(work, "# TODO\n\n## Work\n\n- [ ] Email water\n- [x] Fence plan\n\n## Done\n\n### Errands\n\n- [x] Order roof\n\n### Work\n\n- [x] Report mom\n",
                    "# TODO\n\n## Admin\n\n- [ ] Report mom\n- [ ] Email water\n- [ ] Fence plan\n\n## Done\n\n### Errands\n\n- [x] Order roof\n",
                    "# TODO\n\n## Admin\n\n- [ ] Email water\n- [ ] Fence plan\n\n## Done\n\n### Errands\n\n- [x] Order roof\n\n### Work\n\n- [x] Report mom\n")
    }

    /// A group added above one renamed in the same run: a task the other side added to the
    /// renamed group stays in it, never above every heading.
    @Test func aTaskAddedToARenamedGroupStaysInIt() {
        expectClean("# Home\n\n- [ ] a\n- [ ] b\n", "# Later\n\n# Trips\n\n- [ ] a\n- [ ] b\n", "# Home\n\n- [ ] a\n- [ ] new\n- [ ] b\n",
                    "# Later\n\n# Trips\n\n- [ ] a\n- [ ] new\n- [ ] b\n")
    }

    /// Twins one side archived and the other moved with their renamed group are never written
    /// twice over: where the lines would hold more copies than either side has, a conflict.
    @Test func twinsAreNeverMultiplied() {
        let base = "# E\n\n- [ ] b\n\n# S\n\n- [x] w\n- [x] w\n\n# W\n\n- [ ] z\n"
        let ours = "# E\n\n- [ ] b\n\n# S\n\n# W\n\n- [ ] z\n\n# Done\n\n## S\n\n- [x] w\n- [x] w\n"
        let theirs = "# T\n\n- [x] w\n- [x] w\n\n# E\n\n- [ ] b\n\n# W\n\n- [ ] z\n"
        let (text, conflicts) = merge(base, ours, theirs)
        let outside = text.components(separatedBy: "<<<<<<<").enumerated().map { index, part in
            index == 0 ? part : String(part.components(separatedBy: ">>>>>>>").dropFirst().joined())
        }.joined()
        #expect(conflicts > 0 && outside.components(separatedBy: "- [x] w").count - 1 <= 2, "\(text)")
    }

    /// A section marked whole as a conflict keeps, outside the markers, the tasks both sides
    /// kept with the changes either made to them (a tick, new words), and a conflict whose
    /// side opens with `=======` under a line makes no heading of it.
    @Test func aSectionMarkedWholeKeepsTheChangesOfWhatBothKept() {
        let base = "# TODO\n\n## Books\n\n- [ ] Parts walk review\n- [x] Bread write\n\n### Later\n\n- [x] Bike feed\n\n### Backend\n"
        let ours = "# TODO\n\n## Books\n\n- [x] Parts walk review\n- [x] Bread write\n\n### Later\n\n### Backend\n"
        let theirs = "# TODO\n\n## Books\n\n- [ ] Parts walk review\n\n### Later\n\n- [ ] Bike feed\n\n### Backend\n\n## Done\n\n### Books\n\n- [x] Bread write\n"
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 1 && text.hasPrefix("# TODO\n\n## Books\n\n- [x] Parts walk review\n\n### Later\n") && text.hasSuffix("## Done\n\n### Books\n\n- [x] Bread write\n"), "\(text)")
        let chores = "# TODO\n\n## Chores\n\n### Kitchen\n\n- [x] Paint dog rent\n\n## Errands\n\n- [ ] Plan order book\n- [ ] Mom dad alice\n- [ ] Call order\n"
        let (reworded, marked) = merge(chores, "# TODO\n\n## Errands\n\n- [ ] Plan order book\n- [ ] Mom dad alice\n- [ ] Call order\n",
                                       "# TODO\n\n## Chores\n\n### Kitchen\n\n- [ ] Paint dog rent\n\n## Errands\n\n- [ ] Plan order book fix\n- [ ] Mom dad alice\n")
        #expect(marked == 1 && reworded.hasSuffix(">>>>>>> theirs\n## Errands\n\n- [ ] Plan order book fix\n- [ ] Mom dad alice\n"), "\(reworded)")
    }

    /// Conflict markers as git writes them (merge and diff3 styles, other marker sizes); an
    /// open marker never closed, or lines of `=` alone, are no conflict.
    @Test func conflictMarkersAreFoundAsGitWritesThem() {
        func blocks(_ text: String) -> [ConflictMarkers.Block] { ConflictMarkers.blocks(in: Document(text)) }
        #expect(blocks("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> x\n") == [.init(open: 1, ours: 2..<3, theirs: 4..<5, close: 5)])
        #expect(blocks("<<<<<<< HEAD\nb\n||||||| base\nB\n=======\nc\n>>>>>>> x\n") == [.init(open: 0, ours: 1..<2, theirs: 5..<6, close: 6)])
        #expect(blocks("<<<<<<<<<< a\r\n=======\r\n==========\r\n>>>>>>>>>> b\r\n").map(\.open) == [0])
        #expect(blocks("Title\n=======\n\n<<<<<<< only\n- [ ] a\n").isEmpty)
        #expect(blocks("<<<<<<<< eight\n=======\n>>>>>>>\n").isEmpty)
        #expect(blocks("<<<<< ours\n- [ ] b\n=====\n>>>>> theirs\n").map(\.open) == [0])
        #expect(blocks("- [ ] a\n\n```\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> b\n```\n").isEmpty)
        #expect(ConflictMarkers.firstLine(in: Array("- [ ] a\n".utf8)) == nil)
        let document = Document("x\n<<<<<<< a\n- [ ] b\n- [ ] c\n=======\n- [ ] c\n- [ ] d\n>>>>>>> b\ny\n")
        let found = ConflictMarkers.blocks(in: document)
        #expect(String(decoding: document.applying(ConflictMarkers.splices(document, found, keeping: .both)), as: UTF8.self)
                == "x\n- [ ] b\n- [ ] c\n- [ ] d\ny\n")
        #expect(String(decoding: document.applying(ConflictMarkers.splices(document, found, keeping: .theirs)), as: UTF8.self)
                == "x\n- [ ] c\n- [ ] d\ny\n")
    }

    /// The diff under the merge finds a longest common subsequence (checked against the
    /// textbook dynamic program on small random inputs).
    @Test func sequenceDiffFindsALongestCommonSubsequence() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt64.random(in: 0...3, using: &generator) }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt64.random(in: 0...3, using: &generator) }
            let pairs = SequenceDiff.matches(a, b)
            #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            #expect(pairs.count == table[0][0], "\(a) \(b)")
        }
    }

    /// Merging a version with itself, or with the ancestor, gives that version back, byte for byte.
    @Test(arguments: Paths.allInputs)
    func mergeWithAnUnchangedSideIsTheOtherSide(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        let edited = document.tasks.first.map { task in
            document.afterApplying((try? TaskEdits.setStatus(task, to: .done, in: document)) ?? [])
        } ?? document
        #expect(TaskMerge.merge(base: document, ours: edited, theirs: document).bytes == edited.bytes)
        #expect(TaskMerge.merge(base: document, ours: document, theirs: edited).bytes == edited.bytes)
        #expect(TaskMerge.merge(base: document, ours: edited, theirs: edited).bytes == edited.bytes)
    }

    /// The law behind "ticking neighbouring boxes never conflicts": on every corpus file, two
    /// sides that each change a different task (done, star, due), neighbours included, merge
    /// cleanly into the file with both changes.
    @Test(arguments: Paths.allInputs)
    func changesOfDifferentTasksAlwaysMerge(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        let tasks = document.tasks.filter { $0.markerOpensLine }
        guard tasks.count >= 2 else { return }
        let today = CivilDate(year: 2026, month: 11, day: 23)!
        var failures: [String] = []
        let step = max(1, tasks.count / 12)
        for start in stride(from: 0, to: tasks.count - 1, by: step) {
            for (a, b) in [(tasks[start], tasks[start + 1]), (tasks[start], tasks[(start + tasks.count / 2) % tasks.count])] where a.index != b.index {
                let edits: [(String, (Task) throws -> [Splice])] = [
                    ("done", { try TaskEdits.setStatus($0, to: .done, in: document) }),
                    ("star", { try TaskEdits.setImportant($0, !$0.important, in: document) }),
                    ("due", { try TaskEdits.setDue($0, to: today, in: document, dialect: .tick) }),
                ]
                for (ourName, ourEdit) in edits {
                    for (theirName, theirEdit) in edits {
                        guard let ours = try? ourEdit(a), let theirs = try? theirEdit(b), !ours.isEmpty, !theirs.isEmpty,
                              Set(ours.map(\.lines.lowerBound)).isDisjoint(with: theirs.map(\.lines.lowerBound)) else { continue }
                        let result = TaskMerge.merge(base: document, ours: document.afterApplying(ours), theirs: document.afterApplying(theirs))
                        if result.conflicts > 0 || result.bytes != document.afterApplying(ours + theirs).bytes {
                            failures.append("\(ourName) line \(a.line + 1) / \(theirName) line \(b.line + 1)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(url.lastPathComponent): \(failures.prefix(8).joined(separator: "; "))")
    }

    /// A task added at a group's end on one side, after the task the other side archived: in
    /// the group it was added to, not under the archive's heading opened after the group's last
    /// open task. Both ways round.
    @Test func aTaskAddedBelowAnArchivedOneStaysInItsGroup() {
        let base = "# TODO\n\n## Home\n\n- [ ] a\n- [x] b\n"
        let archived = "# TODO\n\n## Home\n\n- [ ] a\n\n## Done\n\n### Home\n\n- [x] b\n"
        let added = "# TODO\n\n## Home\n\n- [ ] a\n- [x] b\n- [ ] c\n"
        let merged = "# TODO\n\n## Home\n\n- [ ] a\n- [ ] c\n\n## Done\n\n### Home\n\n- [x] b\n"
        expectClean(base, archived, added, merged)
    }

    /// The last task of a group moved away (or removed) on one side, a task added after it on
    /// the other: both apply, cleanly. A note or subtask added under the task the other side
    /// removed, or a change of it, stays a conflict.
    @Test func aTaskAddedAfterOneTheOtherSideTookAwayIsClean() {
        let base = "# Home\n\n- [ ] a\n\n# Work\n\n- [ ] w1\n- [ ] w2\n"
        let moved = "# Home\n\n- [ ] a\n- [ ] w2\n\n# Work\n\n- [ ] w1\n"
        let removed = "# Home\n\n- [ ] a\n\n# Work\n\n- [ ] w1\n"
        let added = base + "- [ ] w3\n"
        #expect(merge(base, moved, added) == ("# Home\n\n- [ ] a\n- [ ] w2\n\n# Work\n\n- [ ] w1\n- [ ] w3\n", 0))
        #expect(merge(base, added, moved) == ("# Home\n\n- [ ] a\n- [ ] w2\n\n# Work\n\n- [ ] w1\n- [ ] w3\n", 0))
        #expect(merge(base, removed, added) == (removed + "- [ ] w3\n", 0))
        #expect(merge(base, removed, base + "  - [ ] under w2\n").conflicts == 1)
        #expect(merge(base, removed, base.replacingOccurrences(of: "[ ] w2", with: "[x] w2") + "- [ ] w3\n").conflicts == 1)
    }

    /// A task that lands below a heading only one side added, where that side does not have
    /// it, makes its whole section a conflict: which group it is in is the resolution's.
    @Test func aTaskNoSidePutUnderANewHeadingIsInAConflict() {
        let base = "# Home\n\n- [ ] bill\n\n# Later\n\n- [ ] a\n- [ ] b\n"
        // Ours moved a to the end of Later; theirs archived b under a new Done heading there.
        let ours = "# Home\n\n- [ ] bill\n\n# Later\n\n- [ ] b\n- [ ] a\n"
        let theirs = "# Home\n\n- [ ] bill\n\n# Later\n\n- [ ] a\n\n# Done\n\n- [x] b\n"
        let (text, conflicts) = merge(base, ours, theirs)
        #expect(conflicts == 1, "\(text)")
        // Every task line after the new heading is inside the markers.
        let afterHeading = text.components(separatedBy: "# Done").dropFirst().joined()
        let closing = afterHeading.range(of: ">>>>>>> theirs")
        #expect(closing != nil && !afterHeading[closing!.upperBound...].contains("- ["), "\(text)")
    }

    /// A subgroup added at a group's end on one side, where the other side archived: in the
    /// group it was added to, above the archive; a task moved into a group the other side
    /// removed is a conflict, never a task of the group above it.
    @Test func groupsOneSideAddsOrRemovesKeepTheOtherSidesTasksWhereItPutThem() {
        let base = "# TODO\n\n## Work\n\n- [ ] Report\n\n## Home\n\n- [x] Fix sink\n"
        let archived = "# TODO\n\n## Work\n\n- [ ] Report\n\n## Home\n\n## Done\n\n### Home\n\n- [x] Fix sink\n"
        let subgroup = "# TODO\n\n## Work\n\n- [ ] Report\n\n## Home\n\n- [x] Fix sink\n\n### Sports\n\n- [ ] Buy ball\n"
        let merged = "# TODO\n\n## Work\n\n- [ ] Report\n\n## Home\n\n### Sports\n\n- [ ] Buy ball\n\n## Done\n\n### Home\n\n- [x] Fix sink\n"
        expectClean(base, archived, subgroup, merged)
        let groups = "# TODO\n\n## Books\n\n## Work\n\n## Chores\n\n- [ ] Fix sink\n"
        let moved = "# TODO\n\n## Books\n\n## Work\n\n- [ ] Fix sink\n\n## Chores\n"
        let removed = "# TODO\n\n## Books\n\n- [ ] Read Dune\n\n## Chores\n\n- [ ] Fix sink\n"
        for (ours, theirs) in [(moved, removed), (removed, moved)] {
            let (text, conflicts) = merge(groups, ours, theirs)
            #expect(conflicts == 1 && !text.contains("- [ ] Read Dune\n\n- [ ] Fix sink"), "\(text)")
        }
    }

    /// Both sides archived, from different groups: one archive group, with both subgroups.
    @Test func twoArchivesAreOne() {
        let base = "# TODO\n\n## Ideas\n\n- [ ] Read book\n- [ ] Write poem\n\n## Music\n\n- [ ] Tune guitar\n"
        let ours = "# TODO\n\n## Ideas\n\n- [ ] Write poem\n\n## Music\n\n- [ ] Tune guitar\n\n## Done\n\n### Ideas\n\n- [x] Read book\n"
        let theirs = "# TODO\n\n## Ideas\n\n- [ ] Read book\n- [ ] Write poem\n\n## Music\n\n## Done\n\n### Music\n\n- [x] Tune guitar\n"
        let merged = "# TODO\n\n## Ideas\n\n- [ ] Write poem\n\n## Music\n\n## Done\n\n### Music\n\n- [x] Tune guitar\n\n### Ideas\n\n- [x] Read book\n"
        expectClean(base, ours, theirs, merged)
    }

    /// An empty group one side moved below another leaves that other group in place: a task
    /// removed on the other side merges cleanly, and no side's choice takes a group away.
    @Test func anEmptyGroupMovedLeavesTheOthersInPlace() {
        let base = "# TODO\n\n## Travel\n\n- [ ] Book hotel\n\n## Garden\n\n## Books\n\n- [x] Read Dune\n"
        let ours = "# TODO\n\n## Travel\n\n- [ ] Book hotel\n\n## Books\n\n- [x] Read Dune\n\n## Garden\n"
        let theirs = "# TODO\n\n## Travel\n\n## Garden\n\n## Books\n\n- [x] Read Dune\n"
        #expect(merge(base, ours, theirs) == ("# TODO\n\n## Travel\n\n## Books\n\n- [x] Read Dune\n\n## Garden\n", 0))
    }

    /// A task added at the end of the last group on one side, the archive opened at the same
    /// place on the other: the task in its group, then the archive, cleanly.
    @Test func aTaskAddedWhereTheOtherSideOpenedTheArchiveStaysInItsGroup() {
        let base = "# T\n\n## Home\n\n- [ ] Buy milk\n- [x] Water plants\n- [ ] Call mom\n"
        let ours = "# T\n\n## Home\n\n- [ ] Buy milk\n- [x] Water plants\n- [ ] Call mom\n- [ ] Pay rent\n"
        let theirs = "# T\n\n## Home\n\n- [ ] Buy milk\n- [ ] Call mom\n\n## Done\n\n### Home\n\n- [x] Water plants\n"
        let merged = "# T\n\n## Home\n\n- [ ] Buy milk\n- [ ] Call mom\n- [ ] Pay rent\n\n## Done\n\n### Home\n\n- [x] Water plants\n"
        expectClean(base, ours, theirs, merged)
    }
}
