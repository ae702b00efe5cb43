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
    }

    /// The issue's scenario: `list -g home/groceries` shows 11 Milk and 12 Coffee beans; after
    /// another edit moved lines, `done 11` marks Milk (and says where it is now), never Coffee.
    @Test(arguments: [
        (["rm", "3"], "done 10 [x] Milk\n"),
        (["add", "--top", "-g", "Home", "First"], "done 12 [x] Milk\n"),
        (["note", "3", "bring", "photos"], "done 12 [x] Milk\n"),
        (["move", "12", "up"], "done 12 [x] Milk\n"),
        (["add", "-g", "home/groceries", "--top", "Bread"], "done 12 [x] Milk\n"),
        (["edit", "11", "Oat milk"], "done 11 [x] Oat milk\n"),
    ])
    func aListedNumberFollowsItsTask(_ between: [String], _ echo: String) throws {
        let scratch = try Scratch()
        let listed = try scratch.tick(["list", "-g", "home/groceries"])
        #expect(listed.stdout.contains("  11  [ ] Milk\n  12  [ ] Coffee beans"))
        let step = try scratch.tick(between)
        try #require(step.status == 0, "\(between): \(step.stderr)")
        let done = try scratch.tick(["done", "11"])
        #expect(done.status == 0 && done.stdout == echo, "after \(between): \(done.stdout)\(done.stderr)")
        #expect(scratch.text.contains("- [ ] Coffee beans"), "after \(between), Coffee beans must stay open")
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
        // The refusal drops the listing: numbers now mean the file's own lines.
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
        #expect(gone.status == 2 && gone.stderr == "tick: TODO.md: the task the last listing showed on line 11 ('Milk') is gone: removed by 'tick rm 11'; run 'tick list' again\n")
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
        try scratch.tick(["edit", "13", "Soy milk"])
        let stale = try scratch.tick(["reopen", ref])
        #expect(stale.status == 2 && stale.stderr.contains("reference \(ref): the task is not on that line"))
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

    /// Edits of 3 or more tasks, and deletions of subtasks, need --yes without a terminal.
    @Test func bulkAndDestructiveEditsAsk() throws {
        let scratch = try Scratch()
        let original = scratch.text
        for arguments in [["done", "--all"], ["done", "3", "11", "12"], ["rm", "5"], ["due", "--all", "tomorrow"]] {
            let refused = try scratch.tick(arguments)
            #expect(refused.status == 2 && refused.stderr.contains("not asking without a terminal") && refused.stderr.contains("Add --yes"),
                    "\(arguments): \(refused.stderr)")
            #expect(scratch.text == original)
        }
        let bulk = try scratch.tick(["due", "--group", "Work", "--due", "any", "tomorrow", "--yes"])
        #expect(bulk.stdout == "due 16 [ ] * Review pull request #42  tomorrow\ndue 17 [ ] Write the quarterly report  tomorrow\n",
                "\(bulk.stdout)\(bulk.stderr)")
        let none = try scratch.tick(["rm", "--tag", "nothing-has-this", "--yes"])
        #expect(none.status == 0 && none.stdout.isEmpty)
    }
}
