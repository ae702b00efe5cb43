/// The parts of an ATX heading line (`## Title ##`) that tick reads and rewrites.
enum ATXHeading {
    /// The title's byte range: after the opening `#`s and spaces, before the optional closing
    /// sequence (`#`s preceded by a space or tab) and trailing spaces. A BOM is skipped.
    static func titleRange(_ bytes: [UInt8], _ line: Line) -> Range<Int> {
        var start = line.start
        if line.contentEnd - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF { start += 3 }
        while start < line.contentEnd, Byte.isSpaceOrTab(bytes[start]) { start += 1 }
        while start < line.contentEnd, bytes[start] == Byte.hash { start += 1 }
        while start < line.contentEnd, Byte.isSpaceOrTab(bytes[start]) { start += 1 }
        var end = line.contentEnd
        while end > start, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        var hashes = end
        while hashes > start, bytes[hashes - 1] == Byte.hash { hashes -= 1 }
        if hashes < end, hashes == start || Byte.isSpaceOrTab(bytes[hashes - 1]) {
            end = hashes
            while end > start, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        }
        return start..<end
    }
}
