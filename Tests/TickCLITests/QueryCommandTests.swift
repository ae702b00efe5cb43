import Foundation
import Testing

/// `tick query` runs a note's ```tasks blocks against the vault as Obsidian Tasks would show
/// them, says each line it cannot read, and leaves numbers that edits accept.
@Suite struct QueryCommandTests {
    func vault() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("Work/projects.md", "# Projects\n\n- [ ] ship release 📅 2026-11-21 ⏫\n- [x] write notes ✅ 2026-11-20\n- [ ] review PR 📅 2026-12-05\n")
        try folder.write("Home/chores.md", "# Chores\n\n- [ ] water plants 🔁 every week 📅 2026-11-23\n- [ ] buy milk\n")
        try folder.write("Dashboard.md", """
            # Dashboard

            ```tasks
            not done
            due before tomorrow
            ```

            > [!todo] Work
            > ```tasks
            > not done
            > path includes Work
            > sort by due reverse
            > hide due date
            > ```

            """)
        return folder
    }

    @Test func blocksRunAgainstTheVault() throws {
        let folder = try vault()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let result = try TickProcess.run(["query", "Dashboard.md"], in: folder.url, environment: state)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Dashboard.md:3  1 task
              Work/projects.md:3  [ ] ship release ⏫  1 day overdue  · Projects

            Dashboard.md:9  2 tasks
              Work/projects.md:5  [ ] review PR  in 13 days  · Projects
              Work/projects.md:3  [ ] ship release ⏫  1 day overdue  · Projects

            """, "\(result.stdout)")
        #expect(result.stderr == "tick: note: Dashboard.md:13: 'hide due date': tick prints rows as 'tick list' does; this changes nothing\n")
        // One block, by a line of it.
        let one = try TickProcess.run(["query", "Dashboard.md:11"], in: folder.url, environment: state)
        #expect(one.status == 0 && one.stdout.hasPrefix("Dashboard.md:9  2 tasks\n") && !one.stdout.contains("Dashboard.md:3"), "\(one.stdout)")
        let outside = try TickProcess.run(["query", "Dashboard.md:1"], in: folder.url, environment: state)
        #expect(outside.status == 2 && outside.stderr == "tick: Dashboard.md:1 is in no ```tasks block, nor a Dataview TASK query\n", "\(outside.stderr)")
        // The numbers shown name their tasks.
        let done = try TickProcess.run(["done", "Work/projects.md:5"], in: folder.url, environment: state)
        #expect(done.status == 0 && done.stdout.hasPrefix("done 5 [x] review PR"), "\(done.stdout)\(done.stderr)")
    }

    @Test func aQueryGivenHereAndItsJSON() throws {
        let folder = try vault()
        let result = try TickProcess.run(["query", "-e", "is recurring", "-e", "explain", "--vault", "Home"], in: folder.url)
        #expect(result.status == 0 && result.stdout == "filter: recurring\n  Home/chores.md:3  [ ] water plants 🔁 every week  tomorrow  · Chores\n",
                "\(result.stdout)\(result.stderr)")
        // Paths are the vault's, as Obsidian reads them: here a file at its root. With -e,
        // the operands are what the query reads.
        let rooted = try TickProcess.run(["query", "-e", "path regex matches /^projects/", "-e", "group by root", "--vault", "Work"], in: folder.url)
        #expect(rooted.stdout == "/\n  Work/projects.md:3  [ ] ship release ⏫  1 day overdue  · Projects\n"
                + "  Work/projects.md:5  [ ] review PR  in 13 days  · Projects\n  Work/projects.md:4  [x] write notes  done 2 days ago  · Projects\n",
                "\(rooted.stdout)\(rooted.stderr)")
        let operands = try TickProcess.run(["query", "-e", "not done", "-e", "group by folder", "Home", "Work"], in: folder.url)
        #expect(operands.stdout.hasPrefix("/\n  Work/projects.md:3") && operands.stdout.contains("  Home/chores.md:3"), "\(operands.stdout)")
        let json = try TickProcess.run(["query", "--json", "Dashboard.md"], in: folder.url)
        let blocks = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(blocks.map { $0["query"] as? String } == ["Dashboard.md:3", "Dashboard.md:9"])
        #expect((blocks[1]["tasks"] as? [[String: Any]])?.map { $0["line"] as? Int } == [5, 3])
        #expect(blocks.map { $0["matched"] as? Int } == [1, 2] && blocks[0]["explain"] == nil)
        // The vault's own .tick.toml applies, wherever tick is run from: here its global filter.
        try folder.write("vault/.tick.toml", "[tasks]\nglobal-filter = \"#task\"\n")
        try folder.write("vault/a.md", "- [ ] #task real one\n- [ ] not a task\n")
        for arguments in [["--vault", "vault", "-e", "not done"], ["-e", "not done", "vault"]] {
            let filtered = try TickProcess.run(["query"] + arguments, in: folder.url)
            #expect(filtered.stdout == "  vault/a.md:1  [ ] #task real one\n", "\(arguments): \(filtered.stdout)\(filtered.stderr)")
        }
        // What a query given here does not show is said aside: none matched, or its limit.
        let none = try TickProcess.run(["query", "-e", "due before 2000-01-01", "Home"], in: folder.url)
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr == "tick: note: no task matches the query among the 2 tasks of 1 file\n",
                "\(none.stdout)\(none.stderr)")
        let limited = try TickProcess.run(["query", "-e", "limit 1", "Work"], in: folder.url)
        #expect(limited.stdout.split(separator: "\n").count == 1
                && limited.stderr == "tick: note: 1 of the 3 tasks the query matches are shown (its limit)\n", "\(limited.stdout)\(limited.stderr)")
        let explained = try TickProcess.run(["query", "--json", "-e", "is recurring", "-e", "explain", "Home"], in: folder.url)
        let explanation = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [[String: Any]])
        #expect(explanation.first?["explain"] as? String == "filter: recurring", "\(explained.stdout)")
    }

    /// A note in an Obsidian vault (a folder above it holds `.obsidian`) runs its blocks
    /// against that vault, from wherever tick is run, and its placeholders name it there.
    @Test func aNoteRunsAgainstItsObsidianVault() throws {
        let folder = try vault()
        try folder.write(".obsidian/app.json", "{}\n")
        try folder.write("Work/Board.md", "```tasks\nnot done\npath includes {{query.file.folder}}\n```\n")
        for (place, arguments, file) in [(folder.url, ["Work/Board.md"], "Work/projects.md"),
                                         (folder.url.appendingPathComponent("Work"), ["Board.md"], "../Work/projects.md"),
                                         (folder.url.appendingPathComponent("Home"), ["../Work/Board.md"], "../Work/projects.md"),
                                         (folder.url.appendingPathComponent("Work"), ["Board.md:2"], "../Work/projects.md"),
                                         (folder.url.appendingPathComponent("Work"), ["--query", "Board.md:2"], "../Work/projects.md")] {
            let result = try TickProcess.run([arguments[0] == "--query" ? "list" : "query"] + arguments, in: place)
            #expect(result.status == 0 && result.stdout.contains("2 tasks\n  \(file):3  [ ] ship release")
                    && !result.stdout.contains("chores"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    /// A line tick cannot read is said with its place, and its block is not run (it would
    /// show other tasks than asked); the other blocks are, and the exit status is 2.
    @Test func aLineTickCannotReadStopsItsBlockAlone() throws {
        let folder = try vault()
        try folder.write("Broken.md", "```tasks\nnot done\ndue soonish\n```\n\n```tasks\ndone\n```\n")
        let result = try TickProcess.run(["query", "Broken.md"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "tick: Broken.md:3: 'due soonish': cannot read the date 'soonish'\n", "\(result.stderr)")
        #expect(result.stdout.contains("Broken.md:6  1 task") && result.stdout.contains("[x] write notes"), "\(result.stdout)")
        // A Dataview TASK query runs as a tasks block does, its rows under their file as
        // Dataview shows them; a clause tick does not read is said as any line is; a LIST
        // query is said not run.
        try folder.write("Dataview.md", "# D\n\n```dataview\nTASK FROM \"Work\"\nWHERE !completed\nSORT due DESC\n```\n\n"
                         + "```dataview\nTASK FROM #home\n```\n\n```dataview\nLIST\n```\n")
        let dataview = try TickProcess.run(["query", "Dataview.md"], in: folder.url)
        #expect(dataview.status == 2 && dataview.stdout == "Dataview.md:3  2 tasks\nWork/projects.md: Projects\n  5  [ ] review PR  in 13 days\n"
                + "  3  [ ] ship release ⏫  1 day overdue\n", "\(dataview.stdout)")
        #expect(dataview.stderr == "tick: note: Dataview.md:13: a Dataview LIST query; tick runs TASK queries, not LIST\n"
                + "tick: Dataview.md:10: 'FROM #home': tick reads FROM a folder or a file in quotes (FROM \"Work\"), not tags or links\n", "\(dataview.stderr)")
        // In JSON, a block that was not run is there with the lines that stopped it.
        let json = try TickProcess.run(["query", "--json", "Broken.md"], in: folder.url)
        let blocks = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(json.status == 2 && blocks.map { $0["query"] as? String } == ["Broken.md:1", "Broken.md:6"], "\(json.stdout)")
        let problems = try #require(blocks[0]["problems"] as? [[String: Any]])
        #expect(problems.map { $0["line"] as? Int } == [3] && problems.first?["message"] as? String == "cannot read the date 'soonish'"
                && blocks[0]["tasks"] == nil, "\(problems)")
        let given = try TickProcess.run(["query", "--json", "-e", "not done", "-e", "due soonish"], in: folder.url)
        #expect(given.status == 2 && given.stdout.hasPrefix("[\n{\"query\":null,\"problems\":[{\"line\":2,")
                && given.stderr == "tick: instruction 2: 'due soonish': cannot read the date 'soonish'\n", "\(given.stdout)\(given.stderr)")
        let none = try TickProcess.run(["query", "Work/projects.md"], in: folder.url)
        #expect(none.status == 0 && none.stderr == "tick: note: no ```tasks block or Dataview TASK query in Work/projects.md\n", "\(none.stderr)")
        let usage = try TickProcess.run(["query"], in: folder.url)
        #expect(usage.status == 2 && usage.stderr.contains("missing"), "\(usage.stderr)")
    }
}
