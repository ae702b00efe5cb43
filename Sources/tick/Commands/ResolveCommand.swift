import TickCore

/// `tick resolve`: lists the merge conflicts left in a task file, or resolves them by keeping
/// our lines, theirs or both. Edits refuse a file with conflicts; this is the one that takes
/// them out (undoable, as any edit).
enum ResolveCommand: Command {
    static let name = "resolve"
    static let summary = "List the merge conflicts in a task file, or keep ours, theirs or both."
    static let usage = "tick resolve [--ours | --theirs | --both] [-f FILE] [LINE...]"
    static let options = [
        OptionSpec("ours", help: "Keep our lines (between <<<<<<< and =======) of each conflict."),
        OptionSpec("theirs", help: "Keep their lines (between ======= and >>>>>>>)."),
        OptionSpec("both", help: "Keep ours, then those of theirs that ours does not have."),
    ] + EditSession.commonOptions.filter { ["file", "dry-run", "quiet"].contains($0.long) }
    static let examples: [(command: String, explanation: String)] = [
        ("tick resolve", "List the conflicts in TODO.md: where each starts, and both sides."),
        ("tick resolve --theirs 12", "Keep their side of the conflict that starts on line 12."),
        ("tick resolve --both", "Keep both sides of every conflict (then 'git add TODO.md')."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let sides = ConflictMarkers.Side.allCases.filter { arguments.flag($0.rawValue) }
        if sides.count > 1 {
            throw .usage(.invalidValue(option: "--" + sides[1].rawValue, value: "", expected: "only one of --ours, --theirs and --both"), command: name)
        }
        var lines: [Int] = []
        for operand in arguments.operands {
            guard let line = Int(operand), line >= 1 else {
                throw .usage(.invalidValue(option: "LINE", value: operand, expected: "the line number a conflict starts on (tick resolve lists them)"), command: name)
            }
            lines.append(line - 1)
        }
        let path = try EditSession.path(arguments, environment: context.environment)
        let shown = PathBytes.display(path)
        guard let side = sides.first else {
            if !lines.isEmpty { throw .refused("which side of the conflict on line \(lines[0] + 1) to keep: add --ours, --theirs or --both") }
            return try list(path, context: &context)
        }
        func chosen(_ document: Document) throws(TickError) -> [ConflictMarkers.Block] {
            let blocks = ConflictMarkers.blocks(in: document)
            guard !blocks.isEmpty else { throw .refused("\(shown): no merge conflict to resolve") }
            if lines.isEmpty { return blocks }
            for line in lines where !blocks.contains(where: { $0.open == line }) {
                throw .refused("\(shown):\(line + 1): no conflict starts here; they start on line\(blocks.count == 1 ? "" : "s") "
                               + blocks.map { String($0.open + 1) }.joined(separator: ", "))
            }
            return blocks.filter { lines.contains($0.open) }
        }
        let environment = context.environment
        if arguments.flag("dry-run") {
            let document = environment.document(try FileReader.read(path))
            context.stdout.write(UnifiedDiff.render(document, ConflictMarkers.splices(document, try chosen(document), keeping: side), path: shown))
            return 0
        }
        var resolved = 0, left: [Int] = []
        let written = try Journal.update(path, environment: environment) { bytes throws(TickError) in
            let document = environment.document(bytes)
            let blocks = try chosen(document)
            resolved = blocks.count
            let splices = ConflictMarkers.splices(document, blocks, keeping: side)
            let edited = document.applying(splices)
            // Where the conflicts left start now: the lines above them may have changed.
            left = ConflictMarkers.blocks(in: environment.document(edited)).map { $0.open + 1 }
            return Journal.Rewrite(bytes: edited, splices: splices, tasks: 0, before: document)
        }
        if let warning = written.warning { context.warn(warning) }
        if !arguments.flag("quiet") {
            let lines = left.map(String.init).joined(separator: ", ")
            context.stdout.write("\(shown): resolved \(resolved) conflict\(resolved == 1 ? "" : "s") keeping \(side == .both ? "both sides" : side.rawValue)"
                                 + (left.isEmpty ? "" : "; \(left.count) left, on line\(left.count == 1 ? "" : "s") \(lines)") + "\n")
        }
        return 0
    }

    /// Each conflict: the line it starts on, and both sides' lines.
    static func list(_ path: String, context: inout CommandContext) throws(TickError) -> Int32 {
        let document = context.environment.document(try FileReader.read(path))
        let blocks = ConflictMarkers.blocks(in: document)
        let shown = PathBytes.display(path)
        guard !blocks.isEmpty else {
            context.stdout.write("\(shown): no merge conflicts\n")
            return 0
        }
        for block in blocks {
            context.stdout.write("\(shown):\(block.open + 1): conflict\n")
            for (label, lines) in [("ours", block.ours), ("theirs", block.theirs)] {
                context.stdout.write("  \(label)\(lines.isEmpty ? " (nothing)" : ":")\n")
                for line in lines {
                    context.stdout.write("    " + TerminalText.sanitized(String(decoding: document.content(ofLine: line), as: UTF8.self)) + "\n")
                }
            }
        }
        context.stdout.write("Keep a side with 'tick resolve --ours', '--theirs' or '--both'; "
                             + "with a conflict's line ('tick resolve --theirs \(blocks[0].open + 1)'), that conflict alone.\n")
        return 0
    }
}
