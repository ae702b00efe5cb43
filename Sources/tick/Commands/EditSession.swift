import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// What every editing command shares: which file, `--dry-run`, the safe write, the undo record.
enum EditSession {
    static let commonOptions = [
        OptionSpec("file", short: "f", value: "FILE", help: "Edit FILE (default: TICK_FILE, else .tick.toml's [tasks] file, else the nearest TODO.md)."),
        OptionSpec("dry-run", short: "n", help: "Print the change as a unified diff (with --json, the tasks as it would leave them); write nothing."),
        OptionSpec("quiet", short: "q", help: "Print nothing when the edit succeeds."),
        OptionSpec("json", help: "Print the changed tasks as JSON (the list schema with a 'change' key)."),
        OptionSpec("yes", short: "y", help: "Do not ask before changing 3 or more tasks, deleting subtasks or removing a group with tasks (needed without a terminal)."),
        OptionSpec("color", value: "WHEN", help: "Colour what the edit prints: auto (default: on a terminal without NO_COLOR), always or never."),
    ]

    /// Splits `FILE:LINE` references from plain ones, and groups references by file and by
    /// whether they named it (`named`).
    static func targets(_ references: [String], _ arguments: ParsedArguments,
                        environment: Environment) throws(TickError) -> [Target] {
        var result: [Target] = []
        var defaultPath: String?
        for reference in references {
            if let colon = reference.lastIndex(of: ":"), colon != reference.startIndex {
                let line = String(reference[reference.index(after: colon)...])
                let file = String(reference[..<colon])
                // A name shown by a view with \xNN escapes names the file it was shown for.
                let named = Syscalls.fileStatus(file) != nil ? file : PathBytes.parse(displayed: file).flatMap { Syscalls.fileStatus($0) != nil ? $0 : nil }
                if TaskReference.isLineReference(line) {
                    if let named {
                        append(&result, named, line, named: true)
                        continue
                    }
                    if file.contains("/") || PathWalker.isMarkdown(file) {
                        throw TickError.cannotRead(path: file, reason: "no such file")
                    }
                    // Not a file's name: the words of a task's text (`standup:9`).
                }
            }
            if defaultPath == nil { defaultPath = try path(arguments, environment: environment) }
            append(&result, defaultPath!, reference, named: arguments.value("file") != nil)
        }
        return result
    }

    /// The references of one file, and whether the command line named the file.
    struct Target {
        let path: String
        var references: [String]
        let named: Bool
    }

    private static func append(_ result: inout [Target], _ path: String, _ reference: String, named: Bool) {
        if let index = result.firstIndex(where: { $0.path == path && $0.named == named }) {
            result[index].references.append(reference)
        } else {
            result.append(Target(path: path, references: [reference], named: named))
        }
    }

    /// The file an edit works on. Standard input (`-`) is read by views, never edited.
    static func path(_ arguments: ParsedArguments, environment: Environment) throws(TickError) -> String {
        let named = try namedFile(arguments)
        let path = try TodoFileLocator.locate(explicit: named, environment: environment)
        guard path != FileReader.standardInput else {
            throw TickError.refused("standard input (-) cannot be edited; name a file (a file called '-' is ./-)")
        }
        if named == nil, environment.tickFile == nil, environment.configuredFile == nil { try refuseTrackedLinkOut(path) }
        return path
    }

