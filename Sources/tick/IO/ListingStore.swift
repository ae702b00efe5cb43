import TickCore

/// Where the latest listing of each file is kept: one record (`ListingArchive`) in the state
/// folder, read and rewritten under the folder's lock. A view records what it showed; every
/// write tick makes carries the file's listing along (`map`); an edit resolves line numbers
/// through it (`load`).
enum ListingStore {
    static let name = "listings"

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
        guard let archive = try? read(folder) else { return Known(listing: nil, otherFilesListed: nil) }
        let latest = archive.latestPaths
        let others = latest.isEmpty || latest == [path] ? nil
            : latest.map { DisplayPath.relative(PathBytes.string(from: $0), to: environment.workingDirectory) }
        return Known(listing: archive.files.first { $0.path == path }?.listing, otherFilesListed: others)
    }

    /// Records the listings a view printed (newest first); returns a warning when it cannot.
    static func record(_ listings: [(realPath: String, listing: Listing)], environment: Environment) -> String? {
        guard !listings.isEmpty else { return nil }
        let fresh = listings.map { ListingArchive.File(path: PathBytes.bytes(of: $0.realPath), listing: $0.listing) }
        return change(environment) { archive in archive.record(fresh) }
    }

    /// Carries the listing of `realPath` through a write tick made (`splices` nil: a rewrite).
    /// `documents` gives the two versions parsed; it is called only when the file has a listing.
    static func map(_ realPath: String, splices: [Splice]?, command: String, environment: Environment,
                    documents: () -> (before: Document, after: Document)) -> String? {
        let path = PathBytes.bytes(of: realPath)
        return change(environment, onlyIf: path) { archive in
            guard let index = archive.files.firstIndex(where: { $0.path == path }) else { return }
            let (before, after) = documents()
            archive.files[index].listing = archive.files[index].listing.mapped(before: before, after: after, splices: splices, by: command)
        }
    }

    /// After an edit printed tasks with their lines: those numbers name those tasks now.
    static func show(_ lines: [Int], realPath: String, after: Document, environment: Environment) -> String? {
        let path = PathBytes.bytes(of: realPath)
        return change(environment, onlyIf: path) { archive in
            guard let index = archive.files.firstIndex(where: { $0.path == path }) else { return }
            archive.files[index].listing = archive.files[index].listing.showing(lines, in: after, by: Journal.shared.command)
        }
    }

    private static func read(_ folder: StateFolder) throws(TickError) -> ListingArchive? {
        guard let bytes = try folder.read(name) else { return ListingArchive() }
        return ListingArchive(decoding: bytes)
    }

    /// Reads, changes and rewrites the archive under the lock. With `onlyIf`, nothing is
    /// rewritten unless that file has a listing. A damaged archive is replaced.
    private static func change(_ environment: Environment, onlyIf path: [UInt8]? = nil,
                               _ body: (inout ListingArchive) -> Void) -> String? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)): return "cannot keep the listing's line numbers (they will mean the file's own lines): " + reason
        }
        defer { folder.close() }
        do throws(TickError) {
            return try folder.withLock { () throws(TickError) -> String? in
                var archive = try read(folder) ?? ListingArchive()
                if let path, !archive.files.contains(where: { $0.path == path }) { return nil }
                body(&archive)
                // A listing is a cache of what was shown: losing it to a crash only makes
                // numbers refer to the file's own lines, so it is not fsynced.
                if let failure = folder.write(archive.encoded(), to: name, durable: false) {
                    return "cannot keep the listing's line numbers in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
                }
                return nil
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
