#if canImport(Glibc)
import Glibc
#endif

/// The record that lets `tick undo` revert tick's last edit of a file.
///
/// One record per edited file in the state folder (`StateFolder`), named by a hash of the file's
/// real path. A record is self-checking: a header with the path (length-prefixed, so any bytes
/// may be in it), the length of the bytes before the edit and the hash of the bytes tick
/// wrote; then the bytes before; then a hash of everything above, which covers them. Undo
/// restores the bytes only if the record is whole, is for this file, and the file still holds
/// exactly what tick wrote; undoing writes a new record, so a second `tick undo` redoes.
enum UndoStore {
    struct Record: Equatable {
        let path: [UInt8]
        let before: [UInt8]
        let afterHash: UInt64
    }

    static let magic = "tick-undo 2\n"

    /// Every write tick makes: `AtomicFile.update`, then the record that undoes it. Returns
    /// what changed, and a warning when the record could not be saved (the edit stands).
    static func update(_ path: String, environment: Environment,
                       _ transform: ([UInt8]) throws(TickError) -> [UInt8]?) throws(TickError) -> (update: AtomicFile.Update?, warning: String?) {
        guard let update = try AtomicFile.update(path, lockTimeout: environment.lockTimeout, transform) else { return (nil, nil) }
        return (update, save(update, environment: environment))
    }

    /// Saves the record; returns a warning when it cannot (the edit itself stands).
    private static func save(_ update: AtomicFile.Update, environment: Environment) -> String? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)): return "cannot save undo state: " + reason
        }
        defer { folder.close() }
        let path = PathBytes.bytes(of: update.realPath)
        let record = encode(Record(path: path, before: update.before, afterHash: checksum(update.after)))
        if let failure = folder.write(record, to: recordName(path)) {
            return "cannot save undo state in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(failure)
        }
        return nil
    }

    /// The record for the file at `realPath`: nil when there is none; an error when it is damaged.
    static func load(realPath: String, environment: Environment) throws(TickError) -> Record? {
        let folder: StateFolder
        switch StateFolder.open(environment) {
        case .success(let value): folder = value
        case .failure(.unavailable(let reason)):
            throw TickError.refused("\(PathBytes.display(realPath)): nothing undone: cannot use the undo state: \(reason)")
        }
        defer { folder.close() }
        let path = PathBytes.bytes(of: realPath)
        guard let bytes = try folder.read(recordName(path)) else { return nil }
        guard let record = decode(bytes) else {
            throw TickError.refused("\(PathBytes.display(realPath)): the undo record is damaged; nothing undone")
        }
        // Another file's record under the same name (a hash collision): not ours to apply.
        return record.path == path ? record : nil
    }

    static func recordName(_ path: [UInt8]) -> String { hex(checksum(path)) }

    static func encode(_ record: Record) -> [UInt8] {
        var bytes = Array(magic.utf8)
        bytes += Array("path \(record.path.count)\n".utf8) + record.path + [0x0A]
        bytes += Array("before \(record.before.count)\nafter \(hex(record.afterHash))\n".utf8)
        bytes += record.before
        bytes += Array("\nsum \(hex(checksum(bytes)))\n".utf8)
        return bytes
    }

    /// The record, or nil when any part of it does not check out.
    static func decode(_ bytes: [UInt8]) -> Record? {
        var reader = RecordReader(bytes: bytes)
        guard reader.take(Array(magic.utf8)),
              reader.take(Array("path ".utf8)), let pathLength = reader.decimal(), reader.take([0x0A]),
              let path = reader.bytes(pathLength), reader.take([0x0A]),
              reader.take(Array("before ".utf8)), let beforeLength = reader.decimal(), reader.take([0x0A]),
              reader.take(Array("after ".utf8)), let afterHash = reader.hexadecimal(), reader.take([0x0A]),
              let before = reader.bytes(beforeLength)
        else { return nil }
        let summed = reader.offset
        guard reader.take(Array("\nsum ".utf8)), let sum = reader.hexadecimal(), reader.take([0x0A]),
              reader.offset == bytes.count, sum == checksum(bytes[..<summed]) else { return nil }
        return Record(path: path, before: before, afterHash: afterHash)
    }

    /// A 64-bit hash of bytes, for telling versions apart and records whole: FNV-1a's step
    /// (xor, then multiply by its prime, a bijection) over 8-byte words and then the last bytes,
    /// so that a file of megabytes takes a millisecond, not one multiply per byte.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let words = raw.count / 8
        for index in 0..<words {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
        }
        for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { checksum($0) } }
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.withUnsafeBytes { checksum($0) } }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Reads an undo record front to back.
private struct RecordReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ expected: [UInt8]) -> Bool {
        guard bytes.count - offset >= expected.count, bytes[offset..<(offset + expected.count)].elementsEqual(expected) else { return false }
        offset += expected.count
        return true
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func decimal() -> Int? {
        var value = 0, digits = 0
        while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, digits < 12 {
            value = value * 10 + Int(bytes[offset] - 0x30)
            offset += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    mutating func hexadecimal() -> UInt64? {
        guard let text = bytes(16) else { return nil }
        return UInt64(String(decoding: text, as: UTF8.self), radix: 16)
    }
}
