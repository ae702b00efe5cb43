import TickCore

/// A JSON value as the protocol servers (`tick lsp`, `tick mcp`) read and write it (RFC 8259).
enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// A value already encoded (the many diagnostics of a large document, written without a
    /// tree of values).
    case raw([UInt8])

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? { if case .string(let value) = self { return value }; return nil }
    var array: [JSON]? { if case .array(let value) = self { return value }; return nil }
    var bool: Bool? { if case .bool(let value) = self { return value }; return nil }

    /// A whole number that fits an `Int` (a line, a character, a version).
    var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    init(_ int: Int) { self = .number(Double(int)) }

    /// Why bytes are not one JSON value, and where.
    struct ParseError: Error, Equatable {
        let offset: Int
        let message: String
    }

    /// Parses one value that takes all of `bytes` (whitespace around it allowed). Nesting is
    /// limited, so hostile input cannot exhaust the stack.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("text after the value") }
        return value
    }

    /// The value as compact JSON; object members in key order, so output repeats exactly.
    var encoded: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    func encode(into out: inout [UInt8]) {
        switch self {
        case .raw(let bytes): out += bytes
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9e15 {
                Self.encode(int: Int(value), into: &out)
            } else if value.isFinite {
                out.append(contentsOf: "\(value)".utf8)
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let value): Self.encode(string: value, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.encode(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.encode(string: key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.encode(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func encode(int: Int, into out: inout [UInt8]) {
        if int < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = int.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    static func encode(string: String, into out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            // Runs of bytes that need no escape are copied whole.
            var run = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += [0x5C, 0x22]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                default: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 15)]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            out.append(UInt8(ascii: "\""))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }

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
            var out: [UInt8] = []
            while true {
                // A run of bytes that are neither a quote, a backslash nor a control character
                // is copied whole (a document's text is mostly one such run).
                let run = position
                position = bytes.withUnsafeBufferPointer { buffer in
                    var index = run
                    while index < buffer.count {
                        // Letters and most else lie past the backslash: one comparison each.
                        let byte = buffer[index]
                        guard byte > 0x5C || (byte >= 0x20 && byte != 0x22 && byte != 0x5C) else { break }
                        index += 1
                    }
                    return index
                }
                if position > run {
                    if out.isEmpty, position < bytes.count, bytes[position] == 0x22 {
                        position += 1
                        guard let text = String(validating: bytes[run..<(position - 1)], as: UTF8.self) else { throw error("a string that is not UTF-8") }
                        return text
                    }
                    out.append(contentsOf: bytes[run..<position])
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
