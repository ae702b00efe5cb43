/// One physical line of a document: a range of the document's bytes plus the terminator that followed it.
///
/// Offsets index `Document.bytes`. `contentEnd..<end` holds the line ending exactly as it was
/// (`\n`, `\r\n`, a lone `\r`, or nothing on a last line without a final newline), so writing
/// every line back gives the original bytes.
///
/// Offsets are kept in 32 bits (documents are at most 2 GiB): a line is 12 bytes, not 24.
package struct Line: Sendable, Equatable {
    package var start: Int { get { Int(storedStart) } set { storedStart = Int32(newValue) } }
    package var contentEnd: Int { get { Int(storedContentEnd) } set { storedContentEnd = Int32(newValue) } }
    package var end: Int { get { Int(storedEnd) } set { storedEnd = Int32(newValue) } }
    private var storedStart, storedContentEnd, storedEnd: Int32

    package init(start: Int, contentEnd: Int, end: Int) {
        storedStart = Int32(start)
        storedContentEnd = Int32(contentEnd)
        storedEnd = Int32(end)
    }

    package var contentRange: Range<Int> { start..<contentEnd }
    package var fullRange: Range<Int> { start..<end }
    package var hasEnding: Bool { end > contentEnd }
}

/// The line terminators tick recognises, the same set CommonMark does.
public enum LineEnding: String, Sendable, Equatable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"

    package var bytes: [UInt8] { Array(rawValue.utf8) }

    /// The ending of a line, or nil for a last line that has none.
    init?(_ bytes: ArraySlice<UInt8>) {
        switch bytes.count {
        case 2: self = .crlf
        case 1: self = bytes.first == 0x0A ? .lf : .cr
        default: return nil
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Line {
    /// Splits bytes into lines at `\n`, `\r\n` and lone `\r`. Every byte lands in exactly one line.
    /// `memchr` finds the line feeds; carriage returns are looked for only inside each line, and
    /// only in a file that has one (most have none: one `memchr` over the file tells).
    static func split(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var start = 0
            if memchr(base, 0x0D, count) == nil {
                while start < count {
                    guard let found = memchr(base + start, 0x0A, count - start) else {
                        lines.append(Line(start: start, contentEnd: count, end: count))
                        break
                    }
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    lines.append(Line(start: start, contentEnd: newline, end: newline + 1))
                    start = newline + 1
                }
                return
            }
            while start < count {
                let newline: Int
                if let found = memchr(base + start, 0x0A, count - start) {
                    newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    newline = count
                }
                // Lone CRs and CRLFs inside [start, newline].
                var lineStart = start
                var searchFrom = start
                while searchFrom < newline,
                      let found = memchr(base + searchFrom, 0x0D, newline - searchFrom) {
                    let cr = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if cr + 1 == newline, newline < count {
                        break  // CRLF: handled below with the LF
                    }
                    lines.append(Line(start: lineStart, contentEnd: cr, end: cr + 1))
                    lineStart = cr + 1
                    searchFrom = cr + 1
                }
                if newline == count {
                    if lineStart < count { lines.append(Line(start: lineStart, contentEnd: count, end: count)) }
                    break
                }
                let contentEnd = newline > lineStart && buffer[newline - 1] == 0x0D ? newline - 1 : newline
                lines.append(Line(start: lineStart, contentEnd: contentEnd, end: newline + 1))
                start = newline + 1
            }
        }
        return lines
    }
}
