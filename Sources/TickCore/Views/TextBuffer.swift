/// UTF-8 output built byte by byte: what a view writes when it may print a hundred thousand
/// rows. Appending copies bytes; nothing is decoded, and no intermediate `String`s are made.
public struct TextBuffer: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its storage for what comes next (after its bytes were
    /// written out).
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    public mutating func appendSpaces(_ count: Int) {
        for _ in 0..<max(0, count) { bytes.append(Byte.space) }
    }

    /// A non-negative number in decimal, written digit by digit from the right into the room
    /// it needs (no reversal, no temporary).
    public mutating func appendDecimal(_ value: Int) {
        var rest = max(0, value)
        let digits = Self.decimalDigits(rest)
        let start = bytes.count
        for _ in 0..<digits { bytes.append(0x30) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start + digits - 1
            repeat {
                buffer[index] = 0x30 + UInt8(rest % 10)
                rest /= 10
                index -= 1
            } while rest > 0
        }
    }

    /// How many digits `appendDecimal` writes for a non-negative number.
    static func decimalDigits(_ value: Int) -> Int {
        var digits = 1, rest = value
        while rest >= 10 { rest /= 10; digits += 1 }
        return digits
    }

    /// Text from a file, with control characters (which could move the cursor or change
    /// colours on a terminal) shown as U+FFFD, as `TerminalText.sanitized` does.
    public mutating func appendSanitized(_ text: String) {
        var text = text
        text.withUTF8 { appendSanitized($0) }
    }

    mutating func appendSanitized(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.contains(where: TerminalText.isControl) else { return bytes.append(contentsOf: utf8) }
        var start = 0
        for index in utf8.indices where TerminalText.isControl(utf8[index]) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            bytes.append(contentsOf: TerminalText.replacementCharacter)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// `body`'s output in `color`, when `style` is enabled and the body writes anything.
    public mutating func appendStyled(_ style: TextStyle, _ color: TextStyle.Color, _ body: (inout TextBuffer) -> Void) {
        guard style.enabled else { return body(&self) }
        let mark = bytes.count
        append(color.opening)
        let start = bytes.count
        body(&self)
        if bytes.count == start {
            bytes.removeSubrange(mark...)
        } else {
            append(TextStyle.reset)
        }
    }
}
