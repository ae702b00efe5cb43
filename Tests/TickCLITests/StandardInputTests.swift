import Foundation
import Testing

/// `-` is standard input for every command that reads files, named in output by
/// `--stdin-filename`; no edit writes it.
@Suite struct StandardInputTests {
    let text = "# A\n- [ ] x due:2026-13-01\n*  [ ] y   \n"

    func run(_ arguments: [String]) throws -> TickProcess.Result {
        let folder = try TemporaryDirectory()
        return try TickProcess.run(arguments, in: folder.url, stdin: text)
    }

    @Test func viewsReadIt() throws {
        #expect(try run(["list", "-"]).stdout == "A\n  2  [ ] x due:2026-13-01\n  3  [ ] y\n")
        let json = try run(["list", "--json", "--stdin-filename", "notes/a.md", "-"]).stdout
        #expect(json.contains("{\"file\":\"notes/a.md\",\"line\":2,"), "\(json)")
        #expect(try run(["progress", "-"]).stdout.hasPrefix("A      0/2    0%"))
        #expect(try run(["board", "-f", "-"]).status == 0)
        let twice = try run(["list", "-", "-"])
        #expect(twice.status == 2 && twice.stderr.contains("named twice"))
    }

    @Test func lintAndFmtCheckIt() throws {
        let lint = try run(["lint", "--stdin-filename", "a.md", "-"])
        #expect(lint.status == 1 && lint.stdout.hasPrefix("a.md:2:9: error: 'due:2026-13-01' is not a date"), "\(lint.stdout)")
        #expect(try run(["lint", "-"]).stdout.hasPrefix("-:2:9: error:"))
        let check = try run(["fmt", "--check", "-"])
        #expect(check.status == 1 && check.stdout == "-\n")
        let diff = try run(["fmt", "--diff", "--stdin-filename", "a.md", "-"])
        #expect(diff.status == 1 && diff.stdout.hasPrefix("--- a/a.md\n+++ b/a.md\n"), "\(diff.stdout)")
        // A name is shown as a file's would be: its control characters escaped, never sent
        // to the terminal, and on one line.
        #expect(try run(["fmt", "--check", "--stdin-filename", "\u{1B}[31mred\nb", "-"]).stdout == "\\x1b[31mred\\nb\n")
        #expect(try run(["fmt", "-"]).stdout == "# A\n\n- [ ] x due:2026-13-01\n* [ ] y\n")
        // As a file of it would be, text with a NUL byte is refused, under its given name.
        let folder = try TemporaryDirectory()
        let nul = try TickProcess.run(["fmt", "--stdin-filename", "a.md", "-"], in: folder.url, stdin: "# A\n+ [ ] b\u{0}\n")
        #expect(nul.status == 2 && nul.stdout.isEmpty && nul.stderr == "tick: a.md: contains NUL bytes; tick edits text files only\n", "\(nul.stderr)")
        let fix = try run(["lint", "--fix", "-"])
        #expect(fix.status == 2 && fix.stderr == "tick: lint --fix cannot fix standard input in place; tick fmt - prints it formatted\n")
    }

    @Test func editsRefuseIt() throws {
        for arguments in [["done", "-f", "-", "x"], ["add", "-f", "-", "y"]] {
            let result = try run(arguments)
            #expect(result.status == 2 && result.stderr.hasPrefix("tick: standard input (-) cannot be edited"), "\(arguments): \(result.stderr)")
        }
    }
}
