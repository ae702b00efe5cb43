import Foundation
import Testing

/// References that stay true, the echo of every edit, the journal, and bulk edits, end to end.
@Suite struct ReferenceTests {
    /// A scratch folder with the example as TODO.md and its own state folder.
    struct Scratch {
        let folder: TemporaryDirectory
        let file: URL

        init(_ text: String? = nil) throws {
            folder = try TemporaryDirectory()
            let example = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
            file = try folder.write("TODO.md", text ?? example)
        }

        @discardableResult
        func tick(_ arguments: [String], stdin: String? = nil) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path],
                                stdin: stdin)
        }

        var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        func write(_ text: String) throws { try Data(text.utf8).write(to: file) }

        /// Each number, given to `tick done`, marks the task of its text; each is undone again.
        func expectNumbersName(_ numbers: [(number: String, text: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
            for (number, text) in numbers {
                let done = try tick(["done", "-q", number])
                #expect(done.status == 0, "\(number): \(done.stderr)", sourceLocation: sourceLocation)
                #expect(self.text.contains("- [x] \(text)"), "\(number): \(self.text)", sourceLocation: sourceLocation)
                try tick(["undo"])
            }
        }
    }

    /// The issue's scenario: `list -g home/groceries` shows 11 Milk and 12 Coffee beans; after
    /// another edit moved lines, `done 11` marks Milk (and says where it is now), or is refused
    /// when that edit itself printed 11 for another task; never Coffee.
    @Test(arguments: [
        (["rm", "3"], "done 10 [x] Milk\n"),
        (["add", "--top", "-g", "Home", "First"], "done 12 [x] Milk\n"),
        (["note", "3", "bring", "photos"], "done 12 [x] Milk\n"),
        // The edit printed 11 for another task: which one `done 11` means cannot be known.
        (["move", "12", "up"], "refused"),
        (["add", "-g", "home/groceries", "--top", "Bread"], "refused"),
        (["edit", "11", "Oat milk"], "done 11 [x] Oat milk\n"),
    ])
    func aListedNumberFollowsItsTask(_ between: [String], _ echo: String) throws {
        let scratch = try Scratch()
        let listed = try scratch.tick(["list", "-g", "home/groceries"])
        #expect(listed.stdout.contains("  11  [ ] Milk\n  12  [ ] Coffee beans"))
        let step = try scratch.tick(between)
        try #require(step.status == 0, "\(between): \(step.stderr)")
        let done = try scratch.tick(["done", "11"])
        if echo == "refused" {
            #expect(done.status == 2 && done.stderr.contains("no longer has that number"), "after \(between): \(done.stdout)\(done.stderr)")
            #expect(scratch.text.contains("- [ ] Milk"), "after \(between), Milk must stay open when refused")
        } else {
            #expect(done.status == 0 && done.stdout == echo, "after \(between): \(done.stdout)\(done.stderr)")
        }
        #expect(scratch.text.contains("- [ ] Coffee beans"), "after \(between), Coffee beans must stay open")
    }

    /// `show` prints a task's line: that number names the task from then on, as an edit's
    /// rows do. The number the last listing showed for another task is refused, after tick's
    /// own edit and after another program's; never the other task.
    @Test(arguments: [["add", "--after", "1", "Inserted"], ["sed"]])
    func aNumberShowPrintedIsNotAnotherTask(_ between: [String]) throws {
        let scratch = try Scratch("- [ ] Alpha\n- [ ] Bravo\n- [ ] Charlie\n- [ ] Delta\n- [ ] Echo\n")
        try scratch.tick(["list"])
        if between == ["sed"] {
            try scratch.write("- [ ] Zulu\n" + scratch.text)
        } else {
            try #require(try scratch.tick(between).status == 0)
        }
        #expect(try scratch.tick(["show", "charlie"]).stdout.hasPrefix("TODO.md:4  [ ] Charlie\n"))
        let done = try scratch.tick(["done", "4"])
        #expect(done.status == 2 && done.stderr.contains("'tick show charlie' printed 4 for another task"), "\(done.stdout)\(done.stderr)")
        #expect(!scratch.text.contains("[x]"))
        // A number show printed that the listing did not show names the task shown, even after
        // another program changed the file (a bare unlisted number is refused then).
        try scratch.tick(["list"])
        try scratch.write(scratch.text + "- [ ] Foxtrot\n")
        #expect(try scratch.tick(["show", "foxtrot"]).stdout.hasPrefix("TODO.md:7  [ ] Foxtrot\n"))
        #expect(try scratch.tick(["done", "7"]).stdout == "done 7 [x] Foxtrot\n")
    }

    /// After a listing of another file, what `show` printed is the latest listing: its
    /// number names the task shown (it was refused: "the last listing showed another file").
    /// Every word of digits is a line number, however long: past the file's end it says so.
    @Test func digitsAreALineNumberHoweverMany() throws {
        let scratch = try Scratch("# A\n\n- [ ] 99999999999999999999 balloons\n- [ ] 2026 plans\n")
        for number in ["99999999999999999999", "2026", "99999999999999999999-99999999999999999999"] {
            let result = try scratch.tick(["done", number])
            #expect(result.status == 2 && result.stderr.contains("past the end of the file (4 lines)"), "\(number): \(result.stderr)")
        }
        #expect(!scratch.text.contains("[x]"))
        #expect(try scratch.tick(["done", "balloons"]).status == 0 && scratch.text.contains("- [x] 99999999999999999999 balloons"))
    }

    /// A word is looked for in what a row shows: a due date or a done date, shown in words,
    /// is not the task's text.
    @Test func wordsNeverMatchTheDatesARowShowsInWords() throws {
        let scratch = try Scratch("# A\n\n- [ ] pay rent due:2026-12-30\n- [x] call -3 dB amp done:2026-11-02\n")
        let hidden = try scratch.tick(["done", "--", "-30"])
        #expect(hidden.status != 0 && !scratch.text.contains("[x] pay rent"), "\(hidden.stdout)\(hidden.stderr)")
        #expect(try scratch.tick(["list", "--all", "11-02"]).stdout.isEmpty)
        let shown = try scratch.tick(["reopen", "--", "-3"])
        #expect(shown.status == 0 && scratch.text.contains("- [ ] call -3 dB amp"), "\(shown.stderr)")
        #expect(try scratch.tick(["done", "pay", "rent"]).status == 0 && scratch.text.contains("- [x] pay rent due:2026-12-30"))
    }

    @Test func showOfAnotherFileIsTheLatestListing() throws {
        let scratch = try Scratch("# T\n\n- [ ] milk\n- [ ] eggs\n")
        try scratch.folder.write("other.md", "# O\n\n- [ ] other\n")
        try scratch.tick(["list", "other.md"])
        #expect(try scratch.tick(["show", "eggs"]).stdout.hasPrefix("TODO.md:4  [ ] eggs\n"))
        #expect(try scratch.tick(["show", "4"]).stdout.hasPrefix("TODO.md:4  [ ] eggs\n"))
        #expect(try scratch.tick(["done", "4"]).stdout == "done 4 [x] eggs\n")
        // A number show did not print: the file's own line, as no line has moved.
        #expect(try scratch.tick(["done", "3"]).stdout == "done 3 [x] milk\n")
    }

    /// In a file of more than `Listing.limit` tasks, a number past the listing's entries that
    /// an edit printed does not make the listing unreadable: after lines move, a listed number
    /// follows its task and one past the entries is refused, never taken for the file's own
    /// line. A listing record that cannot be read refuses numbers too.
    @Test func aLongListingStaysReadableAfterAnEdit() throws {
        let scratch = try Scratch("# G\n\n" + (1...6_000).map { "- [ ] task \($0)\n" }.joined())
        try scratch.tick(["list"])
        #expect(try scratch.tick(["done", "5500"]).stdout == "done 5500 [x] task 5498\n")
        #expect(try scratch.tick(["rm", "3"]).stdout == "removed 3 [ ] task 1\n")
        let past = try scratch.tick(["done", "5800"])
        #expect(past.status == 2 && past.stderr.contains("kept only its first 5000 tasks"), "\(past.stdout)\(past.stderr)")
        #expect(try scratch.tick(["done", "100"]).stdout == "done 99 [x] task 98\n")
        // The record damaged: numbers are refused, not read as the file's lines.
        let state = scratch.folder.url.appendingPathComponent(".state/tick")
        let record = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasPrefix("listing-") && $0 != "listing-index" })
        try Data("damaged".utf8).write(to: state.appendingPathComponent(record))
        let damaged = try scratch.tick(["done", "200"])
        #expect(damaged.status == 2 && !scratch.text.contains("- [x] task 199\n") && !scratch.text.contains("- [x] task 200\n"),
                "\(damaged.stdout)\(damaged.stderr)")
    }

    /// Whatever happens to the state folder's index of listings (removed, emptied, garbage, a
    /// folder in its place), a number after a move is refused, never taken for the file's own
    /// line; a state folder that never held a listing leaves numbers to the file's lines.
    @Test func aDamagedIndexOfListingsRefusesNumbers() throws {
        for damage in ["rm", "empty", "garbage", "folder"] {
            let scratch = try Scratch("# A\n\n- [ ] Milk\n- [ ] Eggs\n- [ ] Ham\n")
            try scratch.tick(["list"])
            try scratch.write("# A\n\n- [ ] Eggs\n- [ ] Ham\n")
            let index = scratch.folder.url.appendingPathComponent(".state/tick/listing-index")
            switch damage {
            case "rm": try FileManager.default.removeItem(at: index)
            case "empty": try Data().write(to: index)
            case "garbage": try Data("garbage\n".utf8).write(to: index)
            default:
                try FileManager.default.removeItem(at: index)
                try FileManager.default.createDirectory(at: index, withIntermediateDirectories: false)
            }
            let done = try scratch.tick(["done", "4"])
            #expect(done.status == 2 && scratch.text == "# A\n\n- [ ] Eggs\n- [ ] Ham\n", "\(damage): \(done.stdout)\(done.stderr)")
        }
        let fresh = try Scratch("# A\n\n- [ ] Milk\n- [ ] Eggs\n")
        #expect(try fresh.tick(["done", "4"]).stdout == "done 4 [x] Eggs\n")
    }

    /// A number an edit printed for another task is refused; an undo of that edit gives the
    /// number back to the task the listing showed, as it gives back a task it removed.
    @Test func anUndoGivesANumberBack() throws {
        let scratch = try Scratch("# T\n\n- [ ] one\n- [ ] two\n")
        try scratch.tick(["list"])
        #expect(try scratch.tick(["add", "--top", "zero"]).stdout == "added 3 [ ] zero  · T\n")
        let refused = try scratch.tick(["done", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("'tick add --top zero' printed 3 for another task"), "\(refused.stderr)")
        try scratch.tick(["undo"])
        let done = try scratch.tick(["done", "3"])
        #expect(done.status == 0 && done.stdout == "done 3 [x] one\n", "\(done.stdout)\(done.stderr)")
    }

    /// `tick done 3 4` on two recurring tasks prints 3 and 4 for their next occurrences; the
    /// undo gives both numbers back to the listed tasks (each like its next occurrence but for
    /// the date, so not found by its block: by its line before the edit).
    @Test func anUndoGivesBackTheNumbersOfRecurringTasks() throws {
        let file = "# Home\n\n- [ ] water plants rec:1w due:2026-11-20\n- [ ] pay rent rec:1m due:2026-11-01\n- [ ] call mum\n"
        let scratch = try Scratch(file)
        try scratch.tick(["list"])
        #expect(try scratch.tick(["done", "3", "4"]).stdout.hasPrefix("next 3 "))
        #expect(try scratch.tick(["done", "3"]).status == 2)
        try scratch.tick(["undo"])
        #expect(scratch.text == file)
        try scratch.expectNumbersName([("3", "water plants"), ("4", "pay rent"), ("5", "call mum")])
    }

    /// `done 3 5` on two recurring tasks with a task between prints 3, 4, 6 and 7: 5 is not
    /// printed for another task, and follows its task to its done copy. After `tick undo` the
    /// file is the version the listing knew 5 in, and 5 is its task there again (the done copy
    /// and the next occurrence, alike but for dates, left the correspondence no partner).
    @Test func anUndoBringsBackATaskFollowedToItsDoneCopy() throws {
        let file = "# Bills\n\n- [ ] rent rec:1m due:2026-11-01\n- [ ] phone\n- [ ] water rec:1m due:2026-11-10\n- [ ] gas\n"
        let scratch = try Scratch(file)
        try scratch.tick(["list"])
        let done = try scratch.tick(["done", "3", "5"])
        #expect(done.stdout.hasPrefix("next 3 ") && done.stdout.contains("\nnext 6 "), "\(done.stdout)")
        try scratch.tick(["undo"])
        #expect(scratch.text == file)
        try scratch.expectNumbersName([("5", "water"), ("6", "gas"), ("3", "rent"), ("4", "phone")])
    }

    /// A redo gives back the listing its operation left: a number the edit printed for
    /// another task is refused again (after the undo it named its listed task), for an added
    /// task and for a recurring task's next occurrence alike.
    @Test func aRedoRefusesTheNumbersItsEditTook() throws {
        for (file, edit, number, listed) in [("# T\n- [ ] alpha\n- [ ] bravo\n- [ ] charlie\n", ["add", "--top", "newtop"], "2", "alpha"),
                                             ("# T\n- [ ] a\n- [ ] b\n- [ ] charlie rec:1w due:2026-11-29\n- [ ] delta\n", ["done", "4"], "5", "delta")] {
            let scratch = try Scratch(file)
            try scratch.tick(["list"])
            try scratch.tick(edit)
            try scratch.tick(["undo"])
            // (A dry run: it leaves the journal and the listing as they are.)
            let named = try scratch.tick(["done", "-n", number])
            #expect(named.status == 0 && named.stdout.contains("+- [x] \(listed)"), "\(edit): \(named.stdout)\(named.stderr)")
            try scratch.tick(["redo"])
            let before = scratch.text
            let refused = try scratch.tick(["rm", number])
            #expect(refused.status == 2 && refused.stderr.contains("printed \(number) for another task") && scratch.text == before,
                    "\(edit): \(refused.stdout)\(refused.stderr)")
        }
    }

    /// Listings removed from the state folder, its journal left: an edit of the file found a
    /// listing, so its numbers are refused, never taken for the file's own lines.
    @Test func removedListingsWithTheJournalLeftRefuseNumbers() throws {
        let scratch = try Scratch("# T\n- [ ] alpha\n- [ ] bravo\n- [ ] charlie\n")
        try scratch.tick(["list"])
        try scratch.tick(["rm", "2"])
        let state = scratch.folder.url.appendingPathComponent(".state/tick")
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path) where name.hasPrefix("listing") {
            try FileManager.default.removeItem(at: state.appendingPathComponent(name))
        }
        let before = scratch.text
        let refused = try scratch.tick(["done", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("cannot be read back") && scratch.text == before, "\(refused.stdout)\(refused.stderr)")
    }

    /// `tick undo N` of an operation that removed a task, with a later one kept: the task is
    /// back, and so is its number.
    @Test func anUndoOfAnOlderRemovalGivesItsNumberBack() throws {
        let scratch = try Scratch("# T\n- [ ] alpha\n- [ ] bravo\n- [ ] charlie\n- [ ] delta\n- [ ] echo\n- [ ] fox\n")
        try scratch.tick(["list"])
        try scratch.tick(["rm", "6"])
        try scratch.tick(["add", "--top", "x"])
        #expect(try scratch.tick(["undo", "2"]).status == 0)
        let done = try scratch.tick(["done", "6"])
        #expect(done.status == 0 && done.stdout == "done 7 [x] echo\n", "\(done.stdout)\(done.stderr)")
    }

    /// An undo that keeps another program's change gives back the numbers the edit took: a
    /// removed task's, and one an added task was printed with (the file is then not the
    /// version either was taken from, and the task is found by its block, as after an outside
    /// change).
    @Test func anUndoOverOtherChangesGivesNumbersBack() throws {
        let file = "# Inbox\n- [ ] one\n- [ ] two\n- [ ] three\n- [ ] four\n- [ ] five\n- [ ] six\n- [ ] seven\n"
        for (edit, number, text) in [(["rm", "4"], "4", "three"), (["add", "--after", "2", "new"], "3", "two")] {
            let scratch = try Scratch(file)
            try scratch.tick(["list"])
            try scratch.tick(edit)
            try scratch.write(scratch.text + "- [ ] typed in an editor\n")
            let undo = try scratch.tick(["undo"])
            #expect(undo.stdout.hasSuffix("the file's other changes are kept\n"), "\(undo.stdout)\(undo.stderr)")
            let done = try scratch.tick(["done", number])
            #expect(done.status == 0 && done.stdout == "done \(number) [x] \(text)\n", "\(edit): \(done.stdout)\(done.stderr)")
        }
    }

    /// A bare number after a view of another project's file is refused, whether the view was
    /// run over there or from here (a nested repository): which file it is from is not known.
    @Test func aListingOfAnotherProjectRefusesBareNumbers() throws {
        let root = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": root.url.appendingPathComponent(".state").path]
        try root.write("a/TODO.md", "# A\n\n- [ ] in a\n- [ ] more in a\n")
        try root.write("b/TODO.md", "# B\n\n- [ ] in b\n")
        try root.write("b/sub/TODO.md", "# S\n\n- [ ] in sub\n")
        for project in ["a", "b", "b/sub"] {
            try FileManager.default.createDirectory(at: root.url.appendingPathComponent("\(project)/.git"), withIntermediateDirectories: true)
        }
        let a = root.url.appendingPathComponent("a"), b = root.url.appendingPathComponent("b")
        for (view, folder) in [(["list"], a), (["list", "sub/TODO.md"], b)] {
            #expect(try TickProcess.run(view, in: folder, environment: state).status == 0)
            let refused = try TickProcess.run(["done", "3"], in: b, environment: state)
            #expect(refused.status == 2 && refused.stderr.contains("the last listing showed another file"), "\(view): \(refused.stderr)")
        }
        #expect(try String(contentsOf: b.appendingPathComponent("TODO.md"), encoding: .utf8) == "# B\n\n- [ ] in b\n")
        // Named, the file's own line.
        #expect(try TickProcess.run(["done", "TODO.md:3"], in: b, environment: state).stdout == "done 3 [x] in b\n")
        // An edit's rows here are the latest numbers then: a line it printed names its task.
        #expect(try TickProcess.run(["list"], in: a, environment: state).status == 0)
        #expect(try TickProcess.run(["add", "Eggs"], in: b, environment: state).stdout == "added 4 [ ] Eggs  · B\n")
        let eggs = try TickProcess.run(["done", "4"], in: b, environment: state)
        #expect(eggs.status == 0 && eggs.stdout == "done 4 [x] Eggs\n", "\(eggs.stdout)\(eggs.stderr)")
        // A view of this project stays the latest through an edit of another of its files.
        #expect(try TickProcess.run(["list"], in: a, environment: state).status == 0)
        #expect(try TickProcess.run(["add", "-f", "notes.md", "x"], in: a, environment: state).status == 0)
        #expect(try TickProcess.run(["done", "4"], in: a, environment: state).stdout == "done 4 [x] more in a\n")
    }

    /// A TODO.md that is a link is listed and edited by number through the link and through
    /// the file it leads to. Once a save puts a file of its own in the link's place (`sed -i`,
    /// most editors), or a file listed as itself becomes a link, its numbers are refused, with
    /// `-f` and `FILE:LINE` too, until it is listed again: they were printed for another file.
    @Test func aLinkReplacedByAFileRefusesItsNumbers() throws {
        let root = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": root.url.appendingPathComponent(".state").path]
        let notes = try root.write("notes/todo.md", "# T\n\n- [ ] alpha\n- [ ] beta\n- [ ] gamma\n")
        let project = root.url.appendingPathComponent("proj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let link = project.appendingPathComponent("TODO.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../notes/todo.md")
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: project, environment: state) }
        #expect(try tick(["list"]).status == 0)
        #expect(try tick(["done", "4"]).stdout == "done 4 [x] beta\n")
        #expect(try tick(["done", "5", "-f", notes.path]).stdout == "done 5 [x] gamma\n")
        // A save replaces the link with a file of its own, a line above the tasks.
        try FileManager.default.removeItem(at: link)
        try "# T\n\n- [ ] inserted\n- [ ] alpha\n- [x] beta\n- [x] gamma\n".write(to: link, atomically: false, encoding: .utf8)
        for arguments in [["done", "4"], ["done", "4", "-f", "TODO.md"], ["done", "TODO.md:4"], ["done", "3-4"]] {
            let refused = try tick(arguments)
            #expect(refused.status == 2 && refused.stderr.contains("this name led to ") && refused.stderr.contains("notes/todo.md through a link when it was listed"), "\(arguments): \(refused.stderr)")
        }
        #expect(try tick(["done", "alpha"]).stdout == "done 4 [x] alpha\n")
        #expect(try tick(["list"]).status == 0)
        #expect(try tick(["done", "3"]).stdout == "done 3 [x] inserted\n")
        // A file listed as itself that becomes a link.
        try FileManager.default.removeItem(at: link)
        try "# T\n\n- [ ] new first\n- [ ] zeta\n".write(to: notes, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../notes/todo.md")
        let refused = try tick(["done", "3", "-f", "TODO.md"])
        #expect(refused.status == 2 && refused.stderr.contains("this name was a file of its own when it was listed, and leads through a link now"), "\(refused.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "# T\n\n- [ ] new first\n- [ ] zeta\n")
    }

    /// Findings read on a terminal count as a listing of their lines: `done 3` after `lint`
    /// showed line 3 is that task, not what an older `list` showed on line 3.
    @Test func lintOnATerminalIsAListing() throws {
        let scratch = try Scratch("# A\n\n- [ ] one\n- [ ] two\n")
        try scratch.tick(["list"])
        try scratch.write("# A\n\n- [ ] zero due:2026-11-01\n- [ ] one\n- [ ] two\n")
        let state = scratch.folder.url.appendingPathComponent(".state").path
        let lint = try TickProcess.run(["-qc", "\"$TICK\" lint", "/dev/null"], in: scratch.folder.url,
                                       environment: ["TICK": TickProcess.binary.path, "XDG_STATE_HOME": state, "TICK_TODAY": "2026-11-26"],
                                       executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(lint.stdout.contains("TODO.md:3:7: warning: overdue"), "\(lint.stdout)")
        #expect(try scratch.tick(["done", "3"]).stdout == "done 3 [x] zero  due 2026-11-01\n")
    }

    /// A link to a folder on the way counts as the file's own name being a link: `cur/TODO.md`
    /// listed with `cur` leading to `A`, then `cur` pointed to `B`, refuses A's numbers.
    @Test func aFolderLinkPointedElsewhereRefusesItsNumbers() throws {
        let root = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": root.url.appendingPathComponent(".state").path]
        try root.write("A/TODO.md", "# A\n\n- [ ] Pay rent\n- [ ] Feed cat\n")
        let b = try root.write("B/TODO.md", "# B\n\n- [ ] Delete prod db\n- [ ] Wipe backups\n")
        let current = root.url.appendingPathComponent("cur").path
        try FileManager.default.createSymbolicLink(atPath: current, withDestinationPath: "A")
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: root.url, environment: state) }
        #expect(try tick(["list", "-f", "cur/TODO.md"]).status == 0)
        #expect(try tick(["done", "-f", "cur/TODO.md", "4"]).stdout == "done 4 [x] Feed cat\n")
        try FileManager.default.removeItem(atPath: current)
        try FileManager.default.createSymbolicLink(atPath: current, withDestinationPath: "B")
        for arguments in [["done", "-f", "cur/TODO.md", "4"], ["rm", "-y", "cur/TODO.md:3"], ["done", "-f", "./cur/../cur/TODO.md", "3-4"]] {
            let refused = try tick(arguments)
            #expect(refused.status == 2 && refused.stderr.contains("this name led to A/TODO.md through a link"), "\(arguments): \(refused.stderr)")
        }
        // From inside the link (`cd cur`: the shell's PWD keeps the link's name).
        let inside = try TickProcess.run(["done", "4", "-f", "TODO.md"], in: URL(fileURLWithPath: current),
                                         environment: state.merging(["PWD": current]) { $1 })
        #expect(inside.status == 2 && inside.stderr.contains("through a link"), "\(inside.stderr)")
        #expect(try String(contentsOf: b, encoding: .utf8) == "# B\n\n- [ ] Delete prod db\n- [ ] Wipe backups\n")
    }

    /// `FROM-TO` names the tasks on those lines as its numbers do one by one (not a text match
    /// of "1-2" inside a date); three or more are confirmed; a command of one task refuses it.
    @Test func aRangeNamesTheListedTasks() throws {
        let scratch = try Scratch("# A\n\n- [ ] one\n- [x] two\n- [ ] three\n- [ ] Call mom due:2026-11-25\n")
        try scratch.tick(["list"])
        // The listing showed 3 and 5; 4, a done task it left out, is the file's line 4, as
        // `star 4` alone would be (nothing has moved since).
        #expect(try scratch.tick(["star", "3-5", "--yes"]).stdout == "starred 3 [ ] * one\nstarred 4 [x] * two\nstarred 5 [ ] * three\n")
        let asked = try scratch.tick(["done", "1-9"])
        #expect(asked.status == 2 && asked.stderr.contains("'Mark 3 tasks done?'"), "\(asked.stderr)")
        #expect(try scratch.tick(["done", "TODO.md:1-2"]).stderr == "tick: TODO.md: no task on lines 1-2; 'tick list --all TODO.md' shows task line numbers\n")
        let one = try scratch.tick(["edit", "3-5", "new text"])
        #expect(one.status == 2 && one.stderr.contains("'3-5' names the lines from 3 to 5; this takes one task"), "\(one.stderr)")
        #expect(scratch.text == "# A\n\n- [ ] * one\n- [x] * two\n- [ ] * three\n- [ ] Call mom due:2026-11-25\n")
    }

    /// A range reads each number in it as the number alone would: after lines moved, unlisted
    /// numbers are refused, not passed over; after a listing that left tasks out (and nothing
    /// moved), they are the file's lines. A range written backwards is refused, not text.
    @Test func aRangeIsEachOfItsNumbers() throws {
        let scratch = try Scratch("# Home\n\n- [ ] Buy milk\n- [ ] Clean house\n- [ ] Pay rent\n\n## Groceries\n\n- [ ] Eggs\n- [ ] Bread\n- [ ] Score was 5-3\n")
        try scratch.tick(["list", "bread"])
        #expect(try scratch.tick(["star", "3-10", "--yes"]).stdout == "starred 3 [ ] * Buy milk\nstarred 4 [ ] * Clean house\nstarred 5 [ ] * Pay rent\nstarred 9 [ ] * Eggs\nstarred 10 [ ] * Bread\n")
        try scratch.tick(["list", "bread"])
        try scratch.tick(["add", "--top", "-g", "Home", "New first"])
        let moved = try scratch.tick(["done", "3-7"])
        #expect(moved.status == 2 && moved.stderr.contains("line 4 was not in the last listing"), "\(moved.stdout)\(moved.stderr)")
        let backwards = try scratch.tick(["done", "5-3"])
        #expect(backwards.status == 2 && backwards.stderr.contains("'5-3' is a range written backwards"), "\(backwards.stderr)")
        #expect(!scratch.text.contains("[x]"))
    }

    /// The parent line a move's echo prints names that task from then on.
    @Test func theParentAMovePrintsIsNamed() throws {
        let scratch = try Scratch("# L\n\n- [ ] a\n- [ ] b\n- [ ] c\n  - [ ] c1\n- [ ] d\n  - [ ] d1\n")
        try scratch.tick(["list"])
        #expect(try scratch.tick(["move", "4", "--after", "8"]).stdout == "moved 8 [ ] b  · L (now a subtask of 6 d)\n")
        let done = try scratch.tick(["done", "6"])
        #expect(done.status == 2 && done.stderr.contains("printed 6 for another task"), "\(done.stdout)\(done.stderr)")
    }

    /// A number an edit took for another task, with two identical tasks, after an undo of a
    /// later edit: refused for what took it, and the refusal blames no other program (only
    /// tick changed the file).
    @Test func aNumberAmongTwinsAfterAnUndoIsRefusedForWhatItIs() throws {
        let twins = try Scratch("# Top\n\n- [ ] dup\n- [ ] alpha\n- [ ] b\n- [ ] dup\n- [ ] omega\n")
        try twins.tick(["list"])
        #expect(try twins.tick(["move", "6", "--before", "3"]).status == 0)
        #expect(try twins.tick(["done", "6"]).status == 0)
        #expect(try twins.tick(["undo"]).status == 0)
        let before = twins.text
        let refused = try twins.tick(["done", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("no longer has that number: 'tick move 6 --before 3' printed 3 for another task")
                && !refused.stderr.contains("changed since"), "\(refused.stderr)")
        #expect(twins.text == before)
    }

    /// After another program changed the file, the listed task is followed when it can be told
    /// apart with certainty, and refused otherwise; the file is untouched when refused.
    @Test func anOutsideEditIsFollowedOrRefused() throws {
        let scratch = try Scratch()
        try scratch.tick(["list"])
        try scratch.write("Typed in an editor.\n\n" + scratch.text)
        let moved = try scratch.tick(["done", "11"])
        #expect(moved.status == 0 && moved.stdout == "done 13 [x] Milk\n", "\(moved.stdout)\(moved.stderr)")
        // Two identical tasks in one group cannot be told apart once the file changed elsewhere.
        let twins = try Scratch("# A\n\n- [ ] Same\n- [ ] Same\n")
        try twins.tick(["list"])
        try twins.write("Intro\n\n" + twins.text)
        let before = twins.text
        let refused = try twins.tick(["done", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("cannot be found with certainty"), "\(refused.stderr)")
        #expect(twins.text == before)
        // A number the listing did not show is refused too (what was on that line when it
        // was listed is not known), until the next listing.
        let unlisted = try twins.tick(["done", "5"])
        #expect(unlisted.status == 2 && unlisted.stderr.contains("another program has changed the file since"), "\(unlisted.stderr)")
        #expect(twins.text == before)
        try twins.tick(["list"])
        let again = try twins.tick(["done", "5"])
        #expect(again.status == 0 && again.stdout == "done 5 [x] Same\n", "\(again.stderr)")
    }

    /// A removed task's number is refused with what removed it; a number the listing did not
    /// show is refused once lines moved.
    @Test func goneAndUnlistedNumbersAreRefused() throws {
        let scratch = try Scratch()
        try scratch.tick(["list", "-g", "home/groceries"])
        try scratch.tick(["rm", "11"])
        let before = scratch.text
        let gone = try scratch.tick(["done", "11"])
        #expect(gone.status == 2 && gone.stderr == "tick: TODO.md: the task the last listing showed on line 11 ('Milk') is gone: removed by 'tick rm 11'; run 'tick list TODO.md' again\n")
        let unlisted = try scratch.tick(["done", "3"])
        #expect(unlisted.status == 2 && unlisted.stderr.contains("line 3 was not in the last listing"))
        #expect(scratch.text == before)
        // A new listing gives fresh numbers.
        try scratch.tick(["list", "--all"])
        #expect(try scratch.tick(["done", "3"]).stdout.hasPrefix("done 3 [x] * Renew passport"))
    }

    /// `--json` gives each task a `ref` a script can pass back, checked the same way.
    @Test func jsonReferencesRoundTrip() throws {
        let scratch = try Scratch()
        let json = try scratch.tick(["list", "--json", "Milk"]).stdout
        let ref = try #require(json.split(separator: "\"ref\":\"").dropFirst().first?.split(separator: "\"").first.map(String.init))
        #expect(ref.hasPrefix("11@"))
        try scratch.write("Typed in an editor.\n\n" + scratch.text)
        let done = try scratch.tick(["done", "TODO.md:" + ref, "--json"])
        #expect(done.status == 0 && done.stdout.contains("\"line\":13,") && done.stdout.contains("\"change\":\"done\""), "\(done.stdout)\(done.stderr)")
        // Through tick's own edits the reference follows its task, even when its words change.
        #expect(try scratch.tick(["edit", ref, "Soy milk"]).stdout == "edited 13 [x] Soy milk (was: Milk)\n")
        // Once another program changed its words, it is refused.
        try scratch.write(scratch.text.replacingOccurrences(of: "Soy milk", with: "Rice milk"))
        let stale = try scratch.tick(["reopen", ref])
        #expect(stale.status == 2 && stale.stderr.contains("cannot be found with certainty"), "\(stale.stderr)")
    }

    /// Every edit command's echo, pinned: plain, coloured, JSON, and nothing with --quiet.
    @Test func everyEditSaysWhatItDid() throws {
        let steps: [[String]] = [
            ["add", "-g", "Work", "--due", "fri", "--star", "Send the invoice"],
            ["done", "milk"], ["done", "milk"], ["start", "coffee"], ["star", "plumber"], ["unstar", "plumber"],
            ["due", "coffee", "+2w"], ["due", "coffee", "none"], ["edit", "quarterly", "Write the Q4 report"],
            ["note", "Q4", "Ask Sam"], ["note", "--clear", "Q4"], ["move", "coffee", "--to", "Work"], ["reopen", "plumber"],
            ["rm", "Paint", "--yes"], ["group", "add", "Errands"], ["group", "rename", "Errands", "Out and about"],
            ["group", "move", "Work", "--before", "Home"], ["group", "rm", "Out and about", "--yes"], ["archive"],
            ["done", "--all", "--group", "Work", "--yes"], ["undo"], ["redo"],
        ]
        for (mode, extra) in [("plain", [String]()), ("color", ["--color=always"]), ("json", ["--json"])] {
            let scratch = try Scratch()
            var transcript = ""
            for step in steps {
                let arguments = step + (["undo", "redo"].contains(step[0]) ? [] : extra)
                let result = try scratch.tick(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                transcript += "$ tick \(arguments.joined(separator: " "))\n" + result.stdout + result.stderr
            }
            try expectGolden(transcript, "edits/echo-\(mode).txt")
        }
        let quiet = try Scratch()
        for step in steps where !["undo", "redo"].contains(step[0]) {
            let result = try quiet.tick(step + ["-q"])
            #expect(result.status == 0 && result.stdout.isEmpty, "\(step) -q printed \(result.stdout)")
        }
    }

    /// Words next to each other are one reference, as `list` reads them: `done buy milk` is
    /// the task "Buy milk", not "Buy milk" and "Milk" too; an exact text wins, as a listing
    /// shows it (without its due date); words between numbers stay apart from them.
    @Test func wordsNextToEachOtherAreOneReference() throws {
        let scratch = try Scratch("""
            # S

            - [ ] Fix the login bug
            - [ ] Write the docs
            - [ ] Buy milk
            - [ ] Milk
            - [ ] Pay rent due:2026-11-25
            - [ ] Pay rent later

            """)
        var result = try scratch.tick(["done", "buy", "milk"])
        #expect(result.status == 0 && result.stdout == "done 5 [x] Buy milk\n", "\(result.stdout)\(result.stderr)")
        #expect(scratch.text.contains("- [ ] Milk\n"))
        result = try scratch.tick(["start", "fix", "the", "login", "bug"])
        #expect(result.status == 0 && result.stdout == "started 3 [/] Fix the login bug\n", "\(result.stdout)\(result.stderr)")
        result = try scratch.tick(["show", "pay", "rent"])
        #expect(result.status == 0 && result.stdout.contains("Pay rent") && !result.stdout.contains("later"), "\(result.stdout)\(result.stderr)")
        // A word and a number: two references.
        result = try scratch.tick(["reopen", "buy", "milk", "3"])
        #expect(result.status == 0 && result.stdout == "reopened 5 [ ] Buy milk\nreopened 3 [ ] Fix the login bug\n",
                "\(result.stdout)\(result.stderr)")
        // Words no one task holds together are refused, naming them as one.
        let before = scratch.text
        result = try scratch.tick(["done", "milk", "docs"])
        #expect(result.status == 2 && result.stderr.contains("no task matches 'milk docs'") && scratch.text == before, "\(result.stderr)")
        result = try scratch.tick(["done", "pay"])
        #expect(result.status == 2 && result.stderr.contains("'pay' matches 2 tasks") && scratch.text == before, "\(result.stderr)")
    }

    /// Edits of 3 or more tasks, and deletions of subtasks, need --yes without a terminal.
    @Test func bulkAndDestructiveEditsAsk() throws {
        let scratch = try Scratch()
        let original = scratch.text
        for arguments in [["done", "--all"], ["done", "3", "11", "12"], ["rm", "5"], ["due", "--all", "tomorrow"]] {
            let refused = try scratch.tick(arguments)
            #expect(refused.status == 2 && refused.stderr.contains("there is no terminal to ask") && refused.stderr.contains("add --yes to go ahead"),
                    "\(arguments): \(refused.stderr)")
            #expect(scratch.text == original)
        }
        let bulk = try scratch.tick(["due", "--group", "Work", "--due", "any", "tomorrow", "--yes"])
        #expect(bulk.stdout == "unchanged 16 [ ] * Review pull request #42  tomorrow (already due then)\ndue 17 [ ] Write the quarterly report  tomorrow (was: in 9 days)\n",
                "\(bulk.stdout)\(bulk.stderr)")
        let none = try scratch.tick(["rm", "--tag", "nothing-has-this", "--yes"])
        #expect(none.status == 0 && none.stdout == "TODO.md: no task matches the filters; nothing removed\n")
    }
}

