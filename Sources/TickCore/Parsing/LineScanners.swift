/// Recognisers for CommonMark block starts. Each takes the bytes of one line (without its ending)
/// and a position, and answers without allocating.
enum LineScanners {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// `#{1,6}` followed by a space, a tab, or the end of the line. Returns the number of `#`s.
    static func atxHeadingLevel(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        var i = at
        while i < end, s[i] == Byte.hash, i - at < 7 { i += 1 }
        let level = i - at
        guard level >= 1, level <= 6 else { return nil }
        if i == end || Byte.isSpaceOrTab(s[i]) { return level }
        return nil
    }

    /// An opening code fence: 3+ backticks (info string without backticks) or 3+ tildes.
    static func openingFence(_ s: Bytes, _ at: Int, _ end: Int) -> (char: UInt8, length: Int)? {
        guard at < end else { return nil }
        let c = s[at]
        guard c == Byte.backtick || c == Byte.tilde else { return nil }
        var i = at
        while i < end, s[i] == c { i += 1 }
        let length = i - at
        guard length >= 3 else { return nil }
        if c == Byte.backtick {
            var j = i
            while j < end { if s[j] == Byte.backtick { return nil }; j += 1 }
        }
        // cmark-gfm's scanner matches the info string as UTF-8 text: a line whose info string
        // is not well-formed UTF-8 opens no fence.
        guard UTF8Bytes.isWellFormed(UnsafeBufferPointer(rebasing: s[i..<end])) else { return nil }
        return (c, length)
    }

    /// A closing fence of `char`: the length of the run when it is followed only by spaces and tabs.
    static func closingFenceLength(_ s: Bytes, _ at: Int, _ end: Int, char: UInt8) -> Int {
        var i = at
        while i < end, s[i] == char { i += 1 }
        let length = i - at
        while i < end, Byte.isSpaceOrTab(s[i]) { i += 1 }
        return i == end ? length : 0
    }

    /// A setext underline: a run of `=` (level 1) or `-` (level 2), then only spaces and tabs.
    static func setextLevel(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        guard at < end, s[at] == Byte.equals || s[at] == Byte.minus else { return nil }
        let c = s[at]
        var i = at
        while i < end, s[i] == c { i += 1 }
        while i < end, Byte.isSpaceOrTab(s[i]) { i += 1 }
        guard i == end else { return nil }
        return c == Byte.equals ? 1 : 2
    }

    /// Three or more `*`, `-` or `_`, optionally separated by spaces or tabs, and nothing else.
    static func isThematicBreak(_ s: Bytes, _ at: Int, _ end: Int) -> Bool {
        thematicBreakMiss(s, at, end) == nil
    }

    /// Nil when a thematic break starts at `at`; otherwise the offset where the scan failed:
    /// `at` when it holds no mark, the first byte that is neither the mark nor a space or tab,
    /// or `end` when there are fewer than three marks. A scan from any later start before that
    /// offset fails too, so the block parser need not scan there (cmark's kill position).
    static func thematicBreakMiss(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        guard at < end else { return at }
        let c = s[at]
        guard c == Byte.star || c == Byte.minus || c == Byte.underscore else { return at }
        var count = 0
        var i = at
        while i < end {
            let b = s[i]
            if b == c { count += 1 } else if !Byte.isSpaceOrTab(b) { return i }
            i += 1
        }
        return count >= 3 ? nil : end
    }

    struct ListMarker {
        var length: Int        // bytes of the marker itself: 1 for `-`, 2 for `1.`
        var ordered: Bool
        var delimiter: UInt8   // the bullet char, or `.`/`)` for ordered lists
        var start: Int
    }

    /// A list marker at `at`, following CommonMark: bullets `-+*`, or 1-9 digits then `.` or `)`,
    /// followed by whitespace or the end of the line. When it would interrupt a paragraph, an
    /// ordered list must start at 1 and the item must not be empty.
    static func listMarker(_ s: Bytes, _ at: Int, _ end: Int, interruptsParagraph: Bool) -> ListMarker? {
        guard at < end else { return nil }
        let c = s[at]
        var marker: ListMarker
        var i = at
        if c == Byte.star || c == Byte.minus || c == Byte.plus {
            i += 1
            marker = ListMarker(length: 1, ordered: false, delimiter: c, start: 0)
        } else if Byte.isDigit(c) {
            var value = 0
            var digits = 0
            while i < end, Byte.isDigit(s[i]), digits < 9 {
                value = value * 10 + Int(s[i] - 0x30)
                i += 1
                digits += 1
            }
            if interruptsParagraph && value != 1 { return nil }
            guard i < end, s[i] == Byte.dot || s[i] == Byte.rightParen else { return nil }
            marker = ListMarker(length: i + 1 - at, ordered: true, delimiter: s[i], start: value)
            i += 1
        } else {
            return nil
        }
        // Only a space or a tab ends a marker (cmark-gfm reads `-\f` as text).
        guard i == end || Byte.isSpaceOrTab(s[i]) else { return nil }
        if interruptsParagraph {
            var j = i
            while j < end, Byte.isSpaceOrTab(s[j]) { j += 1 }
            if j == end { return nil }
        }
        return marker
    }

    /// The number of cells in a table row, counting as GFM does: an optional leading and trailing
    /// pipe, cells split at unescaped pipes.
    static func tableCellCount(_ s: Bytes, _ at: Int, _ end: Int) -> Int {
        var i = at
        while i < end, Byte.isSpaceOrTab(s[i]) { i += 1 }
        var stop = end
        while stop > i, Byte.isSpaceOrTab(s[stop - 1]) { stop -= 1 }
        guard i < stop else { return 0 }
        if s[i] == Byte.pipe { i += 1 }
        guard i < stop else { return 0 }
        var cells = 1
        var j = i
        while j < stop {
            let b = s[j]
            if b == Byte.backslash, j + 1 < stop {
                j += 2
                continue
            }
            // A pipe that ends the row closes the last cell instead of opening a new one.
            if b == Byte.pipe, j != stop - 1 { cells += 1 }
            j += 1
        }
        return cells
    }

    /// A GFM table delimiter row (`| :--- | ---: |`). Returns its number of columns.
    static func tableDelimiterColumns(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        var i = at
        var columns = 0
        if i < end, s[i] == Byte.pipe { i += 1 }
        while true {
            while i < end, Byte.isSpaceChar(s[i]) { i += 1 }
            if i == end { break }
            if s[i] == Byte.colon { i += 1 }
            var dashes = 0
            while i < end, s[i] == Byte.minus { i += 1; dashes += 1 }
            guard dashes > 0 else { return nil }
            if i < end, s[i] == Byte.colon { i += 1 }
            while i < end, Byte.isSpaceChar(s[i]) { i += 1 }
            columns += 1
            if i == end { break }
            guard s[i] == Byte.pipe else { return nil }
            i += 1
        }
        // A bare `---` also matches; the caller tries setext underlines and rules first.
        return columns > 0 ? columns : nil
    }
}
