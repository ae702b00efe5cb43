/// The shape of tick's state records: text keywords, decimal lengths, raw bytes, and a final
/// `sum` line that hashes everything before it, so a record is whole or refused.
public struct RecordWriter {
    public private(set) var bytes: [UInt8]

    public init(magic: String) { bytes = Array(magic.utf8) }

    public mutating func line(_ text: String) { bytes += Array(text.utf8); bytes.append(0x0A) }

    /// `key LENGTH\n` then the bytes and a newline: any bytes may be in them.
    public mutating func field(_ key: String, _ value: some Collection<UInt8>) {
        line("\(key) \(value.count)")
        bytes += value
        bytes.append(0x0A)
    }

    public mutating func raw(_ value: some Collection<UInt8>) { bytes += value }

    /// The record with its checksum line.
    public func finished() -> [UInt8] {
        bytes + Array("sum \(ContentHash.hex(ContentHash.of(bytes)))\n".utf8)
    }
}

/// Reads a record front to back; every method returns nil (or false) when the bytes are not
/// what is expected.
public struct RecordReader {
    let bytes: [UInt8]
    public private(set) var offset = 0

    /// A reader of the record's body, when its `sum` line checks out and `magic` starts it.
    public init?(_ bytes: [UInt8], magic: String) {
        let sumLength = 4 + 16 + 1
        guard bytes.count >= magic.utf8.count + sumLength else { return nil }
        let body = bytes.count - sumLength
        guard bytes[body...].starts(with: Array("sum ".utf8)), bytes.last == 0x0A,
              let sum = UInt64(String(decoding: bytes[(body + 4)..<(bytes.count - 1)], as: UTF8.self), radix: 16),
              sum == ContentHash.of(bytes[..<body]) else { return nil }
        self.bytes = Array(bytes[..<body])
        guard take(magic) else { return nil }
    }

    public var atEnd: Bool { offset == bytes.count }

    public mutating func take(_ expected: String) -> Bool {
        let expected = Array(expected.utf8)
        guard bytes.count - offset >= expected.count, bytes[offset..<(offset + expected.count)].elementsEqual(expected) else { return false }
        offset += expected.count
        return true
    }

    public mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    public mutating func decimal() -> Int? {
        var value = 0, digits = 0
        while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, digits < 19 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(bytes[offset] - 0x30))
            if overflow || carry { return nil }
            value = sum
            offset += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    public mutating func hexadecimal() -> UInt64? {
        guard let text = bytes(16) else { return nil }
        return UInt64(String(decoding: text, as: UTF8.self), radix: 16)
    }

    /// `key NUMBER\n`.
    public mutating func number(_ key: String) -> Int? {
        guard take(key + " "), let value = decimal(), take("\n") else { return nil }
        return value
    }

    /// `key HEX16\n`.
    public mutating func hash(_ key: String) -> UInt64? {
        guard take(key + " "), let value = hexadecimal(), take("\n") else { return nil }
        return value
    }

    /// What `RecordWriter.field` wrote.
    public mutating func field(_ key: String) -> [UInt8]? {
        guard let count = number(key), let value = bytes(count), take("\n") else { return nil }
        return value
    }
}
