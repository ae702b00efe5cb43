import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick undo` and `tick redo`: step back and forth through the journal (`Journal`).
enum UndoCommand: Command {
    static let name = "undo"
    static let summary = "Revert tick's latest operation (or the one numbered N by --list); run again to go further back."
    static let usage = "tick undo [N] [-f FILE] [--dry-run] | tick undo --list [--json]"
    static let options = JournalStep.options + [
        OptionSpec("list", short: "l", help: "Show the recent operations, numbered, newest first, instead of undoing."),
        OptionSpec("json", help: "--list: the operations as JSON."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick undo", "Put back every file tick's latest operation changed, keeping changes made since elsewhere in them."),
        ("tick undo -f notes.md", "Revert the latest operation that changed notes.md."),
        ("tick undo --list", "What undo and redo would step through, numbered, newest first."),
        ("tick undo 3", "Revert the third operation of the list alone, keeping the two after it."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        if arguments.flag("list") { return try JournalStep.list(arguments, context: &context) }
        return try JournalStep.step(undo: true, arguments, context: &context)
    }
}

/// One step through the journal, and its listing.
enum JournalStep {
    static let options = [
        OptionSpec("file", short: "f", value: "FILE", help: "Only operations that changed FILE."),
        OptionSpec("dry-run", short: "n", help: "Print the change as a unified diff; write nothing."),
        OptionSpec("quiet", short: "q", help: "Print nothing when it succeeds."),
        OptionSpec("all", short: "a", help: "Operations in any folder, not only this one's (the journal is shared)."),
    ]

    static func journal(_ environment: Environment) throws(TickError) -> StateFolder {
        switch Journal.open(environment) {
        case .success(let folder): return folder
        case .failure(.unavailable(let reason)): throw TickError.refused("nothing undone: cannot use the undo state: \(reason)")
        }
    }

    /// Which operations a step or a list is about: those that changed the file `-f` names;
    /// else, unless `--all`, those of this folder (`ProjectFolder`). Run for an agent
    /// (`Environment.agent`), only that agent's.
    static func scope(_ arguments: ParsedArguments, environment: Environment) throws(TickError) -> JournalHistory.Scope {
        if let file = try EditSession.namedFile(arguments) {
            return JournalHistory.Scope(place: .file(PathBytes.bytes(of: try AtomicFile.realPath(of: file))), agent: environment.agent)
        }
        if arguments.flag("all") { return JournalHistory.Scope(place: .all, agent: environment.agent) }
        let here = ProjectFolder(environment: environment)
        return JournalHistory.Scope(place: .here(shown: here.shown, contains: here.contains), agent: environment.agent)
    }

    static func step(undo: Bool, _ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let name = undo ? "undo" : "redo"
        if arguments.operands.count > 1 { throw TickError.usage(.unexpectedOperand(arguments.operands[1]), command: name) }
        // N: the operation on line N of `tick undo --list` (the same scope), 1 the newest.
        let number = try arguments.operands.first.map { text throws(TickError) -> Int in
            guard let number = Int(text), number >= 1 else {
                throw TickError.usage(.invalidValue(option: "N", value: text, expected: "an operation's number in 'tick undo --list' (1, the newest)"), command: name)
            }
            return number
        }
        // (A step prints a diff with --dry-run, and what it did otherwise: no JSON.)
        if arguments.flag("json") { throw TickError.usage(.optionNeedsOption("--json", needs: "--list"), command: name) }
        let scope = try scope(arguments, environment: context.environment)
        let folder = try journal(context.environment)
        defer { folder.close() }
        var damaged: [String] = []
        defer { if let warning = Journal.damagedWarning(damaged) { context.warn(warning) } }
        return try folder.withLock { () throws(TickError) -> Int32 in
            let history = JournalHistory(try Journal.operations(in: folder, damaged: &damaged), scope: scope)
            switch history.step(undo: undo, number: number, shown: { shown($0, context.environment) }) {
            case .take(let chosen, let others):
                return try step(to: chosen, undo: undo, others: others, history: history, folder: folder, arguments, context: &context)
            case .refused(let message):
                throw TickError.refused(message)
            case .nothing:
                // What is left is a damaged record: said once, as why there is nothing.
                if let warning = Journal.damagedWarning(damaged) {
                    damaged = []
                    throw TickError.refused("nothing to \(name): " + warning)
                }
                let file = arguments.value("file")
                throw undo ? TickError.nothingToUndo(path: file) : TickError.nothingToRedo(path: file, listed: !history.listed.isEmpty)
            }
        }
    }

    /// Undoes (or redoes) the operation `chosen`: every file it changed is checked before the
    /// first is written. `others`: other operations could be stepped to (said on a refusal).
    private static func step(to chosen: JournalHistory.Entry, undo: Bool, others: Bool, history: JournalHistory, folder: StateFolder,
                             _ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        /// What an undo of `chosen` refused at `path` most likely meets: tick's later edit.
        func laterEdit(of path: [UInt8]) -> TickError.LaterEdit? {
            guard undo, let later = history.laterEdit(after: chosen, of: path) else { return nil }
            return TickError.LaterEdit(command: later.command, number: later.number)
        }
        let changes = undo ? Array(chosen.changes.reversed()) : chosen.changes
        // Every file is checked before the first is written.
        var currents: [[UInt8]?] = []
        var replays: [JournalOperation.FileChange.Replay] = []
        for change in changes {
            let path = PathBytes.string(from: change.path)
            // The journal records the file's real path: a link put in its way since (the file,
            // or a folder above it) leads elsewhere, where the step never writes.
            let resolved = Syscalls.realPath(path)
                ?? Syscalls.realPath(Paths.directory(of: path)).map { ($0 == "/" ? "" : $0) + "/" + Paths.basename(of: path) }
            if let resolved, resolved != path {
                throw TickError.refused("\(shown(path, context.environment)) now leads to \(PathBytes.display(resolved)) through a link; "
                                        + "\(undo ? "undo" : "redo") writes only the file it recorded; nothing \(undo ? "undone" : "redone")")
            }
            let missing = Syscalls.fileStatus(path) == nil
            let current: [UInt8]? = missing ? nil : try FileReader.read(path)
            let outcome: Result<JournalOperation.FileChange.Replay, JournalOperation.FileChange.Refusal>?
            if !undo, change.created, current == nil || current == [] {
                // A file the operation created, gone again (or left empty): redo creates it.
                outcome = change.redone([])
            } else {
                outcome = current.map { undo ? change.undone($0) : change.redone($0) }
            }
            let replay: JournalOperation.FileChange.Replay
            switch outcome {
            case .success(let value)?: replay = value
            case .failure(let refusal)?:
                throw TickError.journalStale(path: shown(path, context.environment), command: chosen.operation.command, undo: undo,
                                             other: others, refusal: refusal, later: laterEdit(of: change.path))
            case nil:
                throw TickError.journalStale(path: shown(path, context.environment), command: chosen.operation.command, undo: undo,
                                             other: others, refusal: nil, later: nil)
            }
            currents.append(current)
            replays.append(replay)
        }
        if arguments.flag("dry-run") {
            for (change, (current, replay)) in zip(changes, zip(currents, replays)) {
                let before = context.environment.document(current ?? [])
                let after = context.environment.document(replay.bytes)
                let name = shown(PathBytes.string(from: change.path), context.environment)
                context.stdout.write(UnifiedDiff.render(before, Splice.between(before, after), path: name.hasPrefix("/") ? String(name.dropFirst()) : name,
                                                        creating: current == nil))
            }
            return 0
        }
        var done: [String] = []
        var kept: [String] = [], alreadyThere: [String] = []
        for (step, change) in changes.enumerated() {
            let path = PathBytes.string(from: change.path)
            do throws(TickError) {
                // Its place among the operation's changes (`changes` is reversed for an undo).
                let position = undo ? changes.count - 1 - step : step
                let applied = try apply(change, at: position, of: chosen, undo: undo, path: path, journal: folder, context: &context)
                if applied.keepsOtherChanges { kept.append(shown(path, context.environment)) }
                if applied.alreadyThere { alreadyThere.append(shown(path, context.environment)) }
            } catch {
                let restored = done.isEmpty ? "" : "; \(done.joined(separator: ", ")) \(undo ? "undone" : "redone") already"
                throw TickError.refused(TerminalText.oneLine(error.message) + restored)
            }
            done.append(shown(path, context.environment))
        }
        if let warning = Journal.mark(chosen, undone: undo, in: folder) { context.warn(warning) }
        if !arguments.flag("quiet") {
            func sorted(_ names: [String]) -> [String] { names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }
            // A created file that kept other changes is not removed (`apply`).
            let files = sorted(changes.map { change in
                let name = shown(PathBytes.string(from: change.path), context.environment)
                // One put back by hand: the step only marks the operation.
                if alreadyThere.contains(name) { return name + " was already as \(undo ? "before" : "after") it" }
                guard change.created else { return name }
                return name + (!undo ? " created" : kept.contains(name) ? "" : " removed")
            })
            // Said, so that nobody takes the file for the version before the operation.
            let keeping = kept.isEmpty ? "" : files.count == 1 ? "; the file's other changes are kept"
                : "; the other changes to \(sorted(kept).joined(separator: ", ")) are kept"
            context.stdout.write("\(undo ? "undid" : "redid") \(JournalHistory.quoted(command: chosen.operation.command)) (\(files.joined(separator: ", ")))\(keeping)\n")
        }
        return 0
    }

    /// Writes one file back (or forward); a file the operation created is removed by undo,
    /// when nothing else was written to it since. Returns whether the file had other changes,
    /// which it keeps, and whether it already was the version the step gives (nothing written).
    /// `position`: the change's place among the operation's; `journal`: where the operation's
    /// record is, which keeps the listing an undo replaced (`ListingStore.step`) for a redo.
    private static func apply(_ change: JournalOperation.FileChange, at position: Int, of operation: JournalHistory.Entry, undo: Bool, path: String,
                              journal: StateFolder, context: inout CommandContext) throws(TickError) -> (keepsOtherChanges: Bool, alreadyThere: Bool) {
        let command = operation.operation.command
        if !undo, change.created { try FileCreator.createIfMissing(path) }
        var before: [UInt8] = []
        var keepsOtherChanges = false, alreadyThere = false
        let update = try AtomicFile.update(path, lockTimeout: context.environment.lockTimeout) { current throws(TickError) in
            let replay: JournalOperation.FileChange.Replay
            switch undo ? change.undone(current) : change.redone(current) {
            case .success(let value): replay = value
            case .failure(let refusal):
                throw TickError.journalStale(path: shown(path, context.environment), command: command, undo: undo, other: false, refusal: refusal, later: nil)
            }
            before = current
            keepsOtherChanges = replay.keepsOtherChanges
            alreadyThere = replay.alreadyThere
            return replay.alreadyThere ? nil : replay.bytes
        }
        if undo, change.created {
            // Emptied under the lock above; removed only if it is still empty.
            if let info = Syscalls.fileStatus(path), info.st_size == 0 { _ = path.withPathCString { unlink($0) } }
        }
        if let update {
            // The listing the undo replaces is kept with the operation's record, one per file it changed.
            let record = "listing-" + String(position)
            let folder = try? journal.subfolder(operation.name, create: false).get()
            defer { folder?.close() }
            let left = undo ? nil : (try? folder?.read(record)).flatMap { $0 }.flatMap(ListingArchive.init(decoding:))?.files.first?.listing
            let (warning, replaced) = ListingStore.step(update.realPath, undo: undo, operation: operation.name, kept: undo ? change.listing : left,
                                                        environment: context.environment,
                                                        documents: { (context.environment.document(before), context.environment.document(update.after)) })
            if let warning { context.warn(warning) }
            if let replaced, let folder {
                _ = folder.write(ListingArchive(files: [ListingArchive.File(path: change.path, listing: replaced)]).encoded(), to: record, durable: false)
            }
        }
        return (keepsOtherChanges, alreadyThere)
    }

    static func shown(_ path: String, _ environment: Environment) -> String {
        DisplayPath.relative(path, to: environment.workingDirectory)
    }

    static func list(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        if let extra = arguments.operands.first { throw TickError.usage(.unexpectedOperand(extra), command: "undo") }
        let scope = try scope(arguments, environment: context.environment)
        let folder = try journal(context.environment)
        defer { folder.close() }
        var damaged: [String] = []
        let history = JournalHistory(try folder.withLock { () throws(TickError) in try Journal.operations(in: folder, damaged: &damaged) }, scope: scope)
        if let warning = Journal.damagedWarning(damaged) { context.warn(warning) }
        if arguments.flag("json") {
            history.json { context.stdout.write(bytes: $0) }
        } else if history.listed.isEmpty {
            context.stdout.write(history.emptyList(shown: { shown($0, context.environment) }) + "\n")
        } else {
            let style = ColorChoice.auto.style(for: 1, environment: context.environment)
            context.stdout.write(history.list(style: style, time: time, shown: { shown($0, context.environment) }))
        }
        return 0
    }

    /// `2026-11-23 16:40` in local time.
    static func time(_ seconds: Int64) -> String {
        var value = time_t(seconds)
        var parts = tm()
        localtime_r(&value, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
