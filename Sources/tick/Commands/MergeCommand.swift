import TickCore

/// `tick merge BASE OURS THEIRS`: git's merge driver for task files (`tick git setup`
/// registers it). The result goes into OURS, as git expects; exit 0 when clean, 1 when
/// conflicts are marked, 2 when the merge could not run (git then counts it as a conflict).
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Merge two versions of a task file task by task (git's merge driver)."
    static let usage = "tick merge [-L SIZE] [-P PATH] [-X LABEL] [-Y LABEL] BASE OURS THEIRS"
    static let options = [
        OptionSpec("marker-size", short: "L", value: "SIZE", help: "Conflict markers this many characters long (git's %L; default 7)."),
        OptionSpec("path", short: "P", value: "PATH", help: "The file's name in the repository (git's %P), for messages."),
        OptionSpec("ours-label", short: "X", value: "LABEL", help: "The name after '<<<<<<<' (git's %X, its branch; default: ours)."),
        OptionSpec("theirs-label", short: "Y", value: "LABEL", help: "The name after '>>>>>>>' (git's %Y, the branch merged; default: theirs)."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick merge -L %L -P %P -X %X -Y %Y %O %A %B", "The command git runs (merge.tick.driver): the merge is written into %A."),
        ("tick merge base.md mine.md theirs.md", "By hand: merge theirs.md into mine.md (exit 1 when conflicts are marked)."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard arguments.operands.count >= 3 else {
            throw TickError.usage(.missingOperand(["BASE", "OURS", "THEIRS"].dropFirst(arguments.operands.count).joined(separator: " ")), command: name)
        }
        if arguments.operands.count > 3 { throw TickError.usage(.unexpectedOperand(arguments.operands[3]), command: name) }
        var markerSize = 7
        if let text = arguments.value("marker-size") {
            guard let size = Int(text), (ConflictMarkers.minimumSize...100).contains(size) else {
                throw TickError.usage(.invalidValue(option: "--marker-size", value: text, expected: "a number from \(ConflictMarkers.minimumSize) to 100"), command: name)
            }
            markerSize = size
        }
        // Git before 2.44 knows no %X and %Y, and passes them as written: the defaults then.
        func label(_ option: String, _ fallback: String) -> String {
            guard let value = arguments.value(option), !value.isEmpty, value != "%X", value != "%Y", !value.contains(where: \.isNewline) else { return fallback }
            return value
        }
        let labels = TaskMerge.Labels(ours: label("ours-label", "ours"), theirs: label("theirs-label", "theirs"))
        let (basePath, oursPath, theirsPath) = (arguments.operands[0], arguments.operands[1], arguments.operands[2])
        let base = context.environment.document(try FileReader.read(basePath))
        let theirs = context.environment.document(try FileReader.read(theirsPath))
        var conflicts = 0, exact = true
        // Ours is read and replaced in one transaction: nothing else may change it in between.
        _ = try AtomicFile.update(oursPath, lockTimeout: context.environment.lockTimeout) { bytes throws(TickError) in
            let result = TaskMerge.merge(base: base, ours: context.environment.document(bytes), theirs: theirs, markerSize: markerSize, labels: labels)
            conflicts = result.conflicts
            exact = result.exact
            return result.bytes
        }
        let shown = arguments.value("path").map { PathBytes.display($0) } ?? PathBytes.display(oursPath)
        if !exact, conflicts > 0 {
            context.stderr.write("tick: \(shown): a side differs from the ancestor in more than \(SequenceDiff.maximumDistance) places; lines were matched only where they occur once, so some conflicts are wider than they need be\n")
        }
        if conflicts > 0 {
            context.stderr.write("tick: \(shown): \(conflicts) conflict\(conflicts == 1 ? "" : "s") marked; the rest merged task by task\n")
            return 1
        }
        return 0
    }
}
