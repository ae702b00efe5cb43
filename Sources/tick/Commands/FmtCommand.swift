import TickCore
#if canImport(Glibc)
import Glibc
#endif

enum FmtCommand: Command {
    static let name = "fmt"
    static let summary = "Rewrite files into tick's canonical layout, without changing what they mean."
    static let usage = "tick fmt [--check | --diff] [--eol lf|crlf] [-q] [FILE|FOLDER|-]..."
    static let options = [
        OptionSpec("check", help: "Write nothing; list the files that would change and exit 1 if any would."),
        OptionSpec("diff", help: "Write nothing; print what would change as a unified diff (exit 1 if anything would)."),
        OptionSpec("eol", value: "ENDING", help: "Line ending to write: lf or crlf (default: each file's most common one)."),
        OptionSpec("file", short: "f", value: "FILE", help: "Format FILE (or a folder); repeatable. '-' reads stdin (and writes stdout)."),
        OptionSpec("quiet", short: "q", help: "Print nothing when it succeeds (not even which files it rewrote)."),
        ViewOptions.stdinFilename,
        ViewOptions.noIgnore,
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick fmt", "Format the nearest TODO.md in place."),
        ("tick fmt --check .", "In CI: fail when any Markdown file under . is not formatted."),
        ("tick fmt --diff notes/", "See what would change."),
        ("tick fmt - < TODO.md", "Format standard input to standard output (for editors)."),
    ]

    /// What happened to one file.
    enum Outcome: Sendable {
        case unchanged
        case changed(diff: String, warning: String?)
        /// A link out of the walked folder whose file is not in the layout: not written, and
        /// not held against the folder by --check either (it is another folder's file).
        case outsideLink
        case failed(TickError)
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        var options = context.config.format
        if let eol = arguments.value("eol") {
            switch eol {
            case "lf": options.lineEnding = .lf
            case "crlf": options.lineEnding = .crlf
            default: throw .usage(.invalidValue(option: "--eol", value: eol, expected: "lf or crlf"), command: name)
            }
        }
        let named = arguments.allValues("file") + arguments.operands
        let check = arguments.flag("check"), showDiff = arguments.flag("diff")
        // Formatting standard input prints it; with --check or --diff it is checked like a file.
        if named == [FileReader.standardInput], !check, !showDiff {
            let input = try FileReader.readStandardInput()
            // Refused as a file of it would be: a NUL byte makes it no text file.
            try EditSession.refuseUneditable(input, path: context.environment.standardInputName)
            context.stdout.write(bytes: Formatter.format(context.environment.document(input), options: options).bytes)
            return 0
        }
        if named.contains(FileReader.standardInput), !check, !showDiff {
            throw .usage(.invalidValue(option: "-", value: "-", expected: "standard input alone (tick fmt - prints it formatted), or with --check or --diff"), command: name)
        }
        let walked = try PathWalker.filesToCheck(named, ignoring: !arguments.flag("no-ignore"), environment: context.environment)
        let files = walked.map(\.path)
        let settings = options, environment = context.environment
        let outcomes = ParallelWork.map(files.count, workers: ParallelWork.workerCount(environment: context.environment)) { index -> Outcome in
            let file = walked[index]
            let outcome = formatFile(file.path, place: file.place, options: settings, write: !check && !showDiff && file.writable, diff: showDiff, environment: environment)
            // (Standard input is not written either, but --check and --diff hold it to the layout.)
            if !file.writable, file.path != FileReader.standardInput, case .changed = outcome { return Outcome.outsideLink }
            return outcome
        }
        var status: Int32 = 0
        for (file, outcome) in zip(files, outcomes) {
            switch outcome {
            case .unchanged:
                break
            case .changed(let diff, let warning):
                if let warning { context.warn(warning) }
                // A file rewritten in place is said, as lint --fix says it: never silent about an edit.
                if !check, !showDiff { context.note("\(context.environment.shown(file)): formatted") }
                if check { context.stdout.write(context.environment.shown(file) + "\n") }
                if showDiff { context.stdout.write(diff) }
                if check || showDiff { status = max(status, 1) }
            case .outsideLink:
                context.warn(PathWalker.outsideLinkNotWritten(file))
            case .failed(let error):
                context.stderr.write("tick: \(TerminalText.oneLine(error.message))\n")
                status = 2
            }
        }
        return status
    }

    static func formatFile(_ path: String, place: WalkedPlace? = nil, options: FormatOptions, write: Bool, diff: Bool, environment: Environment) -> Outcome {
        do throws(TickError) {
            if write {
                let written = try Journal.update(path, place: place, environment: environment) { bytes throws(TickError) in
                    try EditSession.refuseUneditable(bytes, path: path)
                    let document = environment.document(bytes)
                    let result = Formatter.format(document, options: options)
                    return result.changed ? Journal.Rewrite(bytes: result.bytes, splices: result.splices, tasks: 0, before: document) : nil
                }
                return written.update == nil ? .unchanged : .changed(diff: "", warning: written.warning)
            }
            let bytes = try FileReader.read(path)
            try EditSession.refuseUneditable(bytes, path: path)
            let document = environment.document(bytes)
            let result = Formatter.format(document, options: options)
            guard result.changed else { return .unchanged }
            return .changed(diff: diff ? UnifiedDiff.render(document, result.splices, path: environment.shown(path), after: result.bytes) : "", warning: nil)
        } catch {
            return .failed(error)
        }
    }
}
