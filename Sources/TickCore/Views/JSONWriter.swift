/// A minimal JSON emitter that appends to a byte buffer. Output is compact, one value per call
/// sequence; strings are escaped per RFC 8259 (control characters as `\u00XX`).
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public init() {}

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { bytes.append(0x2C) }
        needsComma[needsComma.count - 1] = true
    }

    public mutating func beginObject() { separator(); bytes.append(0x7B); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(0x7D) }
    public mutating func beginArray() { separator(); bytes.append(0x5B); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(0x5D) }

    public mutating func key(_ name: String) {
        separator()
        appendString(name)
        bytes.append(0x3A)
        needsComma[needsComma.count - 1] = false
    }

    public mutating func string(_ value: String) { separator(); appendString(value) }
    public mutating func int(_ value: Int) { separator(); bytes.append(contentsOf: String(value).utf8) }
    public mutating func bool(_ value: Bool) { separator(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    public mutating func null() { separator(); bytes.append(contentsOf: "null".utf8) }

    public mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// The shape of every `--json` output: an array with one value per line (`[]` when empty),
    /// then a newline. The bytes are handed to `emit` in pieces of about 64 KiB as they are written, so that a
    /// large output streams instead of being held whole in memory.
    public static func lines<Item>(_ items: some Sequence<Item>, emit: ([UInt8]) -> Void,
                                   _ write: (Item, inout JSONWriter) -> Void) {
        var json = JSONWriter()
        json.bytes.reserveCapacity(1 << 17)
        json.beginArray()
        var any = false
        for item in items {
            json.lineBreak()
            write(item, &json)
            any = true
            if json.bytes.count >= 1 << 16 {
                emit(json.bytes)
                json.bytes.removeAll(keepingCapacity: true)
            }
        }
        if any { json.newline() }
        json.endArray()
        json.newline()
        emit(json.bytes)
    }

    /// A raw line feed (between top-level values, or before a closing bracket).
    public mutating func newline() { bytes.append(0x0A) }
    /// A value already written by another `JSONWriter`.
    public mutating func raw(_ value: [UInt8]) { separator(); bytes += value }

    /// Ends the current line inside an array or object: emits the comma the next value needs
    /// first, so that values can stand one per line (`[\n{…},\n{…}\n]`).
    public mutating func lineBreak() {
        if needsComma[needsComma.count - 1] {
            bytes.append(0x2C)
            needsComma[needsComma.count - 1] = false
        }
        bytes.append(0x0A)
    }

    /// A string given as well-formed UTF-8 bytes.
    mutating func string(utf8 buffer: UnsafeBufferPointer<UInt8>) { separator(); appendString(utf8: buffer) }

    private mutating func appendString(_ value: String) {
        var value = value
        value.withUTF8 { appendString(utf8: $0) }
    }

    /// Appends a quoted string, copying runs that need no escape in one go.
    private mutating func appendString(utf8 buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var runStart = 0
        for index in 0..<buffer.count {
            let byte = buffer[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index]))
            appendEscape(byte)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...]))
        bytes.append(0x22)
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
        case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
        default:
            bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, JSONWriter.hexDigits[Int(byte >> 4)], JSONWriter.hexDigits[Int(byte & 0xF)]])
        }
    }
}