/// Ways a number or a reference could act on the wrong task, or refuse a right one: the last command must end as given.
@Suite struct ReferenceRegressionTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        var file = "# A\n\n- [ ] Milk\n- [ ] Eggs\n\n# B\n\n- [ ] Milk\n- [ ] Bread\n"
        /// Shell commands run before the last one (`tick` is the binary).
        let setup: [String]
        let last: String
        /// What the last command must print on stdout, or the start of its error.
        var prints: String? = nil
        var refuses: String? = nil
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "a JSON ref after tick removed its task",
                 setup: ["tick list --json > refs", "tick rm $(sed -n 's/.*\"line\":3,.*\"ref\":\"\\([^\"]*\\)\".*/\\1/p' refs) >/dev/null"],
                 last: "tick done $(sed -n 's/.*\"line\":3,.*\"ref\":\"\\([^\"]*\\)\".*/\\1/p' refs)",
                 refuses: "tick: TODO.md: the task the last listing showed on line 3 ('Milk') is gone: removed by"),
        Scenario(name: "a JSON ref after another program removed its task", setup: ["tick list --json > refs", "sed -i 3d TODO.md"],
                 last: "tick done $(sed -n 's/.*\"line\":3,.*\"ref\":\"\\([^\"]*\\)\".*/\\1/p' refs)", refuses: "tick: TODO.md: the file changed since the last listing showed 'Milk' on line 3"),
        Scenario(name: "a JSON ref after add --top follows its task", setup: ["tick list --json > refs", "tick add --top -g A Milk >/dev/null"],
                 last: "tick done $(sed -n 's/.*\"line\":8,.*\"ref\":\"\\([^\"]*\\)\".*/\\1/p' refs)", prints: "done 9 [x] Milk\n"),
        Scenario(name: "a refused number stays refused", setup: ["tick list >/dev/null", "sed -i 3d TODO.md", "tick done 3 2>/dev/null; true"],
                 last: "tick done 3", refuses: "tick: TODO.md: the file changed since the last listing showed 'Milk' on line 3"),
        Scenario(name: "undo of rm brings the number back", setup: ["tick list >/dev/null", "tick rm 3 >/dev/null", "tick undo >/dev/null"],
                 last: "tick done 3", prints: "done 3 [x] Milk\n"),
        Scenario(name: "editing a wrapped task keeps it", file: "# A\n\n- [ ] Beta\n  wrapped\n- [ ] Next\n",
                 setup: ["tick list >/dev/null", "tick edit 3 Delta >/dev/null"], last: "tick done 3", prints: "done 3 [x] Delta\n"),
        Scenario(name: "a bare number after listing other files", setup: ["mkdir notes", "printf '# N\\n\\n- [ ] Note task\\n' > notes/a.md", "tick list notes/ >/dev/null"],
                 last: "tick done 3", refuses: "tick: TODO.md: the last listing showed another file (notes/a.md), so line 3 does not say which file; name it, as in notes/a.md:3"),
        Scenario(name: "two tasks alike after another program removed one", file: "# A\n\n- [ ] Milk\n- [ ] Milk\n- [ ] Eggs\n",
                 setup: ["tick list >/dev/null", "sed -i 4d TODO.md"], last: "tick done 4", refuses: "tick: TODO.md: the file changed since the last listing showed 'Milk' on line 4"),
        Scenario(name: "a task added just like a listed one, then one removed by another program", file: "# A\n\n- [ ] Milk\n- [ ] Eggs\n",
                 setup: ["tick list >/dev/null", "tick add -g A Milk >/dev/null", "sed -i 3d TODO.md"], last: "tick done 3",
                 refuses: "tick: TODO.md: the file changed since the last listing showed 'Milk' on line 3"),
        Scenario(name: "a number an edit printed for a new task names it", file: "# A\n\n- [ ] Milk\n",
                 setup: ["tick list >/dev/null", "tick add -g A Eggs >/dev/null"], last: "tick done 4", prints: "done 4 [x] Eggs\n"),
        Scenario(name: "after done wrote the next occurrence where the listed task was", file: "# A\n\n- [ ] Rent 🔁 every month 📅 2026-11-25\n",
                 setup: ["tick list >/dev/null", "tick done 3 >/dev/null"], last: "tick rm 3",
                 refuses: "tick: TODO.md: the task the last listing showed on line 3 ('Rent 🔁 every month 📅 2026-11-25') no longer has that number: 'tick done 3' printed 3 for another task"),
        Scenario(name: "done on a parent and its subtask says nothing false", file: "# A\n\n- [ ] Parent\n  - [ ] Child\n",
                 setup: [], last: "tick done 3 4 2>&1", prints: "done 3 [x] Parent  1/1\ndone 4 [x] Child\n"),
        Scenario(name: "an edit of several files names them", setup: ["printf -- '- [ ] Other\\n' > other.md"],
                 last: "tick done TODO.md:3 other.md:1", prints: "done TODO.md:3 [x] Milk\ndone other.md:1 [x] Other\n"),
        Scenario(name: "due on the same date is unchanged", setup: ["tick due 3 2026-12-01 >/dev/null"],
                 last: "tick due 3 2026-12-01", prints: "unchanged 3 [ ] Milk  in 9 days (already due then)\n"),
        Scenario(name: "a filter that selects nothing says so", setup: [], last: "tick done --tag nothing",
                 prints: "TODO.md: no task matches the filters; nothing changed\n"),
        Scenario(name: "a missing file in FILE:LINE", setup: [], last: "tick done nofile.md:3", refuses: "tick: nofile.md: no such file"),
    ]

    @Test(arguments: scenarios)
    func scenario(_ scenario: Scenario) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", scenario.file)
        let script = "tick() { \"$TICK\" \"$@\"; }\nset -e\n" + scenario.setup.joined(separator: "\n") + "\nset +e\n" + scenario.last
        let before = { FileManager.default.contents(atPath: file.path) }
        var snapshot: Data?
        if scenario.refuses != nil {
            // The file as it is before the last command: a refusal must leave it so.
            let setup = "tick() { \"$TICK\" \"$@\"; }\nset -e\n" + scenario.setup.joined(separator: "\n")
            _ = try run(setup, in: folder.url)
            snapshot = before()
            let result = try run("tick() { \"$TICK\" \"$@\"; }\n" + scenario.last, in: folder.url)
            #expect(result.status == 2 && result.stderr.hasPrefix(scenario.refuses!), "\(result.stdout)\(result.stderr)")
            #expect(before() == snapshot, "the file changed")
        } else {
            let result = try run(script, in: folder.url)
            #expect(result.status == 0 && result.stdout == scenario.prints, "\(result.stdout)\(result.stderr)")
        }
    }

    func run(_ script: String, in folder: URL) throws -> TickProcess.Result {
        try TickProcess.run(["-c", script], in: folder, environment: [
            "TICK": TickProcess.binary.path, "XDG_STATE_HOME": folder.appendingPathComponent(".state").path,
        ], executable: URL(fileURLWithPath: "/bin/bash"))
    }
}
