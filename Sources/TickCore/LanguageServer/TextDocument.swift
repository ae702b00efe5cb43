/// A document the editor holds open: its bytes as the editor has them (never the file's), and
/// where its lines start, to turn the editor's positions into byte offsets and back.
struct TextDocument {
    /// How positions count characters within a line: UTF-16 code units (LSP's default) or
    /// bytes, as the client and server agree at `initialize`.
    enum Encoding: String { case utf16 = "utf-16", utf8 = "utf-8" }

    let uri: String
    /// The file the URI names, when it is a `file:` URI: its folder's `.tick.toml` applies.
    let path: String?
    var version: Int
    private(set) var bytes: [UInt8]
    /// Set when a change did not fit the text (a range outside it, or ending before it
    /// starts): the server no longer holds what the editor does, until the whole text is sent
    /// again (a change without a range, or the document opened again).
    private(set) var outOfSync = false
    /// The offset each line starts at. Lines end at `\n`, `\r\n` or a lone `\r`, as LSP and
    /// tick's parser both count them.
    private(set) var lineStarts: [Int]
    /// Whether every byte is ASCII: a character is then a byte in every encoding.
    private(set) var isASCII: Bool

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        path = FileURI.path(ofURI: uri)
        self.version = version
        bytes = Array(text.utf8)
        lineStarts = Self.lineStarts(bytes)
        isASCII = Self.isASCII(bytes)
    }

    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            // Eight bytes at a time: a word with no high bit set is ASCII.
            var index = 0
            let raw = UnsafeRawBufferPointer(buffer)
            while index + 8 <= buffer.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < buffer.count {
                if buffer[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let byte = buffer[index]
                // Most bytes are past `\r`: one comparison each.
                if byte > 0x0D { continue }
                if byte == 0x0A || (byte == 0x0D && (index + 1 == buffer.count || buffer[index + 1] != 0x0A)) {
                    starts.append(index + 1)
                }
            }
        }
        return starts
    }

    /// The end of line `line`'s content (before its ending).
    func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        let next = lineStarts[line + 1]
        return next >= 2 && bytes[next - 1] == 0x0A && bytes[next - 2] == 0x0D && next - 2 >= lineStarts[line] ? next - 2 : next - 1
    }

    /// The byte offset of an LSP position; a position past a line's end is its end, past the
    /// last line the document's end (as the specification says clients may send).
    func offset(line: Int, character: Int, encoding: Encoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line], end = contentEnd(ofLine: line)
        if encoding == .utf8 || isASCII { return min(start + max(character, 0), end) }
        var units = 0, index = start
        while index < end, units < character {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            index = min(index + length, end)
        }
        return index
    }

    /// The LSP position of a byte offset.
    func position(of offset: Int, encoding: Encoding) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low, character(of: offset, onLine: low, encoding: encoding))
    }

    /// The LSP character of a byte offset within line `line`.
    func character(of offset: Int, onLine line: Int, encoding: Encoding) -> Int {
        let start = lineStarts[line]
        if encoding == .utf8 || isASCII { return offset - start }
        var units = 0, index = start
        while index < offset {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            index += length
        }
        return units
    }

    func position(_ offset: Int, encoding: Encoding) -> JSON {
        let (line, character) = position(of: offset, encoding: encoding)
        return .object(["line": JSON(line), "character": JSON(character)])
    }

    func range(_ range: Range<Int>, encoding: Encoding) -> JSON {
        .object(["start": position(range.lowerBound, encoding: encoding), "end": position(range.upperBound, encoding: encoding)])
    }

    /// The byte range of an LSP range; nil when it is not one.
    func byteRange(_ range: JSON?, encoding: Encoding) -> Range<Int>? {
        guard let start = range?["start"], let end = range?["end"],
              let startLine = start["line"]?.int, let startCharacter = start["character"]?.int,
              let endLine = end["line"]?.int, let endCharacter = end["character"]?.int else { return nil }
        let from = offset(line: startLine, character: startCharacter, encoding: encoding)
        let to = offset(line: endLine, character: endCharacter, encoding: encoding)
        return from <= to ? from..<to : nil
    }

    /// Applies one change of `textDocument/didChange`: a range replaced, or the whole text.
    mutating func apply(_ change: JSON, encoding: Encoding) -> Bool {
        guard let text = change["text"]?.string else { return false }
        if change["range"] == nil {
            bytes = Array(text.utf8)
            outOfSync = false
        } else {
            // Once a change did not fit, the text is not the editor's: later changes are of
            // text the server does not hold.
            guard !outOfSync, let range = byteRange(change["range"], encoding: encoding) else {
                outOfSync = true
                return false
            }
            bytes.replaceSubrange(range, with: Array(text.utf8))
        }
        lineStarts = Self.lineStarts(bytes)
        isASCII = Self.isASCII(bytes)
        return true
    }
}
