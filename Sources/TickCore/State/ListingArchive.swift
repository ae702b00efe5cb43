/// The listings of every file tick has listed recently, as one record: newest first, at most
/// `fileLimit` files.
public enum ListingArchive {
    static let magic = "tick-listings 2\n"
    public static let fileLimit = 256

    public static func encode(_ listings: [(path: [UInt8], listing: Listing)]) -> [UInt8] {
        var writer = RecordWriter(magic: magic)
        writer.line("files \(min(listings.count, fileLimit))")
        for (path, listing) in listings.prefix(fileLimit) {
            writer.field("path", path)
            writer.line("hash \(ContentHash.hex(listing.fileHash))")
            writer.line("flags \(listing.shifted ? 1 : 0)\(listing.truncated ? 1 : 0)")
            writer.line("entries \(listing.entries.count)")
            for entry in listing.entries {
                writer.line("\(entry.shown) \(entry.line) \(ContentHash.hex(entry.fingerprint)) \(ContentHash.hex(entry.block)) \(entry.text.count) \(entry.reason.count)")
                writer.raw(entry.text)
                writer.raw(entry.reason)
                writer.raw([0x0A])
            }
        }
        return writer.finished()
    }

    public static func decode(_ bytes: [UInt8]) -> [(path: [UInt8], listing: Listing)]? {
        guard var reader = RecordReader(bytes, magic: magic), let count = reader.number("files") else { return nil }
        var result: [(path: [UInt8], listing: Listing)] = []
        for _ in 0..<count {
            guard let path = reader.field("path"), let hash = reader.hash("hash"),
                  reader.take("flags "), let shifted = reader.bytes(1), let truncated = reader.bytes(1), reader.take("\n"),
                  let entryCount = reader.number("entries"), entryCount <= Listing.limit else { return nil }
            var entries: [Listing.Entry] = []
            entries.reserveCapacity(entryCount)
            for _ in 0..<entryCount {
                guard let shown = reader.decimal(), reader.take(" "), let line = signed(&reader), reader.take(" "),
                      let fingerprint = reader.hexadecimal(), reader.take(" "), let block = reader.hexadecimal(), reader.take(" "),
                      let textLength = reader.decimal(), reader.take(" "), let reasonLength = reader.decimal(), reader.take("\n"),
                      let text = reader.bytes(textLength), let reason = reader.bytes(reasonLength), reader.take("\n"),
                      let shown32 = Int32(exactly: shown), let line32 = Int32(exactly: line) else { return nil }
                entries.append(Listing.Entry(shown: shown32, line: line32, fingerprint: fingerprint, block: block, text: text, reason: reason))
            }
            result.append((path, Listing(fileHash: hash, shifted: shifted == [0x31], truncated: truncated == [0x31], entries: entries)))
        }
        return reader.atEnd ? result : nil
    }

    private static func signed(_ reader: inout RecordReader) -> Int? {
        if reader.take("-") { return reader.decimal().map { -$0 } }
        return reader.decimal()
    }
}
