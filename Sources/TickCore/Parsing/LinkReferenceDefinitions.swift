/// Link reference definitions (`[label]: destination "title"`) at the start of a paragraph, read
/// the way cmark 0.29 reads them (`cmark_parse_reference_inline`).
///
/// They matter to tick's structure in one place: when a setext underline (`---`, `===`) comes,
/// cmark first takes the definitions off the paragraph. A paragraph that was only definitions
/// is no heading, and its underline is text; otherwise the heading starts after them.
enum LinkReferenceDefinitions {
    /// How many of a paragraph's lines, from the first, definitions take up. `lines` are the
    /// paragraph's lines as cmark keeps them, line endings included: from the first non-space
    /// byte, or from the containers' edge on a lazy continuation line.
    static func linesTaken(_ s: UnsafeBufferPointer<UInt8>, lines: [Range<Int>]) -> Int {
        guard let first = lines.first, first.lowerBound < s.count, s[first.lowerBound] == Byte.leftBracket else { return 0 }
        var text: [UInt8] = []
        var lineStarts: [Int] = []
        for range in lines {
            lineStarts.append(text.count)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: s[range]))
        }
        var position = 0
        while position < text.count, text[position] == Byte.leftBracket,
              let end = Scanner(text: text).definition(at: position) {
            position = end
        }
        // A definition ends at a line's end, so `position` is where a line starts (or the end).
        return lineStarts.firstIndex { $0 >= position } ?? lines.count
    }

    private struct Scanner {
        let text: [UInt8]
        var count: Int { text.count }

        /// The offset just past the definition's line ending, or nil when none starts at `start`.
        func definition(at start: Int) -> Int? {
            guard var i = label(at: start), i < count, text[i] == Byte.colon else { return nil }
            i = spacesAndNewline(from: i + 1)
            guard let destinationEnd = destination(at: i) else { return nil }
            i = destinationEnd
            let beforeTitle = i
            i = spacesAndNewline(from: i)
            let titleLength = i == beforeTitle ? 0 : title(at: i)
            if titleLength > 0 {
                if let end = lineEnd(at: spaces(from: i + titleLength)) { return end }
            }
            // No title, or text after it: the definition may still end before it.
            return lineEnd(at: spaces(from: beforeTitle))
        }

        /// `[label]`: up to 1000 bytes (cmark's limit), no unescaped bracket inside, not only whitespace.
        /// The offset just past `]`.
        private func label(at start: Int) -> Int? {
            var i = start + 1, length = 0
            while i < count, text[i] != Byte.leftBracket, text[i] != Byte.rightBracket {
                if text[i] == Byte.backslash {
                    i += 1
                    length += 1
                    if i < count, Byte.isPunctuation(text[i]) { i += 1; length += 1 }
                } else {
                    // cmark has already replaced a NUL by U+FFFD, three bytes.
                    length += text[i] == 0 ? 3 : 1
                    i += 1
                }
                if length > 1000 { return nil }
            }
            guard i < count, text[i] == Byte.rightBracket,
                  text[(start + 1)..<i].contains(where: { !isSpace($0) }) else { return nil }
            return i + 1
        }

        /// `<…>` on one line, or a run of non-space bytes with at most 32 open parentheses.
        private func destination(at start: Int) -> Int? {
            var i = start
            if i < count, text[i] == Byte.less {
                i += 1
                while i < count {
                    switch text[i] {
                    case Byte.greater:
                        return i + 1 < count ? i + 1 : nil
                    case Byte.backslash: i += 2
                    case Byte.lf, Byte.less: return nil
                    default: i += 1
                    }
                }
                return nil
            }
            var depth = 0
            while i < count {
                let b = text[i]
                if b == Byte.backslash, i + 1 < count, Byte.isPunctuation(text[i + 1]) {
                    i += 2
                } else if b == Byte.leftParen {
                    depth += 1
                    i += 1
                    if depth > 32 { return nil }
                } else if b == Byte.rightParen {
                    if depth == 0 { break }
                    depth -= 1
                    i += 1
                } else if b == Byte.space || b == Byte.tab || b == Byte.lf || b == Byte.cr {
                    // cmark-gfm ends a destination only at these: a vertical tab or a form feed
                    // (like any other control character) is part of it.
                    if i == start { return nil }
                    break
                } else {
                    i += 1
                }
            }
            // (cmark 0.29 leaves unbalanced parentheses be: `a(b` is a destination.)
            return i < count ? i : nil
        }

        /// A title in `"…"`, `'…'` or `(…)`, possibly over several lines: the length of the
        /// longest match (an escaped closer may also end it), or 0.
        private func title(at start: Int) -> Int {
            guard start < count else { return 0 }
            let closer: UInt8
            switch text[start] {
            case Byte.quote: closer = Byte.quote
            case Byte.apostrophe: closer = Byte.apostrophe
            case Byte.leftParen: closer = Byte.rightParen
            default: return 0
            }
            var longest = 0
            var i = start + 1
            while i < count {
                let b = text[i]
                let escaped = i > start + 1 && text[i - 1] == Byte.backslash
                if b == closer {
                    longest = i + 1 - start
                    if !escaped { break }
                } else if closer == Byte.rightParen, b == Byte.leftParen, !escaped {
                    break
                }
                i += 1
            }
            return longest
        }

        private func spaces(from start: Int) -> Int {
            var i = start
            while i < count, Byte.isSpaceOrTab(text[i]) { i += 1 }
            return i
        }

        /// Spaces, at most one line ending, spaces.
        private func spacesAndNewline(from start: Int) -> Int {
            let i = spaces(from: start)
            guard let next = lineEnd(at: i), next > i else { return i }
            return spaces(from: next)
        }

        /// Just past a line ending at `i`; `i` itself at the end of the text; nil otherwise.
        private func lineEnd(at start: Int) -> Int? {
            var i = start
            if i < count, text[i] == Byte.cr { i += 1 }
            if i < count, text[i] == Byte.lf { i += 1 }
            return i > start || i == count ? i : nil
        }

        private func isSpace(_ b: UInt8) -> Bool { b == Byte.space || (b >= 0x09 && b <= 0x0D) }
    }
}
