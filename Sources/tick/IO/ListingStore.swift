import TickCore

/// Where the latest listing of each file is kept, in the state folder: an index of the files
/// listed (`ListingIndex`, newest first, with stubs of old ones) and one record per view
/// (`listing-HASH`, a `ListingArchive` of the files it showed), read and rewritten under the
/// folder's lock. A view records what it showed; every write tick makes carries the file's
/// listing along (`map`); an edit resolves line numbers through it (`load`). Each touches the
/// index and the one record that holds its file's listing.
enum ListingStore {
    static let indexName = "listing-index"
    /// Where tick before the index kept every listing in one record: removed when found.
    static let formerName = "listings"

    /// What an edit needs to know about the listings of a file.
    struct Known {
        /// The file's listing, if tick has one.
        let listing: Listing?
        /// The files the latest view showed, when that was not this file alone: a bare number
        /// then does not say which file it is from.
        let otherFilesListed: [String]?
        /// The file a view showed through this file's name when that name was a link to it
        /// ("" when the name was a file of its own, a link now), when the name leads to
        /// another file now: the numbers that view printed are not this file's.
        var listedThroughLink: String? = nil
    }

    static func load(_ file: FileNames, environment: Environment) -> Known {
        guard case .success(let folder) = StateFolder.open(environment) else { return Known(listing: nil, otherFilesListed: nil) }
        defer { folder.close() }
        let path = PathBytes.bytes(of: file.realPath)
        let read: ListingIndex?
        do { read = try readIndex(folder) } catch { read = nil }
        guard let index = read else {
            // No index but records of views, or an index that does not read back (damaged,
            // emptied, another kind of file): some listing was kept, and what its numbers
            // meant is not known; so when the journal says an edit of the file found one (the
            // listings removed, the journal left). Never listed (a new state folder): the
            // file's own lines.
            let listed = folder.names().contains { $0.hasPrefix("listing") }
                || environment.recordsListings && Journal.foundListing(of: path, environment: environment)
            return Known(listing: listed ? Listing.unreadable : nil, otherFilesListed: nil)
        }
        // The name was a link when a view showed what it led to, and leads elsewhere now (an
        // editor or `sed -i` saved a file in the link's place, or it was pointed elsewhere):
        // unless this file was listed since, the numbers the user has are the other file's.
        // Or the name was a file of its own when listed and is a link now.
        let name = PathBytes.bytes(of: file.name)
        if let before = index.linkTarget(of: name) ?? (file.isLink && index.paths.contains(name) ? name : nil), before != path {
            let own = index.paths.firstIndex(of: path)
            if own == nil || index.paths.firstIndex(of: before).map({ $0 < own! }) == true {
                return Known(listing: nil, otherFilesListed: nil,
                             listedThroughLink: before == name ? "" : DisplayPath.relative(PathBytes.string(from: before), to: environment.workingDirectory))
            }
        }
        let latest = index.latestPaths
        // Whatever project the latest view showed: a number read from it, typed here, must not
        // land on this file's line. (Where the view was run is not recorded, so a view of
        // another project's file from this folder cannot be told from one run over there.)
        let others = latest.isEmpty || latest == [path] ? nil
            : latest.map { DisplayPath.relative(PathBytes.string(from: $0), to: environment.workingDirectory) }
        return Known(listing: listing(of: path, in: index, folder: folder), otherFilesListed: others)
    }

    /// A file a view showed and the listing of what it showed there.
    struct Shown {
        /// Where the file is, and the name the view reached it by.
        let file: FileNames
        let listing: Listing

        init(_ file: FileNames, listing: Listing) {
            self.file = file
            self.listing = listing
        }

        var realPath: String { file.realPath }
    }

