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

            TODO.md:5  [/] Paint the fence @weekend
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

    @Test func listShowsNotesWhenAsked() throws {
        let rows = try run(["list", "-g", "work", "--notes"]).stdout
        #expect(rows.hasSuffix("  17  [ ] Write the quarterly report  in 9 days\n          - Draft is in docs/q4.md; ask Sam for the numbers.\n"), "\(rows)")
        #expect(!(try run(["list", "-g", "work"]).stdout.contains("Draft")))
    }
}