    /// A task file found (not named) that is a link git tracks, leading out of its repository:
    /// it came with a clone, and its target (`~/.bashrc`, say) is no task file the user chose.
    /// A link the user made, which git does not track, is followed. `instead`: what the user
    /// can do, said in the refusal.
    static func refuseTrackedLinkOut(_ path: String, instead: String = "name a file with -f FILE to edit it") throws(TickError) {
        guard let link = Syscalls.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK else { return }
        let folder = Paths.directory(of: path), name = Paths.basename(of: path)
        guard let top = try? Git.run(["rev-parse", "--show-toplevel"], in: folder), top.status == 0,
              let root = Syscalls.realPath(String(top.text.split(separator: "\n").first ?? "")) else { return }
        let target = Syscalls.realPath(path)
        if let target, target == root || target.hasPrefix(root == "/" ? "/" : root + "/") { return }
        guard let tracked = try? Git.run(["ls-files", "--error-unmatch", "--", name], in: folder), tracked.status == 0 else { return }
        throw TickError.refused("\(PathBytes.display(path)) is a link git tracks, to \(target.map(PathBytes.display) ?? "a missing file") outside the repository; "
                                + "tick does not edit through it (\(instead))")
    }

    /// The one file `-f` names, if any. Views read every file named; an edit works on one (and
    /// took the last silently).
    static func namedFile(_ arguments: ParsedArguments) throws(TickError) -> String? {
        let files = arguments.allValues("file")
        if files.count > 1 {
            throw TickError.refused("-f names \(files.count) files (\(files.map { "'\($0)'" }.joined(separator: ", "))); "
                                    + "this command works on one (a task in another file is named FILE:LINE)")
        }
        return files.first
    }

    typealias Input = EditTransaction.Input
    typealias Lines = EditTransaction.Lines

    /// Runs an edit of the file at `path` (`EditTransaction`): reads it under its lock, asks
    /// `body` for the plan, writes the result (with its journal entry and the listing carried
    /// along) or prints a diff, and prints what changed (`EditEcho`) unless `--quiet`.
    /// `showsFile`: the edit is one of several files', so each line it prints names its file.
    /// `lines`: the lines the edit is about, when the references name them by number.
    static func applyEdit(_ path: String, _ arguments: ParsedArguments, context: inout CommandContext, created: Bool = false,
                          showsFile: Bool = false, lines: Lines? = nil, _ body: (Input) throws(EditError) -> EditPlan) throws(TickError) {
        let environment = context.environment
        // Checked before the write, so that a mistyped option cannot follow a finished edit.
        do { _ = try ColorChoice(option: arguments.value("color")) } catch { throw .usage(error, command: nil) }
        _ = try environment.today()
        let names = try? AtomicFile.names(of: path)
        // Whether the latest view showed other files than this one, as the edit found it.
        var otherFilesListed = false
        func known(checkpoints: Bool) -> EditTransaction.Known {
            // What the file's listing says, read under the file's lock for an edit (another
            // tick's edit carries the listing along before its version takes the file's place).
            let listing = names.map { ListingStore.load($0, environment: environment) }
            otherFilesListed = listing?.otherFilesListed != nil
            // The parse checkpoints, read from the state folder only when the edit may use them.
            let realPath = checkpoints ? names?.realPath : nil
            return EditTransaction.Known(listing: listing?.listing, otherFilesListed: listing?.otherFilesListed,
                                         listedThroughLink: listing?.listedThroughLink,
                                         checkpoints: { realPath.map { ParseStateStore.load(realPath: $0, environment: environment) } ?? [] },
                                         statuses: environment.statuses)
        }
        if arguments.flag("dry-run") {
            let bytes = try FileReader.read(path)
            let transaction = try reporting(path) { () throws(EditError) in try EditTransaction(bytes, known: known(checkpoints: false), plan: body) }
            // A script asked for JSON, or nothing would change: said as the edit says it.
            if transaction.edited == nil || arguments.flag("json") {
                try echo(transaction.echo(fromLines: transaction.edited == nil && !arguments.flag("json")), nothing: transaction.plan.nothing,
                         path: path, showsFile: showsFile, arguments: arguments, context: &context)
                return
            }
            context.stdout.write(UnifiedDiff.render(transaction.before, transaction.plan.splices, path: PathBytes.display(path)))
            return
        }
        var transaction: EditTransaction?
        let confirmed = context.confirmed
        let written = try Journal.update(path, environment: environment, created: created) { bytes throws(TickError) in
            transaction = nil
            // What the question showed is what the edit changes: not a file changed since.
            if let confirmed, confirmed.path == path, ContentDigest.version(of: bytes) != confirmed.hash {
                throw TickError.refused("\(PathBytes.display(path)) changed while tick asked (another program wrote it); nothing changed, so run the command again")
            }
            let made = try reporting(path) { () throws(EditError) in try EditTransaction(bytes, known: known(checkpoints: true), lines: lines, plan: body) }
            transaction = made
            guard let edited = made.edited else { return nil }
            return Journal.Rewrite(bytes: edited, splices: made.plan.splices, tasks: made.plan.taskCount, before: made.before, after: { made.after },
                                   digests: made.digests, keepsTaskLines: made.keepsTaskLines)
        }
        if let warning = written.warning { context.warn(warning) }
        guard let transaction else { return }
        if let realPath = written.update?.realPath ?? names?.realPath {
            if TestHooks.reportsParse {
                let parsed = transaction.before.stretch.map { "lines \($0.lines.lowerBound + 1)-\($0.lines.upperBound) of \(transaction.before.lines.count)" } ?? "the whole file"
                context.stderr.write("tick: test: parsed \(parsed)\n")
            }
            if let kept = transaction.checkpointsToKeep(minimumSize: ParseStateStore.minimumSize, spacing: ParseStateStore.spacing,
                                                        firstTasks: ParseStateStore.firstTasks) {
                ParseStateStore.save(kept.checkpoints, before: kept.before, realPath: realPath, environment: environment)
            }
        }
        guard !arguments.flag("quiet") else { return }
        let before = transaction.before
        let echo = EditEcho(transaction.plan, before: before, fromLines: !arguments.flag("json"), window: transaction.window) {
            written.after ?? transaction.after
        }
        try self.echo(echo, nothing: transaction.plan.nothing, path: path, showsFile: showsFile, arguments: arguments, context: &context)
        // The lines just printed are what the user will type next: they name those tasks now.
        // (A file with a listing was parsed again to carry it along; one without needs nothing.)
        if let after = written.after, let realPath = written.update?.realPath,
           let warning = ListingStore.show(echo.shownLines, realPath: realPath, after: after, edited: transaction.edited != nil,
                                           version: transaction.digests?.after.version,
                                           environment: environment) {
            context.warn(warning)
        }
        if transaction.edited != nil, otherFilesListed, let file = names,
           let warning = ListingStore.takeLatest(file, after: written.after ?? transaction.after, environment: environment) {
            context.warn(warning)
        }
    }

