/// The shape of tick's state records: text keywords, decimal lengths, raw bytes, and a final
/// `sum` line that hashes everything before it, so a record is whole or refused.
///
/// Written and read as bytes, keys as static strings: the listing index holds up to thousands
/// of files and every view rewrites it, so a line costs a few stores, not Strings built and
/// arrays allocated per key and per number.
package struct RecordWriter {
    package private(set) var bytes: [UInt8]

    package init(magic: String) { bytes = Array(magic.utf8) }

    /// `key NUMBER\n`.
    package mutating func number(_ key: StaticString, _ value: Int) {
        appendKey(key)
        appendDecimal(value)
        bytes.append(0x0A)
    }

    /// `key HEX16\n`: sixteen lowercase hex digits.
    package mutating func hash(_ key: StaticString, _ value: UInt64) {
        appendKey(key)
        appendHex(value)
        bytes.append(0x0A)
    }

    /// `key BITS\n`: a `1` or `0` for each flag.
    package mutating func flags(_ key: StaticString, _ first: Bool, _ second: Bool, _ third: Bool? = nil) {
        appendKey(key)
        bytes.append(first ? 0x31 : 0x30)
        bytes.append(second ? 0x31 : 0x30)
        if let third { bytes.append(third ? 0x31 : 0x30) }
        bytes.append(0x0A)
    }

    /// A line that is only a keyword (`none`).
    package mutating func keyword(_ key: StaticString) {
        key.withUTF8Buffer { bytes += $0 }
        bytes.append(0x0A)
    }

    /// `key LENGTH\n` then the bytes and a newline: any bytes may be in them.
    package mutating func field(_ key: StaticString, _ value: some Collection<UInt8>) {
        number(key, value.count)
        bytes += value
        bytes.append(0x0A)
    }

    /// The record with its checksum line.
    package func finished() -> [UInt8] {
        var record = self
        record.hash("sum", ContentHash.of(bytes))
        return record.bytes
    }

    private mutating func appendKey(_ key: StaticString) {
        key.withUTF8Buffer { bytes += $0 }
        bytes.append(0x20)
    }

    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            bytes.append(0x30 + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    private mutating func appendHex(_ value: UInt64) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF
            bytes.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
        }
    }
}

/// Reads a record front to back; every method returns nil (or false) when the bytes are not
/// what is expected.
package struct RecordReader {
    let bytes: [UInt8]
    /// Where the body ends: the `sum` line is not read as part of it.
    private let end: Int
    package private(set) var offset = 0

    /// A reader of a record written in this format (`magic`) or the one before it
    /// (`formerMagic`: then `former`); the sum of a record in this format is checked once.
    package static func reading(_ bytes: [UInt8], magic: String, formerMagic: String) -> (reader: RecordReader, former: Bool)? {
        if let reader = RecordReader(bytes, magic: magic) { return (reader, false) }
        return RecordReader(bytes, magic: formerMagic).map { ($0, true) }
    }

    /// A reader of the record's body, when its `sum` line checks out and `magic` starts it.
    package init?(_ bytes: [UInt8], magic: String) {
        let sumLength = 4 + 16 + 1
        guard bytes.count >= magic.utf8.count + sumLength else { return nil }
        let body = bytes.count - sumLength
        self.bytes = bytes
        end = body
        guard bytes[body..<(body + 4)].elementsEqual("sum ".utf8), bytes.last == 0x0A,
              let sum = Self.hexadecimal(bytes, at: body + 4), sum == ContentHash.of(bytes[..<body]) else { return nil }
        guard end - offset >= magic.utf8.count, bytes[0..<magic.utf8.count].elementsEqual(magic.utf8) else { return nil }
        offset = magic.utf8.count
    }

    package var atEnd: Bool { offset == end }

    package mutating func take(_ expected: StaticString) -> Bool {
        expected.withUTF8Buffer { expected in
            guard end - offset >= expected.count else { return false }
            for index in 0..<expected.count where bytes[offset + index] != expected[index] { return false }
            offset += expected.count
            return true
        }
    }

    /// One byte, whatever it is.
    package mutating func byte() -> UInt8? {
        guard offset < end else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, end - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    package mutating func decimal() -> Int? {
        var value = 0, digits = 0
        while offset < end, bytes[offset] >= 0x30, bytes[offset] <= 0x39, digits < 19 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(bytes[offset] - 0x30))
            if overflow || carry { return nil }
            value = sum
            offset += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// Sixteen hex digits, either case.
    package mutating func hexadecimal() -> UInt64? {
        guard end - offset >= 16, let value = Self.hexadecimal(bytes, at: offset) else { return nil }
        offset += 16
        return value
    }

    private static func hexadecimal(_ bytes: [UInt8], at start: Int) -> UInt64? {
        guard bytes.count - start >= 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + 16)] {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x57
            case 0x41...0x46: digit = byte - 0x37
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// `key NUMBER\n`.
    package mutating func number(_ key: StaticString) -> Int? {
        let start = offset
        guard take(key), take(" "), let value = decimal(), take("\n") else { offset = start; return nil }
        return value
    }

    /// `key HEX16\n`.
    package mutating func hash(_ key: StaticString) -> UInt64? {
        let start = offset
        guard take(key), take(" "), let value = hexadecimal(), take("\n") else { offset = start; return nil }
        return value
    }

    /// What `RecordWriter.field` wrote.
    package mutating func field(_ key: StaticString) -> [UInt8]? {
        guard let count = number(key), let value = bytes(count), take("\n") else { return nil }
        return value
    }
}
