/// The checkbox at the start of a list item's text: `[` one status `]`, then whitespace.
///
/// GitHub renders only `[ ]`, `[x]` and `[X]`. tick also reads the statuses that Obsidian and other
/// tools write (`[/]`, `[-]`, `[>]`, `[~]`, an emoji): one ASCII punctuation character, or one
/// non-ASCII grapheme that is not a letter or number. Letters and digits are left out on purpose:
/// `- [1] Smith 2020` and `- [a] label` are reference lists far more often than statuses.
enum Checkbox {
    /// The offset just past `]` when a checkbox starts at `at` and is followed by a space or tab
    /// (a line that ends right after `]` is not a task, exactly as on GitHub).
    static func end(_ s: UnsafeBufferPointer<UInt8>, _ at: Int, _ lineEnd: Int) -> Int? {
        guard at + 3 < lineEnd, s[at] == Byte.leftBracket else { return nil }
        let first = s[at + 1]
        if first < 0x80 {
            guard s[at + 2] == Byte.rightBracket, Byte.isSpaceChar(s[at + 3]) else { return nil }
            guard isGitHub(first) || isStatusPunctuation(first) else { return nil }
            return at + 3
        }
        // A non-ASCII status: find the closing bracket within a short distance.
        var close = at + 1
        let limit = min(lineEnd, at + 1 + 32)
        while close < limit, s[close] != Byte.rightBracket { close += 1 }
        guard close < limit, close + 1 < lineEnd, Byte.isSpaceChar(s[close + 1]) else { return nil }
        let status = String(decoding: UnsafeBufferPointer(rebasing: s[(at + 1)..<close]), as: UTF8.self)
        guard status.count == 1, let character = status.first,
              !character.isLetter, !character.isNumber, !character.isWhitespace,
              !status.unicodeScalars.contains(where: { $0 == "\u{FFFD}" }) else { return nil }
        return close + 1
    }

    /// Whether GitHub's reference renderer (cmark-gfm) draws the checkbox: a `[ ]`, `[x]` or `[X]`
    /// whose list marker opens the line. Its tasklist pattern is matched from the start of the
    /// line, so a box after a quote marker (`> - [ ] a`), after another list marker
    /// (`- - [ ] a`) or after a byte-order mark stays text, spaces and all.
    static func isDrawn(status: UInt8, width: Int, markerOpensLine: Bool) -> Bool {
        markerOpensLine && width == 3 && isGitHub(status)
    }

    /// The offset just past the `]` of a box GitHub's renderer draws on an item's first line
    /// where tick reads no task: after a form feed or vertical tab. cmark-gfm's tasklist pattern
    /// takes those for spaces (CommonMark does not), draws the box, then skips three bytes from
    /// the text's start, so `- \f[x] a` shows a box and `] a`. tick leaves such a line as text,
    /// lint reports it, and fmt keeps the whitespace after the `]` that the box needs.
    static func strayBoxEnd(_ bytes: [UInt8], item: ParsedItem, lineEnd: Int) -> Int? {
        guard item.checkboxStart < 0, item.markerOpensLine else { return nil }
        var i = item.markerStart + item.markerLength
        var stray = false
        while i < lineEnd, Byte.isSpaceChar(bytes[i]) {
            stray = stray || !Byte.isSpaceOrTab(bytes[i])
            i += 1
        }
        guard stray, i + 3 < lineEnd, bytes[i] == Byte.leftBracket, isGitHub(bytes[i + 1]),
              bytes[i + 2] == Byte.rightBracket, Byte.isSpaceChar(bytes[i + 3]) else { return nil }
        return i + 3
    }

    /// The statuses GitHub draws as a checkbox: ` `, `x` and `X`.
    @inline(__always)
    static func isGitHub(_ status: UInt8) -> Bool {
        status == Byte.space || status == 0x78 || status == 0x58
    }

    @inline(__always)
    private static func isStatusPunctuation(_ b: UInt8) -> Bool {
        guard Byte.isPunctuation(b) else { return false }
        return b != Byte.leftBracket && b != Byte.rightBracket && b != Byte.backslash
    }
}
