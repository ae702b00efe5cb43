import TickCore

/// `tick git setup`: registers `tick merge` as the repository's merge driver for task files.
enum GitCommand: Command {
    static let name = "git"
    static let summary = "Set up git to merge task files task by task (tick git setup)."
    static let usage = "tick git setup [--pattern GLOB] [--print]"
    static let options = [
        OptionSpec("pattern", value: "GLOB", help: "The files the driver merges, as .gitattributes names them (default: TODO.md; '*.md' for every Markdown file)."),
        OptionSpec("print", help: "Print the lines to add by hand; change nothing."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick git setup", "Merge TODO.md (in any folder) with tick merge in this repository."),
        ("tick git setup --pattern '*.md'", "Every Markdown file."),
        ("tick git setup --print", "Show the git config and .gitattributes lines instead."),
    ]

    /// The driver git runs, `program` being how it finds tick.
    /// The conflict labels (%X, %Y) are git's from 2.44 on: their branches' names.
    static func driver(_ program: String) -> String { "\(program) merge -L %L -P %P -X %X -Y %Y %O %A %B" }

    /// How git will find tick: `tick` when the `tick` on PATH is this binary, else this binary's
    /// own path (quoted for the shell git runs the driver with). A driver git cannot start
    /// fails, and git then leaves the file as it was on this branch, the other's edits gone
    /// with no conflict marked: that must not happen because tick was run by its path.
    static func program() -> (name: String, onPath: Bool) {
        let running = Syscalls.readLink("/proc/self/exe").flatMap(Syscalls.realPath)
        for folder in (Syscalls.environment("PATH") ?? "").split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(folder) + "/tick"
            guard Syscalls.isExecutable(candidate) else { continue }
            if running == nil || Syscalls.realPath(candidate) == running { return ("tick", true) }
            break
        }
        guard let running else { return ("tick", false) }
        let plain = running.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
        return (plain ? running : "'" + running.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'", false)
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard let action = arguments.operands.first else { throw TickError.usage(.missingOperand("setup"), command: name) }
        guard action == "setup" else {
            throw TickError.usage(.unknownCommand("git \(action)", suggestion: "git setup"), command: name)
        }
        if arguments.operands.count > 1 { throw TickError.usage(.unexpectedOperand(arguments.operands[1]), command: name) }
        let pattern = try EditSession.text(arguments.value("pattern") ?? "TODO.md")
        guard !pattern.isEmpty, !pattern.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw TickError.usage(.invalidValue(option: "--pattern", value: pattern, expected: "a .gitattributes pattern without spaces"), command: name)
        }
        let attribute = "\(pattern) merge=tick"
        let (program, onPath) = Self.program()
        let driver = Self.driver(program)
        if arguments.flag("print") {
            context.stdout.write("""
                git config merge.tick.name 'tick: task files merged task by task'
                git config merge.tick.driver '\(driver)'
                echo '\(attribute)' >> .gitattributes

                """)
            return 0
        }
        let top = try Git.topLevel()
        _ = try Git.checked(["config", "merge.tick.name", "tick: task files merged task by task"])
        _ = try Git.checked(["config", "merge.tick.driver", driver])
        let attributes = top + "/.gitattributes"
        var added = false
        try FileCreator.creatingIfMissing(attributes) { _ throws(TickError) in
            _ = try AtomicFile.update(attributes, lockTimeout: context.environment.lockTimeout) { bytes throws(TickError) in
                let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                if lines.contains(where: { $0.split(separator: " ").map(String.init) == [pattern, "merge=tick"] }) { return nil }
                added = true
                var result = bytes
                if let last = result.last, last != 0x0A { result.append(0x0A) }
                return result + Array((attribute + "\n").utf8)
            }
        }
        context.stdout.write("git config: merge.tick.driver = \(driver)\n")
        if !onPath {
            context.stdout.write("The driver names this binary by its path: the 'tick' on PATH is another program or there is none, and git must be able to start the driver (run 'tick git setup' again if tick moves).\n")
        }
        context.stdout.write(added ? ".gitattributes: added '\(attribute)'; commit it so that every clone merges \(pattern) this way\n"
                                   : ".gitattributes: '\(attribute)' is there already\n")
        context.stdout.write("Each clone runs 'tick git setup' once: git keeps drivers in .git/config, which is not shared.\n")
        return 0
    }
}
