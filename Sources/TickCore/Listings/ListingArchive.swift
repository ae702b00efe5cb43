/// Listings of files as one record, and the limits on how many tick keeps: the listings of the
/// `fileLimit` newest files with their entries, older ones only as what refuses a number
/// (`Listing.withoutEntries`), up to `stubLimit` (`ListingIndex`). The state folder keeps each
/// recent file's listing as an archive of that file alone.
package struct ListingArchive: Sendable, Equatable {
    package var files: [File]
    /// How many of the first `files` the latest view showed.
    package var latest: Int

    package struct File: Sendable, Equatable {
        package var path: [UInt8]
        package var listing: Listing

        package init(path: [UInt8], listing: Listing) {
            self.path = path
            self.listing = listing
        }
    }

    package static let fileLimit = 256
    package static let stubLimit = 8192
    static let magic = "tick-listings 8\n"
    /// The format before each listing named its operation, with two more numbers per entry
    /// that are read past.
    static let formerMagic = "tick-listings 7\n"

    package init(files: [File] = [], latest: Int = 0) {
        self.files = files
        self.latest = latest
    }

    /// The files a view showed, each path once (the first listing of a path seen twice, by
    /// two names of one file), split into the newest `fileLimit`, kept whole in the view's
    /// record, and the rest, which the index keeps as stubs.
    package static func split(_ shown: [File]) -> (kept: [File], past: [File]) {
        var table = PathTable(capacity: shown.count)
        let unique = shown.filter { table.insert($0.path) }
        return (Array(unique.prefix(fileLimit)), Array(unique.dropFirst(fileLimit)))
    }

    package func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: Self.magic)
        writer.number("files", files.count)
        writer.number("latest", latest)
        for file in files {
            writer.field("path", file.path)
            let listing = file.listing
            writer.hash("hash", listing.fileHash)
            writer.flags("flags", listing.shifted, listing.truncated, listing.detailed)
            writer.field("operation", listing.operation)
            writer.field("restored", listing.restoredBy)
            writer.number("entries", listing.entries.count)
            if !listing.detailed {
                // Not worked out yet: only the lines shown, 4 bytes each.
                var bytes: [UInt8] = []
                bytes.reserveCapacity(listing.entries.count * 4)
                for entry in listing.entries { append(UInt32(bitPattern: entry.shown), to: &bytes) }
                writer.field("lines", bytes)
                continue
            }
            // Each entry in binary, little-endian: shown and line (4 bytes each); fingerprint,
            // block and listed block (8 each); flags (1: unique, 2: removed by an edit); the text's and the reason's lengths
            // (2 each), then their bytes.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(listing.entries.count * 64)
            for entry in listing.entries {
                append(UInt32(bitPattern: entry.shown), to: &bytes)
                append(UInt32(bitPattern: entry.line), to: &bytes)
                append(entry.fingerprint, to: &bytes)
                append(entry.block, to: &bytes)
                append(entry.listedBlock, to: &bytes)
                bytes.append((entry.unique ? 1 : 0) | (entry.removedByEdit ? 2 : 0))
                append(UInt16(clamping: entry.text.count), to: &bytes)
                append(UInt16(clamping: entry.reason.count), to: &bytes)
                bytes += entry.text.prefix(Int(UInt16.max))
                bytes += entry.reason.prefix(Int(UInt16.max))
            }
            writer.field("data", bytes)
        }
        return writer.finished()
    }

    package init?(decoding bytes: [UInt8]) {
        guard let (opened, former) = RecordReader.reading(bytes, magic: Self.magic, formerMagic: Self.formerMagic) else { return nil }
        var reader = opened
        guard let count = reader.number("files"), let latest = reader.number("latest"), latest <= count else { return nil }
        // A former entry's former line (4 bytes) and former version (8).
        let fixed = former ? 49 : 37
        var files: [File] = []
        for _ in 0..<count {
            guard let path = reader.field("path"), let hash = reader.hash("hash"),
                  reader.take("flags "), let shifted = reader.byte(), let truncated = reader.byte(), let detailed = reader.byte(),
                  reader.take("\n"), let operation = former ? [] : reader.field("operation"),
                  let restoredBy = former ? [] : reader.field("restored"),
                  let entryCount = reader.number("entries"), entryCount <= Listing.limit else { return nil }
            if detailed != 0x31 {
                guard let lines = reader.field("lines"), lines.count == entryCount * 4 else { return nil }
                var offset = 0
                var entries: [Listing.Entry] = []
                entries.reserveCapacity(entryCount)
                for _ in 0..<entryCount {
                    let shown = Int32(bitPattern: Self.read(UInt32.self, lines, &offset))
                    entries.append(Listing.Entry(shown: shown, line: shown - 1, fingerprint: 0, block: 0, listedBlock: 0, unique: false, text: []))
                }
                var listing = Listing(fileHash: hash, shifted: shifted == 0x31, truncated: truncated == 0x31, detailed: false, entries: entries)
                listing.operation = operation
                listing.restoredBy = restoredBy
                files.append(File(path: path, listing: listing))
                continue
            }
            guard let data = reader.field("data") else { return nil }
            var entries: [Listing.Entry] = []
            entries.reserveCapacity(entryCount)
            var offset = 0
            for _ in 0..<entryCount {
                guard data.count - offset >= fixed else { return nil }
                let shown = Int32(bitPattern: Self.read(UInt32.self, data, &offset))
                let line = Int32(bitPattern: Self.read(UInt32.self, data, &offset))
                if former { offset += 4 }
                let fingerprint = Self.read(UInt64.self, data, &offset)
                let block = Self.read(UInt64.self, data, &offset)
                let listedBlock = Self.read(UInt64.self, data, &offset)
                if former { offset += 8 }
                let flags = data[offset]
                offset += 1
                let textLength = Int(Self.read(UInt16.self, data, &offset))
                let reasonLength = Int(Self.read(UInt16.self, data, &offset))
                guard data.count - offset >= textLength + reasonLength else { return nil }
                let text = Array(data[offset..<(offset + textLength)])
                let reason = Array(data[(offset + textLength)..<(offset + textLength + reasonLength)])
                offset += textLength + reasonLength
                var entry = Listing.Entry(shown: shown, line: line, fingerprint: fingerprint, block: block, listedBlock: listedBlock,
                                          unique: flags & 1 != 0, text: text, reason: reason)
                entry.removedByEdit = flags & 2 != 0
                entries.append(entry)
            }
            guard offset == data.count else { return nil }
            var listing = Listing(fileHash: hash, shifted: shifted == 0x31, truncated: truncated == 0x31, detailed: detailed == 0x31, entries: entries)
            listing.operation = operation
            listing.restoredBy = restoredBy
            files.append(File(path: path, listing: listing))
        }
        guard reader.atEnd else { return nil }
        self.init(files: files, latest: latest)
    }

    private func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func read<T: FixedWidthInteger>(_ type: T.Type, _ data: [UInt8], _ offset: inout Int) -> T {
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { target in
            data.withUnsafeBytes { source in target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + MemoryLayout<T>.size)])) }
        }
        offset += MemoryLayout<T>.size
        return T(littleEndian: value)
    }
}