    /// The input for a look at `path` outside an edit (a question asked before it), and the
    /// file's names when they could be looked up.
    static func input(path: String, document: Document, environment: Environment) -> (input: Input, names: FileNames?) {
        let names = try? AtomicFile.names(of: path)
        let known = names.map { ListingStore.load($0, environment: environment) }
        let references = EditTransaction.Known(listing: known?.listing, otherFilesListed: known?.otherFilesListed,
                                               listedThroughLink: known?.listedThroughLink).references(document)
        return (Input(document: document, references: references), names)
    }

    /// Prints what an edit did: rows on standard output, or JSON objects gathered for the end.
    static func echo(_ echo: EditEcho, nothing: String?, path: String, showsFile: Bool = false, arguments: ParsedArguments,
                     context: inout CommandContext) throws(TickError) {
        if arguments.flag("quiet") { return }
        if echo.rows.isEmpty, let nothing, !arguments.flag("json") {
            context.stdout.write(PathBytes.display(path) + ": " + nothing + "\n")
            return
        }
        if arguments.flag("json") {
            context.echoJSON = (context.echoJSON ?? []) + echo.jsonObjects(file: PathBytes.display(path))
            return
        }
        var out = TextBuffer(capacity: 128)
        let style = (try? ColorChoice(option: arguments.value("color")))?.style(for: 1, environment: context.environment) ?? .plain
        echo.render(today: try context.environment.today(), style: style, file: showsFile ? PathBytes.display(path) : nil, into: &out)
        context.stdout.write(out)
    }

