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
        OptionSpec("yes", short: "y", help: "Do not ask before changing 3 or more tasks or deleting subtasks (needed without a terminal)."),
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
                    guard let file = named else {
                        if file.contains("/") || PathWalker.isMarkdown(file) {
                            throw TickError.cannotRead(path: file, reason: "no such file")
                        }
                        break
                    }
                    append(&result, file, line, named: true)
                    continue
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
    /// A link the user made, which git does not track, is followed.
    static func refuseTrackedLinkOut(_ path: String) throws(TickError) {
        guard let link = Syscalls.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK else { return }
        let folder = Paths.directory(of: path), name = Paths.basename(of: path)
        guard let top = try? Git.run(["rev-parse", "--show-toplevel"], in: folder), top.status == 0,
              let root = Syscalls.realPath(String(top.text.split(separator: "\n").first ?? "")) else { return }
        let target = Syscalls.realPath(path)
        if let target, target == root || target.hasPrefix(root == "/" ? "/" : root + "/") { return }
        guard let tracked = try? Git.run(["ls-files", "--error-unmatch", "--", name], in: folder), tracked.status == 0 else { return }
        throw TickError.refused("\(PathBytes.display(path)) is a link git tracks, to \(target.map(PathBytes.display) ?? "a missing file") outside the repository; "
                                + "tick does not edit through it (name a file with -f FILE to edit it)")
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

    /// What an edit's body works on: the document as read under the lock, and the references
    /// resolved through the file's latest listing.
    struct Input {
        let document: Document
        let references: TaskReference
        /// Where the file really is and its name, when they were looked up
        /// (`input(path:document:environment:)`).
        var names: FileNames? = nil

        /// `named`: the command line named the file (`FILE:LINE`, `-f`), so a bare number is
        /// this file's whatever the latest listing showed.
        /// One task (a range of lines is refused).
        /// `prefers`: of several tasks a text matches, the one open (or closed) one.
        func task(_ reference: String, named: Bool = false, prefers: TaskReference.Preference? = nil) throws(EditError) -> Task {
            try resolver(named, prefers).resolve(reference)
        }

        func tasks(_ references: [String], named: Bool = false, prefers: TaskReference.Preference? = nil) throws(EditError) -> [Task] {
            try resolver(named, prefers).resolve(references)
        }

        private func resolver(_ named: Bool, _ prefers: TaskReference.Preference?) -> TaskReference {
            var resolver = references
            if named { resolver.otherFilesListed = nil }
            resolver.prefers = prefers
            return resolver
        }
    }

    /// The one edit transaction: reads `path` under its lock, asks `body` for the plan, writes
    /// the result (with its journal entry and the listing carried along) or prints a diff, and
    /// prints what changed (`EditEcho`) unless `--quiet`.
    /// `showsFile`: the edit is one of several files', so each line it prints names its file.
    /// `lines`: the lines the edit is about, when the references name them by number (for
    /// commands whose edit reads only those tasks and what lies in their items): in a large
    /// file whose parse checkpoints tick kept, the edit then reads only the stretch around
    /// them (`ParseCheckpoints`).
    static func edit(_ path: String, _ arguments: ParsedArguments, context: inout CommandContext, created: Bool = false,
                     showsFile: Bool = false, lines: Lines? = nil, _ body: (Input) throws(TickError) -> EditPlan) throws(TickError) {
        let environment = context.environment
        // Checked before the write, so that a mistyped option cannot follow a finished edit.
        do { _ = try ColorChoice(option: arguments.value("color")) } catch { throw .usage(error, command: nil) }
        _ = try environment.today()
        let names = try? AtomicFile.names(of: path)
        // What the file's listing says, read under the file's lock for an edit (another tick's
        // edit carries the listing along before its version takes the file's place).
        var known: ListingStore.Known?
        // The parse checkpoints that describe the file as read (the latest, or after `tick
        // undo` those of the version before it), when one does.
        var checkpoints: ParseCheckpoints?
        func input(_ document: Document, listingIsCurrent: Bool? = nil) -> Input {
            Input(document: document, references: references(document, known, listingIsCurrent: listingIsCurrent))
        }
        if arguments.flag("dry-run") {
            known = names.map { ListingStore.load($0, environment: environment) }
            let bytes = try FileReader.read(path)
            try refuseUneditable(bytes, path: path)
            let document = environment.document(bytes)
            var plan = try body(input(document))
            plan.splices = Splice.resolvingYields(plan.splices)
            let splices = plan.splices
            guard !splices.isEmpty else {
                // Nothing would change: said as the edit says it ('unchanged … (already done)').
                try echo(EditEcho(plan, before: document, fromLines: !arguments.flag("json")) { document },
                         nothing: plan.nothing, path: path, showsFile: showsFile, arguments: arguments, context: &context)
                return
            }
            let edited = document.applying(splices)
            let steps = EditSteps(splices, in: document, edited: edited)
            try check(steps, path: path)
            if arguments.flag("json") {
                // A script asked for JSON: the tasks as the edit would leave them, not a diff.
                try echo(EditEcho(plan, before: document, fromLines: false) { steps.result },
                         nothing: plan.nothing, path: path, showsFile: showsFile, arguments: arguments, context: &context)
                return
            }
            context.stdout.write(UnifiedDiff.render(document, splices, path: PathBytes.display(path)))
            return
        }
        var before: Document?
        // The edited document put together from the original and the window, when the edit
        // wrote something: what the echo reads, not a parse of the whole file again.
        var spliced: (() -> Document)?
        var editSteps: EditSteps?
        // The digests of the file as read and as written, each worked out once, for the
        // parse record, the listing and the journal.
        var digests: (before: ContentDigest, after: ContentDigest)?
        var plan = EditPlan()
        let confirmed = context.confirmed
        let written = try Journal.update(path, environment: context.environment, created: created) { bytes throws(TickError) in
            digests = nil
            checkpoints = nil
            known = names.map { ListingStore.load($0, environment: environment) }
            try refuseUneditable(bytes, path: path)
            // What the question showed is what the edit changes: not a file changed since.
            if let confirmed, confirmed.path == path, ContentDigest.version(of: bytes) != confirmed.hash {
                throw TickError.refused("\(PathBytes.display(path)) changed while tick asked (another program wrote it); nothing changed, so run the command again")
            }
            /// The plan for `document`, its edited bytes and window (none when nothing changes).
            func planned(_ document: Document, listingIsCurrent: Bool? = nil) throws(TickError) -> Planned {
                var plan = try body(input(document, listingIsCurrent: listingIsCurrent))
                plan.splices = Splice.resolvingYields(plan.splices)
                guard !plan.splices.isEmpty else { return Planned(document: document, plan: plan, edited: [], steps: nil) }
                let edited = document.applying(plan.splices)
                return Planned(document: document, plan: plan, edited: edited, steps: EditSteps(plan.splices, in: document, edited: edited))
            }
            var readDigest: ContentDigest?
            func digestRead() -> ContentDigest {
                if let readDigest { return readDigest }
                let digest = ContentDigest.of(bytes)
                readDigest = digest
                return digest
            }
            let listing = known?.listing
            let current = listing.map { digestRead().version == $0.fileHash }
            // A listing of lines (`Listing.namesLinesOnly`) of this version is carried along by
            // an edit that keeps every task on its line (`Listing.keepsTaskLines`).
            let carriesLines = listing?.namesLinesOnly == true && current == true
            var keepsTaskLines = false
            // The stretch the lines are in, when it holds all the edit reads (its window);
            // else, and for any error (said as the whole file says it), the whole file.
            // A listing gives numbers a meaning of its own, which only the whole file can check
            // (and so does another file's, for numbers of a file the command line did not
            // name), unless its numbers are lines and the edit keeps them so.
            var made: Planned?
            if let lines, let names, listing == nil || carriesLines, known?.otherFilesListed == nil || lines.fileNamed,
               known?.listedThroughLink == nil {
                // The size first: another program's change seldom keeps it, and then the bytes
                // are not digested here.
                checkpoints = ParseStateStore.load(realPath: names.realPath, environment: environment)
                    .first { $0.byteCount == bytes.count && $0.content == digestRead() }
                if let checkpoints,
                   let stretch = Document(stretchOf: bytes, holding: lines.lines, checkpoints: checkpoints, statuses: environment.statuses,
                                          digest: digestRead),
                   let attempt = try? planned(stretch, listingIsCurrent: current), attempt.steps.map({ $0.steps.allSatisfy { stretch.covers($0.window) } }) ?? true {
                    keepsTaskLines = attempt.steps.map(Listing.keepsTaskLines) ?? true
                    if !carriesLines || keepsTaskLines { made = attempt }
                }
            }
            let result: Planned
            if let made {
                result = made
            } else {
                result = try planned(environment.document(bytes), listingIsCurrent: current)
                keepsTaskLines = carriesLines && result.steps.map(Listing.keepsTaskLines) ?? false
            }
            let document = result.document
            before = document
            plan = result.plan
            editSteps = result.steps
            guard let steps = result.steps else { return nil }
            let edited = result.edited
            try check(steps, path: path)
            digests = (digestRead(), ContentDigest.of(edited))
            // The edited document, when the listing or the output needs it: put together from
            // the original and the windows, not parsed again.
            spliced = { steps.result }
            return Journal.Rewrite(bytes: edited, splices: plan.splices, tasks: plan.taskCount, before: document, after: spliced, digests: digests,
                                   keepsTaskLines: carriesLines && keepsTaskLines)
        }
        if let warning = written.warning { context.warn(warning) }
        if let before, let realPath = written.update?.realPath ?? names?.realPath {
            keepCheckpoints(before: before, steps: editSteps, digests: digests, kept: checkpoints, realPath: realPath,
                            context: &context)
        }
        guard let before, !arguments.flag("quiet") else { return }
        let echo = EditEcho(plan, before: before, fromLines: !arguments.flag("json"), window: editSteps?.window) {
            written.after ?? spliced?() ?? before
        }
        try self.echo(echo, nothing: plan.nothing, path: path, showsFile: showsFile, arguments: arguments, context: &context)
        // The lines just printed are what the user will type next: they name those tasks now.
        // (A file with a listing was parsed again to carry it along; one without needs nothing.)
        if let after = written.after, let realPath = written.update?.realPath,
           let warning = ListingStore.show(echo.shownLines, realPath: realPath, after: after, before: before, version: digests?.after.version,
                                           environment: environment) {
            context.warn(warning)
        }
    }

    /// The lines an edit is about, when its references name them by number.
    struct Lines {
        /// 0-based.
        let lines: [Int]
        /// Whether the command line named the file (`-f`, `FILE:LINE`): the numbers are then
        /// this file's whatever the latest view showed.
        let fileNamed: Bool

        /// Nil unless each reference is a line number.
        init?(_ references: [String], fileNamed: Bool) {
            var lines: [Int] = []
            for reference in references {
                guard let number = TaskReference.number(reference), number >= 1 else { return nil }
                lines.append(number - 1)
            }
            guard !lines.isEmpty else { return nil }
            self.lines = lines
            self.fileNamed = fileNamed
        }
    }

    /// An edit worked out on a document (the whole file's, or a stretch's).
    private struct Planned {
        let document: Document
        let plan: EditPlan
        /// The file's bytes after the edit; empty when it changes nothing (no steps).
        let edited: [UInt8]
        let steps: EditSteps?
    }

    /// Keeps the parse checkpoints of a large file as the edit left it, for the next edit: those
    /// it read the stretch with, or those of the whole file it parsed, carried over the edit.
    private static func keepCheckpoints(before: Document, steps: EditSteps?, digests: (before: ContentDigest, after: ContentDigest)?,
                                        kept: ParseCheckpoints?, realPath: String, context: inout CommandContext) {
        if TestHooks.reportsParse {
            let parsed = before.stretch.map { "lines \($0.lines.lowerBound + 1)-\($0.lines.upperBound) of \(before.lines.count)" } ?? "the whole file"
            context.stderr.write("tick: test: parsed \(parsed)\n")
        }
        guard before.bytes.count >= ParseStateStore.minimumSize else { return }
        let environment = context.environment
        guard let steps else {
            // Nothing changed: the whole file's checkpoints, unless those kept describe it.
            if before.stretch == nil, kept.map({ !$0.describe(before.bytes, lines: before.lines.count, statuses: before.statuses) }) ?? true {
                ParseStateStore.save(ParseCheckpoints(before, spacing: ParseStateStore.spacing, firstTasks: ParseStateStore.firstTasks),
                                     realPath: realPath, environment: environment)
            }
            return
        }
        // Read from the file as it was and carried over the window: the edited file put
        // together whole would hold a second copy of every task (a million tasks: 200 MB more).
        let read = before.stretch == nil
            ? ParseCheckpoints(before, spacing: ParseStateStore.spacing, firstTasks: ParseStateStore.firstTasks, content: digests?.before) : kept
        // The version read is kept too: `tick undo` brings it back.
        // An edit in far places, step by step (the last step's bytes are the edit's).
        let last = steps.steps.count - 1
        let carried = steps.steps.enumerated().reduce(read) { kept, step in
            kept?.after(step.element.window, in: step.element.document, edited: step.element.edited,
                        digest: step.offset == last ? digests?.after : nil)
        }
        ParseStateStore.save(carried, before: read, realPath: realPath,
                             environment: environment)
    }

    /// Every edit's last check, in one place: the tasks and headings on the lines it does not
    /// touch read after it as before (`EditCheck`); else nothing is written.
    static func check(_ steps: EditSteps, path: String) throws(TickError) {
        if let line = EditCheck.firstChangedLine(steps) {
            throw TickError.edit(.changesOtherLines(line: line + 1), path: path)
        }
    }

    /// The input for a look at `path` outside an edit (a question asked before it).
    static func input(path: String, document: Document, environment: Environment) -> Input {
        let names = try? AtomicFile.names(of: path)
        let known = names.map { ListingStore.load($0, environment: environment) }
        return Input(document: document, references: references(document, known), names: names)
    }

    private static func references(_ document: Document, _ known: ListingStore.Known?, listingIsCurrent: Bool? = nil) -> TaskReference {
        TaskReference(document: document, listing: known?.listing, otherFilesListed: known?.otherFilesListed,
                      listedThroughLink: known?.listedThroughLink, listingIsCurrent: listingIsCurrent)
    }

    /// `edit` for a body that computes the edit in the core: its `EditError` is reported
    /// against `path`.
    static func applyEdit(_ path: String, _ arguments: ParsedArguments, context: inout CommandContext, created: Bool = false,
                          showsFile: Bool = false, lines: Lines? = nil, _ body: (Input) throws(EditError) -> EditPlan) throws(TickError) {
        try edit(path, arguments, context: &context, created: created, showsFile: showsFile, lines: lines) { input throws(TickError) in
            try reporting(path) { () throws(EditError) in try body(input) }
        }
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

    /// A file with NUL bytes is not a text file tick should rewrite.
    static func refuseUneditable(_ bytes: [UInt8], path: String) throws(TickError) {
        // memchr: a file of tens of megabytes is looked through at memory speed.
        let hasNUL = bytes.withUnsafeBytes { raw in raw.baseAddress.map { memchr($0, 0, raw.count) != nil } ?? false }
        if hasNUL {
            throw TickError.refused("\(PathBytes.display(path)): contains NUL bytes; tick edits text files only")
        }
        // An edit would write into the middle of two versions, and break the conflict block.
        if let line = ConflictMarkers.firstLine(in: bytes) {
            throw TickError.refused(conflictMessage(path: path, line: line) + "; resolve it first (tick resolve, or in an editor)")
        }
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
        guard let date = DateExpression.parse(text, today: today) else {
            throw TickError.edit(.invalidDate(text), path: path)
        }
        return date
    }
}
