import Foundation
import Testing

/// An edit of a large file tick edited before parses the stretch around its task, with the
/// checkpoints it kept (`ParseCheckpoints`): the file and what the edit prints are those of an
/// edit that parsed the whole file, and anything that makes the checkpoints doubtful (another
/// program's change, a listing, a damaged record) makes it parse the whole file again.
/// `TICK_TEST_SMALL_CHECKPOINTS` keeps checkpoints for small files, after every heading;
/// `TICK_TEST_REPORT_PARSE` has each edit say what it parsed.
@Suite struct ParseStateTests {
    static let file: String = {
        var text = "---\ntitle: log\n---\n# Log\n\n"
        for day in 0..<60 {
            text += "## Day \(day)\n\n"
            for task in 0..<4 {
                let done = (day + task) % 5 == 0
                text += "- [\(done ? "x" : " ")] task \(day).\(task)\(done ? " completed:2026-01-0\(task + 1)" : "")\n"
            }
            if day % 10 == 6 {
                text += "- [ ] parent \(day)\n  - [ ] child \(day).a\n  - [x] child \(day).b ✅ 2026-01-02\n"
                text += "- [ ] water plants \(day) 🔁 every week 📅 2026-11-20\n"
                text += "- [ ] one-off \(day) 🏁 delete\n- [ ] weekly one-off \(day) 🔁 every week 📅 2026-11-20 🏁 delete\n"
            }
            text += day % 7 == 3 ? "\n```\n# not a heading\n```\n\n" : "\n"
        }
        return text
    }()

    /// A file of `groups` groups of four open tasks, `job GROUP.N`: more than a listing details
    /// (`Listing.detailLimit`) from 501 groups on.
    static func jobs(groups: Int) -> String {
        "# Long\n\n" + (0..<groups).map { group in
            "## Part \(group)\n\n" + (0..<4).map { "- [ ] job \(group).\($0)\n" }.joined() + "\n"
        }.joined()
    }

