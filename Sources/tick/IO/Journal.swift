import Synchronization
import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// tick's undo journal: every write tick makes, grouped by the command that made it.
///
/// In the state folder, `journal/op-TIME-PID/` is one operation: `meta` (time, command line,
/// whether it is undone) and one `change-N` per file written (`JournalOperation.FileChange`: the
/// bytes replaced and the bytes written, with a hash of both versions), each written and
/// fsynced right after its file. `tick undo` reverts the latest operation that stands, `tick
/// redo` re-applies the latest undone one; a new operation drops the undone ones of its folder
/// and of the file it changes. The last
/// `TICK_UNDO_KEEP` operations (default 100) are kept, and at most 64 MiB of them.
final class Journal: Sendable {
    static let shared = Journal()
    static let folderName = "journal"
    static let sizeLimit = TestHooks.journalLimit ?? 64 << 20

    private struct State {
        var command = "tick"
        /// The operation's folder in the journal, named when first needed (a listing carried
        /// along names it before its first record is written).
        var name: String?
        /// Set once the operation's folder is made.
        var operation: String?
        var changes = 0
        var filesWritten = 0
        /// Known once the operation's first record is written, so that each later file of it
        /// (`fmt` of a folder) costs the same whatever the journal holds: the undone operations
        /// it left standing (outside this project folder, and the files they changed), and the
        /// bytes the other operations it kept take.
        var undoneLeft: [(name: String, paths: [[UInt8]])] = []
        var othersSize = 0
        var ownSize = 0
    }
    private let state = Mutex(State())

    /// Whether this process has written a file (an edit, fmt): a failure after it must not
    /// say the file was left untouched.
    var hasWritten: Bool { state.withLock { $0.filesWritten > 0 } }

    /// The command line the operations of this process are recorded under.
    func begin(command: String) { state.withLock { $0.command = command } }
    var command: String { state.withLock { $0.command } }

    /// The name of this process's operation in the journal (`op-TIME-PID`), which a listing
    /// it carries along keeps (`Listing.operation`).
    var operationName: String {
        state.withLock { state in
            if let name = state.name { return name }
            let name = "op-" + ContentHash.hex(UInt64(Clock.wallNanoseconds())) + "-" + String(UInt32(getpid()), radix: 16)
            state.name = name
            return name
        }
    }

    /// What a write produced: the new bytes, the splices that made them (for carrying listings
    /// along; nil for a rewrite), and how many tasks it was about.
    struct Rewrite {
        var bytes: [UInt8]
        var splices: [Splice]?
        var tasks: Int
        /// The parsed version the bytes were made from, when the transform parsed it (whole, or
        /// one stretch: `Document.stretch`).
        var before: Document? = nil
        /// The parsed version of `bytes`, when the transform can make it without parsing them
        /// (a stretch, when `before` is one).
        var after: (() -> Document)? = nil
        /// The digests of the bytes read and of `bytes`, when the transform worked them out:
        /// each version of a file is digested once per edit (36 MB: 26 M instructions).
        var digests: (before: ContentDigest, after: ContentDigest)? = nil
        /// Whether the edit keeps every task on its line (`Listing.keepsTaskLines`, checked on
        /// its window): a listing of lines only (`Listing.namesLinesOnly`) of the version read
        /// is then carried along by naming the version written, with neither version parsed.
        var keepsTaskLines = false

        /// `digests` as the versions a listing and the journal name (`ContentDigest.version`).
        var versions: (before: UInt64, after: UInt64)? { digests.map { ($0.before.version, $0.after.version) } }
    }

    /// What a write did: the update, a warning about the state, and the parsed result when
    /// carrying a listing along needed it (so that the caller does not parse it again).
    struct Written {
        let update: AtomicFile.Update?
        let warning: String?
        let after: Document?
    }