    /// Core work whose `EditError` becomes the one-line error about `path`.
    static func reporting<T>(_ path: String, _ body: () throws(EditError) -> T) throws(TickError) -> T {
        do throws(EditError) { return try body() } catch { throw TickError.edit(error, path: path) }
    }

    /// Text from the command line that goes into the file: it must be UTF-8 (a name's raw
    /// bytes are kept for paths, see `PathBytes`, but never written into a todo file).
    static func text(_ argument: String) throws(TickError) -> String {
        guard PathBytes.hasRawBytes(argument) else { return argument }
        let bytes = PathBytes.bytes(of: argument)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TickError.refused("'\(PathBytes.display(argument))' is not valid UTF-8; tick writes text as UTF-8")
        }
        return text
    }

    /// A file no edit may write (`EditTransaction.refuseUneditable`), for the commands that
    /// rewrite a file without a transaction (fmt, lint --fix, archive's other file).
    static func refuseUneditable(_ bytes: [UInt8], path: String) throws(TickError) {
        try reporting(path) { () throws(EditError) in try EditTransaction.refuseUneditable(bytes) }
    }

    /// Where a file holds an unresolved merge conflict, as edits refuse it and views warn of it.
    static func conflictMessage(path: String, line: Int) -> String {
        "\(PathBytes.display(path)):\(line + 1): an unresolved merge conflict (<<<<<<< ... >>>>>>>)"
    }

    /// Whether a question can be asked: both stdin and stderr are terminals.
    static var isInteractive: Bool { Syscalls.isTerminal(0) && Syscalls.isTerminal(2) }

    /// Before an edit that needs a yes (tick(1) CONFIRMATION): shows `tasks` (indices into
    /// `document`, in file order) on standard error and asks `question` on a terminal; refuses
    /// with `declined` on any answer but yes, and without a terminal names `--yes`.
    static func confirm(_ question: String, showing tasks: [Int], in document: Document, path: String,
                        declined: String = "nothing changed", context: inout CommandContext) throws(TickError) {
        guard isInteractive else {
            throw TickError.refused("\(PathBytes.display(path)): there is no terminal to ask '\(question)'; add --yes to go ahead")
        }
        if !tasks.isEmpty {
            let style = ColorChoice.auto.style(for: 2, environment: context.environment)
            context.stderr.write(ListView.render(tasks.map { ViewItem(source: 0, task: $0) },
                                                 in: [SourceDocument(path: PathBytes.display(path), document: document)],
                                                 order: .file, today: try context.environment.today(), style: style))
        }
        guard confirm(question, context: &context) == true else { throw TickError.refused(declined) }
        context.confirmed = CommandContext.Confirmation(path: path, hash: ContentDigest.version(of: document.bytes))
    }

    /// Asks a yes/no question when interactive; nil when not.
    static func confirm(_ question: String, context: inout CommandContext) -> Bool? {
        guard isInteractive else { return nil }
        // The question quotes the file (a group's title): shown as a view shows it.
        context.stderr.write(TerminalText.sanitized(question) + " [y/N] ")
        context.stderr.flush()
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        var ended = false
        while true {
            let count = read(0, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count != 1 { ended = true; break }
            if byte == 0x0A { break }
            answer.append(byte)
        }
        // At the end of input (Ctrl-D) the terminal stays on the question's line.
        if ended { context.stderr.write("\n") }
        let text = String(decoding: answer, as: UTF8.self).lowercased()
        return text == "y" || text == "yes"
    }

    static func date(_ text: String, today: CivilDate, path: String) throws(TickError) -> CivilDate {
        guard let date = DateExpression.parse(said: text, today: today) else {
            throw TickError.edit(.invalidDate(text), path: path)
        }
        return date
    }
}