    /// The 1-based line of the task `task DAY.N`.
    static func line(_ name: String, in text: String = file) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.hasSuffix("] task " + name) || $0.contains("] task \(name) ") || $0.hasSuffix("] " + name) || $0.contains("] \(name) ")
        }! + 1)
    }

    struct Twin {
        let folder: TemporaryDirectory
        let fast: URL, whole: URL
        let state: [String: String]

        init() throws {
            folder = try TemporaryDirectory()
            fast = try folder.write("fast/TODO.md", ParseStateTests.file)
            whole = try folder.write("whole/TODO.md", ParseStateTests.file)
            state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path, "TICK_TEST_SMALL_CHECKPOINTS": "1",
                     "TICK_TEST_REPORT_PARSE": "1"]
        }

        /// Runs `arguments` on both files (the second with a state folder of its own each time,
        /// so it parses the whole file); expects the same output and bytes; returns what the
        /// first parsed.
        @discardableResult
        func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let fast = try TickProcess.run(arguments, in: self.fast.deletingLastPathComponent(), environment: state)
            let whole = try TickProcess.run(arguments, in: self.whole.deletingLastPathComponent(), environment: ["TICK_TEST_REPORT_PARSE": "1"])
            #expect(fast.status == whole.status && fast.stdout == whole.stdout, "\(arguments): \(fast.stdout) \(whole.stdout)", sourceLocation: sourceLocation)
            #expect(try Data(contentsOf: self.fast) == Data(contentsOf: self.whole), "\(arguments)", sourceLocation: sourceLocation)
            #expect(whole.stderr.contains("tick: test: parsed the whole file\n") || whole.status != 0, "\(whole.stderr)", sourceLocation: sourceLocation)
            return fast.stderr
        }
    }

    @Test func editsOfAFileTickEditedParseOneStretch() throws {
        let twin = try Twin()
        let line = { (name: String) in ParseStateTests.line(name) }
        #expect(try twin.run(["done", line("32.1")]) == "tick: test: parsed the whole file\n")
        for arguments in [["done", line("35.1")], ["reopen", line("35.1")], ["start", line("39.2")], ["done", line("39.2"), line("39.3")],
                          ["star", line("50.0")], ["done", line("50.0")], ["unstar", line("50.0")], ["reopen", line("32.1")],
                          ["done", "--date", line("59.3")], ["cancel", line("44.1")], ["done", line("30.1")],
                          ["done", line("parent 36")], ["done", "--with-subtasks", line("parent 46")], ["done", "--json", line("40.2")],
                          ["done", "-q", line("41.2")], ["reopen", "--json", line("41.2")],
                          ["due", line("42.1"), "2026-12-01"], ["due", line("42.1"), "fri"],
                          ["edit", line("43.1"), "new text #tag due:2026-12-24"], ["edit", "-k", line("43.2"), "other words"],
                          ["done", line("43.1")],
                          // The last due date in tick's dialect goes (the file's due dates are
                          // Obsidian's, which `tick due` writes too); the next edit reads the
                          // whole file to find the key.
                          ["due", line("43.1"), "none"]] {
            let parsed = try twin.run(arguments)
            #expect(parsed.hasPrefix("tick: test: parsed lines "), "\(arguments): \(parsed)")
        }
        #expect(try twin.run(["due", line("42.1"), "none"]) == "tick: test: parsed the whole file\n")
        // Lines in two stretches: the whole file, as before. Above the first checkpoint, among
        // the tasks the done letter is read from: the head of the file (front matter and all),
        // which reads the letter again. A line that is not a task: the whole file's error.
        #expect(try twin.run(["done", line("32.2"), line("59.1")]) == "tick: test: parsed the whole file\n")
        #expect(try twin.run(["done", line("2.1")]).hasPrefix("tick: test: parsed lines 1-"))
        #expect(try twin.run(["done", line("1.2")]).hasPrefix("tick: test: parsed lines 1-"))
        // A task reopened there leaves the head short of the done tasks that settle the letter
        // (checkpoints here are as close as they may be): the next edit reads the whole file.
        #expect(try twin.run(["reopen", line("0.0")]).hasPrefix("tick: test: parsed lines 1-"))
        #expect(try twin.run(["done", line("1.3")]) == "tick: test: parsed the whole file\n")
        #expect(try twin.run(["done", "2"]) == "tick: TODO.md: line 2 is not a task; 'tick list --all TODO.md' shows task line numbers\n")
        #expect(try twin.run(["done", line("33.0")]).hasPrefix("tick: test: parsed lines "))
        // A note and a recurring task's next occurrence are a line more: the checkpoints below
        // them move.
        #expect(try twin.run(["note", line("58.2"), "ask Sam"]).hasPrefix("tick: test: parsed lines "))
        #expect(try twin.run(["note", "--clear", line("58.2")]).hasPrefix("tick: test: parsed lines "))
        for name in ["water plants 56", "water plants 46", "55.1", "weekly one-off 56", "one-off 46", "57.2"] {
            // Found where it is now: the lines below a next occurrence moved.
            let now = ParseStateTests.line(name, in: try String(contentsOf: twin.fast, encoding: .utf8))
            #expect(try twin.run(["done", now]).hasPrefix("tick: test: parsed lines "), "\(name)")
        }
        #expect(try twin.run(["done", String(Int(line("57.1"))! + 1)]).hasPrefix("tick: test: parsed lines "))
        // A view of another file was the latest: a number of the file the command line names
        // is still this file's line.
        let other = try twin.folder.write("other/TODO.md", "- [ ] elsewhere\n")
        try TickProcess.run(["list", other.path], environment: twin.state)
        #expect(try twin.run(["done", "-f", "TODO.md", line("35.3")]).hasPrefix("tick: test: parsed lines "))
    }

    /// After a view of more tasks than a listing details (`Listing.detailLimit`), its numbers
    /// are the file's lines: edits that keep lines in place read one stretch and keep the
    /// listing so; the first edit that moves lines reads the whole file and details it.
    @Test func aLongListingKeepsEditsToOneStretch() throws {
        let folder = try TemporaryDirectory()
        let text = Self.jobs(groups: 600)
        let file = try folder.write("TODO.md", text)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path, "TICK_TEST_SMALL_CHECKPOINTS": "1",
                     "TICK_TEST_REPORT_PARSE": "1"]
        func run(_ arguments: [String]) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: folder.url, environment: state)
        }
        let line = { (name: String) in ParseStateTests.line("job " + name, in: text) }
        #expect(try run(["done", line("1.1")]).stderr == "tick: test: parsed the whole file\n")
        #expect(try run(["list"]).status == 0)
        for arguments in [["done", line("300.2")], ["star", line("300.2")], ["reopen", line("300.2")], ["done", line("450.0"), line("450.3")],
                          ["due", line("500.1"), "2026-12-01"], ["edit", line("501.1"), "other words"]] {
            let result = try run(arguments)
            #expect(result.status == 0 && result.stderr.hasPrefix("tick: test: parsed lines "), "\(arguments): \(result.stderr)")
        }
        // Every number still names its line's task, as after the listing.
        var expected = text
        for (name, now) in [("300.2", "- [ ] * job 300.2"), ("450.0", "- [x] job 450.0"), ("450.3", "- [x] job 450.3"),
                            ("500.1", "- [ ] job 500.1 due:2026-12-01"), ("501.1", "- [ ] other words"), ("1.1", "- [x] job 1.1")] {
            expected = expected.replacingOccurrences(of: "- [ ] job \(name)\n", with: now + "\n")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
        // Another program changed a word (the checkpoints describe other bytes; the first
        // thousand tasks, whose edits read the whole file anyway, are left alone): the next view
        // and the first edit after it read the whole file, and that edit keeps the listing one
        // of lines, so the one after it reads a stretch again.
        try Data(expected.replacingOccurrences(of: "job 5.0\n", with: "job five\n").utf8).write(to: file)
        #expect(try run(["list"]).status == 0)
        #expect(try run(["done", line("350.0")]).stderr == "tick: test: parsed the whole file\n")
        #expect(try run(["done", line("350.1")]).stderr.hasPrefix("tick: test: parsed lines "))
        // A note moves the lines below it: the whole file, and the listing follows its tasks.
        #expect(try run(["note", line("200.0"), "call first"]).stderr == "tick: test: parsed the whole file\n")
        let done = try run(["done", line("400.0")])
        #expect(done.stderr == "tick: test: parsed the whole file\n")
        #expect(done.stdout.contains("job 400.0"), "\(done.stdout)")
        // Another program's change: the listing's numbers are refused, not taken for lines.
        try Data((try String(contentsOf: file, encoding: .utf8) + "- [ ] late\n").utf8).write(to: file)
        #expect(try run(["list"]).status == 0)
        try Data(("- [ ] first\n" + (try String(contentsOf: file, encoding: .utf8))).utf8).write(to: file)
        let refused = try run(["done", line("410.0")])
        #expect(refused.status != 0 && refused.stderr.contains("another program"), "\(refused.stderr)")
    }

    /// Edits by number from several ticks at once after a listing of lines: each finds the
    /// listing carried along to the version it reads (the writer carries it before its
    /// version takes the file's place, and the listing is read under the file's lock), so
    /// none is refused as if another program had changed the file.
    @Test func concurrentEditsAfterAListingOfLinesAllGoThrough() throws {
        let folder = try TemporaryDirectory()
        let text = Self.jobs(groups: 700)
        let file = try folder.write("TODO.md", text)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        #expect(try TickProcess.run(["list"], in: folder.url, environment: state).status == 0)
        let names = (1...8).map { "\($0 * 80).1" }
        var processes: [(Process, Pipe)] = []
        for name in names {
            let process = Process()
            process.executableURL = TickProcess.binary
            process.arguments = ["done", ParseStateTests.line("job " + name, in: text)]
            process.currentDirectoryURL = folder.url
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_STATE_HOME"] = state["XDG_STATE_HOME"]
            environment.removeValue(forKey: "TICK_FILE")
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            processes.append((process, output))
        }
        var outputs: [String] = []
        for (process, output) in processes {
            outputs.append(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            process.waitUntilExit()
        }
        let edited = try String(contentsOf: file, encoding: .utf8)
        for (name, out) in zip(names, outputs) {
            #expect(out.hasPrefix("done ") && edited.contains("- [x] job \(name)\n"), "\(name): \(out)")
        }
    }

    /// `tick undo` brings back the version an edit found, whose checkpoints are kept too: the
    /// next edit reads a stretch, as it does after `tick redo`.
    @Test func undoAndRedoKeepEditsToOneStretch() throws {
        let twin = try Twin()
        let line = { (name: String) in ParseStateTests.line(name) }
        #expect(try twin.run(["done", line("32.1")]) == "tick: test: parsed the whole file\n")
        #expect(try twin.run(["done", line("33.1")]).hasPrefix("tick: test: parsed lines "))
        let state = twin.state
        func run(_ arguments: [String]) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: twin.fast.deletingLastPathComponent(), environment: state)
        }
        #expect(try run(["undo"]).status == 0)
        let undone = try run(["done", line("34.1")])
        #expect(undone.status == 0 && undone.stderr.hasPrefix("tick: test: parsed lines "), "\(undone.stderr)")
        #expect(try run(["undo"]).status == 0)
        #expect(try run(["redo"]).status == 0)
        let redone = try run(["done", line("35.1")])
        #expect(redone.status == 0 && redone.stderr.hasPrefix("tick: test: parsed lines "), "\(redone.stderr)")
        // The file: the first edit and the two after the undo, not the one undone.
        let text = try String(contentsOf: twin.fast, encoding: .utf8)
        for (name, done) in [("32.1", true), ("33.1", false), ("34.1", true), ("35.1", true), ("36.1", false)] {
            #expect(text.contains("- [\(done ? "x" : " ")] task \(name)\(done ? " completed:" : "\n")"), "\(name)")
        }
    }

    @Test func doubtfulCheckpointsMeanAWholeParse() throws {
        let twin = try Twin()
        let line = { (name: String) in ParseStateTests.line(name) }
        try twin.run(["done", line("32.2")])
        #expect(try twin.run(["done", line("36.2")]).hasPrefix("tick: test: parsed lines "))
        // Another program changed the file: the checkpoints describe other bytes.
        for url in [twin.fast, twin.whole] {
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(of: "task 42.1", with: "task forty-two")
            try Data(text.utf8).write(to: url)
        }
        #expect(try twin.run(["done", line("37.1")]) == "tick: test: parsed the whole file\n")
        #expect(try twin.run(["done", line("38.1")]).hasPrefix("tick: test: parsed lines "))
        // A damaged record.
        let records = twin.folder.url.appendingPathComponent("state/tick/parse")
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            try Data("tick-parse 1\nnot a record\n".utf8).write(to: records.appendingPathComponent(name))
        }
        #expect(try twin.run(["reopen", line("38.1")]) == "tick: test: parsed the whole file\n")
        // A listing gives numbers a meaning of its own.
        try TickProcess.run(["list"], in: twin.fast.deletingLastPathComponent(), environment: twin.state)
        #expect(try twin.run(["done", line("39.1")]) == "tick: test: parsed the whole file\n")
    }
}
