/// One physical line of a document: a range of the document's bytes plus the terminator that followed it.
///
/// Offsets index `Document.bytes`. `contentEnd..<end` holds the line ending exactly as it was
/// (`\n`, `\r\n`, a lone `\r`, or nothing on a last line without a final newline), so writing
/// every line back gives the original bytes.
public struct Line: Sendable, Equatable {
    public var start: Int
    public var contentEnd: Int
    public var end: Int

    public init(start: Int, contentEnd: Int, end: Int) {
        self.start = start
        self.contentEnd = contentEnd
        self.end = end
    }

    public var contentRange: Range<Int> { start..<contentEnd }
    public var fullRange: Range<Int> { start..<end }
    public var hasEnding: Bool { end > contentEnd }
}

/// The line terminators tick recognises, the same set CommonMark does.
public enum LineEnding: String, Sendable, Equatable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"

    public var bytes: [UInt8] { Array(rawValue.utf8) }

    /// The ending of a line, or nil for a last line that has none.
    init?(_ bytes: ArraySlice<UInt8>) {
        switch bytes.count {
        case 2: self = .crlf
        case 1: self = bytes.first == 0x0A ? .lf : .cr
        default: return nil
        }
    }
}

extension Line {
    /// Splits bytes into lines at `\n`, `\r\n` and lone `\r`. Every byte lands in exactly one line.
    static func split(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var start = 0
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    lines.append(Line(start: start, contentEnd: index, end: index + 1))
                    index += 1
                    start = index
                } else if byte == 0x0D {
                    let end = (index + 1 < count && buffer[index + 1] == 0x0A) ? index + 2 : index + 1
                    lines.append(Line(start: start, contentEnd: index, end: end))
                    index = end
                    start = index
                } else {
                    index += 1
                }
            }
            if start < count {
                lines.append(Line(start: start, contentEnd: count, end: count))
            }
        }
        return lines
    }
}
