import Foundation
import Testing

/// `tick changes`: every kind of change between two files (golden), and between commits of a
/// real repository: the working tree, REV..REV, --since, renames and folders.
@Suite struct ChangesTests {
    let fixtures = TickProcess.fixtures.appendingPathComponent("changes")

    @Test func everyKindOfChangeBetweenTwoFiles() throws {
        let arguments = ["changes", fixtures.appendingPathComponent("old.md").path, fixtures.appendingPathComponent("new.md").path]
        let text = try TickProcess.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        try expectGolden(text.stdout.replacingOccurrences(of: fixtures.path + "/", with: ""), "changes/changes.expected.txt")
        try expectGolden(try TickProcess.run(arguments + ["--format", "markdown"]).stdout, "changes/changes.expected.md")
        let json = try TickProcess.run(arguments + ["--json"]).stdout
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        #expect(Set(objects.map { $0["change"] as! String }) == ["completed", "cancelled", "stopped", "reopened", "started", "redated",
                                                                  "starred", "added", "unstarred", "edited", "moved", "removed"])
        let edited = objects.first { $0["change"] as? String == "edited" }!
        #expect((edited["was"] as! [String: Any])["text"] as? String == "Write the quarterly report")
        #expect(edited["text"] as? String == "Write the yearly report")
        // A removed task is in no file to edit: no reference; the others have theirs.
        #expect(objects.filter { $0["change"] as? String == "removed" }.allSatisfy { $0["ref"] is NSNull })
        #expect(objects.filter { $0["change"] as? String == "edited" }.allSatisfy { $0["ref"] is String })
    }

    /// No change prints nothing for a script, and says so on a terminal, where an empty
    /// answer looks like a failure.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func noChangeIsSaidOnATerminal() throws {
        let folder = try TemporaryDirectory()
        try folder.write("o.md", "- [ ] a\n")
        try folder.write("n.md", "- [ ] a\n")
        #expect(try TickProcess.run(["changes", "o.md", "n.md"], in: folder.url).stdout.isEmpty)
        let command = "\(TickProcess.binary.path) changes o.md n.md"
        let terminal = try TickProcess.run([], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/script"),
                                           arguments: ["-qec", command, "/dev/null"])
        #expect(terminal.stdout.contains("tick: note: no task changed in the file compared"), "\(terminal.stdout)")
    }

    /// A repeating task done reads as done, and the next occurrence tick wrote beside it as
    /// added, in every dialect and without a due date (`when done`): the stand-up note's Done
    /// section lists them. Two plain tasks of one text, one done, stay as the lines say.
    @Test func aRepeatingTaskDoneIsCompletedAndItsNextAdded() throws {
        let folder = try TemporaryDirectory()
        let old = "# Home\n\n- [ ] Water 🔁 every week when done\n- [ ] Feed cat 🔁 every week 📅 2026-12-07 🛫 2026-12-01\n- [ ] Report due:2026-12-07 rec:1w\n"
        try folder.write("TODO.md", old)
        try folder.write("old.md", old)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path, "TICK_TODAY": "2026-12-07"]
        #expect(try TickProcess.run(["done", "-q", "--yes", "3", "4", "5"], in: folder.url, environment: state).status == 0)
        let json = try TickProcess.run(["changes", "old.md", "TODO.md", "--json"], in: folder.url, environment: state).stdout
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        #expect(objects.map { $0["change"] as! String } == ["added", "completed", "added", "completed", "added", "completed"], "\(json)")
        let note = try TickProcess.run(["changes", "old.md", "TODO.md", "--format", "markdown"], in: folder.url, environment: state).stdout
        // As prose: the dates a task records are left out, as its row shows them apart.
        #expect(note.hasPrefix("## Done\n\n- Water 🔁 every week when done (Home)\n- Feed cat 🔁 every week (Home)\n"), "\(note)")
    }

    /// Each group is shown once: a removed task (placed by its old line) went under a second
    /// heading of its group, after the next group's changes.
    @Test func eachGroupIsShownOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("o.md", "# A\n\n- [ ] one\n- [ ] two\n- [ ] three\n\n# B\n\n- [ ] four\n")
        try folder.write("n.md", "# A\n\n- [ ] two and more\n- [ ] five\n\n# B\n\n- [x] one\n- [ ] four due:2026-12-01\n")
        let result = try TickProcess.run(["changes", "o.md", "n.md"], in: folder.url)
        #expect(result.stdout.components(separatedBy: "\n  A\n").count == 2 && result.stdout.components(separatedBy: "\n  B\n").count == 2,
                "\(result.stdout)")
        #expect(result.stdout.contains("  A\n    edited           3  [ ] two and more  (was: two)\n    added            4  [ ] five\n    removed          5  [ ] three\n"),
                "\(result.stdout)")
    }

    /// A renamed group is said once, and its tasks (its subgroups' too) have not moved; tasks
    /// all moved into a group that was there already have.
    @Test func aRenamedGroupIsSaidOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("o.md", "# Work\n\n- [ ] a\n\n## Backend\n\n- [ ] b\n\n# Inbox\n\n- [ ] c\n\n# Done\n")
        try folder.write("n.md", "# Job\n\n- [x] a\n\n## Backend\n\n- [ ] b\n\n# Inbox\n\n# Done\n\n- [ ] c\n")
        let text = try TickProcess.run(["changes", "o.md", "n.md"], in: folder.url)
        #expect(text.stdout == "n.md\n  renamed group Work → Job\n  Job\n    completed  3  [x] a\n  Done\n    moved     13  [ ] c  (was: in Inbox)\n",
                "\(text.stdout)\(text.stderr)")
        let markdown = try TickProcess.run(["changes", "o.md", "n.md", "--format", "markdown"], in: folder.url).stdout
        #expect(markdown.hasPrefix("## Renamed groups\n\n- Work → Job\n\n## Done\n\n- a (Job)\n"), "\(markdown)")
        let json = try TickProcess.run(["changes", "o.md", "n.md", "--json"], in: folder.url).stdout
        #expect(json.contains(#"{"file":"n.md","line":1,"change":"renamed group","group":["Job"],"was":{"line":1,"group":["Work"]}}"#), "\(json)")
        #expect(!json.contains(#""change":"moved","changes":["moved"],"was":{"line":7"#), "\(json)")
        // A group with no task of its own, renamed with its archive's: both said.
        let empty = "# TODO\n\n## Work\n\n- [ ] a\n\n### Meetings\n\n## Done\n\n### Work\n\n#### Meetings\n\n- [x] m\n"
        try folder.write("o3.md", empty)
        try folder.write("n3.md", empty.replacingOccurrences(of: "Meetings", with: "1:1s"))
        #expect(try TickProcess.run(["changes", "o3.md", "n3.md"], in: folder.url).stdout
                == "n3.md\n  renamed group Work / Meetings → Work / 1:1s\n  renamed group Done / Work / Meetings → Done / Work / 1:1s\n")
        // A group of subgroups alone, renamed; a subgroup moved under another group (its
        // tasks moved); a rename of case alone.
        let nested = "# TODO\n\n## Work\n\n### Backend\n- [ ] Fix API\n\n### Frontend\n- [ ] Fix CSS\n\n## Home\n- [ ] h\n"
        try folder.write("o2.md", nested)
        try folder.write("n2.md", nested.replacingOccurrences(of: "## Work", with: "## Job"))
        #expect(try TickProcess.run(["changes", "o2.md", "n2.md"], in: folder.url).stdout == "n2.md\n  renamed group Work → Job\n")
        try folder.write("n3.md", "# TODO\n\n## Work\n\n### Frontend\n- [ ] Fix CSS\n\n## Ops\n\n### Backend\n- [ ] Fix API\n\n## Home\n- [ ] h\n")
        let moved = try TickProcess.run(["changes", "o2.md", "n3.md"], in: folder.url).stdout
        #expect(moved == "n3.md\n  Ops / Backend\n    moved 11  [ ] Fix API  (was: in Work / Backend)\n", "\(moved)")
        try folder.write("n4.md", nested.replacingOccurrences(of: "## Home", with: "## home"))
        #expect(try TickProcess.run(["changes", "o2.md", "n4.md"], in: folder.url).stdout == "n4.md\n  renamed group Home → home\n")
    }

    /// With no task file to find, the way to name one is the command's own (a path operand).
    @Test func noTaskFileSaysHowToNameOne() throws {
        let (_, run) = try repository([["notes.md": "- [ ] a\n"]])
        let result = try run("changes")
        #expect(result.status == 2 && result.stderr.contains("or name a file or folder: tick changes PATH\n") && !result.stderr.contains("-f"),
                "\(result.stderr)")
    }

    /// A repository with one commit per entry of `history` (path to text; nil removes the file).
    func repository(_ history: [[String: String?]]) throws -> (TemporaryDirectory, (String...) throws -> TickProcess.Result) {
        let folder = try TemporaryDirectory()
        let environment = ["PATH": TickProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
                           "GIT_AUTHOR_DATE": "", "GIT_COMMITTER_DATE": ""]
        func git(_ arguments: [String], date: String? = nil) throws -> TickProcess.Result {
            var env = environment
            if let date { env["GIT_AUTHOR_DATE"] = date; env["GIT_COMMITTER_DATE"] = date }
            return try TickProcess.run(arguments, in: folder.url, environment: env, executable: URL(fileURLWithPath: "/usr/bin/git"))
        }
        _ = try git(["init", "-q", "-b", "main"])
        _ = try git(["config", "user.email", "test@example.com"])
        _ = try git(["config", "user.name", "Test"])
        for (number, commit) in history.enumerated() {
            for (path, text) in commit {
                let url = folder.url.appendingPathComponent(path)
                if let text {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                } else {
                    try FileManager.default.removeItem(at: url)
                }
            }
            _ = try git(["add", "-A"])
            // One commit a week, from Monday 2026-11-02.
            _ = try git(["commit", "-q", "-m", "commit \(number)"], date: "2026-11-\(String(format: "%02d", 2 + 7 * number))T12:00:00")
        }
        return (folder, { (arguments: String...) throws -> TickProcess.Result in
            try TickProcess.run(arguments, in: folder.url, environment: environment)
        })
    }

    /// File names git would quote (non-ASCII, a quote, a newline) or that are not UTF-8 are
    /// read as their bytes: each file's changes show, and one odd name does not break the rest.
    /// A repository's fsmonitor hook (a program it chose) is never started.
    @Test func namesGitQuotesAreReadAsTheirBytes() throws {
        let (folder, tick) = try repository([["TODO.md": "- [ ] plain\n"]])
        let script = """
            printf -- '- [ ] Milk\\n' > 'café "list".md'; printf -- '- [ ] a\\n' > "$(printf 'bad\\377.md')"
            printf -- '- [ ] n\\n' > "$(printf 'new\\nline.md')"; git add -A; git commit -qm one
            printf -- '- [x] Milk\\n' > 'café "list".md'; printf -- '- [x] a\\n' > "$(printf 'bad\\377.md')"
            printf -- '- [x] n\\n' > "$(printf 'new\\nline.md')"; git commit -qam two
            printf -- '- [x] * Milk\\n' > 'café "list".md'
            git config core.fsmonitor 'touch fsmonitor-ran; echo'
            """
        let setup = try TickProcess.run(["-c", script], in: folder.url, environment: ["GIT_AUTHOR_DATE": "2026-11-20T12:00:00", "GIT_COMMITTER_DATE": "2026-11-20T12:00:00"],
                                        executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(setup.status == 0, "\(setup.stderr)")
        let changes = try tick("changes", "HEAD~1..HEAD", ".")
        #expect(changes.status == 0 && changes.stdout.contains("bad\\xff.md\n  (no group)\n    completed 1  [x] a\n")
                && changes.stdout.contains("café \"list\".md\n  (no group)\n    completed 1  [x] Milk\n")
                && changes.stdout.contains("new\\nline.md\n  (no group)\n    completed 1  [x] n\n"), "\(changes.stdout)\(changes.stderr)")
        let history = try tick("show", "--history", "-f", "café \"list\".md", "Milk")
        #expect(history.stdout.hasSuffix("History\n  not committed  starred\n  2026-11-20  \(try hash(2, in: folder))  Test  completed\n"
                                         + "  2026-11-20  \(try hash(1, in: folder))  Test  added\n"), "\(history.stdout)\(history.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("fsmonitor-ran").path))
    }

    /// Read on a terminal, the working tree's numbers count as a listing: `rm 3` after
    /// `changes` showed "added 3 zero" removes zero, not what an older `list` showed on 3.
    @Test func changesOnATerminalIsAListing() throws {
        let (folder, _) = try repository([["TODO.md": "# A\n\n- [ ] one\n- [ ] two\n"]])
        let state = folder.url.appendingPathComponent(".state").path
        func run(_ arguments: [String]) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: folder.url, environment: ["XDG_STATE_HOME": state])
        }
        _ = try run(["list"])
        try folder.write("TODO.md", "# A\n\n- [ ] zero\n- [ ] one\n- [ ] two\n")
        let shown = try TickProcess.run(["-qc", "\"$TICK\" changes", "/dev/null"], in: folder.url,
                                        environment: ["TICK": TickProcess.binary.path, "XDG_STATE_HOME": state, "NO_COLOR": "1"],
                                        executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(shown.stdout.contains("3  [ ] zero"), "\(shown.stdout)")
        #expect(try run(["rm", "3"]).stdout == "removed 3 [ ] zero\n")
        // A removed task is shown by its former line, which another task may hold now: that
        // number is refused, never taken for the task there.
        try folder.write("TODO.md", "# A\n\n- [ ] two\n")
        let removed = try TickProcess.run(["-qc", "\"$TICK\" changes", "/dev/null"], in: folder.url,
                                          environment: ["TICK": TickProcess.binary.path, "XDG_STATE_HOME": state, "NO_COLOR": "1"],
                                          executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(removed.stdout.contains("removed 3  [ ] one"), "\(removed.stdout)")
        let refused = try run(["done", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("is not in the file: 'tick changes' showed it removed"), "\(refused.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == "# A\n\n- [ ] two\n")
        // A number printed for a removed task and a task of the file both is refused as such.
        try folder.write("TODO.md", "# A\n\n- [x] two\n")
        let both = try TickProcess.run(["-qc", "\"$TICK\" changes", "/dev/null"], in: folder.url,
                                       environment: ["TICK": TickProcess.binary.path, "XDG_STATE_HOME": state, "NO_COLOR": "1"],
                                       executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(both.stdout.contains(" 3  [ ] one") && both.stdout.contains(" 3  [x] two"), "\(both.stdout)")
        let shared = try run(["reopen", "3"])
        #expect(shared.status == 2 && shared.stderr.contains("('two') has that number with a removed task in 'tick changes'"), "\(shared.stderr)")
    }

    /// The stand-up note's items read as their texts: a text that would open a block after
    /// `- ` (a checkbox, a heading, a list item) is escaped, and renders as it reads.
    @Test func aStandUpNoteEscapesWhatWouldBeMarkdown() throws {
        let folder = try TemporaryDirectory()
        try folder.write("old.md", "# Home\n\n- [ ] a\n")
        try folder.write("new.md", "# Home\n\n- [ ] a\n- [ ] [x] not a box\n- [ ] # not a heading\n- [ ] 1. not a list\n- [ ] - not an item\n")
        let note = try TickProcess.run(["changes", "old.md", "new.md", "--format", "markdown"], in: folder.url).stdout
        #expect(note == "## Added\n\n- \\[x] not a box (Home)\n- \\# not a heading (Home)\n- 1\\. not a list (Home)\n- \\- not an item (Home)\n\n", "\(note)")
    }

    @Test func theWorkingTreeAgainstHeadAndBetweenCommits() throws {
        let first = "# Home\n\n- [ ] Milk\n- [ ] Eggs\n"
        let second = "# Home\n\n- [x] Milk\n- [ ] Eggs\n- [ ] Bread\n"
        let (folder, tick) = try repository([["TODO.md": first], ["TODO.md": second]])
        try Data((second.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs")).utf8).write(to: folder.url.appendingPathComponent("TODO.md"))
        let working = try tick("changes", "--color", "never")
        #expect(working.stdout == "TODO.md\n  Home\n    completed 4  [x] Eggs\n", "\(working.stdout)\(working.stderr)")
        let between = try tick("changes", "HEAD~1..HEAD")
        #expect(between.stdout == "TODO.md\n  Home\n    completed 3  [x] Milk\n    added     5  [ ] Bread\n", "\(between.stdout)\(between.stderr)")
        // --since: from the last commit before that day (here the first one) to the working tree.
        let since = try tick("changes", "--since", "2026-11-05")
        #expect(since.stdout.contains("completed 3  [x] Milk") && since.stdout.contains("completed 4  [x] Eggs") && since.stdout.contains("added     5"),
                "\(since.stdout)\(since.stderr)")
        let before = try tick("changes", "--since", "2026-10-01", "--format", "markdown")
        #expect(before.stdout == "## Done\n\n- Milk (Home)\n- Eggs (Home)\n\n## Added\n\n- Bread (Home)\n\n",
                "no commit that old: everything is new, and what is done since is done")
        // A task file git does not track yet is all new; an ignored one is left out.
        try Data("- [ ] Draft\n".utf8).write(to: folder.url.appendingPathComponent("NOTES.md"))
        try Data("- [ ] Secret\n".utf8).write(to: folder.url.appendingPathComponent("private.md"))
        try Data("private.md\n".utf8).write(to: folder.url.appendingPathComponent(".gitignore"))
        let untracked = try tick("changes", "--color", "never", ".")
        #expect(untracked.stdout == "TODO.md\n  Home\n    completed 4  [x] Eggs\nNOTES.md\n  (no group)\n    added 1  [ ] Draft\n", "\(untracked.stdout)\(untracked.stderr)")
        let wrong = try tick("changes", "v9")
        #expect(wrong.status == 2 && wrong.stderr == "tick: 'v9' is neither a file nor a commit\n")
    }

    @Test func renamesAreFollowedAndFoldersTakeEveryMarkdownFile() throws {
        let tasks = "# Plan\n\n- [ ] Draft\n- [ ] Review\n- [ ] Ship\n- [ ] Announce\n- [ ] Celebrate\n"
        let (_, tick) = try repository([
            ["docs/TODO.md": tasks, "docs/notes.txt": "x\n", "other/TODO.md": tasks],
            ["docs/TODO.md": nil, "docs/PLAN.md": tasks.replacingOccurrences(of: "- [ ] Ship", with: "- [x] Ship"),
             "docs/new.md": "- [ ] Fresh\n", "docs/notes.txt": "y\n", "other/TODO.md": tasks.replacingOccurrences(of: "[ ] Draft", with: "[x] Draft")],
        ])
        let result = try tick("changes", "HEAD~1..HEAD", "docs")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "docs/TODO.md → docs/PLAN.md\n  Plan\n    completed 5  [x] Ship\ndocs/new.md\n  (no group)\n    added 1  [ ] Fresh\n",
                "\(result.stdout)")
        // Named by its new name alone, the file is followed too (it showed every task as added).
        let named = try tick("changes", "HEAD~1..HEAD", "docs/PLAN.md")
        #expect(named.stdout == "docs/TODO.md → docs/PLAN.md\n  Plan\n    completed 5  [x] Ship\n", "\(named.stdout)\(named.stderr)")
    }

    /// `completed --since` reads the version before that day under the name the file had then.
    @Test func completedSinceFollowsARename() throws {
        let first = "# Home\n\n- [ ] Milk\n- [x] Eggs\n"
        let (folder, tick) = try repository([["TODO.md": first], ["TODO.md": nil, "TASKS.md": first]])
        try Data(first.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8).write(to: folder.url.appendingPathComponent("TASKS.md"))
        let since = try tick("completed", "--since", "2026-11-05", "-f", "TASKS.md")
        #expect(since.stdout == "Home\n  3  [x] Milk\n", "\(since.stdout)\(since.stderr)")
    }

    /// `completed --since` dates a task that records no done date by the file's history.
    @Test func completedSinceAsksGitWhenTheFileRecordsNoDate() throws {
        let first = "# Home\n\n- [ ] Milk\n- [x] Eggs\n- [ ] Bread\n- [x] Jam ✅ 2026-11-01\n- [x] Tea ✅ 2026-11-20\n"
        let (folder, tick) = try repository([["TODO.md": first], ["TODO.md": first.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk")]])
        try Data(first.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").replacingOccurrences(of: "[ ] Bread", with: "[x] Bread").utf8)
            .write(to: folder.url.appendingPathComponent("TODO.md"))
        // The first commit is the last one before the 5th: Milk and Bread were done after it,
        // Eggs before it; Jam and Tea carry their dates.
        let since = try tick("completed", "--since", "2026-11-05")
        #expect(since.stdout == "Home\n  3  [x] Milk\n  5  [x] Bread\n  7  [x] Tea  done 2 days ago\n", "\(since.stdout)\(since.stderr)")
        // Outside a repository the file alone decides: only dated tasks.
        let outside = try TemporaryDirectory()
        try outside.write("TODO.md", first)
        #expect(try TickProcess.run(["completed", "--since", "2026-11-05"], in: outside.url).stdout == "Home\n  7  [x] Tea  done 2 days ago\n")
    }

    /// `show --history`: the commits that added and changed one task, newest first, through a
    /// rename of the file, with the working tree's change on top.
    @Test func showHistoryListsTheCommitsOfOneTask() throws {
        let first = "# Home\n\n- [ ] Milk\n- [ ] Eggs\n"
        let second = "# Home\n\n- [ ] Milk\n- [ ] Brown eggs\n- [ ] Bread\n"
        let third = "# Home\n\n- [x] Brown eggs\n- [ ] Milk\n- [ ] Bread\n"
        let (folder, tick) = try repository([["TODO.md": first], ["TODO.md": second], ["TODO.md": nil, "TASKS.md": third]])
        try Data(third.replacingOccurrences(of: "[x] Brown", with: "[x] * Brown").utf8).write(to: folder.url.appendingPathComponent("TASKS.md"))
        let shown = try tick("show", "--history", "-f", "TASKS.md", "eggs")
        #expect(shown.stdout.hasSuffix("History\n  not committed  starred\n  2026-11-16  \(try hash(2, in: folder))  Test  completed\n  2026-11-09  \(try hash(1, in: folder))  Test  edited\n  2026-11-02  \(try hash(0, in: folder))  Test  added\n"),
                "\(shown.stdout)\(shown.stderr)")
        let bread = try tick("show", "--history", "--json", "-f", "TASKS.md", "Bread")
        #expect(bread.stdout.contains("\"history\":[{\"commit\":\"\(try hash(1, in: folder))\",\"date\":\"2026-11-09\",\"author\":\"Test\",\"changes\":[\"added\"]}]"), "\(bread.stdout)")
    }

    /// The short hash of the `number`th commit (from the first).
    func hash(_ number: Int, in folder: TemporaryDirectory) throws -> String {
        let log = try TickProcess.run(["log", "--reverse", "--format=%h"], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/git"))
        return String(log.stdout.split(separator: "\n")[number])
    }
}
