import Foundation
import Testing
import TickCore

/// The documentation a user learns tick from, checked against the real binary: every command's
/// help, the man pages, the README's examples, and the shell completions.
@Suite struct DocumentationTests {
    static let root = TickProcess.packageRoot

    /// Command names as `tick --help` lists them.
    static func commandNames() throws -> [String] {
        let overview = try TickProcess.run(["--help"]).stdout
        let listing = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        return listing.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    }

    /// Long options (`--name`) a help text lists.
    static func longOptions(inHelp help: String) -> [String] {
        help.components(separatedBy: "Options:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            }
    }

    @Test func everyCommandHasHelpWithUsageOptionsAndExamples() throws {
        let names = try Self.commandNames()
        #expect(names.count >= 25)
        for name in names {
            let help = try TickProcess.run([name, "--help"])
            #expect(help.status == 0, "\(name) --help")
            #expect(help.stdout.contains("\nUsage: tick \(name)"), "\(name): usage line")
            #expect(help.stdout.contains("\nOptions:\n") && help.stdout.contains("-h, --help"), "\(name): options")
            #expect(help.stdout.contains("\nExamples:\n  tick \(name)") || help.stdout.contains("\nExamples:\n  source <(tick \(name)"),
                    "\(name): examples")
            #expect(try TickProcess.run(["help", name]).stdout == help.stdout, "tick help \(name)")
            #expect(try TickProcess.run([name, "-h"]).stdout == help.stdout, "\(name) -h")
        }
        let version = try TickProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("tick 0."))
        // Built from this checkout (a clone: its HEAD in .git/), it names a commit of it.
        if FileManager.default.fileExists(atPath: TickProcess.packageRoot.appendingPathComponent(".git/HEAD").path) {
            let named = version.stdout.split(separator: "(").last.map { $0.dropLast(2) } ?? ""
            #expect(named.count == 12 && version.stdout.hasSuffix(")\n"), "\(version.stdout)")
            let known = try TickProcess.run([], in: TickProcess.packageRoot, executable: URL(fileURLWithPath: "/usr/bin/env"),
                                            arguments: ["git", "cat-file", "-e", "\(named)^{commit}"])
            #expect(known.status == 0, "\(version.stdout) names no commit of the repository: \(known.stderr)")
        }
        #expect(try TickProcess.run(["-V"]).stdout == version.stdout)
        let extra = try TickProcess.run(["--version", "list"])
        #expect(extra.status == 2 && extra.stdout.isEmpty && extra.stderr.hasPrefix("tick: "), "\(extra.stderr)")
        let overview = try TickProcess.run([]).stdout
        for arguments in [["help", "--help"], ["help", "-h"]] {
            let shown = try TickProcess.run(arguments)
            #expect(shown.status == 0 && shown.stdout == overview, "\(arguments): \(shown.stderr)")
        }
        let unknownHelp = try TickProcess.run(["help", "dne"])
        #expect(unknownHelp.status == 2 && unknownHelp.stderr.hasPrefix("tick: unknown command 'dne'; did you mean 'done'?"))
    }

    @Test func optionsParseTheGNUWay() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("t.md", "# A\n\n- [ ] -dash task\n- [x] * done one\n")
        let expected = try TickProcess.run(["list", "--all", "--important", "--file", file.path]).stdout
        #expect(expected.contains("done one"))
        for arguments in [["list", "-ai", "-f", file.path], ["list", "-aif", file.path], ["list", "-ai", "--file=\(file.path)"],
                          ["list", "-f\(file.path)", "-a", "-i"], ["list", "-f", file.path, "-ia"]] {
            #expect(try TickProcess.run(arguments).stdout == expected, "\(arguments)")
        }
        // `--` ends options: a word that starts with a dash is searched for, not parsed.
        let dash = try TickProcess.run(["list", "-f", file.path, "--", "-dash"])
        #expect(dash.status == 0 && dash.stdout.contains("-dash task") && !dash.stdout.contains("done one"))
        let wrong = try TickProcess.run(["list", "-f", file.path, "--al"])
        #expect(wrong.status == 2 && wrong.stderr == "tick: unknown option '--al'; did you mean '--all'? (see 'tick list --help')\n")
        let missing = try TickProcess.run(["list", "-f"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("tick: option '-f' needs a value"))
        let flagValue = try TickProcess.run(["list", "--json=yes", "-f", file.path])
        #expect(flagValue.status == 2 && flagValue.stderr.hasPrefix("tick: option '--json' takes no value"))
    }

    /// Runs mandoc (installed by .ci/run) and returns what it printed on both streams.
    static func mandoc(_ arguments: [String]) throws -> String {
        let result = try TickProcess.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/mandoc"))
        return result.stdout + result.stderr
    }

    /// A man page rendered as plain text: overstrike (bold, underline) removed.
    static func rendered(_ page: String) throws -> String {
        let output = try mandoc(["-Tutf8", root.appendingPathComponent("man/\(page)").path])
        var text = ""
        for character in output {
            // `X\bX` is bold X and `_\bX` underlined X: keep only the character after the backspace.
            if character == "\u{8}" { text.removeLast(); continue }
            text.append(character)
        }
        return text.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
    }

    /// Every example in tick(1) as the page renders it (`$ tick ...`) runs as shown: no usage
    /// error, no failure. Pipes to other programs are left out.
    @Test func renderedExamplesRun() throws {
        let manual = try Self.rendered("tick.1")
        let examples = manual.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("$ tick ") }
        #expect(examples.count >= 10, "tick(1) has its EXAMPLES")
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let example = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
        for path in ["TODO.md", "notes/todo.md", "docs/ROADMAP.md"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try folder.write(path, example)
        }
        try folder.write("Dashboard.md", "# Dashboard\n\n```tasks\nnot done\ndue before tomorrow\n```\n")
        let bin = TickProcess.binary.deletingLastPathComponent().path
        for example in examples {
            let command = String(example.dropFirst(2).split(separator: "|", maxSplits: 1)[0])
            let result = try TickProcess.run(["sh", "-c", command], in: folder.url,
                                             environment: ["PATH": bin + ":/usr/bin:/bin", "HOME": folder.url.path,
                                                           "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path],
                                             executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(result.status == 0 || result.status == 1 && command.contains("lint"), "tick(1): \(example): \(result.stderr)")
        }
    }

    @Test func manPagesLintCleanAndDocumentEveryCommandAndOption() throws {
        for page in ["tick.1", "tick.5"] {
            let lint = try Self.mandoc(["-Tlint", "-W", "warning", Self.root.appendingPathComponent("man/\(page)").path])
            #expect(lint.isEmpty, "mandoc -Tlint \(page): \(lint)")
        }
        let manual = try Self.rendered("tick.1")
        for section in ["SYNOPSIS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(manual.contains("\n\(section)\n"), "tick.1 has \(section)")
        }
        for variable in ["TICK_FILE", "TICK_TODAY", "NO_COLOR", "TICK_JOBS", "XDG_STATE_HOME"] {
            #expect(manual.contains(variable), "tick.1 documents \(variable)")
        }
        for name in try Self.commandNames() {
            #expect(manual.contains("\n     \(name)") || manual.contains(", \(name) "), "tick.1 documents the command \(name)")
            let help = try TickProcess.run([name, "--help"]).stdout
            for option in Self.longOptions(inHelp: help) where option != "--help" {
                #expect(manual.contains(option), "tick.1 documents \(name) \(option)")
            }
        }
        let format = try Self.rendered("tick.5")
        for rule in LintRule.allCases.map(\.rawValue) {
            #expect(format.contains(rule), "tick.5 lists the rule \(rule)")
        }
    }

    /// Every fenced block in the README that starts with `$ tick` is a transcript: each command
    /// is run (in order, in a scratch folder holding the example as `TODO.md` and under
    /// `Fixtures/example/`) and must print exactly what the README shows.
    @Test func readmeTranscriptsAreTrue() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let folder = try TemporaryDirectory()
        let example = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
        try folder.write("TODO.md", example)
        // Every bundled example, where the README names them.
        for name in try FileManager.default.contentsOfDirectory(atPath: TickProcess.fixtures.appendingPathComponent("example").path) {
            try folder.write("Fixtures/example/\(name)", String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/\(name)"), encoding: .utf8))
        }
        var checked = 0
        for block in Self.fencedBlocks(readme) where block.hasPrefix("$ tick") {
            for step in block.components(separatedBy: "\n$ ").map({ $0.hasPrefix("$ ") ? String($0.dropFirst(2)) : $0 }) {
                let lines = step.split(separator: "\n", omittingEmptySubsequences: false)
                let command = String(lines[0])
                let expected = lines.dropFirst().map { $0 + "\n" }.joined()
                let result = try TickProcess.run(["-c", command + " 2>&1"], in: folder.url, environment: [
                    "PATH": TickProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
                    "NO_COLOR": "1", "COLUMNS": "80", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
                ], executable: URL(fileURLWithPath: "/bin/sh"))
                #expect(result.stdout == expected, "README: $ \(command)")
                checked += 1
            }
        }
        #expect(checked >= 15)
    }

    /// The contents of each fenced code block, without its fences.
    static func fencedBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let body = current { blocks.append(body.joined(separator: "\n")); current = nil } else { current = [] }
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func bashCompletionCompletesCommandsOptionsGroupsAndChoices() throws {
        let folder = try TemporaryDirectory()
        let script = try TickProcess.run(["completions", "bash"]).stdout
        try folder.write("tick.bash", script)
        try folder.write("TODO.md", "# Home\n\n## Garden Shed\n\n- [ ] a\n\n# Work\n")
        try folder.write("other.md", "# Elsewhere\n")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
            source ./tick.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _tick
            printf '%s\\n' "${COMPREPLY[@]}"
            """
            let result = try TickProcess.run(["-c", program], in: folder.url, environment: [
                "PATH": TickProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
            ], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.stderr.isEmpty, "\(words): \(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["tick", "do"]) == ["done"])
        #expect(try complete(["tick", "comp"]) == ["completed", "completions"])
        #expect(try complete(["tick", "list", "--js"]) == ["--json"])
        #expect(try complete(["tick", "fmt", "--e"]) == ["--eol"])
        #expect(try complete(["tick", "add", "-g", ""]) == ["Home", "Home/Garden Shed", "Work"])
        #expect(try complete(["tick", "move", "3", "--to", "W"]) == ["Work"])
        #expect(try complete(["tick", "add", "-f", "other.md", "-g", ""]) == ["Elsewhere"])
        #expect(try complete(["tick", "lint", "--format", "g"]) == ["github"])
        #expect(try complete(["tick", "lint", "--disable", "overd"]) == ["overdue"])
        #expect(try complete(["tick", "list", "--sort", "d"]) == ["due"])
        #expect(try complete(["tick", "list", "-f", "oth"]) == ["other.md"])
        #expect(try complete(["tick", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try complete(["tick", "help", "gr"]) == ["groups", "group"])
    }

    @Test func zshAndFishCompletionsParseAndFishCompletes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Home\n\n# Work\n")
        for (shell, path) in [("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                Issue.record("\(shell) is not installed (.ci/run installs it)")
                continue
            }
            let script = try folder.write("tick.\(shell)", try TickProcess.run(["completions", shell]).stdout)
            let syntax = try TickProcess.run(["-n", script.path], executable: URL(fileURLWithPath: path))
            #expect(syntax.status == 0 && syntax.stderr.isEmpty, "\(shell) -n: \(syntax.stderr)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
        let completed = try TickProcess.run(["-c", "source tick.fish; complete -C 'tick add -g '; complete -C 'tick do'"],
                                            in: folder.url, environment: [
                                                "PATH": TickProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
                                            ], executable: URL(fileURLWithPath: "/usr/bin/fish"))
        let words = completed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(words == ["Home", "Work", "done"])
    }
}
