/// The checkbox at the start of a list item's text: `[` one status `]`, then whitespace.
///
/// GitHub renders only `[ ]`, `[x]` and `[X]`. tick also reads the statuses that Obsidian and other
/// tools write (`[/]`, `[-]`, `[>]`, `[~]`, an emoji): one ASCII punctuation character, or one
/// non-ASCII grapheme that is not a letter or number. Letters and digits are left out on purpose:
/// `- [1] Smith 2020` and `- [a] label` are reference lists far more often than statuses.
enum Checkbox {
    /// The offset just past `]` when a checkbox starts at `at` and is followed by a space or tab
    /// (a line that ends right after `]` is not a task, exactly as on GitHub).
    /// `letterStatuses`: ASCII letters and digits the project gives a meaning (`[R]` for review),
    /// which are then statuses too.
    static func end(_ s: UnsafeBufferPointer<UInt8>, _ at: Int, _ lineEnd: Int, letterStatuses: StatusSet.ASCIISet) -> Int? {
        guard at + 3 < lineEnd, s[at] == Byte.leftBracket else { return nil }
        let first = s[at + 1]
        if first < 0x80 {
            guard s[at + 2] == Byte.rightBracket, Byte.isSpaceChar(s[at + 3]) else { return nil }
            guard isGitHub(first) || isStatusPunctuation(first) || letterStatuses.contains(first) else { return nil }
            return at + 3
        }
        // A non-ASCII status: find the closing bracket within a short distance. A status is at
        // most 15 bytes (a task record keeps it inline, `TaskStatus.Packed`): one character
        // with its modifiers; a longer emoji sequence (a family) is text, as it is to Obsidian
        // Tasks, which reads one code point.
        var close = at + 1
        let limit = min(lineEnd, at + 1 + TaskStatus.Packed.capacity + 1)
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

    /// Whether cmark-gfm's tasklist pattern matches `line` (a line's content, from column 0):
    /// `spacechar* ([-+*] | [0-9]+ any) spacechar+ "[" [ xX] "]" spacechar+`, where spacechar
    /// includes vertical tab and form feed, and `any` is re2c's unescaped `.`, so that it may be
    /// one of the digits. The renderer tries it on every line that could open a block in a list
    /// item, so it matches lines tick reads as no task (`- \f[x] a`, a `\t-\f[ ] ` under an
    /// item), and on those the whitespace after the `]` decides whether a box is drawn.
    static func matchesGitHubPattern(_ line: ArraySlice<UInt8>) -> Bool {
        let end = line.endIndex
        func box(from start: Int) -> Bool {
            var i = start
            guard i < end, Byte.isSpaceChar(line[i]) else { return false }
            while i < end, Byte.isSpaceChar(line[i]) { i += 1 }
            guard i + 3 < end, line[i] == Byte.leftBracket, isGitHub(line[i + 1]),
                  line[i + 2] == Byte.rightBracket else { return false }
            return Byte.isSpaceChar(line[i + 3])
        }
        var i = line.startIndex
        while i < end, Byte.isSpaceChar(line[i]) { i += 1 }
        guard i < end else { return false }
        if line[i] == Byte.minus || line[i] == Byte.plus || line[i] == Byte.star { return box(from: i + 1) }
        var digits = i
        while digits < end, Byte.isDigit(line[digits]) { digits += 1 }
        guard digits > i else { return false }
        for marker in (i + 1)...digits where marker < end {
            if box(from: marker + 1) { return true }
        }
        return false
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
