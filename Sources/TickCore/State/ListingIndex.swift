/// Which files tick has listed, newest first, which of them the latest view showed, and where
/// each one's listing is: the small record every view rewrites.
///
/// A view keeps the listings of the files it showed in one record of its own (a
/// `ListingArchive`, named by the files it holds), so that a view or an edit of one file reads
/// and writes that file's record and this index, never the listings of files other views
/// showed: a listing of thousands of tasks kept for a big file costs nothing to `tick list` of
/// a small one, and a view over a folder writes one record, not one per file. The newest
/// `ListingArchive.fileLimit` files keep their listings so; older ones keep only a stub here
/// (`Listing.withoutEntries`: what refuses a number), up to `ListingArchive.stubLimit` files.
public struct ListingIndex: Sendable, Equatable {
    /// Newest first.
    public private(set) var paths: [[UInt8]]
    /// How many of the first `paths` the latest view showed.
    public private(set) var latest: Int
    /// The record that holds each recent file's listing.
    private var records: [PathKey: UInt64]
    /// The stubs of the files past `ListingArchive.fileLimit`, by path.
    private var stubs: [PathKey: Listing]

    static let magic = "tick-listing-index 2\n"

    public init() {
        paths = []
        latest = 0
        records = [:]
        stubs = [:]
    }

    /// The paths the latest view showed.
    public var latestPaths: [[UInt8]] { Array(paths.prefix(latest)) }

    /// The stub kept for `path`, a file past the newest `ListingArchive.fileLimit`.
    public func stub(of path: [UInt8]) -> Listing? { stubs[PathKey(path)] }

    /// Keeps `listing` (without its entries) as the stub of `path`.
    public mutating func setStub(_ listing: Listing, of path: [UInt8]) { stubs[PathKey(path)] = listing.withoutEntries }

    /// The record that holds the listing of `path`, if one does (else it is a stub here, or
    /// there is none).
    public func record(of path: [UInt8]) -> UInt64? { records[PathKey(path)] }

    /// The records some file's listing is in.
    public var recordsInUse: Set<UInt64> { Set(records.values) }

    /// The record a view of `paths` writes: named by the files, so that the same view again
    /// writes the same record.
    public static func record(for paths: [[UInt8]]) -> UInt64 {
        ContentHash.of(Array(paths.joined(separator: [0])))
    }

    /// Records that a view showed `fresh` (newest first), their listings in `record`: they go
    /// first, the others after them. Returns the files that now keep only a stub (`demoted`,
    /// with the record their listing was in: make the stub with `setStub`) and those no longer
    /// kept at all (`dropped`).
    public mutating func record(_ fresh: [[UInt8]], in record: UInt64) -> (demoted: [(path: [UInt8], record: UInt64)], dropped: [[UInt8]]) {
        var unique: [[UInt8]] = []
        var seen: Set<PathKey> = []
        for path in fresh where seen.insert(PathKey(path)).inserted { unique.append(path) }
        paths = unique + paths.filter { !seen.contains(PathKey($0)) }
        latest = unique.count
        for path in unique {
            stubs[PathKey(path)] = nil
            records[PathKey(path)] = record
        }
        var demoted: [(path: [UInt8], record: UInt64)] = []
        for path in paths.dropFirst(ListingArchive.fileLimit) {
            if let old = records.removeValue(forKey: PathKey(path)) { demoted.append((path, old)) }
        }
        var dropped: [[UInt8]] = []
        if paths.count > ListingArchive.stubLimit {
            dropped = Array(paths[ListingArchive.stubLimit...])
            paths.removeLast(paths.count - ListingArchive.stubLimit)
            for path in dropped { stubs[PathKey(path)] = nil }
        }
        return (demoted, dropped)
    }

    /// The name of a record in the state folder.
    public static func recordName(_ record: UInt64) -> String {
        "listing-" + ContentHash.hex(record)
    }

    public func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: Self.magic)
        writer.line("files \(paths.count)")
        writer.line("latest \(latest)")
        for path in paths {
            writer.field("path", path)
            if let record = records[PathKey(path)] {
                writer.line("record \(ContentHash.hex(record))")
            } else if let stub = stubs[PathKey(path)] {
                writer.line("hash \(ContentHash.hex(stub.fileHash))")
                writer.line("flags \(stub.shifted ? 1 : 0)\(stub.truncated ? 1 : 0)")
            } else {
                writer.line("none")
            }
        }
        return writer.finished()
    }

    /// The files the latest view showed and the record each one's listing is in, read from the
    /// top of an encoded index without the rest (newest first, they lead it): what a view asks
    /// first, to find it is showing the same again. Nil when it cannot tell (the index is
    /// damaged, or a file the latest view showed keeps no record).
    public static func latestView(decoding bytes: [UInt8]) -> [(path: [UInt8], record: UInt64)]? {
        guard var reader = RecordReader(bytes, magic: magic), let count = reader.number("files"),
              let latest = reader.number("latest"), latest <= count else { return nil }
        var view: [(path: [UInt8], record: UInt64)] = []
        for _ in 0..<latest {
            guard let path = reader.field("path"), let record = reader.hash("record") else { return nil }
            view.append((path, record))
        }
        return view
    }

    public init?(decoding bytes: [UInt8]) {
        guard var reader = RecordReader(bytes, magic: Self.magic), let count = reader.number("files"),
              let latest = reader.number("latest"), latest <= count, count <= ListingArchive.stubLimit else { return nil }
        var paths: [[UInt8]] = []
        var stubs: [PathKey: Listing] = [:]
        var records: [PathKey: UInt64] = [:]
        paths.reserveCapacity(count)
        for index in 0..<count {
            guard let path = reader.field("path") else { return nil }
            paths.append(path)
            if let record = reader.hash("record") {
                guard index < ListingArchive.fileLimit else { return nil }
                records[PathKey(path)] = record
                continue
            }
            if reader.take("none\n") { continue }
            guard let hash = reader.hash("hash"), reader.take("flags "), let shifted = reader.bytes(1),
                  let truncated = reader.bytes(1), reader.take("\n") else { return nil }
            stubs[PathKey(path)] = Listing(fileHash: hash, shifted: shifted == [0x31], truncated: truncated == [0x31], detailed: true, entries: [])
        }
        guard reader.atEnd, Set(paths.map(PathKey.init)).count == paths.count else { return nil }
        self.paths = paths
        self.latest = latest
        self.records = records
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
