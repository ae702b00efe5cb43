import Foundation
import Testing
import TickCore

/// Every view on the bundled example, as text (plain and coloured) and as JSON, pinned by goldens
/// under Fixtures/views/; the board at three widths; and the views over folders of corpus files.
@Suite struct ViewCommandTests {
    let example = "Fixtures/example/TODO.md"
    let root = TickProcess.packageRoot

    static let views: [(name: String, arguments: [String])] = [
        ("today", ["today"]),
        ("overdue", ["overdue"]),
        ("important", ["important"]),
        ("completed", ["completed"]),
        ("groups", ["groups"]),
        ("progress", ["progress"]),
        ("list-due-week", ["list", "--due", "week", "--sort", "due"]),
        ("list-group", ["list", "--group", "home/groceries", "--all"]),
        ("list-sort-status", ["list", "--all", "--sort", "status"]),
        ("list-word-tag", ["list", "--all", "--tag", "errands", "passport"]),
        ("board-40", ["board", "--width", "40"]),
        ("board-80", ["board", "--width", "80"]),
        ("board-160", ["board", "--width=160"]),
    ]

    @Test(arguments: views)
    func plainColouredAndJSON(view: (name: String, arguments: [String])) throws {
        let plain = try TickProcess.run(view.arguments + ["-f", example], in: root)
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty)
        try expectGolden(plain.stdout, "views/\(view.name).txt")
        #expect(!plain.stdout.contains("\u{1B}"))

        let coloured = try TickProcess.run(view.arguments + ["--color=always", "-f", example], in: root)
        try expectGolden(coloured.stdout, "views/\(view.name).ansi.txt")
        #expect(Self.withoutEscapes(coloured.stdout) == plain.stdout, "colour changes nothing but colour")

