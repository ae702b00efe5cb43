import Foundation
import Testing

/// Dates, recurrence and statuses through the commands, on files in each dialect.
@Suite struct DialectCommandTests {
    /// Runs tick on a TODO.md holding `text`; returns the result and the file after.
    func run(_ arguments: [String], on text: String) throws -> (TickProcess.Result, String) {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", text)
        let result = try TickProcess.run(arguments, in: folder.url)
        return (result, try String(contentsOf: file, encoding: .utf8))
    }

    @Test(arguments: [
        // Obsidian: the done date is recorded because the file records done dates; the next
        // occurrence goes above, every date moved with the rule.
        (["done", "Rent"], "- [ ] Rent 🔁 every month ⏳ 2026-11-20 📅 2026-11-25\n- [x] Paid ✅ 2026-11-01\n",
         "- [ ] Rent 🔁 every month ⏳ 2026-12-20 📅 2026-12-25\n- [x] Rent 🔁 every month ⏳ 2026-11-20 📅 2026-11-25 ✅ 2026-11-22\n- [x] Paid ✅ 2026-11-01\n",
         "next 1 [ ] Rent 🔁 every month  in 33 days  scheduled in 28 days\ndone 2 [x] Rent 🔁 every month  due 2026-11-25  scheduled 2 days ago  done today\n"),
        // Dataview, and no done dates in the file: none recorded unless --date.
        (["done", "Tax"], "- [ ] Tax [repeat:: every year] [due:: 2026-11-30]\n",
         "- [ ] Tax [repeat:: every year] [due:: 2027-11-30]\n- [x] Tax [repeat:: every year] [due:: 2026-11-30]\n", nil),
        (["done", "--date", "Walk"], "- [ ] Walk [due:: 2026-11-30]\n", "- [x] Walk [due:: 2026-11-30] [completion:: 2026-11-22]\n", nil),
        // todo.txt: rec: without + counts from today.
        (["done", "Water"], "- [ ] Water plants rec:3d due:2026-11-10\n",
         "- [ ] Water plants rec:3d due:2026-11-25\n- [x] Water plants rec:3d due:2026-11-10\n", nil),
        // reopen takes the date away; cancel writes [-] and the date where dates are recorded.
        (["reopen", "Paid"], "- [x] Paid ✅ 2026-11-01\n", "- [ ] Paid\n", nil),
        (["cancel", "Gym"], "- [ ] Gym\n- [x] Paid ✅ 2026-11-01\n", "- [-] Gym ❌ 2026-11-22\n- [x] Paid ✅ 2026-11-01\n",
         "cancelled 1 [-] Gym  cancelled today\n"),
        (["cancel", "Gym"], "- [ ] Gym\n", "- [-] Gym\n", nil),
        // done on a cancelled task takes its cancelled date away, as cancel takes a done date.
        (["done", "Gym"], "- [-] Gym ❌ 2026-11-20\n- [x] Paid ✅ 2026-11-01\n", "- [x] Gym ✅ 2026-11-22\n- [x] Paid ✅ 2026-11-01\n", nil),
        (["done", "Gym"], "- [-] Gym cancelled:2026-11-20\n", "- [x] Gym\n", nil),
        // One due date, in the field's dialect, never a second one.
        (["due", "Rent", "fri"], "- [ ] Rent 📅 2026-11-20\n", "- [ ] Rent 📅 2026-11-27\n", nil),
        // A date written as a wiki link (Obsidian Kanban) is no date: the one set takes its
        // place; one that text follows is text, and the date goes at the end.
        (["due", "Pay", "fri"], "- [ ] Pay 📅 [[2024-03-01]]\n- [ ] Rent 📅 2026-11-20\n", "- [ ] Pay 📅 2026-11-27\n- [ ] Rent 📅 2026-11-20\n", nil),
        (["due", "Pay", "fri"], "- [ ] Pay 📅 [[2024-03-01]] later\n- [ ] Rent 📅 2026-11-20\n",
         "- [ ] Pay 📅 [[2024-03-01]] later 📅 2026-11-27\n- [ ] Rent 📅 2026-11-20\n", nil),
        (["add", "Pay rent due:fri"], "- [ ] a\n", "- [ ] a\n- [ ] Pay rent due:2026-11-27\n", nil),
        (["add", "--due", "fri", "Gas"], "- [ ] Rent 📅 2026-11-20\n", "- [ ] Rent 📅 2026-11-20\n- [ ] Gas 📅 2026-11-27\n", nil),
    ] as [([String], String, String, String?)])
    func editsWriteTheDialect(_ arguments: [String], _ before: String, _ after: String, _ echo: String?) throws {
        let (result, text) = try run(arguments, on: before)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(text == after, "\(arguments)")
        if let echo { #expect(result.stdout == echo, "\(arguments)") }
    }

    @Test func aRuleTickCannotReadIsSaidAndTheTaskIsDoneAlone() throws {
        let (result, text) = try run(["done", "Moon"], on: "- [ ] Moon 🔁 every full moon 📅 2026-11-20\n")
        #expect(text == "- [x] Moon 🔁 every full moon 📅 2026-11-20\n")
        #expect(result.stderr == "tick: note: TODO.md: line 1 repeats, but no next task was written: tick cannot read the rule 'every full moon'\n")
    }

    /// A due date set or postponed to before the task's start date is written as asked, and
    /// a note says so, in every dialect; one on or after it, or a task with no start date, is
    /// said nothing of.
    @Test func aDueDateBeforeTheStartIsSaid() throws {
        for (before, start) in [("- [ ] Ship 🛫 2026-12-10\n", "2026-12-10"), ("- [ ] Ship start:2026-12-10\n", "2026-12-10"),
                                ("- [ ] Ship [start:: 2026-12-10]\n", "2026-12-10")] {
            let (postponed, _) = try run(["postpone", "Ship"], on: before)
            #expect(postponed.status == 0)
            // (The tests' today is 2026-11-22.)
            #expect(postponed.stderr == "tick: note: TODO.md: line 1 is due 2026-11-23, before it starts (\(start))\n", "\(before)")
            let (late, _) = try run(["due", "Ship", start], on: before)
            #expect(late.status == 0 && late.stderr.isEmpty, "\(late.stderr)")
        }
        let (plain, _) = try run(["due", "Ship", "tomorrow"], on: "- [ ] Ship\n")
        #expect(plain.stderr.isEmpty)
    }

    @Test func completedSinceReadsDoneDates() throws {
        let text = "- [x] Old ✅ 2026-11-01\n- [x] Recent [completion:: 2026-11-20]\n- [x] Undated\n- [ ] Open\n"
        let (result, _) = try run(["completed", "--since", "-7d"], on: text)
        #expect(result.stdout == "  2  [x] Recent  done 2 days ago\n", "\(result.stdout)\(result.stderr)")
        let (monday, _) = try run(["completed", "--since", "monday"], on: text)
        #expect(monday.stdout == "  2  [x] Recent  done 2 days ago\n")
        // Only a weekday means the last one: a date to come is that date, and nothing was done
        // since (TICK_TODAY is 2026-11-22, a Sunday).
        for future in ["2026-11-23", "tomorrow", "+1d"] {
            let (later, _) = try run(["completed", "--since", future], on: "- [x] Today ✅ 2026-11-22\n- [x] Before ✅ 2026-11-16\n")
            #expect(later.stdout == "" && later.status == 0, "\(future): \(later.stdout)")
        }
        let (sunday, _) = try run(["completed", "--since", "sun"], on: "- [x] Today ✅ 2026-11-22\n- [x] Before ✅ 2026-11-16\n")
        #expect(sunday.stdout == "  1  [x] Today  done today\n", "\(sunday.stdout)")
    }

    /// Rows say the dates a task records in words, in each dialect, as they say due dates
    /// (`--dates absolute`: as dates); a value that is no date stays in the text as written.
    @Test func recordedDatesReadAsWords() throws {
        let text = "- [x] Rent done:2026-11-21 created:2026-11-01\n- [x] Tea ✅ 2026-11-22\n- [-] Gym [cancelled:: 2026-11-15]\n- [x] Odd ✅ 2026-13-45\n"
        let (words, _) = try run(["completed"], on: text)
        #expect(words.stdout == """
              1  [x] Rent  done yesterday  created 21 days ago
              2  [x] Tea  done today
              3  [-] Gym  cancelled 7 days ago
              4  [x] Odd ✅ 2026-13-45

            """, "\(words.stdout)\(words.stderr)")
        let (dates, _) = try run(["completed", "--dates", "absolute"], on: text)
        #expect(dates.stdout.hasPrefix("  1  [x] Rent  done 2026-11-21  created 2026-11-01\n"), "\(dates.stdout)")
    }

    /// Files as real ones are written, read as their authors meant (Fixtures/dialects/quirks):
    /// a `[~]` in progress is not done, an Obsidian due date under a Kanban board's settings is
    /// a due date, and todo.txt's `(A)` is the highest priority.
    @Test func filesReadAsTheirAuthorsMeant() throws {
        let quirks = TickProcess.fixtures.appendingPathComponent("dialects/quirks")
        let tilde = try TickProcess.run(["progress", "-f", quirks.appendingPathComponent("tilde-in-progress.md").path])
        // `# Roadmap` is the file's title: its groups are the file's.
        #expect(tilde.stdout.hasPrefix("Core   1/2   50%"), "\(tilde.stdout)")
        let obsidian = try TickProcess.run(["today", "-f", quirks.appendingPathComponent("obsidian-kanban-emoji.md").path],
                                           environment: ["TICK_TODAY": "2024-06-20"])
        #expect(obsidian.stdout.contains("T-Mobile") && obsidian.stdout.contains("5 days overdue"), "\(obsidian.stdout)")
        let json = try TickProcess.run(["list", "--all", "--json", "-f", quirks.appendingPathComponent("todotxt-priorities.md").path])
        #expect(json.stdout.contains("\"priority\":\"highest\""), "todo.txt's (A) reads as the highest priority")
    }
}

/// Priorities, urgency, start dates and scheduled dates in the views.
@Suite struct PriorityViewTests {
    let file = "# W\n\n- [ ] Low 🔽 📅 2026-11-19\n- [ ] (A) Top\n- [ ] High ⏫ 📅 2026-12-09\n- [ ] Later 🛫 2026-11-30\n- [ ] Plan ⏳ 2026-11-22\n- [ ] * Starred due:2026-11-29\n"

    func lines(_ arguments: [String]) throws -> [String] {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", file)
        let result = try TickProcess.run(arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: " ", omittingEmptySubsequences: true)[0]) }
    }

    @Test func sortsAndFilters() throws {
        // Lines of the tasks, in the order shown (today is 2026-11-22).
        #expect(try lines(["list", "--sort", "priority"]) == ["4", "5", "8", "7", "3"])
        #expect(try lines(["list", "--sort", "urgency"]) == ["8", "3", "4", "5", "7"])
        #expect(try lines(["list", "--priority", "high"]) == ["W", "4", "5"])
        #expect(try lines(["list", "--waiting"]) == ["W", "6"])
        #expect(try lines(["list", "--all"]).contains("6"), "--all shows tasks still waiting to start")
        #expect(try lines(["today"]) == ["3", "7"], "today: overdue, and scheduled for today")
    }
}

/// `.tick.toml`'s `[tasks]`: the dialect of a file without fields, and recording done dates.
@Suite struct TaskConfigTests {
    @Test func theConfigSaysHowDatesAreWritten() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let file = try folder.write("TODO.md", "- [ ] Walk\n- [ ] Run\n")
        try folder.write(".tick.toml", "[tasks]\ndialect = \"dataview\"\nrecord-done = true\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        #expect(try TickProcess.run(["done", "Walk"], in: folder.url, environment: state).status == 0)
        #expect(try TickProcess.run(["due", "Run", "fri"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "- [x] Walk [completion:: 2026-11-22]\n- [ ] Run [due:: 2026-11-27]\n")
        // A file with no fields yet: the configured dialect, not the typed text's.
        try folder.write("TODO.md", "# TODO\n")
        #expect(try TickProcess.run(["add", "Pay rent due:fri"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# TODO\n\n- [ ] Pay rent [due:: 2026-11-27]\n")
        try folder.write(".tick.toml", "[tasks]\ndialect = \"klingon\"\n")
        let bad = try TickProcess.run(["done", "Run"], in: folder.url, environment: state)
        #expect(bad.status == 2 && bad.stderr == "tick: .tick.toml:2: dialect must be tick, obsidian or dataview\n", "\(bad.stderr)")
    }

    @Test func theNextOccurrenceGoesWhereTheConfigSays() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let text = "- [ ] Bins 🔁 every week 📅 2026-11-23\n  - [ ] recycling too\n- [ ] Other\n"
        let file = try folder.write("TODO.md", text)
        #expect(try TickProcess.run(["done", "Bins"], in: folder.url).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("- [ ] Bins 🔁 every week 📅 2026-11-30\n- [x] Bins"))
        try folder.write("TODO.md", text)
        try folder.write(".tick.toml", "[tasks]\nnext-occurrence = \"below\"\n")
        #expect(try TickProcess.run(["done", "Bins"], in: folder.url).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8)
                == "- [x] Bins 🔁 every week 📅 2026-11-23\n  - [ ] recycling too\n- [ ] Bins 🔁 every week 📅 2026-11-30\n- [ ] Other\n")
        // Two in a row, named last first: each next row is the one written below its own task.
        try folder.write("TODO.md", "- [ ] A 🔁 every day 📅 2026-11-23\n- [ ] B 🔁 every week 📅 2026-11-23\n")
        let both = try TickProcess.run(["done", "2", "1"], in: folder.url)
        #expect(both.stdout.split(separator: "\n").map { String($0.prefix(8)) } == ["next 4 [", "done 3 [", "next 2 [", "done 1 ["], "\(both.stdout)")
        #expect(both.stdout.contains("next 4 [ ] B") && both.stdout.contains("next 2 [ ] A"), "\(both.stdout)")
    }

    /// Obsidian Tasks' global filter: views and edits by filter take only the list items that
    /// carry it (the tag itself, not a longer one), and add writes it first.
    @Test func theGlobalFilterSaysWhichItemsAreTasks() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let file = try folder.write("TODO.md", "# Vault\n\n- [ ] #task pay rent\n- [ ] milk for the list\n- [x] #task filed\n- [ ] #tasks not one\n")
        try folder.write(".tick.toml", "[tasks]\nglobal-filter = \"#task\"\n")
        let list = try TickProcess.run(["list", "--all"], in: folder.url)
        #expect(list.stdout == "Vault\n  3  [ ] #task pay rent\n  5  [x] #task filed\n", "\(list.stdout)")
        #expect(try TickProcess.run(["progress"], in: folder.url).stdout.hasPrefix("Vault  1/2   50%"))
        #expect(try TickProcess.run(["add", "call mom"], in: folder.url).stdout == "added 7 [ ] #task call mom  · Vault\n")
        #expect(try TickProcess.run(["add", "plan #task trip"], in: folder.url).status == 0)
        let done = try TickProcess.run(["done", "--group", "vault", "--yes"], in: folder.url)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            # Vault

            - [x] #task pay rent
            - [ ] milk for the list
            - [x] #task filed
            - [ ] #tasks not one
            - [x] #task call mom
            - [x] plan #task trip

            """)
    }

