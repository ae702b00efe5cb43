import Foundation
import Testing

@Suite struct FmtLintCommandTests {
    let messy = "Title\n=====\n* [X] done   \n* [ ] open\n\n\n\n- [ ] last"

    @Test func fmtCheckDiffWriteAndStdin() throws {
        let folder = try TemporaryDirectory()
        try folder.write("notes/a.md", messy)
        try folder.write("notes/b.md", "# Clean\n\n- [ ] ok\n")
        let check = try TickProcess.run(["fmt", "--check", "notes"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.stdout == "notes/a.md\n")
        let diff = try TickProcess.run(["fmt", "--diff", "notes/a.md"], in: folder.url)
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("-* [X] done   \n+* [x] done\n"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("notes/a.md"), encoding: .utf8) == messy, "check and diff write nothing")

        let write = try TickProcess.run(["fmt", "notes"], in: folder.url)
        // Each file rewritten is said on standard error; with -q nothing is.
        #expect(write.status == 0 && write.stdout.isEmpty && write.stderr == "tick: note: notes/a.md: formatted\n", "\(write.stderr)")
        try folder.write("notes/a.md", messy)
        let quiet = try TickProcess.run(["fmt", "-q", "notes"], in: folder.url)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let formatted = try String(contentsOf: folder.url.appendingPathComponent("notes/a.md"), encoding: .utf8)
        // The '*' list keeps its bullets: as '-' it would merge with the '-' list after it.
        #expect(formatted == "# Title\n\n* [x] done\n* [ ] open\n\n- [ ] last\n")
        #expect(try TickProcess.run(["fmt", "--check", "notes"], in: folder.url).status == 0)

        let stdin = try TickProcess.run(["fmt", "-"], stdin: messy)
        #expect(stdin.status == 0 && stdin.stdout == formatted)
        let crlf = try TickProcess.run(["fmt", "--eol", "crlf", "-"], stdin: messy)
        #expect(crlf.stdout == formatted.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(try TickProcess.run(["fmt", "--eol", "cr", "-"], stdin: messy).status == 2)
    }

    /// The diffs of `fmt --diff` and `--dry-run` apply with patch(1) and give exactly what tick
    /// writes, also when the file has no final newline (marked as diff -u marks it), and when
    /// lines end with a lone CR (patch splits lines at line feeds only).
    @Test(arguments: [["fmt", "--diff", "TODO.md"], ["add", "--dry-run", "-g", "A", "zzz"], ["done", "--dry-run", "y"]],
          ["A\n=\n\n- [ ] x  \n- [ ] y", "A\r=\r\r- [ ] x  \r- [ ] y", "# A\r\n\n- [ ] x  \r- [ ] y\n", "# A\n- [ ] x\r\r- [ ] y\r"])
    func diffsApplyWithPatch(_ command: [String], _ original: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", original)
        let diff = try TickProcess.run(command, in: folder.url)
        #expect(diff.stdout.contains("\\ No newline at end of file\n") == !original.hasSuffix("\n"))
        try folder.write("patched.md", original)
        try folder.write("change.patch", diff.stdout)
        let patch = try TickProcess.run(["-s", "patched.md", "change.patch"], in: folder.url,
                                        executable: URL(fileURLWithPath: "/usr/bin/patch"))
        #expect(patch.status == 0, "\(patch.stdout)\(patch.stderr)")
        let written = try TickProcess.run(command.filter { $0 != "--diff" && $0 != "--dry-run" }, in: folder.url, environment: [
            "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ])
        #expect(written.status == 0)
        #expect(FileManager.default.contents(atPath: folder.url.appendingPathComponent("patched.md").path)
                == FileManager.default.contents(atPath: folder.url.appendingPathComponent("TODO.md").path))
    }

    @Test func fmtUsesBothWorkersAndReportsBadFiles() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<40 { try folder.write("many/\(index).md", messy) }
        try folder.write("many/zz-binary.md", "- [ ] a\0b\n")
        let result = try TickProcess.run(["fmt", "-q", "many"], in: folder.url, environment: ["TICK_JOBS": "2"])
        #expect(result.status == 2)
        #expect(result.stderr == "tick: many/zz-binary.md: contains NUL bytes; tick edits text files only\n")
        for index in 0..<40 {
            let text = try String(contentsOf: folder.url.appendingPathComponent("many/\(index).md"), encoding: .utf8)
            #expect(text.hasPrefix("# Title\n"))
        }
    }

    @Test func lintFormatsAndExitStatuses() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n\n- [ ] late due:2026-11-01\n")
        let warning = try TickProcess.run(["lint"], in: folder.url)
        #expect(warning.status == 0, "warnings alone pass")
        #expect(warning.stdout == "TODO.md:3:7: warning: overdue by 21 days (due 2026-11-01) [overdue]\n")
        #expect(warning.stderr == "1 warning in 1 file\n")
        #expect(try TickProcess.run(["lint", "--strict"], in: folder.url).status == 1)
        #expect(try TickProcess.run(["lint", "--strict", "--disable", "overdue"], in: folder.url).status == 0)
        let github = try TickProcess.run(["lint", "--format", "github"], in: folder.url)
        #expect(github.stdout == "::warning file=TODO.md,line=3,col=7,title=overdue::overdue by 21 days (due 2026-11-01)\n")
        let json = try TickProcess.run(["lint", "--format=json"], in: folder.url)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["rule"] as? String == "overdue")
        // --json, as every command takes it.
        #expect(try TickProcess.run(["lint", "--json"], in: folder.url).stdout == json.stdout)

        try folder.write("TODO.md", "# A\n\n- [ ] bad due:2026-02-30\n")
        let error = try TickProcess.run(["lint"], in: folder.url)
        #expect(error.status == 1)
        #expect(error.stdout.contains("error: 'due:2026-02-30' is not a date"))

        try folder.write(".tick.toml", "[lint]\ninvalid-date = \"warning\"\n")
        #expect(try TickProcess.run(["lint"], in: folder.url).status == 0, "the config file lowers the severity")
        try folder.write(".tick.toml", "[lint]\ninvalid-date = loud\n")
        let badConfig = try TickProcess.run(["lint"], in: folder.url)
        #expect(badConfig.status == 2)
        #expect(badConfig.stderr == "tick: .tick.toml:2: 'loud' is not a severity; use off, info, warning or error\n")

        #expect(try TickProcess.run(["lint", "missing.md"], in: folder.url).status == 2)
        #expect(try TickProcess.run(["lint", "--enable", "nope"], in: folder.url).status == 2)
        #expect(try TickProcess.run(["lint", "--format", "xml"], in: folder.url).status == 2)
    }

    @Test func lintFixFormatsAndReportsTheRest() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n- [ ] trailing   \n- [ ] bad due:2026-13-01")
        let result = try TickProcess.run(["lint", "--fix"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "TODO.md:4:11: error: 'due:2026-13-01' is not a date; there is no month 13 [invalid-date]\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8)
                == "# A\n\n- [ ] trailing\n- [ ] bad due:2026-13-01\n")
        // It says what it changed, and only when it changed something.
        #expect(result.stderr == "tick: note: TODO.md: formatted, which fixed 1 trailing-whitespace, 1 missing-final-newline\n1 error in 1 file\n",
                "\(result.stderr)")
        let again = try TickProcess.run(["lint", "--fix"], in: folder.url)
        #expect(again.status == 1 && again.stderr == "1 error in 1 file\n", "\(again.stderr)")
    }
}
