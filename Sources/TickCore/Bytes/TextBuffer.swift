/// UTF-8 output built byte by byte: what a view writes when it may print a hundred thousand
/// rows. Appending copies bytes; nothing is decoded, and no intermediate `String`s are made.
///
/// Noncopyable: one owner writes it, through a pointer (`ByteBuffer`).
package struct TextBuffer: ~Copyable, Sendable {
    private var buffer: ByteBuffer

    package init(capacity: Int = 0) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// What has been written, copied out.
    package var bytes: [UInt8] { buffer.array }
    package var count: Int { buffer.count }
    package var isEmpty: Bool { buffer.count == 0 }

    package var string: String { buffer.withBytes { String(decoding: $0, as: UTF8.self) } }

    /// The buffer itself, to be kept: what is written, without a copy.
    consuming func storage() -> ByteBuffer { buffer }

    /// The bytes written so far, without a copy.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R { try buffer.withBytes(body) }

    /// Empties the buffer, keeping its storage for what comes next (after its bytes were
    /// written out).
    package mutating func removeAll() { buffer.removeAll() }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    package mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(bytes)
    }

    package mutating func appendSpaces(_ count: Int) {
        buffer.appendSpaces(count)
    }

    /// A non-negative number in decimal (a negative one as 0).
    package mutating func appendDecimal(_ value: Int) {
        buffer.appendDecimal(UInt(max(0, value)))
    }

    /// A date as `YYYY-MM-DD` (years 1 to 9999).
    package mutating func appendDate(_ date: CivilDate) {
        buffer.write(upTo: 10) { date.writeISO(to: $0); return 10 }
    }

    /// Text the program wrote itself (a label, a separator): its bytes, no check.
    package mutating func appendLiteral(_ text: StaticString) {
        buffer.append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// How many digits `appendDecimal` writes for a non-negative number.
    package static func decimalDigits(_ value: Int) -> Int {
        ByteBuffer.decimalDigits(UInt(max(0, value)))
    }

    /// Text from a file, with control characters (which could move the cursor or change
    /// colours on a terminal) shown as U+FFFD, as `TerminalText.sanitized` does.
    package mutating func appendSanitized(_ text: String) {
        var text = text
        text.withUTF8 { appendSanitized($0) }
    }

    mutating func appendSanitized(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Whole words with no control character (nor a C1 or bidirectional control's lead byte)
        // first, then byte by byte.
        let clean = ByteWords.cleanPrefix(utf8) {
            ByteWords.holdsBelow($0, 0x20) | ByteWords.holds($0, 0x7F) | ByteWords.holds($0, TerminalText.c1Lead) | ByteWords.holds($0, TerminalText.bidiLead)
        }
        var start = 0, index = clean
        while index < utf8.count {
            let length = TerminalText.controlLength(utf8, at: index)
            guard length > 0 else { index += 1; continue }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            if utf8[index] == Byte.tab {
                buffer.append(Byte.space)
            } else {
                TerminalText.replacementCharacter.withUnsafeBufferPointer { buffer.append($0) }
            }
            index += length
            start = index
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// `body`'s output in `color`, when `style` is enabled and the body writes anything.
    package mutating func appendStyled(_ style: TextStyle, _ color: TextStyle.Color, _ body: (inout TextBuffer) -> Void) {
        guard style.enabled else { return body(&self) }
        let mark = buffer.count
        append(color.opening)
        let start = buffer.count
        body(&self)
        if buffer.count == start {
            buffer.truncate(to: mark)
        } else {
            append(TextStyle.reset)
        }
    }
}
