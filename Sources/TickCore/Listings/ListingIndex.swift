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
package struct ListingIndex: Sendable, Equatable {
    /// Newest first.
    package private(set) var paths: [[UInt8]]
    /// How many of the first `paths` the latest view showed.
    package private(set) var latest: Int
    /// Where each path's listing is, index for index with `paths`.
    private var places: [Place]
    /// Names that were links when a view showed a file through them, and the file each led
    /// to (`Link`), newest first: a name that leads elsewhere now (an editor's save replaced
    /// the link with a file) must not take the numbers that view printed for its own lines.
    package private(set) var links: [Link]

    /// A name (its folder's real path and its own last part) that was a link to `target`.
    package struct Link: Sendable, Equatable {
        package let name: [UInt8]
        package let target: [UInt8]

        package init(name: [UInt8], target: [UInt8]) {
            self.name = name
            self.target = target
        }
    }

    /// Where a file's listing is kept.
    private enum Place: Sendable, Equatable {
        /// In a record (one of the newest `ListingArchive.fileLimit` files).
        case record(UInt64)
        /// As a stub here (a file past them).
        case stub(Listing)
        /// Nowhere: its listing is lost.
        case none
    }

    static let magic = "tick-listing-index 3\n"
    /// The version before links were kept: read as one with none.
    static let formerMagic = "tick-listing-index 2\n"

    package init() {
        paths = []
        latest = 0
        places = []
        links = []
    }

    /// What `name` was a link to when a view showed the file through it, if it was.
    package func linkTarget(of name: [UInt8]) -> [UInt8]? {
        links.first { $0.name == name }?.target
    }

    /// Records the names a view showed files by: each name that was a link (`target` set) is
    /// kept, newest first; each that was none (`target` nil: the file's own name) is no
    /// longer a link.
    package mutating func recordNames(_ names: [(name: [UInt8], target: [UInt8]?)]) {
        var seen = PathTable(capacity: names.count)
        var fresh: [Link] = []
        for entry in names where seen.insert(entry.name) {
            if let target = entry.target { fresh.append(Link(name: entry.name, target: target)) }
        }
        links = fresh + links.filter { !seen.contains($0.name) }
        if links.count > ListingArchive.stubLimit { links.removeLast(links.count - ListingArchive.stubLimit) }
    }

    /// The paths the latest view showed.
    package var latestPaths: [[UInt8]] { Array(paths.prefix(latest)) }

    /// The stub kept for `path`, a file past the newest `ListingArchive.fileLimit`.
    package func stub(of path: [UInt8]) -> Listing? {
        guard let position = paths.firstIndex(of: path), case .stub(let listing) = places[position] else { return nil }
        return listing
    }

    /// Keeps `listing` (without its entries) as the stub of `path`.
    package mutating func setStub(_ listing: Listing, of path: [UInt8]) {
        setStubs([(path, listing)])
    }

    /// Keeps each listing (without its entries) as the stub of its path, in one pass over the
    /// index: a view pushes up to `ListingArchive.fileLimit` files past the newest at once.
    package mutating func setStubs(_ stubs: [(path: [UInt8], listing: Listing)]) {
        let table = PathTable(stubs.map(\.path), capacity: stubs.count)
        for position in paths.indices {
            guard let stub = table.position(of: paths[position]) else { continue }
            places[position] = .stub(stubs[stub].listing.withoutEntries)
        }
    }

    /// The record that holds the listing of `path`, if one does (else it is a stub here, or
    /// there is none).
    package func record(of path: [UInt8]) -> UInt64? {
        guard let position = paths.firstIndex(of: path), case .record(let record) = places[position] else { return nil }
        return record
    }

    /// The records some file's listing is in.
    package var recordsInUse: Set<UInt64> {
        var records: Set<UInt64> = []
        for case .record(let record) in places { records.insert(record) }
        return records
    }

    /// The record a view of `paths` writes: named by the files, so that the same view again
    /// writes the same record.
    package static func record(for paths: [[UInt8]]) -> UInt64 {
        ContentHash.of(Array(paths.joined(separator: [0])))
    }

    /// Records that a view showed `fresh` (newest first), their listings in `record`: they go
    /// first, the others after them. Returns the files that now keep only a stub (`demoted`,
    /// with the record their listing was in: make the stubs with `setStubs`) and those no longer
    /// kept at all (`dropped`).
    package mutating func record(_ fresh: [[UInt8]], in record: UInt64) -> (demoted: [(path: [UInt8], record: UInt64)], dropped: [[UInt8]]) {
        let unique = PathTable(fresh, capacity: fresh.count)
        var newPaths = unique.members
        var newPlaces = [Place](repeating: .record(record), count: newPaths.count)
        newPaths.reserveCapacity(newPaths.count + paths.count)
        newPlaces.reserveCapacity(newPaths.count + paths.count)
        for position in paths.indices where !unique.contains(paths[position]) {
            newPaths.append(paths[position])
            newPlaces.append(places[position])
        }
        paths = newPaths
        places = newPlaces
        latest = unique.members.count
        var demoted: [(path: [UInt8], record: UInt64)] = []
        for position in paths.indices.dropFirst(ListingArchive.fileLimit) {
            guard case .record(let old) = places[position] else { continue }
            demoted.append((paths[position], old))
            places[position] = .none
        }
        var dropped: [[UInt8]] = []
        if paths.count > ListingArchive.stubLimit {
            dropped = Array(paths[ListingArchive.stubLimit...])
            paths.removeLast(paths.count - ListingArchive.stubLimit)
            places.removeLast(places.count - ListingArchive.stubLimit)
        }
        return (demoted, dropped)
    }

    /// The name of a record in the state folder.
    package static func recordName(_ record: UInt64) -> String {
        "listing-" + ContentHash.hex(record)
    }

    package func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: Self.magic)
        writer.number("files", paths.count)
        writer.number("latest", latest)
        for (path, place) in zip(paths, places) {
            writer.field("path", path)
            switch place {
            case .record(let record):
                writer.hash("record", record)
            case .stub(let stub):
                writer.hash("hash", stub.fileHash)
                writer.flags("flags", stub.shifted, stub.truncated)
            case .none:
                writer.keyword("none")
            }
        }
        writer.number("links", links.count)
        for link in links {
            writer.field("name", link.name)
            writer.field("target", link.target)
        }
        return writer.finished()
    }

    /// The files the latest view showed and the record each one's listing is in, read from the
    /// top of an encoded index without the rest (newest first, they lead it): what a view asks
    /// first, to find it is showing the same again. Nil when it cannot tell (the index is
    /// damaged, or a file the latest view showed keeps no record).
    package static func latestView(decoding bytes: [UInt8]) -> [ShownFile]? {
        guard var reader = RecordReader(bytes, magic: magic) ?? RecordReader(bytes, magic: formerMagic), let count = reader.number("files"),
              let latest = reader.number("latest"), latest <= count else { return nil }
        var view: [ShownFile] = []
        for _ in 0..<latest {
            guard let path = reader.field("path"), let record = reader.hash("record") else { return nil }
            view.append(ShownFile(path: path, record: record))
        }
        return view
    }

    /// A file the latest view showed and the record its listing is in. (A struct, not a
    /// tuple: every view asks, and each tuple type costs a metadata instantiation at start-up.)
    package struct ShownFile: Sendable {
        package let path: [UInt8]
        package let record: UInt64
    }

    package init?(decoding bytes: [UInt8]) {
        guard let (read, former) = RecordReader.reading(bytes, magic: Self.magic, formerMagic: Self.formerMagic), case var reader = read,
              let count = reader.number("files"),
              let latest = reader.number("latest"), latest <= count, count <= ListingArchive.stubLimit else { return nil }
        var unique = PathTable(capacity: count)
        var places: [Place] = []
        places.reserveCapacity(count)
        for index in 0..<count {
            // A path twice: the index is damaged.
            guard let path = reader.field("path"), unique.insert(path) else { return nil }
            if let record = reader.hash("record") {
                guard index < ListingArchive.fileLimit else { return nil }
                places.append(.record(record))
            } else if reader.take("none\n") {
                places.append(.none)
            } else {
                guard let hash = reader.hash("hash"), reader.take("flags "), let shifted = reader.byte(),
                      let truncated = reader.byte(), reader.take("\n") else { return nil }
                places.append(.stub(Listing(fileHash: hash, shifted: shifted == 0x31, truncated: truncated == 0x31, detailed: true, entries: [])))
            }
        }
        var links: [Link] = []
        if !former {
            guard let linkCount = reader.number("links"), linkCount <= ListingArchive.stubLimit else { return nil }
            for _ in 0..<linkCount {
                guard let name = reader.field("name"), let target = reader.field("target") else { return nil }
                links.append(Link(name: name, target: target))
            }
        }
        guard reader.atEnd else { return nil }
        paths = unique.members
        self.latest = latest
        self.places = places
        self.links = links
    }
}
