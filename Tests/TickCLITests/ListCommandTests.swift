import Foundation
import Testing
import TickCore

@Suite struct ListCommandTests {
    let example = "Fixtures/example/TODO.md"
    let root = TickProcess.packageRoot

    @Test func listsOpenTasksByGroup() throws {
        let result = try TickProcess.run(["list", "-f", example], in: root)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        try expectGolden(result.stdout, "list/example.expected.txt")
    }

    /// A subtask is indented under its parent's row, and only there: when a filter leaves
    /// the parent out, the subtask is not indented, or it would read as a subtask of the row
    /// above it, and it says whose subtask it is, or it would read as a task of its own.
    @Test func aSubtaskIsIndentedOnlyUnderItsShownParent() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# L\n\n- [ ] Water the plants due:2026-12-01\n- [ ] Refactor the parser\n"
                         + "  - [ ] Write tests due:2026-12-02\n    - [ ] unit due:2026-12-02\n")
        let today = ["TICK_TODAY": "2026-11-29", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let filtered = try TickProcess.run(["list", "--due", "week"], in: folder.url, environment: today)
        #expect(filtered.stdout == "L\n  3  [ ] Water the plants  in 2 days\n  5  [ ] Write tests  0/1  in 3 days  · subtask of 'Refactor the parser'\n  6    [ ] unit  in 3 days\n",
                "\(filtered.stdout)")
        // The parent as its row shows it, its dates left out (in words on its row), cut to
        // 40 columns at a whole character.
        let dated = try TemporaryDirectory()
        try dated.write("TODO.md", "# A\n\n- [x] Café renovation 📅 2026-12-10 #home ✅ 2026-11-28\n  - [ ] Call\n"
                        + "- [x] " + String(repeating: "日本語", count: 10) + "\n  - [ ] kid\n")
        let labels = try TickProcess.run(["list"], in: dated.url, environment: today).stdout
        #expect(labels == "A\n  4  [ ] Call  · subtask of 'Café renovation #home'\n  6  [ ] kid  · subtask of '" + String(repeating: "日本語", count: 6) + "日…'\n",
                "\(labels)")
        let whole = try TickProcess.run(["list"], in: folder.url, environment: today)
        #expect(whole.stdout.contains("  4  [ ] Refactor the parser  0/2\n  5    [ ] Write tests  0/1  in 3 days\n  6      [ ] unit"), "\(whole.stdout)")
    }

    /// A task to do whose start date is still to come waits: hidden from every view, the
    /// board's too, unless asked for; one in progress or closed waits for nothing. Rows say
    /// start and scheduled dates in words; a card shows the due date alone.
    @Test func waitingTasksAreHiddenFromEveryView() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# W\n\n- [ ] Plan sprint 🛫 2026-12-05\n- [/] Email Bob t:2026-12-03\n- [ ] now ⏳ 2026-12-01\n- [x] Paid ✅ 2026-11-28\n")
        let today = ["TICK_TODAY": "2026-11-29", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let list = try TickProcess.run(["list"], in: folder.url, environment: today)
        #expect(list.stdout == "W\n  4  [/] Email Bob  starts in 4 days\n  5  [ ] now  scheduled in 2 days\n", "\(list.stdout)")
        let board = try TickProcess.run(["board", "-w", "60"], in: folder.url, environment: today)
        #expect(board.stdout.contains("5 now ") && board.stdout.contains("4 Email Bob ") && board.stdout.contains("6 Paid")
                && !board.stdout.contains("Plan sprint") && !board.stdout.contains("2026-1"), "\(board.stdout)")
        let waiting = try TickProcess.run(["board", "-w", "60", "--waiting"], in: folder.url, environment: today)
        #expect(waiting.stdout.contains("3 Plan sprint") && !waiting.stdout.contains("Email Bob"), "\(waiting.stdout)")
    }

    /// Words that match no task say so on standard error (a mistyped file name is a word),
    /// in every way a view is read; a word that matches says nothing.
    @Test func wordsThatMatchNothingSaySo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] milk\n")
        try folder.write("notes/a.md", "- [ ] tea\n")
        try folder.write("notes/b.md", "- [ ] coffee\n")
        for arguments in [["list", "-a", "--json", "TODO.mdx"], ["list", "--all", "notes", "TODO.mdx"]] {
            let result = try TickProcess.run(arguments, in: folder.url)
            #expect(result.status == 0 && result.stderr == "tick: note: no task matches 'TODO.mdx'; no file or folder has that name either\n",
                    "\(arguments): \(result.stderr)")
        }
        // Of one file, among how many tasks, whatever statuses the view shows.
        for view in [["list", "--all"], ["today"]] {
            let result = try TickProcess.run(view + ["TODO.mdx"], in: folder.url)
            #expect(result.stderr == "tick: note: no task matches 'TODO.mdx' among the 1 task in TODO.md; no file or folder has that name either\n",
                    "\(view): \(result.stderr)")
        }
        // A folder view that shows some statuses only says so: the word may be in a task it hides.
        let open = try TickProcess.run(["today", "notes", "TODO.mdx"], in: folder.url)
        #expect(open.stderr == "tick: note: no task matches 'TODO.mdx' (of the statuses shown; --all looks among every task); no file or folder has that name either\n",
                "\(open.stderr)")
        let two = try TickProcess.run(["list", "--all", "milk", "tea"], in: folder.url)
        #expect(two.stderr == "tick: note: no task matches 'milk' and 'tea' among the 1 task in TODO.md\n", "\(two.stderr)")
        #expect(try TickProcess.run(["list", "milk"], in: folder.url).stderr.isEmpty)
        // A task the view's statuses hide: said, with how to see it.
        try folder.write("done.md", "- [x] beta\n- [ ] gamma\n")
        let hidden = try TickProcess.run(["list", "-f", "done.md", "beta"], in: folder.url)
        #expect(hidden.stderr == "tick: note: no task the view shows matches 'beta', but the done task on line 1 does ('beta'); add --all to see it\n",
                "\(hidden.stderr)")
    }

    /// A view that shows nothing of a file says, on a terminal, how many tasks it hid and how
    /// to see them (a list whose tasks are all done printed nothing, like a file tick could not
    /// read); to a pipe and in JSON it prints nothing. Also for a long file.
    @Test func anEmptyViewOnATerminalSaysWhatItHid() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Home\n\n- [x] milk\n- [x] eggs\n")
        try folder.write("notes.md", "# Notes\n\nno tasks\n")
        try folder.write("open.md", "# Open\n\n- [ ] a\n")
        let empty = try TemporaryDirectory()
        try empty.write("TODO.md", "# Notes\n")
        try folder.write("long.md", "# Long\n\n" + String(repeating: "- [x] done\n", count: 20_000))
        func onTerminal(_ arguments: String) throws -> String {
            // `script` gives the command a terminal; its output is the terminal's.
            let command = "\(TickProcess.binary.path) \(arguments)"
            return try TickProcess.run(["-qec", command, "/dev/null"], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/script")).stdout
        }
        for (arguments, note) in [("list", "tick: note: nothing open among the 2 tasks in TODO.md; 'tick list --all' shows every task"),
                                  ("today", "tick: note: nothing due today or overdue among the 2 tasks in TODO.md; 'tick list' shows the open ones"),
                                  ("important", "tick: note: no open starred task among the 2 tasks in TODO.md; 'tick star N' stars one"),
                                  ("overdue", "tick: note: nothing overdue among the 2 tasks in TODO.md; 'tick list --sort due' shows what comes next"),
                                  ("today --tag home", "tick: note: none of the 2 tasks in TODO.md match the filters given; without them, 'tick list --all' shows every task"),
                                  ("completed --since 2026-12-01", "tick: note: nothing done since 2026-12-01 among the 2 tasks in TODO.md; 'tick completed' shows every done one"),
                                  ("completed --since 2026-12-01 --tag home", "tick: note: none of the 2 tasks in TODO.md match the filters given; without them, 'tick list --all' shows every task"),
                                  ("list long.md", "tick: note: nothing open among the 20000 tasks in long.md; 'tick list --all -f long.md' shows every task"),
                                  ("list notes.md", "tick: note: no tasks in notes.md; 'tick add -f notes.md TEXT' adds one"),
                                  ("completed -f open.md", "tick: note: no done task among the 1 task in open.md; 'tick done -f open.md N' marks one")] {
            let screen = try onTerminal(arguments)
            #expect(screen.replacingOccurrences(of: "\r\n", with: "\n") == note + "\n", "\(arguments): \(screen)")
        }
        #expect(try onTerminal("list --json").hasPrefix("[]"))
        // The file tick found is not named in the command it suggests.
        let command = "\(TickProcess.binary.path) list"
        let found = try TickProcess.run(["-qec", command, "/dev/null"], in: empty.url, executable: URL(fileURLWithPath: "/usr/bin/script")).stdout
        #expect(found.replacingOccurrences(of: "\r\n", with: "\n") == "tick: note: no tasks in TODO.md; 'tick add TEXT' adds one\n", "\(found)")
        for arguments in [["list"], ["list", "long.md"], ["list", "--json"]] {
            let piped = try TickProcess.run(arguments, in: folder.url)
            #expect(piped.status == 0 && piped.stderr.isEmpty && piped.stdout == (arguments.last == "--json" ? "[]\n" : ""), "\(arguments): \(piped.stderr)")
        }
    }

    /// A file named twice, by any spelling, is listed once.
    @Test func aFileNamedTwiceIsListedOnce() throws {
        let once = try TickProcess.run(["list", "-f", example], in: root)
        let twice = try TickProcess.run(["list", "-f", example, "-f", "./" + example], in: root)
        #expect(twice.status == 0 && twice.stdout == once.stdout, "\(twice.stdout)")
    }

    @Test func listsEverythingAsJSON() throws {
        let result = try TickProcess.run(["list", "--all", "--json", "-f", example], in: root)
        #expect(result.status == 0)
        try expectGolden(result.stdout, "list/example.expected.json")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let tasks = try #require(parsed)
        #expect(tasks.count == 10)
        for task in tasks {
            for key in ["file", "line", "status", "important", "due", "group", "text"] {
                #expect(task[key] != nil, "every task has \(key)")
            }
        }
    }

    /// A long file (tens of thousands of tasks, its output written in pieces) is listed as the
    /// document renders it: the rows and `--json` objects are those of the whole document, and
    /// the listing it records lets an edit by a printed number act on that task.
    @Test func aLongFileIsListedWhole() throws {
        let folder = try TemporaryDirectory()
        var text = "# Long\n\nSome prose.\n"
        for index in 0..<33_000 {
            switch index % 7 {
            case 0: text += "\n## Group \(index)\n\n- [ ] task \(index) due:2026-11-\(10 + index % 20)\n"
            case 1: text += "  - [x] subtask \(index)\n    a note of \(index)\n"
            case 2: text += "- [/] * wrapped \(index)\n  onto a second line #tag\n"
            default: text += "- [\(index % 3 == 0 ? "x" : " ")] task \(index)\n"
            }
        }
        text += "- [ ] the last task\n\nProse after the tasks.\n"
        try folder.write("long.md", text)
        let document = Document(text)
        let source = SourceDocument(path: "long.md", document: document)
        let today = CivilDate(iso: "2026-11-22")!
        var all = TaskQuery()
        all.statuses = nil
        for (arguments, query) in [(["list", "-N"], TaskQuery()), (["list", "--all"], all)] {
            let listed = try TickProcess.run(arguments + ["-f", "long.md"], in: folder.url)
            let items = ViewItem.select([source], query: query, today: today)
            let expected = ListView.render(items, in: [source], order: .file, today: today, style: .plain, notes: arguments.contains("-N"))
            #expect(listed.stdout.utf8.count > 1 << 19)
            #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
            #expect(listed.stdout == expected, "\(arguments)")
        }
        let json = try TickProcess.run(["list", "--all", "--json", "-f", "long.md"], in: folder.url)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == document.tasks.count)
        #expect(objects.map { $0["line"] as? Int } == document.tasks.map { $0.line + 1 })
        #expect(objects.map { $0["text"] as? String } == document.tasks.map { document.text(of: $0) })
        // The listing: a number it printed names its task.
        let row = try #require(json.stdout.split(separator: "\n").first { $0.contains("\"text\":\"task 31\"") })
        let line = try #require(document.tasks.first { document.text(of: $0) == "task 31" }).line + 1
        #expect(row.contains("\"line\":\(line)"))
        let done = try TickProcess.run(["done", String(line), "-f", "long.md"], in: folder.url)
        #expect(done.status == 0 && done.stdout.hasPrefix("done \(line) [x] task 31"), "\(done.stdout)\(done.stderr)")
    }

    @Test func colorsOnlyWhenAsked() throws {
        let plain = try TickProcess.run(["list", "-f", example], in: root)
        #expect(!plain.stdout.contains("\u{1B}["), "no escape codes when stdout is not a terminal")
        let forced = try TickProcess.run(["list", "--color=always", "-f", example], in: root)
        #expect(forced.stdout.contains("\u{1B}[31m2 days overdue"), "overdue in red")
        // An explicit --color=always wins over NO_COLOR, as tick(1) says.
        let explicit = try TickProcess.run(["list", "--color", "always", "-f", example], in: root, environment: ["NO_COLOR": "1"])
        #expect(explicit.stdout == forced.stdout)
        let invalid = try TickProcess.run(["list", "--color=sometimes", "-f", example], in: root)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("tick: invalid value 'sometimes' for '--color': expected auto, always or never"))
    }

    @Test func findsTodoInParentButNotPastRepositoryRoot() throws {
        let root = try TemporaryDirectory()
        try root.write("repo/TODO.md", "- [ ] found it\n")
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("repo/src/deep"), withIntermediateDirectories: true)
        let found = try TickProcess.run(["list", "--json"], in: root.url.appendingPathComponent("repo/src/deep"))
        #expect(found.status == 0)
        #expect(found.stdout.contains("\"file\":\"../../TODO.md\""))

        // Above the repository root nothing is searched: a TODO.md out there is not used.
        try root.write("outer/TODO.md", "- [ ] outside\n")
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("outer/inner/.git"), withIntermediateDirectories: true)
        let missing = try TickProcess.run(["list"], in: root.url.appendingPathComponent("outer/inner"))
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tick: no TODO.md (nor todo.md, TASKS.md, ...) in "))
    }

    @Test func tickFileVariable() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("mine.md", "- [ ] from TICK_FILE\n")
        let result = try TickProcess.run(["list"], in: directory.url, environment: ["TICK_FILE": file.path])
        #expect(result.stdout.contains("from TICK_FILE"))
    }

    @Test(arguments: [
        (["list", "-f", "/nonexistent/TODO.md"], "tick: /nonexistent/TODO.md: no such file\n"),
        (["done", "-f", "/tmp", "1"], "tick: /tmp: is a directory\n"),
        (["list", "/nonexistent/"], "tick: /nonexistent/: no such file\n"),
        (["list", "-f", "/etc/hostname/TODO.md"], "tick: /etc/hostname/TODO.md: not a directory\n"),
    ])
    func unreadableFilesFailWithOneLine(_ arguments: [String], _ message: String) throws {
        let result = try TickProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    @Test func usageErrors() throws {
        let unknown = try TickProcess.run(["lsit"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("tick: unknown command 'lsit'; did you mean 'list'?"))
        let option = try TickProcess.run(["list", "--jsno"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option '--jsno'; did you mean '--json'?"))
        let badToday = try TickProcess.run(["list", "-f", example], in: root, environment: ["TICK_TODAY": "tomorrow"])
        #expect(badToday.status == 2)
        #expect(badToday.stderr == "tick: TICK_TODAY='tomorrow' is not a date; use YYYY-MM-DD\n")
    }
}
