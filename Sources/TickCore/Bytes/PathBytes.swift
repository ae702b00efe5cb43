/// Paths on Linux are bytes, not Unicode; tick keeps them in Strings without losing any.
///
/// Each byte of a name that is not part of valid UTF-8 is held as one scalar of a private-use
/// block, U+F780 + (byte − 0x80), as Python's "surrogateescape" does with surrogates (which a
/// Swift String cannot hold). A name that really contains a scalar of that block has its bytes
/// escaped the same way, so the mapping is one-to-one and `bytes(of: string(from: b)) == b` for
/// any bytes. Names that are valid UTF-8 (almost all) are plain Strings, unchanged.
package enum PathBytes {
    /// The private-use scalars that stand for raw bytes 0x80–0xFF.
    package static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF

    package static func string(from bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: { escapes.contains($0.value) }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            if length > 0, let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
               let scalar = text.unicodeScalars.first, !escapes.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else {
                // Not valid UTF-8 here, or one of our own escapes: escape this byte and go on
                // from the next one (which may start a valid sequence).
                scalars.append(escape(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes a String made by `string(from:)` stands for.
    package static func bytes(of path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return Array(path.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                result.append(UInt8(scalar.value - 0xF700))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Whether a String holds bytes that are not valid UTF-8.
    package static func hasRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// A path as it goes into a one-line message: control characters and bytes that are not
    /// UTF-8 are written as `\n`, `\t` or `\xNN` (and a backslash as `\\`, so that `parse`
    /// reads the name back), so a name cannot split or forge a line.
    package static func display(_ path: String) -> String { escaped(path, backslash: true) }

    /// `text` with line breaks, control characters (C0, DEL, C1, and the bidirectional ones
    /// that would reverse the rest of the line) and raw bytes written as escapes; a C1 or
    /// bidirectional control as the `\xNN` of each of its UTF-8 bytes.
    package static func escaped(_ text: String, backslash: Bool) -> String {
        func plain(_ value: UInt32) -> Bool {
            value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value) && !escapes.contains(value) && (value != 0x5C || !backslash)
                // Bidirectional embeddings, overrides and isolates (see `TerminalText`).
                && !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value)
        }
        guard !text.unicodeScalars.allSatisfy({ plain($0.value) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case let value where plain(value): result.unicodeScalars.append(scalar)
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x5C: result += "\\\\"
            case let value where escapes.contains(value): result += "\\x" + hex(UInt8(value - 0xF700))
            default: for byte in String(scalar).utf8 { result += "\\x" + hex(byte) }
            }
        }
        return result
    }

    /// The path `display` showed as `text`; nil when `text` has no escapes or a malformed one.
    package static func parse(displayed text: String) -> String? {
        guard text.contains("\\") else { return nil }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == 0x5C else { bytes.append(byte); continue }
            switch input.popFirst() {
            case 0x6E: bytes.append(0x0A)
            case 0x74: bytes.append(0x09)
            case 0x72: bytes.append(0x0D)
            case 0x5C: bytes.append(0x5C)
            case 0x78:
                guard input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                input = input.dropFirst(2)
            default: return nil
            }
        }
        return string(from: bytes)
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        // Bytes below 0x80 are always valid UTF-8; only 0x80–0xFF get here.
        Unicode.Scalar(0xF700 + UInt32(byte))!
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    /// The length a UTF-8 sequence starting at `index` claims (0 for a byte that cannot start one
    /// or a sequence cut short).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        return index + length <= bytes.count ? length : 0
    }
}