    /// Records the listings a view printed (newest first); returns a warning when it cannot.
    /// The newest `ListingArchive.fileLimit` files keep their listings in the view's record;
    /// the index keeps a stub of the others' (`Listing.withoutEntries`), which refuses their
    /// numbers rather than let them name the file's own lines.
    static func record(_ listings: [Shown], environment: Environment) -> String? {
        guard !listings.isEmpty, environment.recordsListings else { return nil }
        return withFolder(environment) { folder throws(TickError) -> String? in
            let (files, past) = ListingArchive.split(listings.map { ListingArchive.File(path: PathBytes.bytes(of: $0.realPath), listing: $0.listing) })
            let paths = files.map(\.path) + past.map(\.path)
            let record = ListingIndex.record(for: files.map(\.path))
            let archive = ListingArchive(files: files)
            let indexBytes = try folder.read(indexName)
            // The same view of the same files again (`tick list`, twice): nothing to write, and
            // the index is read no further than the files it leads with.
            // Names that were links are kept in the whole index (rare): a view through one reads it.
            let names = listings.map { (name: PathBytes.bytes(of: $0.file.name), target: $0.file.isLink ? PathBytes.bytes(of: $0.realPath) : nil) }
            let links = names.filter { $0.target != nil }
            if past.isEmpty, let latest = indexBytes.flatMap(ListingIndex.latestView), latest.map(\.path) == paths,
               latest.allSatisfy({ $0.record == record }), readArchive(record, folder) == archive,
               links.isEmpty || indexBytes.flatMap(ListingIndex.init(decoding:)).map({ index in links.allSatisfy { index.linkTarget(of: $0.name) == $0.target } }) == true {
                return nil
            }
            // The first record since the single archive of earlier versions: that one goes.
            if indexBytes == nil { folder.remove(formerName) }
            var index = indexBytes.flatMap(ListingIndex.init(decoding:)) ?? ListingIndex()
            index.recordNames(names)
            let inUse = index.recordsInUse
            let (demoted, _) = index.record(paths, in: record)
            // Files pushed past the newest ones keep a stub of their listing, from its record;
            // this view's own files past them, of the listing just made.
            var read: [UInt64: ListingArchive] = [:]
            var stubs: [(path: [UInt8], listing: Listing)] = past.map { ($0.path, $0.listing) }
            for (path, old) in demoted where old != record {
                if read[old] == nil { read[old] = readArchive(old, folder) ?? ListingArchive() }
                if let listing = read[old]?.files.first(where: { $0.path == path })?.listing { stubs.append((path, listing)) }
            }
            index.setStubs(stubs)
            if let failure = write(archive.encoded(), to: ListingIndex.recordName(record), folder) { return failure }
            if let failure = write(index.encoded(), to: indexName, folder) { return failure }
            // Records no file's listing is in any more go.
            for old in inUse.subtracting(index.recordsInUse) { folder.remove(ListingIndex.recordName(old)) }
            return nil
        }
    }

    /// Carries the listing of `realPath` through a write of this process's journal operation
    /// (`splices` nil: a rewrite). Returns a warning when it cannot, and the listing as it was
    /// before, for the journal (`JournalOperation.FileChange.listing`).
    /// `documents` gives the two versions parsed; it is called only when the file has a listing.
    /// `versions`: the two versions' `ContentDigest.version`, when worked out already.
    /// `keepsTaskLines`: the edit keeps every task on its line (`Journal.Rewrite`).
    static func map(_ realPath: String, splices: [Splice]?, command: String, versions: (before: UInt64, after: UInt64)? = nil,
                    keepsTaskLines: Bool = false, environment: Environment,
                    documents: () -> (before: Document, after: Document)) -> (warning: String?, before: Listing?) {
        var before: Listing?
        let operation = Array(Journal.shared.operationName.utf8)
        let warning = change(realPath, environment) { listing in
            before = listing
            listing = listing.carried(over: splices, by: command, operation: operation, versions: versions, keepsTaskLines: keepsTaskLines,
                                      documents: documents)
        }
        return (warning, before)
    }

    /// Carries the listing of `realPath` through an undo or a redo of the operation named
    /// `operation` (`Listing.stepped`: `kept` is the listing the file had before it, for an
    /// undo; the one the operation left, for a redo). Returns a warning when it cannot, and,
    /// after an undo that gave back the listing from before the operation, the listing it
    /// replaced: what a redo gives back.
    static func step(_ realPath: String, undo: Bool, operation: String, kept: Listing?, environment: Environment,
                     documents: () -> (before: Document, after: Document)) -> (warning: String?, replaced: Listing?) {
        let name = Array(operation.utf8)
        var replaced: Listing?
        let warning = change(realPath, environment) { listing in
            let before = listing
            listing = listing.stepped(undo: undo, operation: name, kept: kept, documents: documents)
            if undo, listing.restoredBy == name { replaced = before }
        }
        return (warning, replaced)
    }

    /// After a command printed tasks with their lines: those numbers name those tasks now.
    /// `edited`: the command's edit wrote the file (none for `show`, which changes nothing):
    /// the listing stays its journal operation's (`Listing.operation`).
    /// `version`: `after`'s `ContentDigest.version`, when worked out already.
    static func show(_ lines: [Int], realPath: String, after: Document, edited: Bool = false, version: UInt64? = nil,
                     environment: Environment) -> String? {
        guard environment.recordsListings else { return nil }
        let operation = edited ? Array(Journal.shared.operationName.utf8) : []
        return change(realPath, environment) { listing in
            listing = listing.showing(lines, in: after, by: Journal.shared.command, operation: operation, version: version)
        }
    }

