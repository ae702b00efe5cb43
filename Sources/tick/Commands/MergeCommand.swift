import TickCore

/// `tick merge BASE OURS THEIRS`: git's merge driver for task files (`tick git setup`
/// registers it). The result goes into OURS, as git expects; exit 0 when clean, 1 when
/// conflicts are marked, 2 when the merge could not run (git then counts it as a conflict).
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Merge two versions of a task file task by task (git's merge driver)."
    static let usage = "tick merge [-L SIZE] [-P PATH] BASE OURS THEIRS"
    static let options = [
        OptionSpec("marker-size", short: "L", value: "SIZE", help: "Conflict markers this many characters long (git's %L; default 7)."),
        OptionSpec("path", short: "P", value: "PATH", help: "The file's name in the repository (git's %P), for messages."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick merge -L %L -P %P %O %A %B", "The command git runs (merge.tick.driver): the merge is written into %A."),
        ("tick merge base.md mine.md theirs.md", "By hand: merge theirs.md into mine.md (exit 1 when conflicts are marked)."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count >= 3 else {
            throw TickError.usage(.missingOperand(["BASE", "OURS", "THEIRS"].dropFirst(arguments.operands.count).joined(separator: " ")), command: name)
        }
        if arguments.operands.count > 3 { throw TickError.usage(.unexpectedOperand(arguments.operands[3]), command: name) }
        var markerSize = 7
        if let text = arguments.value("marker-size") {
            guard let size = Int(text), (1...100).contains(size) else {
                throw TickError.usage(.invalidValue(option: "--marker-size", value: text, expected: "a number from 1 to 100"), command: name)
            }
            markerSize = size
        }
        let (basePath, oursPath, theirsPath) = (arguments.operands[0], arguments.operands[1], arguments.operands[2])
        let base = context.environment.document(try FileReader.read(basePath))
        let theirs = context.environment.document(try FileReader.read(theirsPath))
        var conflicts = 0
        // Ours is read and replaced in one transaction: nothing else may change it in between.
        _ = try AtomicFile.update(oursPath, lockTimeout: context.environment.lockTimeout) { bytes throws(TickError) in
            let result = TaskMerge.merge(base: base, ours: context.environment.document(bytes), theirs: theirs, markerSize: markerSize)
            conflicts = result.conflicts
            return result.bytes
        }
        if conflicts > 0 {
            let shown = arguments.value("path").map { PathBytes.display($0) } ?? PathBytes.display(oursPath)
            context.stderr.write("tick: \(shown): \(conflicts) conflict\(conflicts == 1 ? "" : "s") marked; the rest merged task by task\n")
            return 1
        }
        return 0
    }
}
