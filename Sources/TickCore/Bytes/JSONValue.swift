/// A JSON value as the protocol servers (`tick lsp`, `tick mcp`) read and write it (RFC 8259),
/// written by `JSONWriter`, as every JSON tick prints is.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// A value already encoded (the many diagnostics of a large document, written without a
    /// tree of values).
    case raw([UInt8])

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? { if case .string(let value) = self { return value }; return nil }
    package var array: [JSON]? { if case .array(let value) = self { return value }; return nil }
    package var bool: Bool? { if case .bool(let value) = self { return value }; return nil }

    /// A whole number that fits an `Int` (a line, a character, a version).
    package var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    package init(_ int: Int) { self = .number(Double(int)) }

    /// Why bytes are not one JSON value, and where.
    package struct ParseError: Error, Equatable {
        package let offset: Int
        package let message: String

        package init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    /// Parses one value that takes all of `bytes` (whitespace around it allowed). Nesting is
    /// limited, so hostile input cannot exhaust the stack.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("text after the value") }
        return value
    }

    /// The value as compact JSON; object members in key order, so output repeats exactly.
    package var encoded: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(encoded) }

    package func write(to writer: inout JSONWriter) {
        switch self {
        case .raw(let bytes): writer.raw(bytes)
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9e15 {
                writer.int(Int(value))
            } else if value.isFinite {
                writer.raw(Array("\(value)".utf8))
            } else {
                writer.null()
            }
        case .string(let value): writer.string(value)
        case .array(let values):
            writer.beginArray()
            for value in values { value.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted() {
                writer.key(string: key)
                members[key]!.write(to: &writer)
            }
            writer.endObject()
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        static let maximumDepth = 256

        func error(_ message: String) -> ParseError { ParseError(offset: position, message: message) }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < Self.maximumDepth else { throw error("nested too deeply") }
            guard position < bytes.count else { throw error("unexpected end") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [String: JSON] = [:]
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                    let key = try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    if try separator(closing: UInt8(ascii: "}")) { return .object(members) }
                }
            case UInt8(ascii: "["):
                position += 1
                var values: [JSON] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(values) }
                while true {
                    skipSpace()
                    values.append(try value(depth: depth + 1))
                    skipSpace()
                    if try separator(closing: UInt8(ascii: "]")) { return .array(values) }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default:
                return .number(try number())
            }
        }

        /// After a member or element: true at the closing bracket, false after a comma.
        mutating func separator(closing: UInt8) throws(ParseError) -> Bool {
            guard position < bytes.count else { throw error("unexpected end") }
            if bytes[position] == closing { position += 1; return true }
            try expect(UInt8(ascii: ","))
            return false
        }

        mutating func expect(_ byte: UInt8) throws(ParseError) {
            guard position < bytes.count, bytes[position] == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
            position += 1
        }

        mutating func word(_ text: String) throws(ParseError) {
            for byte in text.utf8 { try expect(byte) }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = position
            func digits() { while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 } }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integer = position
            digits()
            guard position > integer, bytes[integer] != 0x30 || position == integer + 1 else { throw error("not a value") }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                let fraction = position
                digits()
                guard position > fraction else { throw error("not a number") }
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                let exponent = position
                digits()
                guard position > exponent else { throw error("not a number") }
            }
            guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw error("not a number") }
            return value
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            let start = position
            var out: [UInt8] = []
            while true {
                // A run of bytes that are neither a quote, a backslash nor a control character
                // is copied whole (a document's text is mostly one such run).
                let run = position
                position = bytes.withUnsafeBufferPointer { buffer in
                    var index = run
                    // Eight bytes at a time while none of them is one of those.
                    let raw = UnsafeRawBufferPointer(buffer)
                    while index + 8 <= buffer.count {
                        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        if Self.holdsStringEnd(word) { break }
                        index += 8
                    }
                    while index < buffer.count {
                        // Letters and most else lie past the backslash: one comparison each.
                        let byte = buffer[index]
                        guard byte > 0x5C || (byte >= 0x20 && byte != 0x22 && byte != 0x5C) else { break }
                        index += 1
                    }
                    return index
                }
                if out.isEmpty, position > run, position < bytes.count, bytes[position] == 0x22 {
                    position += 1
                    guard let text = String(validating: bytes[run..<(position - 1)], as: UTF8.self) else { throw error("a string that is not UTF-8") }
                    return text
                }
                // A string with escapes is copied: into room for all of it, taken once.
                if out.capacity == 0 { out.reserveCapacity(Self.closingQuote(in: bytes, from: start) - start) }
                if position > run {
                    bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[run..<position])) }
                }
                guard position < bytes.count else { throw error("unterminated string") }
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { throw error("unterminated string") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            // A high surrogate must pair with a low one.
                            guard position + 1 < bytes.count, bytes[position] == 0x5C, bytes[position + 1] == UInt8(ascii: "u") else { throw error("a lone surrogate") }
                            position += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate") }
                        out += Array(String(Character(unicode)).utf8)
                    default: throw error("an unknown escape")
                    }
                case 0..<0x20: throw error("a control character in a string")
                default: out.append(byte)
                }
            }
        }

        /// Where a string whose text starts at `start` closes (its first quote no backslash
        /// escapes), else the end of the bytes: a bound on its text's length, which escapes
        /// only shorten. Found with `memchr`; each backslash before a quote is counted once.
        static func closingQuote(in bytes: [UInt8], from start: Int) -> Int {
            var end = bytes.count
            bytes.withUnsafeBufferPointer { buffer in
                _ = ByteSearch.anyOffset(of: 0x22, in: UnsafeBufferPointer(rebasing: buffer[start...])) { offset in
                    var backslashes = 0
                    while offset > backslashes, buffer[start + offset - backslashes - 1] == 0x5C { backslashes += 1 }
                    guard backslashes % 2 == 0 else { return false }
                    end = start + offset
                    return true
                }
            }
            return end
        }

        /// Whether any of the eight bytes of `word` is a control character, a quote or a
        /// backslash (which end a run of a string's plain bytes). Exact as to whether one is
        /// there: a byte is below `n` when `(x - n) & ~x & 0x80` sets its high bit, and no
        /// borrow reaches past a byte that is not.
        @inline(__always) static func holdsStringEnd(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
            let control = (word &- ones &* 0x20) & ~word & highs
            return control | zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) != 0
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("a short \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[position..<(position + 4)] {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw error("a bad \\u escape")
                }
                value = value << 4 | digit
            }
            position += 4
            return value
        }
    }
}
