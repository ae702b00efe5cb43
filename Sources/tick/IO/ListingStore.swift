import TickCore

/// Where the latest listing of each file is kept: one record (`ListingArchive`) in the state
/// folder, read and rewritten under the folder's lock. A view records what it showed; every
/// write tick makes carries the file's listing along (`map`); an edit resolves line numbers
/// through it (`load`).
enum ListingStore {
    static let name = "listings"

    /// The listing of the file at `realPath`, if tick has one.
    static func load(realPath: String, environment: Environment) -> Listing? {
        guard case .success(let folder) = StateFolder.open(environment) else { return nil }
        defer { folder.close() }
        let path = PathBytes.bytes(of: realPath)
        return (try? read(folder))?.first { $0.path == path }?.listing
    }

    /// Records the listings a view printed (newest first); returns a warning when it cannot.
    static func record(_ listings: [(realPath: String, listing: Listing)], environment: Environment) -> String? {
        guard !listings.isEmpty else { return nil }
        let fresh = listings.map { (path: PathBytes.bytes(of: $0.realPath), listing: $0.listing) }
        return change(environment) { archive in
            let paths = Set(fresh.map(\.path))
            archive = fresh + archive.filter { !paths.contains($0.path) }
        }
    }

    /// Carries the listing of `realPath` through a write tick made (`splices` nil: a rewrite).
    static func map(_ realPath: String, before: [UInt8], after: [UInt8], splices: [Splice]?, command: String,
                    environment: Environment) -> String? {
        let path = PathBytes.bytes(of: realPath)
        return change(environment, onlyIf: path) { archive in
            guard let index = archive.firstIndex(where: { $0.path == path }) else { return }
            let listing = archive[index].listing
            archive[index].listing = listing.mapped(before: Document(bytes: before), after: Document(bytes: after),
                                                    splices: splices, by: command)
        }
    }

    /// Forgets the listing of `realPath`: its numbers mean the file's own lines again.
    static func forget(_ realPath: String, environment: Environment) {
        let path = PathBytes.bytes(of: realPath)
        _ = change(environment, onlyIf: path) { archive in archive.removeAll { $0.path == path } }
    }

    private static func read(_ folder: StateFolder) throws(TickError) -> [(path: [UInt8], listing: Listing)]? {
        guard let bytes = try folder.read(name) else { return [] }
        return ListingArchive.decode(bytes)
    }

    /// Reads, changes and rewrites the archive under the lock. With `onlyIf`, nothing is
    /// rewritten unless that file has a listing. A damaged archive is replaced.
    private static func change(_ environment: Environment, onlyIf path: [UInt8]? = nil,
                               _ body: (inout [(path: [UInt8], listing: Listing)]) -> Void) -> String? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)): return "cannot save the listing's line numbers: " + reason
        }
        defer { folder.close() }
        do throws(TickError) {
            return try folder.withLock { () throws(TickError) -> String? in
                var archive = try read(folder) ?? []
                if let path, !archive.contains(where: { $0.path == path }) { return nil }
                body(&archive)
                // A listing is a cache of what was shown: losing it to a crash only makes
                // numbers refer to the file's own lines, so it is not fsynced.
                if let failure = folder.write(ListingArchive.encode(archive), to: name, durable: false) {
                    folder.remove(name)
                    return "cannot save the listing's line numbers in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
                }
                return nil
            }
        } catch {
            return error.message
        }
    }
}
