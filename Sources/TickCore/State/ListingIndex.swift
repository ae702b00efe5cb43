/// Which files tick has listed, newest first, and which of them the latest view showed: the
/// small record every view rewrites.
///
/// The listings of the newest `ListingArchive.fileLimit` files are kept in records of their
/// own (a `ListingArchive` of one file each), so that a view or an edit of one file reads and
/// writes that file's listing and this index, never the other files' listings: a listing of
/// thousands of tasks kept for a big file costs nothing to `tick list` of a small one. Older
/// files keep only a stub here (`Listing.withoutEntries`: what refuses a number), up to
/// `ListingArchive.stubLimit` files.
public struct ListingIndex: Sendable, Equatable {
    /// Newest first.
    public private(set) var paths: [[UInt8]]
    /// How many of the first `paths` the latest view showed.
    public private(set) var latest: Int
    /// The stubs of the files past `ListingArchive.fileLimit`, by path.
    private var stubs: [PathKey: Listing]

    static let magic = "tick-listing-index 1\n"

    public init() {
        paths = []
        latest = 0
        stubs = [:]
    }

    /// The paths the latest view showed.
    public var latestPaths: [[UInt8]] { Array(paths.prefix(latest)) }

    /// The stub kept for `path`, a file past the newest `ListingArchive.fileLimit`.
    public func stub(of path: [UInt8]) -> Listing? { stubs[PathKey(path)] }

    /// Keeps `listing` (without its entries) as the stub of `path`.
    public mutating func setStub(_ listing: Listing, of path: [UInt8]) { stubs[PathKey(path)] = listing.withoutEntries }

    /// Whether the listing of `path` is kept in a record of its own (else it is a stub here,
    /// or there is none).
    public func hasRecord(_ path: [UInt8]) -> Bool {
        paths.prefix(ListingArchive.fileLimit).contains(path)
    }

    /// Records that a view showed `fresh` (newest first): they go first, the others after
    /// them. Returns the files that now keep only a stub (`demoted`: their records are to be
    /// turned into stubs with `demote`) and those no longer kept at all (`dropped`).
    public mutating func record(_ fresh: [[UInt8]]) -> (demoted: [[UInt8]], dropped: [[UInt8]]) {
        let kept = Set(paths.prefix(ListingArchive.fileLimit).map(PathKey.init))
        var unique: [[UInt8]] = []
        var seen: Set<PathKey> = []
        for path in fresh where seen.insert(PathKey(path)).inserted { unique.append(path) }
        paths = unique + paths.filter { !seen.contains(PathKey($0)) }
        latest = unique.count
        for path in unique { stubs[PathKey(path)] = nil }
        let demoted = paths.dropFirst(ListingArchive.fileLimit).filter { kept.contains(PathKey($0)) }
        var dropped: [[UInt8]] = []
        if paths.count > ListingArchive.stubLimit {
            dropped = Array(paths[ListingArchive.stubLimit...])
            paths.removeLast(paths.count - ListingArchive.stubLimit)
            for path in dropped { stubs[PathKey(path)] = nil }
        }
        return (demoted, dropped)
    }

    /// Keeps the stub of a file whose record goes (it moved past the limit).
    public mutating func demote(_ path: [UInt8], listing: Listing) { setStub(listing, of: path) }

    /// The name of the record that holds the listing of `path`.
    public static func recordName(of path: [UInt8]) -> String {
        "listing-" + ContentHash.hex(ContentHash.of(path))
    }

    public func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: Self.magic)
        writer.line("files \(paths.count)")
        writer.line("latest \(latest)")
        for (index, path) in paths.enumerated() {
            writer.field("path", path)
            guard index >= ListingArchive.fileLimit else { continue }
            // Past the limit, a stub or nothing (a file demoted without its record).
            if let stub = stubs[PathKey(path)] {
                writer.line("hash \(ContentHash.hex(stub.fileHash))")
                writer.line("flags \(stub.shifted ? 1 : 0)\(stub.truncated ? 1 : 0)")
            } else {
                writer.line("none")
            }
        }
        return writer.finished()
    }

    public init?(decoding bytes: [UInt8]) {
        guard var reader = RecordReader(bytes, magic: Self.magic), let count = reader.number("files"),
              let latest = reader.number("latest"), latest <= count, count <= ListingArchive.stubLimit else { return nil }
        var paths: [[UInt8]] = []
        var stubs: [PathKey: Listing] = [:]
        paths.reserveCapacity(count)
        for index in 0..<count {
            guard let path = reader.field("path") else { return nil }
            paths.append(path)
            guard index >= ListingArchive.fileLimit else { continue }
            if reader.take("none\n") { continue }
            guard let hash = reader.hash("hash"), reader.take("flags "), let shifted = reader.bytes(1),
                  let truncated = reader.bytes(1), reader.take("\n") else { return nil }
            stubs[PathKey(path)] = Listing(fileHash: hash, shifted: shifted == [0x31], truncated: truncated == [0x31], detailed: true, entries: [])
        }
        guard reader.atEnd, Set(paths.map(PathKey.init)).count == paths.count else { return nil }
        self.paths = paths
        self.latest = latest
        self.stubs = stubs
    }
}

/// A path as a set member: hashed in one call over its bytes (an array of bytes hashes byte by
/// byte), for the hundreds of paths every view looks through.
struct PathKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
