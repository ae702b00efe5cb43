/// YAML (`---`) or TOML (`+++`) front matter at the very top of a file, as Jekyll, Hugo, Obsidian
/// and GitHub read it. It is the user's data: tick never looks for tasks or headings in it.
enum FrontMatter {
    /// The number of lines the front matter spans, closing line included; 0 when there is none.
    /// An opening line without a closing one is not front matter.
    static func end(_ s: UnsafeBufferPointer<UInt8>, lines: [Line], bomLength: Int) -> Int {
        guard let first = lines.first else { return 0 }
        let open: UInt8
        if isFence(s, first.start + bomLength, first.contentEnd, Byte.minus) {
            open = Byte.minus
        } else if isFence(s, first.start + bomLength, first.contentEnd, Byte.plus) {
            open = Byte.plus
        } else {
            return 0
        }
        // The first non-blank line must read as a key (`title:` / `title =`) or a comment, so
        // that a file opening with a `---` rule followed by tasks is not swallowed.
        var firstContent = 1
        while firstContent < lines.count, isBlank(s, lines[firstContent]) { firstContent += 1 }
        guard firstContent < lines.count,
              looksLikeKey(s, lines[firstContent], separator: open == Byte.minus ? Byte.colon : Byte.equals) else { return 0 }
        var index = 1
        while index < lines.count {
            let line = lines[index]
            if isFence(s, line.start, line.contentEnd, open)
                || (open == Byte.minus && isFence(s, line.start, line.contentEnd, Byte.dot)) {
                return index + 1
            }
            index += 1
        }
        return 0
    }

    private static func isBlank(_ s: UnsafeBufferPointer<UInt8>, _ line: Line) -> Bool {
        !(line.start..<line.contentEnd).contains { !Byte.isSpaceOrTab(s[$0]) }
    }

    /// `key:` (YAML) or `key =` (TOML) at the start of the line, or a `#` comment. The key is a
    /// run of anything but spaces and the separator, optionally quoted.
    private static func looksLikeKey(_ s: UnsafeBufferPointer<UInt8>, _ line: Line, separator: UInt8) -> Bool {
        var i = line.start
        guard i < line.contentEnd else { return false }
        if s[i] == Byte.hash { return true }
        if s[i] == Byte.minus || Byte.isSpaceOrTab(s[i]) { return false }
        while i < line.contentEnd, s[i] != separator, s[i] != Byte.space || separator == Byte.equals { i += 1 }
        guard i < line.contentEnd, i > line.start else { return false }
        if separator == Byte.colon {
            return i + 1 == line.contentEnd || Byte.isSpaceOrTab(s[i + 1])
        }
        return s[i] == separator
    }

    /// Exactly three `char`s, then only trailing spaces or tabs.
    private static func isFence(_ s: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ char: UInt8) -> Bool {
        guard end - start >= 3, s[start] == char, s[start + 1] == char, s[start + 2] == char else { return false }
        var i = start + 3
        while i < end, Byte.isSpaceOrTab(s[i]) { i += 1 }
        return i == end
    }
}

/// A UTF-8 byte order mark at the start of a file is not text: CommonMark parsers skip it.
enum UTF8BOM {
    static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func length(_ s: UnsafeBufferPointer<UInt8>, _ firstLineEnd: Int) -> Int {
        firstLineEnd >= 3 && s[0..<3].elementsEqual(bytes) ? 3 : 0
    }
}