    @Test func theConfigsStatusesReachEveryCommand() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let text = "# Work\n\n- [ ] Plan\n- [~] Build\n- [X] Ship on Friday\n- [R] Review\n"
        let file = try folder.write("TODO.md", text)
        let plain = try TickProcess.run(["progress"], in: folder.url)
        #expect(plain.stdout.hasPrefix("Work   1/3   33%"), "\(plain.stdout)")
        try folder.write(".tick.toml", "[statuses]\n\"~\" = \"doing\"\n\"X\" = \"cancelled\"  # a failure\n\"R\" = \"todo\"\n")
        let progress = try TickProcess.run(["progress"], in: folder.url)
        #expect(progress.stdout.hasPrefix("Work   0/3    0%"), "\(progress.stdout)")
        let board = try TickProcess.run(["board"], in: folder.url)
        #expect(board.stdout.hasPrefix("Todo (2)"), "\(board.stdout)")
        #expect(try TickProcess.run(["fmt", "--check"], in: folder.url).status == 0)
        let json = try TickProcess.run(["list", "--all", "--json"], in: folder.url).stdout
        #expect(json.contains("\"status\":\"X\"") && json.contains("\"statusType\":\"cancelled\""), "\(json)")
        #expect(try TickProcess.run(["done", "Review"], in: folder.url).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == text.replacingOccurrences(of: "[R]", with: "[x]"))
    }
}