        guard !view.name.hasPrefix("board-") || view.name == "board-80" else { return }
        let json = try TickProcess.run(view.arguments + ["--json", "-f", example], in: root)
        #expect(json.status == 0)
        try expectGolden(json.stdout, "views/\(view.name).json")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
        if view.name == "progress" {
            let object = parsed as? [String: Any]
            #expect(object?["groups"] is [[String: Any]] && object?["total"] is [String: Any], "progress --json prints its groups and their total")
        } else {
            #expect(parsed is [[String: Any]], "--json prints an array of objects")
        }
    }

    /// Under a real terminal (script(1) gives tick a pty) colour is on by default, and off with
    /// NO_COLOR or TERM=dumb: the pipe-based tests above cannot tell these apart.
    @Test func coloursOnATerminalUnlessNoColor() throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "script(1) (bsdutils) is needed")
        func onTerminal(_ environment: [String: String]) throws -> String {
            let command = "\(TickProcess.binary.path) list -f \(example)"
            return try TickProcess.run(["-qec", command, "/dev/null"], in: root, environment: environment,
                                       executable: URL(fileURLWithPath: script)).stdout
        }
        #expect(try onTerminal([:]).contains("\u{1B}[31m"), "overdue in red on a terminal")
        #expect(try !onTerminal(["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(try !onTerminal(["TERM": "dumb"]).contains("\u{1B}["))
        #expect(try onTerminal(["NO_COLOR": ""]).contains("\u{1B}["), "an empty NO_COLOR does not count")
    }

    /// On a terminal, a list that left out tasks starting later says so, once; piped, it
    /// prints the rows alone.
    @Test func aListSaysWhatStartsLater() throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "script(1) (bsdutils) is needed")
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] a\n- [ ] call Bob t:2026-12-10\n- [ ] plan t:2027-01-04\n")
        let environment = ["TICK_TODAY": "2026-11-30", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let shown = try TickProcess.run(["-qec", "\(TickProcess.binary.path) list -f \(file.path)", "/dev/null"], in: folder.url, environment: environment,
                                        executable: URL(fileURLWithPath: script)).stdout
        #expect(shown.contains("a") && shown.contains("tick: note: 2 tasks start later and are not shown; 'tick list --waiting' shows them"), "\(shown)")
        let piped = try TickProcess.run(["list", "-f", file.path], in: folder.url, environment: environment)
        #expect(piped.stderr.isEmpty && piped.stdout.contains("a"), "\(piped.stderr)")
    }

    @Test func viewsAgreeWithTheirListEquivalents() throws {
        func tasks(_ arguments: [String]) throws -> String {
            try TickProcess.run(arguments + ["--json", "-f", example], in: root).stdout
        }
        #expect(try tasks(["today"]) == tasks(["list", "--due", "soon", "--sort", "due"]))
        #expect(try tasks(["overdue"]) == tasks(["list", "--due", "overdue", "--sort", "due"]))
        #expect(try tasks(["important"]) == tasks(["list", "--important"]))
        #expect(try tasks(["completed"]) == tasks(["list", "--done"]))
    }

    @Test(arguments: [40, 59, 60, 80, 120, 160])
    func boardFitsItsWidth(width: Int) throws {
        let result = try TickProcess.run(["board", "--width", String(width), "Fixtures/views/wide.md"], in: root)
        #expect(result.status == 0)
        for line in result.stdout.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
        if width >= 60 { #expect(result.stdout.contains(" │ ")) } else { #expect(!result.stdout.contains("│")) }
    }

    @Test func boardAlignsWideCharacters() throws {
        let result = try TickProcess.run(["board", "--width", "80", "Fixtures/views/wide.md"], in: root)
        try expectGolden(result.stdout, "views/wide-board-80.txt")
        // Every separator sits in the same terminal column, whatever the cards hold.
        let rows = result.stdout.split(separator: "\n").filter { $0.contains("│") }
        let columns = Set(rows.map { row in DisplayWidth.of(String(row[..<row.firstIndex(of: "│")!])) })
        #expect(columns.count == 1)
    }

    /// A huge COLUMNS is taken as the widest board tick draws, not padded to (it crashed
    /// asking for terabytes).
    @Test func aHugeColumnsIsCapped() throws {
        let result = try TickProcess.run(["board", "Fixtures/views/wide.md"], in: root, environment: ["COLUMNS": "9999999999999"])
        #expect(result.status == 0, "\(result.stderr)")
        let widest = result.stdout.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
        #expect(widest <= 2000 && widest > 1000, "\(widest)")
    }

    /// Non-Latin task files (Persian, Chinese with CRLF and no final newline, Russian with
    /// struck-through done tasks, Korean with a continuation line, Japanese full-width) in one
    /// folder, from Fixtures/views/folder.
    func corpusFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("todo"), withIntermediateDirectories: true)
        let files = TickProcess.fixtures.appendingPathComponent("views/folder")
        for name in try FileManager.default.contentsOfDirectory(atPath: files.path).sorted() {
            try FileManager.default.copyItem(at: files.appendingPathComponent(name), to: folder.url.appendingPathComponent("todo/\(name)"))
        }
        try folder.write("todo/.hidden/skipped.md", "- [ ] hidden folders are skipped\n")
        try folder.write("todo/node_modules/pkg/README.md", "- [ ] so is node_modules\n")
        try folder.write("todo/notes.txt", "- [ ] and files that are not Markdown\n")
        try folder.write("todo/sub/NOTES.MARKDOWN", "# Deep\n\n- [ ] found in a subfolder\n")
        return folder
    }

    @Test(arguments: [["list", "--all"], ["groups"], ["progress"], ["board", "-w", "100"], ["list", "--sort", "text"]])
    func walksAFolderOfCorpusFiles(arguments: [String]) throws {
        let folder = try corpusFolder()
        let result = try TickProcess.run(arguments + ["todo"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains("hidden") && !result.stdout.contains("node_modules") && !result.stdout.contains("not Markdown"))
        try expectGolden(result.stdout, "views/corpus-\(arguments.joined(separator: "-")).txt")
    }

    /// A card cuts its text, never its mark: a late task (red) or one due today shows a short
    /// `2d late` or `today` however narrow the column; a later date only when its text keeps
    /// room.
    @Test func aBoardCardKeepsItsOverdueMark() throws {
        for width in [60, 80] {
            let result = try TickProcess.run(["board", "-w", "\(width)", "--color", "always", "-f", "Fixtures/example/TODO.md"], in: TickProcess.packageRoot)
            let rows = result.stdout.split(separator: "\n")
            #expect(rows.contains { $0.contains("Ren") && $0.contains("\u{1B}[31m2d late\u{1B}[0m") }, "\(width): \(result.stdout)")
            #expect(rows.contains { $0.contains("Buy p") && $0.contains("\u{1B}[33mtoday\u{1B}[0m") }, "\(width): \(result.stdout)")
        }
    }

    /// A group with no tasks of its own is shown, with a dash, above its subgroups that have
    /// some, so that each subgroup sits under its own parent.
    @Test func progressShowsTheParentsOfItsGroups() throws {
        let folder = try TemporaryDirectory()
        try folder.write("p.md", "# Work\n\n- [ ] a\n\n## Backend\n\n- [ ] b\n\n# Home\n\n## Garden\n\n- [x] c\n\n# Empty\n\n## Also empty\n")
        let result = try TickProcess.run(["progress", "-f", "p.md"], in: folder.url)
        #expect(result.stdout == """
            Work       0/1    0%  ░░░░░░░░░░░░░░░░░░░░
              Backend  0/1    0%  ░░░░░░░░░░░░░░░░░░░░
            Home       –
              Garden   1/1  100%  ████████████████████
            Total      1/3   33%  ██████░░░░░░░░░░░░░░

            """, "\(result.stdout)")
        // Its JSON: the same rows and the same total.
        let json = try TickProcess.run(["progress", "--json", "-f", "p.md"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let groups = (object["groups"] as? [[String: Any]])?.map { ($0["group"] as? [String])?.joined(separator: "/") ?? "?" }
        #expect(groups == ["Work", "Work/Backend", "Home", "Home/Garden"])
        let total = object["total"] as? [String: Int]
        #expect(total == ["open": 2, "doing": 0, "done": 1, "cancelled": 0, "total": 3, "percent": 33], "\(json.stdout)")
    }

    @Test func errorsExitTwoAndEmptyViewsExitZero() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Empty\n")
        let empty = try TickProcess.run(["today"], in: folder.url)
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
        let emptyJSON = try TickProcess.run(["overdue", "--json"], in: folder.url)
        #expect(emptyJSON.stdout == "[]\n")
        let cases: [([String], String)] = [
            (["list", "--due", "someday"], "tick: invalid value 'someday' for '--due'"),
            (["list", "--sort", "size"], "tick: invalid value 'size' for '--sort'"),
            (["board", "--width", "0"], "tick: invalid value '0' for '--width'"),
            (["list", "missing.md"], "tick: missing.md: no such file"),
            (["list", "missing/"], "tick: missing/: no such file"),
            (["groups", "notes"], "tick: notes: no such file"),
        ]
        for (arguments, message) in cases {
            let result = try TickProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }

    static func withoutEscapes(_ text: String) -> String {
        text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }
}

/// Views over folders read files on both cores, a chunk at a time, and drop the files that show
/// nothing: the output is what one worker prints, in the walk's order, across chunk borders.
@Suite struct FolderViewTests {
    @Test func bothCoresPrintWhatOneWorkerPrints() throws {
        let folder = try TemporaryDirectory()
        // 600 files (more than two chunks), in folders; every seventh has a task due or overdue.
        for index in 0..<600 {
            let due = index % 7 == 0 ? " due:2026-11-\(10 + index % 13)" : ""
            _ = try folder.write("f\(index % 5)/n\(index).md", "# File \(index)\n\n- [ ] task \(index)\(due)\n- [x] done \(index)\n")
        }
        var outputs: [String] = []
        for (command, jobs) in [("today", "1"), ("today", "2"), ("list", "1"), ("list", "2")] {
            let result = try TickProcess.run([command, folder.url.path], environment: ["TICK_JOBS": jobs, "TICK_TODAY": "2026-11-22"])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[2] == outputs[3])
        // today: the 86 due tasks, soonest first; list: all 600 open tasks in file order.
        #expect(outputs[0].split(separator: "\n").count == 86)
        let listed = outputs[2].split(separator: "\n").filter { $0.contains("task ") }
        #expect(listed.count == 600)
        #expect(listed.first?.contains("task 0") == true)
        let numbers = listed.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(numbers == numbers.sorted { "f\($0 % 5)/n\($0)" < "f\($1 % 5)/n\($1)" }, "file order")
    }

    /// A board over a folder draws each file's board where the file is read: the same boards,
    /// in file order under their names, with one worker or two, and every card in its JSON.
    @Test func boardsOfAFolderAreTheSameOnEveryCore() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<300 {
            let tasks = index % 3 == 0 ? "" : "- [ ] open \(index)\n- [/] doing \(index)\n- [x] done \(index)\n"
            _ = try folder.write("f\(index % 4)/n\(1000 + index).md", "# File \(index)\n\n\(tasks)")
        }
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let result = try TickProcess.run(["board", "-w", "90", folder.url.path], environment: ["TICK_JOBS": jobs])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
        let names = outputs[0].split(separator: "\n").filter { $0.hasSuffix(".md") }
        #expect(names.count == 200)
        #expect(names.first?.hasSuffix("f0/n1004.md") == true, "\(names.prefix(2))")
        #expect(outputs[0].contains("open 299") && outputs[0].contains("\n\n"))
        let json = try TickProcess.run(["board", "--json", folder.url.path], environment: ["TICK_JOBS": "2"])
        let cards = json.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(cards.count == 600)
        // A column at a time across the files: every open card before the first in progress.
        let firstDoing = cards.firstIndex { $0.contains("\"status\":\"doing\"") } ?? 0
        #expect(firstDoing == 200 && cards[..<firstDoing].allSatisfy { $0.contains("\"status\":\"open\"") })
    }

    /// A view of more files than tick keeps listings of (`ListingArchive.fileLimit`) keeps a
    /// stub of the rest: a number still means the file's line while the file is as listed,
    /// and is refused, saying why, once another program changed it.
    @Test func filesPastTheKeptListingsRefuseNumbersOnceChanged() throws {
        let folder = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        for index in 0..<300 {
            _ = try folder.write("d/f\(1000 + index).md", "# T\n\n- [ ] first \(index)\n- [ ] second \(index)\n")
        }
        let environment = ["XDG_STATE_HOME": state.url.path]
        let list = try TickProcess.run(["list", folder.url.appendingPathComponent("d").path], environment: environment)
        #expect(list.status == 0 && list.stdout.contains("second 299"), "\(list.stderr)")
        let last = folder.url.appendingPathComponent("d/f1299.md").path
        let unchanged = try TickProcess.run(["done", "4", "-f", last], environment: environment)
        #expect(unchanged.status == 0 && unchanged.stdout.contains("second 299"), "\(unchanged.stderr)")

        _ = try TickProcess.run(["list", folder.url.appendingPathComponent("d").path], environment: environment)
        let changed = folder.url.appendingPathComponent("d/f1298.md")
        _ = try folder.write("d/f1298.md", "# T\n\n- [ ] inserted\n- [ ] first 298\n- [ ] second 298\n")
        let refused = try TickProcess.run(["done", "3", "-f", changed.path], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("listings of the latest 256 files views showed, this file's is not among them"), "\(refused.stderr)")
        #expect(try String(contentsOf: changed, encoding: .utf8).contains("- [ ] inserted"))
        // The first files keep their listings whole: a number follows its task.
        let first = try TickProcess.run(["done", "3", "-f", folder.url.appendingPathComponent("d/f1000.md").path], environment: environment)
        #expect(first.status == 0 && first.stdout.contains("first 0"), "\(first.stderr)")
    }

    /// A group no file has is an error over a folder too, named once, with a suggestion.
    @Test func aGroupNoFileHasIsAnError() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("a.md", "# Work\n\n- [ ] one\n")
        _ = try folder.write("b.md", "# Home\n\n- [ ] two\n")
        let result = try TickProcess.run(["list", "-g", "Wrok", folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr == "tick: no group 'Wrok' in 2 files (did you mean 'Work'?); 'tick groups' lists them\n")
        let found = try TickProcess.run(["list", "-g", "home", folder.url.path])
        #expect(found.status == 0 && found.stdout.contains("two") && !found.stdout.contains("one"))
    }
}

/// `tick today` over a folder skips the parse of files with no due or scheduled date in any
/// dialect, and still shows every task that is due or scheduled in the others.
@Suite struct FolderPrefilterTests {
    @Test func todaySeesEveryDialectAndSkipsTheRest() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("plain.md", "- [ ] nothing due here\n")
        _ = try folder.write("tick.md", "- [ ] tick DUE:2026-11-20\n")
        _ = try folder.write("obsidian.md", "- [ ] obsidian 🗓 2026-11-21\n- [ ] scheduled ⏳ 2026-11-22\n")
        _ = try folder.write("dataview.md", "- [ ] dataview [scheduled:: 2026-11-19]\n")
        let result = try TickProcess.run(["today", folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["tick", "obsidian", "scheduled", "dataview"] { #expect(result.stdout.contains(word), "\(word): \(result.stdout)") }
        #expect(!result.stdout.contains("nothing"))
        // --due none asks for the tasks without one: nothing is skipped.
        let none = try TickProcess.run(["list", "--due", "none", folder.url.path])
        #expect(none.stdout.contains("nothing due here"))
    }
}
