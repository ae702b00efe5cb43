import TickCore

/// Where the latest listing of each file is kept, in the state folder: an index of the files
/// listed (`ListingIndex`, newest first, with stubs of old ones) and one record per recent
/// file (`listing-HASH`, a `ListingArchive` of that file), read and rewritten under the
/// folder's lock. A view records what it showed; every write tick makes carries the file's
/// listing along (`map`); an edit resolves line numbers through it (`load`). Each touches the
/// index and its own file's record only.
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
    }

    static func load(realPath: String, environment: Environment) -> Known {
        guard case .success(let folder) = StateFolder.open(environment) else { return Known(listing: nil, otherFilesListed: nil) }
        defer { folder.close() }
        let path = PathBytes.bytes(of: realPath)
        guard let index = try? readIndex(folder) else { return Known(listing: nil, otherFilesListed: nil) }
        let latest = index.latestPaths
        let others = latest.isEmpty || latest == [path] ? nil
            : latest.map { DisplayPath.relative(PathBytes.string(from: $0), to: environment.workingDirectory) }
        return Known(listing: listing(of: path, in: index, folder: folder), otherFilesListed: others)
    }

    /// Records the listings a view printed (newest first); returns a warning when it cannot.
    static func record(_ listings: [(realPath: String, listing: Listing)], environment: Environment) -> String? {
        guard !listings.isEmpty else { return nil }
        return withFolder(environment) { folder throws(TickError) -> String? in
            var index = try readIndex(folder) ?? ListingIndex()
            let fresh = listings.map { (path: PathBytes.bytes(of: $0.realPath), listing: $0.listing) }
            // The same view of the same files again (`tick list`, twice): nothing to write.
            if index.latestPaths == fresh.map(\.path),
               fresh.allSatisfy({ index.hasRecord($0.path) && readRecord($0.path, folder) == $0.listing }) {
                return nil
            }
            let (demoted, dropped) = index.record(fresh.map(\.path))
            for path in demoted {
                if let listing = readRecord(path, folder) { index.demote(path, listing: listing) }
                folder.remove(ListingIndex.recordName(of: path))
            }
            for path in dropped { folder.remove(ListingIndex.recordName(of: path)) }
            for file in fresh where index.hasRecord(file.path) {
                if let failure = writeRecord(file.path, file.listing, folder) { return failure }
            }
            return write(index.encoded(), to: indexName, folder)
        }
    }

    /// Carries the listing of `realPath` through a write tick made (`splices` nil: a rewrite).
    /// `documents` gives the two versions parsed; it is called only when the file has a listing.
    static func map(_ realPath: String, splices: [Splice]?, command: String, environment: Environment,
                    documents: () -> (before: Document, after: Document)) -> String? {
        change(realPath, environment) { listing in
            let (before, after) = documents()
            listing = listing.mapped(before: before, after: after, splices: splices, by: command)
        }
    }

    /// After an edit printed tasks with their lines: those numbers name those tasks now.
    static func show(_ lines: [Int], realPath: String, after: Document, environment: Environment) -> String? {
        change(realPath, environment) { listing in
            listing = listing.showing(lines, in: after, by: Journal.shared.command)
        }
    }

    /// Changes the listing of one file, where it is kept (its record, or its stub in the
    /// index); nothing when the file has none.
    private static func change(_ realPath: String, _ environment: Environment, _ body: (inout Listing) -> Void) -> String? {
        let path = PathBytes.bytes(of: realPath)
        return withFolder(environment) { folder throws(TickError) -> String? in
            guard var index = try readIndex(folder) else { return nil }
            if index.hasRecord(path) {
                guard var listing = readRecord(path, folder) else { return nil }
                body(&listing)
                return writeRecord(path, listing, folder)
            }
            guard var stub = index.stub(of: path) else { return nil }
            body(&stub)
            index.setStub(stub, of: path)
            return write(index.encoded(), to: indexName, folder)
        }
    }

    private static func listing(of path: [UInt8], in index: ListingIndex, folder: StateFolder) -> Listing? {
        index.hasRecord(path) ? readRecord(path, folder) : index.stub(of: path)
    }

    /// The index; nil when there is none or it is damaged (it is then replaced).
    private static func readIndex(_ folder: StateFolder) throws(TickError) -> ListingIndex? {
        guard let bytes = try folder.read(indexName) else { return nil }
        return ListingIndex(decoding: bytes)
    }

    /// A file's own record: a listing archive of that file alone (its path checked, as names
    /// are hashes); nil when missing or damaged.
    private static func readRecord(_ path: [UInt8], _ folder: StateFolder) -> Listing? {
        guard let bytes = try? folder.read(ListingIndex.recordName(of: path)),
              let archive = ListingArchive(decoding: bytes), archive.files.count == 1, archive.files[0].path == path else { return nil }
        return archive.files[0].listing
    }

    private static func writeRecord(_ path: [UInt8], _ listing: Listing, _ folder: StateFolder) -> String? {
        write(ListingArchive(files: [ListingArchive.File(path: path, listing: listing)]).encoded(),
              to: ListingIndex.recordName(of: path), folder)
    }

    /// A listing is a cache of what was shown: losing it to a crash only makes numbers refer to
    /// the file's own lines, so it is not fsynced.
    private static func write(_ bytes: [UInt8], to name: String, _ folder: StateFolder) -> String? {
        guard let failure = folder.write(bytes, to: name, durable: false) else { return nil }
        return "cannot keep the listing's line numbers in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
    }

    /// Runs `body` on the state folder under its lock; a failure is a warning.
    private static func withFolder(_ environment: Environment, _ body: (StateFolder) throws(TickError) -> String?) -> String? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)): return "cannot keep the listing's line numbers (they will mean the file's own lines): " + reason
        }
        defer { folder.close() }
        do throws(TickError) {
            return try folder.withLock { () throws(TickError) -> String? in
                folder.remove(formerName)
                return try body(folder)
            }
        } catch {
            return error.message
        }
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