/// Golden transcripts per dialect (Fixtures/dialects/): how each file reads (`list --json`), and
/// each edit as the diff it would make: done with and without dates (and the next occurrence of
/// every rule form), cancel, reopen, due, and add. TICK_RECORD=1 re-records them.
@Suite struct DialectGoldenTests {
    @Test(arguments: ["tick", "obsidian", "dataview"])
    func transcript(_ dialect: String) throws {
        let name = dialect + ".md"
        let text = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("dialects/" + name), encoding: .utf8)
        let folder = try TemporaryDirectory()
        try folder.write(name, text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func numbers(_ prefix: String) -> [String] {
            lines.indices.filter { lines[$0].hasPrefix(prefix) }.map { String($0 + 1) }
        }
        let open = numbers("- [ ]"), closed = numbers("- [x]") + numbers("- [-]")
        let dated = lines.indices.filter { lines[$0].hasPrefix("- [ ]") && lines[$0].contains("2026-11-2") }.map { String($0 + 1) }
        let commands: [[String]] = [
            ["list", "--all", "--json"],
            ["done", "--dry-run"] + open,
            ["done", "--date", "--dry-run"] + open,
            ["cancel", "--date", "--dry-run"] + open.prefix(4),
            ["reopen", "--dry-run"] + closed,
            ["due", "--dry-run"] + dated + ["2026-12-05"],
            ["due", "--dry-run", dated[0], "none"],
            ["add", "--dry-run", "Call mom due:fri"],
            ["add", "--dry-run", "--due", "tomorrow", "Buy milk"],
        ]
        var transcript = ""
        for command in commands {
            let arguments = [command[0], "-f", name] + command.dropFirst()
            let result = try TickProcess.run(arguments, in: folder.url, environment: ["TICK_TODAY": "2026-11-23"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            transcript += "$ tick " + arguments.joined(separator: " ") + "\n" + result.stdout + result.stderr + "\n"
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8) == text, "--dry-run writes nothing")
        try expectGolden(transcript, "dialects/\(dialect).expected.txt")
    }
}
