import Foundation
import Testing

/// Notes are readable: `tick show` prints a task whole, `list --notes` shows notes under rows,
/// and JSON carries them.
@Suite struct ShowTests {
    let example = try! String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)

    func run(_ arguments: [String]) throws -> TickProcess.Result {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", example)
        return try TickProcess.run(arguments, in: folder.url)
    }

    @Test func showPrintsTheTaskWhole() throws {
        let shown = try run(["show", "17", "5"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == """
            TODO.md:17  [ ] Write the quarterly report  in 9 days
              group       Work
              status      todo
              due         2026-12-01
              notes       - Draft is in docs/q4.md; ask Sam for the numbers.

            TODO.md:5  [/] Paint the fence @weekend  1/2
              group       Home
              status      doing
              tags        @weekend
              subtasks
                6  [ ] Buy primer  today
                7  [x] Sand the boards

            """)
        let json = try run(["show", "--json", "quarterly"]).stdout
        #expect(json.contains("\"notes\":[\"- Draft is in docs/q4.md; ask Sam for the numbers.\"]"), "\(json)")
        let missing = try run(["show"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("tick: missing task reference"))
    }

    /// Dependencies in each dialect: `show` names each task waited for with its line and
    /// status, and JSON carries the ids. Obsidian's list may have spaces around its commas.
    @Test func showSaysWhatATaskWaitsFor() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] Buy paint 🆔 paint\n- [x] Measure id:wall\n- [ ] Paint ⛔ paint , wall, gone 📅 2026-12-01\n- [ ] Hang [dependsOn:: wall]\n")
        let shown = try TickProcess.run(["show", "3", "4"], in: folder.url)
        #expect(shown.stdout == """
            TODO.md:3  [ ] Paint ⛔ paint , wall, gone  in 9 days
              status      todo
              due         2026-12-01
              waits for   paint (line 1, todo)
                          wall (line 2, done)
                          gone (no task in this file has this id)

            TODO.md:4  [ ] Hang [dependsOn:: wall]
              status      todo
              waits for   wall (line 2, done)

            """, "\(shown.stderr)")
        let json = try TickProcess.run(["list", "--all", "--json"], in: folder.url).stdout
        #expect(json.contains("\"id\":\"paint\",\"dependsOn\":[]"), "\(json)")
        #expect(json.contains("\"id\":null,\"dependsOn\":[\"paint\",\"wall\",\"gone\"]"), "\(json)")
        // Read to the end of the text, the list is a field: lint has nothing to say.
        #expect(try TickProcess.run(["lint", "TODO.md"], in: folder.url).status == 0)
    }

    /// A note that would read as another block is written with a backslash (GitHub hides it),
    /// and shown as GitHub shows it: without.
    @Test func notesShowAsGitHubShowsThem() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] a\n")
        for note in ["- [ ] not a task", "1. first", "# hash", "plain \\* star"] {
            #expect(try TickProcess.run(["note", "-f", "TODO.md", "1", note], in: folder.url).status == 0)
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8)
                == "- [ ] a\n  - \\- [ ] not a task\n  - 1\\. first\n  - \\# hash\n  - plain \\* star\n")
        let rows = try TickProcess.run(["list", "--notes"], in: folder.url).stdout
        #expect(rows == "  1  [ ] a\n         - - [ ] not a task\n         - 1. first\n         - # hash\n         - plain \\* star\n", "\(rows)")
        let json = try TickProcess.run(["list", "--json"], in: folder.url).stdout
        #expect(json.contains("\"notes\":[\"- - [ ] not a task\",\"- 1. first\",\"- # hash\",\"- plain \\\\* star\"]"), "\(json)")
    }

    @Test func listShowsNotesWhenAsked() throws {
        let rows = try run(["list", "-g", "work", "--notes"]).stdout
        #expect(rows.hasSuffix("  17  [ ] Write the quarterly report  in 9 days\n          - Draft is in docs/q4.md; ask Sam for the numbers.\n"), "\(rows)")
        #expect(!(try run(["list", "-g", "work"]).stdout.contains("Draft")))
    }
}