    /// Every write tick makes: the safe write (`AtomicFile.update`), its journal entry, and the
    /// file's listing carried along. Returns what changed, and a warning when the state could not
    /// be saved (the edit itself stands).
    static func update(_ path: String, place: WalkedPlace? = nil, environment: Environment, created: Bool = false,
                       _ transform: ([UInt8]) throws(TickError) -> Rewrite?) throws(TickError) -> Written {
        var rewrite: Rewrite?
        var after: Document?
        var listingWarning: String?
        var listing: Listing?
        // The listing is carried along before the new version takes the file's place, with the
        // lock held: another tick that waited for the lock reads the listing of the version it
        // finds. (If the swap fails after this, the listing names a version that never was,
        // and its numbers are checked as after another program's change.)
        let update = try AtomicFile.update(path, place: place, lockTimeout: environment.lockTimeout, { bytes throws(TickError) in
            rewrite = try transform(bytes)
            return rewrite?.bytes
        }, swapping: { update in
            guard let rewrite else { return }
            after = nil
            (listingWarning, listing) = ListingStore.map(update.realPath, splices: rewrite.splices, command: shared.command,
                                                         versions: rewrite.versions, keepsTaskLines: rewrite.keepsTaskLines, environment: environment) {
                // A listing is carried over whole documents: the stretch an edit read (when it
                // is one) holds only some of the tasks a listing may name.
                let whole = rewrite.before?.stretch == nil
                let parsed = (whole ? rewrite.after?() : nil) ?? environment.document(update.after)
                after = parsed
                return ((whole ? rewrite.before : nil) ?? environment.document(update.before), parsed)
            }
        })
        guard let update, let rewrite else { return Written(update: nil, warning: nil, after: nil) }
        shared.state.withLock { $0.filesWritten += 1 }
        var change = JournalOperation.FileChange(path: PathBytes.bytes(of: update.realPath), before: update.before,
                                                 after: update.after, created: created, tasks: rewrite.tasks, versions: rewrite.versions)
        change.listing = listing
        let warnings = [
            shared.record(change, environment: environment),
            listingWarning,
        ].compactMap { $0 }
        return Written(update: update, warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "), after: after)
    }

    /// Adds a file change to this process's operation (created with the first one).
    func record(_ change: JournalOperation.FileChange, environment: Environment) -> String? {
        state.withLock { state -> String? in
            let journal: StateFolder
            switch Self.open(environment) {
            case .success(let value): journal = value
            case .failure(.unavailable(let reason)): return "cannot save undo state: " + reason
            }
            defer { journal.close() }
            // Room is made for the record before it is written: the journal holds at most
            // `sizeLimit` with it (the newest operation is kept whatever its size).
            let record = change.encoded()
            if state.operation == nil {
                let name = state.name ?? "op-" + ContentHash.hex(UInt64(Clock.wallNanoseconds())) + "-" + String(UInt32(getpid()), radix: 16)
                state.name = name
                let meta = JournalOperation(time: Clock.wallNanoseconds() / 1_000_000_000, command: state.command, agent: environment.agent)
                do throws(TickError) {
                    try journal.withLock { () throws(TickError) in
                        state.undoneLeft = Self.dropUndone(journal, touching: change.path, environment: environment)
                        state.othersSize = Self.prune(journal, keep: environment.undoKeep - 1, reserve: record.count + meta.encodedMeta().count)
                    }
                } catch { return "cannot save undo state: " + error.message }
                state.ownSize = meta.encodedMeta().count
                guard case .success(let folder) = journal.subfolder(name) else { return "cannot save undo state in \(PathBytes.display(journal.path))" }
                defer { folder.close() }
                if let failure = folder.write(meta.encodedMeta(), to: "meta") {
                    return "cannot save undo state in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
                }
                state.operation = name
                TestHooks.pauseInJournal()
            } else {
                // A later file of the same operation (`archive --to`, `fmt` of a folder): the
                // undone operations that changed it go, and the journal is pruned again only
                // when this operation's records would take it past its size limit.
                let touching = state.undoneLeft.filter { $0.paths.contains(change.path) }
                let full = state.othersSize + state.ownSize + record.count > Self.sizeLimit
                if !touching.isEmpty || full {
                    do throws(TickError) {
                        try journal.withLock { () throws(TickError) in
                            for entry in touching { journal.remove(entry.name) }
                            state.undoneLeft.removeAll { entry in touching.contains { $0.name == entry.name } }
                            if full {
                                state.othersSize = Self.prune(journal, keep: environment.undoKeep, reserve: record.count, current: state.operation)
                                    - state.ownSize
                            }
                        }
                    } catch { return "cannot save undo state: " + error.message }
                }
            }
            guard case .success(let folder) = journal.subfolder(state.operation!) else { return "cannot save undo state in \(PathBytes.display(journal.path))" }
            defer { folder.close() }
            state.changes += 1
            let name = "change-" + String(repeating: "0", count: max(0, 6 - String(state.changes).count)) + String(state.changes)
            if let failure = folder.write(record, to: name) {
                return "cannot save undo state in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
            }
            state.ownSize += record.count
            return nil
        }
    }

    static func open(_ environment: Environment) -> Result<StateFolder, StateFolder.Failure> {
        StateFolder.open(environment, [folderName])
    }

    /// Every operation in the journal, oldest first, with its file changes where `changes`
    /// wants them (by default, always). A record a kill or a full disk cut short (no `meta`,
    /// or a part that does not decode) is left out, its folder named in `damaged`: every other
    /// operation stays undoable.
    static func operations(in journal: StateFolder, changes wants: (JournalOperation) -> Bool = { _ in true },
                           damaged: inout [String]) throws(TickError) -> [JournalHistory.Entry] {
        var result: [JournalHistory.Entry] = []
        for name in journal.names() where name.hasPrefix("op-") {
            guard case .success(let folder) = journal.subfolder(name, create: false) else { continue }
            defer { folder.close() }
            guard let metaBytes = try folder.read("meta"), let meta = JournalOperation(meta: metaBytes) else {
                damaged.append(folder.path)
                continue
            }
            var changes: [JournalOperation.FileChange] = []
            var whole = true
            for entry in wants(meta) ? folder.names() : [] where entry.hasPrefix("change-") {
                guard let bytes = try folder.read(entry), let change = JournalOperation.FileChange(decoding: bytes) else {
                    whole = false
                    break
                }
                changes.append(change)
            }
            guard whole else {
                damaged.append(folder.path)
                continue
            }
            result.append(JournalHistory.Entry(name: name, operation: meta, changes: changes))
        }
        return result
    }

    static func operations(in journal: StateFolder, changes wants: (JournalOperation) -> Bool = { _ in true }) throws(TickError) -> [JournalHistory.Entry] {
        var damaged: [String] = []
        return try operations(in: journal, changes: wants, damaged: &damaged)
    }

    /// Whether the newest operation that changed the file at `path` found a listing of it
    /// (`JournalOperation.FileChange.listing`): a listing was kept, whatever became of it
    /// since. Read newest first, up to that operation.
    static func foundListing(of path: [UInt8], environment: Environment) -> Bool {
        guard case .success(let journal) = open(environment) else { return false }
        defer { journal.close() }
        for name in journal.names().filter({ $0.hasPrefix("op-") }).sorted(by: >) {
            guard case .success(let folder) = journal.subfolder(name, create: false) else { continue }
            defer { folder.close() }
            for entry in folder.names() where entry.hasPrefix("change-") {
                guard let bytes = try? folder.read(entry), let change = JournalOperation.FileChange(decoding: bytes), change.path == path else { continue }
                return change.listing != nil
            }
        }
        return false
    }

    /// The warning for records left out (`operations(in:damaged:)`), or nil when there are none.
    static func damagedWarning(_ damaged: [String]) -> String? {
        guard let first = damaged.first else { return nil }
        let more = damaged.count > 1 ? " (and \(damaged.count - 1) more)" : ""
        return "the undo record \(PathBytes.display(first))\(more) is damaged (a write cut short by a kill or a full disk, or changed since); "
            + "its operation cannot be undone, every other one can"
    }

    /// Marks an operation undone (with a stamp that orders redos) or standing again.
    static func mark(_ stored: JournalHistory.Entry, undone: Bool, in journal: StateFolder) -> String? {
        guard case .success(let folder) = journal.subfolder(stored.name, create: false) else { return "cannot update the undo journal" }
        defer { folder.close() }
        var operation = stored.operation
        operation.undoneStamp = undone ? Clock.wallNanoseconds() : 0
        if let failure = folder.write(operation.encodedMeta(), to: "meta") {
            return "cannot update the undo journal in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
        }
        return nil
    }

    /// A new operation makes the undone operations of its folder unreachable (and those of the
    /// file it changes, wherever they were made): redo goes forward from the latest state. Those
    /// of other folders stay, as undo and redo work per folder (`ProjectFolder`): an edit in
    /// one project does not take another's redo.
    /// Returns the undone operations left, with the files each changed.
    private static func dropUndone(_ journal: StateFolder, touching path: [UInt8], environment: Environment) -> [(name: String, paths: [[UInt8]])] {
        // Only the undone operations' changes are read (usually none: there are none until an undo).
        guard let undone = try? operations(in: journal, changes: \.isUndone).filter(\.operation.isUndone), !undone.isEmpty else { return [] }
        let here = ProjectFolder(environment: environment)
        var left: [(name: String, paths: [[UInt8]])] = []
        for entry in undone {
            if entry.changes.contains(where: { $0.path == path || here.contains($0.path) }) {
                journal.remove(entry.name)
            } else {
                left.append((entry.name, entry.changes.map(\.path)))
            }
        }
        return left
    }

    /// Keeps the newest `keep` operations that fit in `sizeLimit` with `reserve` bytes about to
    /// be written, and `current`, the operation being written, whatever its size. Returns the
    /// bytes the operations kept take.
    @discardableResult
    private static func prune(_ journal: StateFolder, keep: Int, reserve: Int, current: String? = nil) -> Int {
        // A record cut short (no `meta`) more than a minute ago is no operation being written:
        // it goes, and with it the warning that it cannot be undone.
        let now = Clock.wallNanoseconds() / 1_000_000_000
        for name in journal.names() where name.hasPrefix("op-") && name != current {
            guard case .success(let folder) = journal.subfolder(name, create: false) else { continue }
            var info = stat()
            let abandoned = faccessat(folder.fd, "meta", F_OK, AT_SYMLINK_NOFOLLOW) != 0 && fstat(folder.fd, &info) == 0 && Int64(info.st_mtim.tv_sec) < now - 60
            folder.close()
            if abandoned { journal.remove(name) }
        }
        let names = journal.names().filter { $0.hasPrefix("op-") }
        var size = reserve
        var kept = 0, keptSize = 0
        for name in names.reversed() {
            let own = folderSize(journal, name)
            size += own
            if name == current || (kept < keep && size <= sizeLimit) {
                kept += 1
                keptSize += own
            } else {
                journal.remove(name)
            }
        }
        return keptSize
    }

    private static func folderSize(_ journal: StateFolder, _ name: String) -> Int {
        guard case .success(let folder) = journal.subfolder(name, create: false) else { return 0 }
        defer { folder.close() }
        var total = 0
        for entry in folder.names() {
            var info = stat()
            if fstatat(folder.fd, entry, &info, AT_SYMLINK_NOFOLLOW) == 0 { total += Int(info.st_size) }
        }
        return total
    }
}
