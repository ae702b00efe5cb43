/// CommonMark's seven kinds of HTML block (spec 0.29, as cmark-gfm implements it).
/// Kinds 1-5 end at a line containing their end marker; kinds 6 and 7 end at a blank line,
/// and kind 7 cannot interrupt a paragraph.
enum HTMLBlockScanner {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    private static let rawTextTags: [[UInt8]] = ["script", "pre", "style"].map { Array($0.utf8) }
    private static let blockTags: Set<[UInt8]> = Set([
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
        "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "source",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ].map { Array($0.utf8) })

    /// The kind (1...7) of HTML block starting at `at`, or nil.
    static func startKind(_ s: Bytes, _ at: Int, _ end: Int, canBeKind7: Bool) -> Int? {
        guard at + 1 < end, s[at] == Byte.less else { return nil }
        let next = s[at + 1]
        if next == Byte.bang {
            if hasPrefix(s, at, end, "<!--") { return 2 }
            if hasPrefix(s, at, end, "<![CDATA[") { return 5 }
            if at + 2 < end, s[at + 2] &- 0x41 < 26 { return 4 }
            return nil
        }
        if next == Byte.question { return 3 }
        var i = at + 1
        let closing = s[i] == Byte.slash
        if closing { i += 1 }
        let nameStart = i
        while i < end, Byte.isAlnum(s[i]) { i += 1 }
        guard i > nameStart, Byte.isAlpha(s[nameStart]) else { return nil }
        let name = (nameStart..<i).map { Byte.lower(s[$0]) }
        let after: UInt8? = i < end ? s[i] : nil
        if !closing, rawTextTags.contains(name),
           after == nil || after == Byte.space || after == Byte.tab || after == Byte.greater {
            return 1
        }
        if blockTags.contains(name) {
            if after == nil || after == Byte.space || after == Byte.tab || after == Byte.greater { return 6 }
            if after == Byte.slash, i + 1 < end, s[i + 1] == Byte.greater { return 6 }
        }
        if canBeKind7, isCompleteTagLine(s, at, end) { return 7 }
        return nil
    }

    /// Whether a line holding a kind 1-5 block ends it.
    static func endsBlock(kind: Int, _ s: Bytes, _ at: Int, _ end: Int) -> Bool {
        // cmark-gfm's end patterns match UTF-8 text before the terminator: the terminator must
        // come before the line's first ill-formed byte.
        let end = UTF8Bytes.firstInvalidOffset(UnsafeBufferPointer(rebasing: s[at..<end])).map { at + $0 } ?? end
        switch kind {
        case 1: return contains(s, at, end, "</script>", ignoringCase: true)
            || contains(s, at, end, "</pre>", ignoringCase: true)
            || contains(s, at, end, "</style>", ignoringCase: true)
        case 2: return contains(s, at, end, "-->")
        case 3: return contains(s, at, end, "?>")
        case 4: return contains(s, at, end, ">")
        case 5: return contains(s, at, end, "]]>")
        default: return false
        }
    }

    // MARK: - Kind 7: a complete open or closing tag alone on its line

    /// cmark-gfm matches the tag and the rest of its line as UTF-8 text (a NUL already read as
    /// U+FFFD), so a line with an ill-formed byte anywhere is not a tag line.
    private static func isCompleteTagLine(_ s: Bytes, _ at: Int, _ end: Int) -> Bool {
        guard UTF8Bytes.firstInvalidOffset(UnsafeBufferPointer(rebasing: s[at..<end])) == nil else { return false }
        var i = at + 1
        if i < end, s[i] == Byte.slash {
            i += 1
            guard let afterName = tagName(s, i, end) else { return false }
            i = skipWhitespace(s, afterName, end)
            guard i < end, s[i] == Byte.greater else { return false }
            return skipWhitespace(s, i + 1, end) == end
        }
        guard let afterName = tagName(s, i, end) else { return false }
        i = afterName
        while true {
            let beforeSpace = i
            i = skipWhitespace(s, i, end)
            guard i < end else { return false }
            if s[i] == Byte.greater { return skipWhitespace(s, i + 1, end) == end }
            if s[i] == Byte.slash {
                guard i + 1 < end, s[i + 1] == Byte.greater else { return false }
                return skipWhitespace(s, i + 2, end) == end
            }
            // An attribute must be separated from what precedes it by whitespace.
            guard i > beforeSpace, let afterAttribute = attribute(s, i, end) else { return false }
            i = afterAttribute
        }
    }

    private static func tagName(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        guard at < end, Byte.isAlpha(s[at]) else { return nil }
        var i = at + 1
        while i < end, Byte.isAlnum(s[i]) || s[i] == Byte.minus { i += 1 }
        return i
    }

    private static func attribute(_ s: Bytes, _ at: Int, _ end: Int) -> Int? {
        let first = s[at]
        guard Byte.isAlpha(first) || first == Byte.underscore || first == Byte.colon else { return nil }
        var i = at + 1
        while i < end {
            let b = s[i]
            guard Byte.isAlnum(b) || b == Byte.underscore || b == Byte.colon || b == Byte.dot || b == Byte.minus else { break }
            i += 1
        }
        let afterName = i
        i = skipWhitespace(s, i, end)
        guard i < end, s[i] == Byte.equals else { return afterName }
        i = skipWhitespace(s, i + 1, end)
        guard i < end else { return nil }
        let q = s[i]
        if q == Byte.quote || q == Byte.apostrophe {
            var j = i + 1
            while j < end, s[j] != q { j += 1 }
            return j < end ? j + 1 : nil
        }
        var j = i
        while j < end {
            let b = s[j]
            if b == Byte.space || b == Byte.tab || b == 0x0B || b == 0x0C || b == Byte.quote || b == Byte.apostrophe
                || b == Byte.equals || b == Byte.less || b == Byte.greater || b == Byte.backtick { break }
            j += 1
        }
        return j > i ? j : nil
    }

    private static func skipWhitespace(_ s: Bytes, _ at: Int, _ end: Int) -> Int {
        var i = at
        while i < end, Byte.isSpaceChar(s[i]) { i += 1 }
        return i
    }

    // MARK: - Substring search

    private static func hasPrefix(_ s: Bytes, _ at: Int, _ end: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard end - at >= count else { return false }
        let p = prefix.utf8Start
        for k in 0..<count where s[at + k] != p[k] { return false }
        return true
    }

    /// Whether `needle` (lowercase ASCII) occurs in `at..<end`, optionally ignoring ASCII case.
    private static func contains(_ s: Bytes, _ at: Int, _ end: Int, _ needle: StaticString,
                                 ignoringCase: Bool = false) -> Bool {
        let count = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        var i = at
        while i + count <= end {
            var k = 0
            while k < count, (ignoringCase ? Byte.lower(s[i + k]) : s[i + k]) == p[k] { k += 1 }
            if k == count { return true }
            i += 1
        }
        return false
    }
}
