/// A minimal JSON emitter that appends to a byte buffer. Output is compact, one value per call
/// sequence; strings are escaped per RFC 8259 (control characters as `\u00XX`).
package struct JSONWriter: ~Copyable, Sendable {
    private var buffer = ByteBuffer(capacity: 1 << 12)
    /// What has been written, copied out.
    package var bytes: [UInt8] { buffer.array }
    /// Whether the next value at each open level needs a comma before it, one bit per level
    /// (the lowest bit is the innermost), for nesting up to 64 deep: a bit, not an array, as
    /// every value asks.
    private var needsComma: UInt64 = 0
    private var depth = 0
    /// Whether `nextLine` began a line: the array of `lines` is not empty.
    private var linesBegun = false

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    package init() {}

    /// Room for `capacity` bytes before the first growth.
    init(capacity: Int) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The buffer itself, to be kept: what is written, without a copy.
    consuming func storage() -> ByteBuffer { buffer }

    /// How many bytes are written.
    package var count: Int { buffer.count }

    /// Hands what is written to `emit`, from the buffer's own storage, and empties the buffer
    /// (the state of open arrays and objects stays).
    package mutating func flush(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        buffer.withBytes(emit)
        buffer.removeAll()
    }

    /// The next value has no comma before it: values written one after another to be cut
    /// apart (a view's rows, written where their file is read, then joined by `lines`).
    package mutating func detachNextValue() { needsComma &= ~1 }

    @inline(__always) private mutating func separator() {
        if needsComma & 1 != 0 { buffer.append(0x2C) }
        needsComma |= 1
    }

    @inline(__always) private mutating func open(_ bracket: UInt8) {
        separator()
        buffer.append(bracket)
        precondition(depth < 63, "JSON nested more than 63 levels")
        depth += 1
        needsComma <<= 1
    }

    @inline(__always) private mutating func close(_ bracket: UInt8) {
        depth -= 1
        needsComma >>= 1
        buffer.append(bracket)
    }

    @inline(__always) package mutating func beginObject() { open(0x7B) }
    @inline(__always) package mutating func endObject() { close(0x7D) }
    @inline(__always) package mutating func beginArray() { open(0x5B) }
    @inline(__always) package mutating func endArray() { close(0x5D) }

    /// A key known when tick is built (ASCII with nothing to escape), written as it is, with
    /// the comma before it and the quotes and colon around it in one step (`appendKey`): a key
    /// is written per field of every task.
    @inline(__always) package mutating func key(_ name: StaticString) {
        buffer.appendKey(name, afterComma: needsComma & 1 != 0)
        needsComma &= ~1
    }

    /// A key from the data (a field's name), escaped as strings are.
    package mutating func key(string name: String) {
        var name = name
        name.withUTF8 { key(utf8: $0) }
    }

    /// A key from the data as well-formed UTF-8 bytes, escaped as strings are.
    mutating func key(utf8 name: UnsafeBufferPointer<UInt8>) {
        separator()
        appendString(utf8: name)
        buffer.append(0x3A)
        needsComma &= ~1
    }

    package mutating func string(_ value: String) { separator(); appendString(value) }

    /// Keys and values known when tick is built, written as they are after the comma the
    /// next value needs (`"a":1,"b":2` inside an object): the object goes on after them.
    @inline(__always) mutating func raw(known text: StaticString) {
        separator()
        literal(text)
    }

    /// A string known when tick is built, with nothing to escape.
    @inline(__always) mutating func string(known value: StaticString) {
        separator()
        buffer.append(0x22)
        literal(value)
        buffer.append(0x22)
    }

    /// Digits straight into the buffer, without a String.
    package mutating func int(_ value: Int) {
        separator()
        if value < 0 { buffer.append(0x2D) }
        buffer.appendDecimal(value.magnitude)
    }
    @inline(__always) package mutating func bool(_ value: Bool) { separator(); literal(value ? "true" : "false") }
    @inline(__always) package mutating func null() { separator(); literal("null") }

    @inline(__always) private mutating func literal(_ text: StaticString) { buffer.append(text.utf8Start, count: text.utf8CodeUnitCount) }

    /// A date as `"YYYY-MM-DD"`, or null.
    @inline(__always) package mutating func date(_ value: CivilDate?) {
        guard let value else { return null() }
        separator()
        buffer.write(upTo: 12) { pointer in
            pointer[0] = 0x22
            value.writeISO(to: pointer + 1)
            pointer[11] = 0x22
            return 12
        }
    }

    /// A task reference, `"LINE@FINGERPRINT"` (`TaskFingerprint.short`'s eight hex digits),
    /// written without a String.
    package mutating func reference(line: Int, signature: UInt64) {
        separator()
        buffer.append(0x22)
        buffer.appendDecimal(UInt(max(0, line)))
        buffer.append(0x40)
        buffer.write(upTo: 8) { pointer in
            var hex = signature >> 32  // the first eight of sixteen digits
            for index in (0..<8).reversed() {
                let digit = UInt8(truncatingIfNeeded: hex & 0xF)
                pointer[index] = digit < 10 ? 0x30 + digit : 0x57 + digit  // 0-9, a-f
                hex >>= 4
            }
            return 8
        }
        buffer.append(0x22)
    }

    package mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// The shape of every `--json` output: an array with one value per line (`[]` when empty),
    /// then a newline. The bytes are handed to `emit` in pieces of about 64 KiB as they are written, so that a
    /// large output streams instead of being held whole in memory.
    package static func lines<Item>(_ items: some Sequence<Item>, emit: (UnsafeBufferPointer<UInt8>) -> Void,
                                   _ write: (Item, inout JSONWriter) -> Void) {
        var json = JSONWriter()
        json.beginLines()
        for item in items {
            json.nextLine(emit: emit)
            write(item, &json)
        }
        json.endLines(emit: emit)
    }

    /// `lines`, a step at a time, for a caller that keeps state across values: the opening
    /// bracket; before each value, its line (what is written so far goes to `emit` once it
    /// holds 64 KiB); and the end.
    package mutating func beginLines() { beginArray() }

    package mutating func nextLine(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if buffer.count >= 1 << 16 { flush(emit) }
        lineBreak()
        linesBegun = true
    }

    package mutating func endLines(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Not empty (`[]`): the closing bracket stands on a line of its own.
        if linesBegun { newline() }
        endArray()
        newline()
        flush(emit)
    }

    /// A raw line feed (between top-level values, or before a closing bracket).
    package mutating func newline() { buffer.append(0x0A) }
    /// A value already written by another `JSONWriter`.
    package mutating func raw(_ value: [UInt8]) { separator(); value.withUnsafeBufferPointer { buffer.append($0) } }
    package mutating func raw(_ value: UnsafeBufferPointer<UInt8>) { separator(); buffer.append(value) }

    /// Ends the current line inside an array or object: emits the comma the next value needs
    /// first, so that values can stand one per line (`[\n{…},\n{…}\n]`).
    package mutating func lineBreak() {
        if needsComma & 1 != 0 {
            buffer.append(0x2C)
            needsComma &= ~1
        }
        buffer.append(0x0A)
    }

    /// A string given as well-formed UTF-8 bytes.
    mutating func string(utf8 buffer: UnsafeBufferPointer<UInt8>) { separator(); appendString(utf8: buffer) }

    private mutating func appendString(_ value: String) {
        var value = value
        value.withUTF8 { appendString(utf8: $0) }
    }

    /// Appends a quoted string, copying runs that need no escape in one go. Eight bytes are
    /// looked at a time until one may need an escape.
    private mutating func appendString(utf8 buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer.append(0x22)
        var runStart = 0
        // A byte below 0x20, a quote or a backslash (a byte of 0x80 or more never is).
        var index = ByteWords.cleanPrefix(buffer) { word in
            ByteWords.holdsBelow(word, 0x20) | ByteWords.holds(word, 0x22) | ByteWords.holds(word, 0x5C)
        }
        while index < buffer.count {
            let byte = buffer[index]
            index += 1
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C { continue }
            self.buffer.append(UnsafeBufferPointer(rebasing: buffer[runStart..<(index - 1)]))
            appendEscape(byte)
            runStart = index
        }
        self.buffer.append(UnsafeBufferPointer(rebasing: buffer[runStart...]))
        self.buffer.append(0x22)
    }

    private mutating func appendEscape(_ byte: UInt8) {
        buffer.append(0x5C)
        switch byte {
        case 0x22: buffer.append(0x22)
        case 0x5C: buffer.append(0x5C)
        case 0x0A: buffer.append(0x6E)
        case 0x0D: buffer.append(0x72)
        case 0x09: buffer.append(0x74)
        default:
            literal("u00")
            buffer.append(JSONWriter.hexDigits[Int(byte >> 4)])
            buffer.append(JSONWriter.hexDigits[Int(byte & 0xF)])
        }
    }
}