    /// After an edit printed rows of a file when the latest view showed another project's
    /// files (none in the project tick runs in): the numbers just printed are what the user
    /// has, so this file is the latest view now, with the listing it has (the rows printed
    /// carried into it) or, listed never, its own lines. Else a number read off those rows
    /// was refused as the other project's. (A view of this project stays the latest: `tick
    /// list`, an add to another file of it, then `tick done 3` is the list's 3.)
    static func takeLatest(_ file: FileNames, after: Document, environment: Environment) -> String? {
        guard environment.recordsListings else { return nil }
        let path = PathBytes.bytes(of: file.realPath)
        guard case .success(let folder) = StateFolder.open(environment) else { return nil }
        let index: ListingIndex?
        do { index = try readIndex(folder) } catch { index = nil }
        guard let index, !index.latestPaths.isEmpty, index.latestPaths != [path],
              !index.latestPaths.contains(where: ProjectFolder(environment: environment).contains) else {
            folder.close()
            return nil
        }
        let own = listing(of: path, in: index, folder: folder)
        folder.close()
        return record([Shown(file, listing: own ?? Listing(shown: Array(after.tasks.indices), in: after))], environment: environment)
    }

    /// Changes the listing of one file, where it is kept (the record of the view that showed
    /// it, or its stub in the index); nothing when the file has none.
    private static func change(_ realPath: String, _ environment: Environment, _ body: (inout Listing) -> Void) -> String? {
        let path = PathBytes.bytes(of: realPath)
        return withFolder(environment) { folder throws(TickError) -> String? in
            guard var index = try readIndex(folder) else { return nil }
            if let record = index.record(of: path) {
                guard var archive = readArchive(record, folder),
                      let position = archive.files.firstIndex(where: { $0.path == path }) else { return nil }
                body(&archive.files[position].listing)
                return write(archive.encoded(), to: ListingIndex.recordName(record), folder)
            }
            guard var stub = index.stub(of: path) else { return nil }
            body(&stub)
            index.setStub(stub, of: path)
            return write(index.encoded(), to: indexName, folder)
        }
    }

    private static func listing(of path: [UInt8], in index: ListingIndex, folder: StateFolder) -> Listing? {
        guard let record = index.record(of: path) else { return index.stub(of: path) }
        // A record the index names that cannot be read (damaged, or gone) was a listing of this
        // file: what its numbers meant is not known, so they are refused as a dropped
        // listing's are once the file changed, never taken for the file's own lines.
        guard let archive = readArchive(record, folder) else { return Listing.unreadable }
        return archive.files.first { $0.path == path }?.listing
    }

    /// The index; nil when there is none or it is damaged (it is then replaced).
    private static func readIndex(_ folder: StateFolder) throws(TickError) -> ListingIndex? {
        guard let bytes = try folder.read(indexName) else { return nil }
        return ListingIndex(decoding: bytes)
    }

    /// A view's record: the listings of the files it showed; nil when missing or damaged.
    private static func readArchive(_ record: UInt64, _ folder: StateFolder) -> ListingArchive? {
        guard let bytes = try? folder.read(ListingIndex.recordName(record)) else { return nil }
        return ListingArchive(decoding: bytes)
    }

    /// A listing is a cache of what was shown: losing it to a crash only makes numbers refer to
    /// the file's own lines, so it is not fsynced.
    private static func write(_ bytes: [UInt8], to name: String, _ folder: StateFolder) -> String? {
        guard let failure = folder.write(bytes, to: name, durable: false) else { return nil }
        return "cannot keep the listing's line numbers in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
    }

    /// Runs `body` on the state folder under its lock; a failure is a warning.
    ///
    /// A listing that could not be kept (the lock held past TICK_LOCK_TIMEOUT, a full disk)
    /// leaves the one kept before, which the numbers just printed do not match: the index is
    /// removed, without the lock, so that every number is refused until the next view rather
    /// than taken for what an older view showed.
    private static func withFolder(_ environment: Environment, _ body: (StateFolder) throws(TickError) -> String?) -> String? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)): return "cannot keep the listing's line numbers (they will mean the file's own lines): " + reason
        }
        defer { folder.close() }
        let failure: String
        do throws(TickError) {
            guard let warning = try folder.withLock({ () throws(TickError) -> String? in try body(folder) }) else { return nil }
            failure = warning
        } catch {
            failure = "cannot keep the listing's line numbers: " + error.message
        }
        folder.remove(indexName)
        return failure + "; line numbers are refused until the next listing"
    }
}

/// A path as the user would type it: relative to the working folder when inside it.
enum DisplayPath {
    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if path.hasPrefix(prefix), path.count > prefix.count { return PathBytes.display(String(path.dropFirst(prefix.count))) }
        return PathBytes.display(path)
    }
}
