#if canImport(Glibc)
import Glibc
#endif
import TickCore

/// `tick git setup`: registers `tick merge` as the repository's merge driver for task files;
/// `--check` tells whether git can start the driver it has.
enum GitCommand: Command {
    static let name = "git"
    static let summary = "Set up git to merge task files task by task (tick git setup)."
    static let usage = "tick git setup [--pattern GLOB] [--print | --check]"
    static let options = [
        OptionSpec("pattern", value: "GLOB", help: "The files the driver merges, as .gitattributes names them (default: TODO.md; '*.md' for every Markdown file)."),
        OptionSpec("print", help: "Print the lines to add by hand; change nothing."),
        OptionSpec("check", help: "Check that git can start the configured driver and that .gitattributes names it; change nothing."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick git setup", "Merge TODO.md (in any folder) with tick merge in this repository."),
        ("tick git setup --pattern '*.md'", "Every Markdown file."),
        ("tick git setup --check", "Say whether merges of task files will go through tick (exit 1 if not)."),
    ]

    /// The driver git runs: this binary by its absolute path (a GUI client or a hook runs git
    /// with another PATH), its conflict labels (%X, %Y) git's from 2.44 on. A driver git cannot
    /// start would leave the file as on this branch with no conflict marked, the other side's
    /// edits gone: when the binary cannot run (moved, removed: any exit but 0 and 1), the
    /// driver says so and merges with `git merge-file`, which marks every conflict.
    static func driver(_ program: String) -> String {
        let run = "\(program) merge -L %L -P %P -X %X -Y %Y %O %A %B"
        return "\(run) || { s=$?; [ $s -eq 1 ] && exit 1; echo \"tick merge driver: \"\(program)\" did not run (exit $s); merged line by line\" >&2; git merge-file --marker-size=%L -L ours -L base -L theirs %A %O %B; exit 1; }"
    }

    /// This binary's absolute path, quoted for the shell git runs the driver with.
    static func program() throws(TickError) -> String {
        guard let running = Syscalls.readLink("/proc/self/exe").flatMap(Syscalls.realPath) else {
            throw .refused("cannot tell where this tick binary is (/proc/self/exe); add the driver by hand with --print")
        }
        return ShellWord.quoted(running)
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard let action = arguments.operands.first else { throw TickError.usage(.missingOperand("setup"), command: name) }
        guard action == "setup" else {
            throw TickError.usage(.unknownCommand("git \(action)", suggestion: "git setup"), command: name)
        }
        if arguments.operands.count > 1 { throw TickError.usage(.unexpectedOperand(arguments.operands[1]), command: name) }
        if arguments.flag("check"), arguments.flag("print") { throw TickError.usage(.unexpectedOperand("--print"), command: name) }
        if arguments.flag("check") { return try check(context: &context) }
        let pattern = try EditSession.text(arguments.value("pattern") ?? "TODO.md")
        guard !pattern.isEmpty, !pattern.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw TickError.usage(.invalidValue(option: "--pattern", value: pattern, expected: "a .gitattributes pattern without spaces"), command: name)
        }
        // git reads a line that starts with '#' as a comment, and refuses negative patterns.
        guard !pattern.hasPrefix("#"), !pattern.hasPrefix("!") else {
            throw TickError.usage(.invalidValue(option: "--pattern", value: pattern, expected: "a pattern that does not start with '#' (a comment to git) or '!' (which .gitattributes does not allow)"), command: name)
        }
        let attribute = "\(pattern) merge=tick"
        let driver = Self.driver(try Self.program())
        if arguments.flag("print") {
            context.stdout.write("""
                git config merge.tick.name 'tick: task files merged task by task'
                git config merge.tick.driver \(ShellWord.quoted(driver))
                echo '\(attribute)' >> .gitattributes

                """)
            return 0
        }
        let top = try Git.topLevel()
        let attributes = try attributesFile(top)
        _ = try Git.checked(["config", "merge.tick.name", "tick: task files merged task by task"])
        _ = try Git.checked(["config", "merge.tick.driver", driver])
        var added = false
        try FileCreator.creatingIfMissing(attributes) { _ throws(TickError) in
            _ = try AtomicFile.update(attributes, lockTimeout: context.environment.lockTimeout) { bytes throws(TickError) in
                if attributeLines(bytes).contains(where: { $0 == [pattern, "merge=tick"] }) { return nil }
                added = true
                var result = bytes
                if let last = result.last, last != 0x0A { result.append(0x0A) }
                return result + Array((attribute + "\n").utf8)
            }
        }
        context.stdout.write("git config: merge.tick.driver runs \(try Self.program()) (by its path: git may run with another PATH)\n")
        context.stdout.write(added ? ".gitattributes: added '\(attribute)'; commit it so that every clone merges \(pattern) this way\n"
                                   : ".gitattributes: '\(attribute)' is there already\n")
        context.stdout.write("Each clone runs 'tick git setup' once: git keeps drivers in .git/config, which is not shared. 'tick git setup --check' tells whether it is set up.\n")
        return 0
    }

    /// The repository's `.gitattributes`, refused when it is a link that leads out of the
    /// repository (a cloned repository can hold one pointing at the user's own files).
    static func attributesFile(_ top: String) throws(TickError) -> String {
        let path = top + "/.gitattributes"
        guard let link = Syscalls.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK else { return path }
        let target = Syscalls.realPath(path)
        guard let target, let realTop = Syscalls.realPath(top), target.hasPrefix(realTop + "/") else {
            throw .refused("\(PathBytes.display(path)) is a link to \(target.map(PathBytes.display) ?? "a missing file") outside the repository; tick git setup writes nothing through it")
        }
        return path
    }

    /// Each line of a `.gitattributes` as its words.
    static func attributeLines(_ bytes: [UInt8]) -> [[String]] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
    }

    /// `--check`: the driver git has, whether the program it names starts, and which patterns
    /// `.gitattributes` sends to it. Exit 0 when merges of task files go through tick, 1 if not.
    static func check(context: inout CommandContext) throws(TickError) -> Int32 {
        let top = try Git.topLevel()
        var problems: [String] = []
        let configured = String(try Git.run(["config", "--get", "merge.tick.driver"]).text.split(separator: "\n").first ?? "")
        if configured.isEmpty {
            problems.append("git has no merge.tick.driver in this clone: run 'tick git setup'")
        } else {
            context.stdout.write("merge.tick.driver: \(configured)\n")
            let program = Self.programNamed(in: configured)
            if let program, program.hasPrefix("/") {
                if !Syscalls.isExecutable(program) {
                    problems.append("the driver runs \(program), which is missing or not executable: run 'tick git setup' again")
                }
            } else if let program {
                problems.append("the driver runs '\(program)' by name, which git finds only on its own PATH (a GUI client's or a hook's may not have it): run 'tick git setup' again")
            }
            if !configured.contains("%A") || !configured.contains("%B") || !configured.contains("%O") {
                problems.append("the driver does not pass %O %A %B: run 'tick git setup' again")
            }
        }
        let attributes = top + "/.gitattributes"
        let patterns = (try? FileReader.read(attributes)).map { attributeLines($0).filter { $0.count >= 2 && $0.dropFirst().contains("merge=tick") }.map { $0[0] } } ?? []
        if patterns.isEmpty {
            problems.append(".gitattributes names no file 'merge=tick': run 'tick git setup' (or add 'TODO.md merge=tick')")
        } else {
            context.stdout.write(".gitattributes: \(patterns.joined(separator: ", ")) merged by tick\n")
            // What git itself makes of the files: a later line or a folder's own .gitattributes
            // may give them another driver (merge=union, -merge).
            var files: [String] = []
            for pattern in patterns {
                if !pattern.contains(where: { "*?[".contains($0) }) { files.append(pattern) }
                let listed = try Git.run(["ls-files", "-z", "--", pattern], in: top).stdout.split(separator: 0).map { PathBytes.string(from: $0) }
                files += listed.prefix(200)
            }
            let answer = try Git.run(["check-attr", "-z", "merge", "--"] + Array(Set(files)).sorted().prefix(400), in: top).stdout
                .split(separator: 0, omittingEmptySubsequences: false).map { PathBytes.string(from: $0) }
            var others: [String] = []
            var index = 0
            while index + 2 < answer.count {
                if answer[index + 2] != "tick" { others.append("\(PathBytes.display(answer[index])) (merge=\(answer[index + 2]))") }
                index += 3
            }
            if !others.isEmpty {
                problems.append("git merges \(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? " and \(others.count - 3) more" : "") otherwise: "
                                + "a later line or a folder's .gitattributes overrides merge=tick ('git check-attr merge FILE' tells)")
            }
        }
        for problem in problems { context.stderr.write("tick: \(problem)\n") }
        if problems.isEmpty { context.stdout.write("ok: git merges these files with tick\n") }
        return problems.isEmpty ? 0 : 1
    }

    /// The program a driver command starts: its first word, unquoted.
    static func programNamed(in command: String) -> String? {
        if command.hasPrefix("'") {
            var result = "", rest = command.dropFirst()
            while let quote = rest.firstIndex(of: "'") {
                result += rest[..<quote]
                rest = rest[rest.index(after: quote)...]
                // '\'' continues the word with a quote.
                guard rest.hasPrefix("\\''") else { return result }
                result += "'"
                rest = rest.dropFirst(3)
            }
            return nil
        }
        return command.split(separator: " ").first.map(String.init)
    }
}
