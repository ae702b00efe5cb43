/// gitignore's wildcard matching (git's wildmatch with `WM_PATHNAME`): `*` and `?` stop at
/// `/`, `**` as a whole path segment crosses any number of them, `[...]` is a class (`!` or `^`
/// negates it, `a-z` ranges), `\` escapes the next character.
///
/// Since nothing but a `/` matches a `/`, a pattern without `**` matches segment by segment;
/// each segment is matched with the classic one-star backtracking (linear in practice,
/// pattern × text at worst), and `**` tries the segments it may cover, so that a hostile
/// pattern (`*a*a*a*a*b` against a long name) never costs an exponential search.
enum Glob {
    static func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        let patterns = pattern.split(separator: Byte.slash, omittingEmptySubsequences: false)
        let texts = text.split(separator: Byte.slash, omittingEmptySubsequences: false)
        var failed = Set<Int>()
        return match(patterns, 0, texts, 0, &failed)
    }

    private static func match(_ patterns: [ArraySlice<UInt8>], _ i: Int, _ texts: [ArraySlice<UInt8>], _ j: Int,
                              _ failed: inout Set<Int>) -> Bool {
        if i == patterns.count { return j == texts.count }
        let key = i * (texts.count + 1) + j
        if failed.contains(key) { return false }
        var result = false
        if patterns[i].elementsEqual([0x2A, 0x2A]) {
            // `**` last: everything inside (one segment or more); elsewhere zero or more segments.
            if i == patterns.count - 1 {
                result = j < texts.count
            } else {
                result = (j...texts.count).contains { match(patterns, i + 1, texts, $0, &failed) }
            }
        } else if j < texts.count, segment(patterns[i], matches: texts[j]) {
            result = match(patterns, i + 1, texts, j + 1, &failed)
        }
        if !result { failed.insert(key) }
        return result
    }

    /// One segment against one name (neither holds a `/`).
    static func segment(_ p: ArraySlice<UInt8>, matches t: ArraySlice<UInt8>) -> Bool {
        var pi = p.startIndex, ti = t.startIndex
        // Where the last star's run ended in the pattern, and where it began in the text.
        var resume: (pattern: Int, text: Int)?
        while ti < t.endIndex {
            if pi < p.endIndex {
                let c = p[pi]
                if c == 0x2A {
                    while pi < p.endIndex, p[pi] == 0x2A { pi += 1 }
                    resume = (pi, ti)
                    continue
                }
                if c == 0x3F {
                    pi += 1
                    ti = next(t, ti)
                    continue
                }
                if c == Byte.leftBracket, let (matched, end) = matchClass(p, pi, t[ti]) {
                    if matched {
                        pi = end
                        ti = next(t, ti)
                        continue
                    }
                } else {
                    var literal = c, width = 1
                    if c == Byte.backslash, pi + 1 < p.endIndex { literal = p[pi + 1]; width = 2 }
                    if literal == t[ti] {
                        pi += width
                        ti += 1
                        continue
                    }
                }
            }
            // A mismatch: the last star takes one more character, if there was one.
            guard let star = resume else { return false }
            let taken = next(t, star.text)
            resume = (star.pattern, taken)
            pi = star.pattern
            ti = taken
        }
        while pi < p.endIndex, p[pi] == 0x2A { pi += 1 }
        return pi == p.endIndex
    }

    /// The index after the UTF-8 character at `index`: `?` and a class match one character.
    private static func next(_ t: ArraySlice<UInt8>, _ index: Int) -> Int {
        var end = index + 1
        while end < t.endIndex, t[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    /// Whether the class at `p[start]` matches `byte`, and where the class ends; nil when the
    /// `[` opens no class (it is then a literal). Classes compare bytes: a non-ASCII character
    /// in a class or the text matches only by equal bytes.
    private static func matchClass(_ p: ArraySlice<UInt8>, _ start: Int, _ byte: UInt8) -> (Bool, Int)? {
        var i = start + 1
        var negated = false
        if i < p.endIndex, p[i] == 0x21 || p[i] == 0x5E { negated = true; i += 1 }
        var matched = false
        var first = true
        while i < p.endIndex {
            var c = p[i]
            if c == Byte.rightBracket, !first { return (matched != negated, i + 1) }
            first = false
            if c == Byte.backslash, i + 1 < p.endIndex { i += 1; c = p[i] }
            if i + 2 < p.endIndex, p[i + 1] == Byte.minus, p[i + 2] != Byte.rightBracket {
                var high = p[i + 2]
                var skip = 3
                if high == Byte.backslash, i + 3 < p.endIndex { high = p[i + 3]; skip = 4 }
                if byte >= c, byte <= high { matched = true }
                i += skip
            } else {
                if byte == c { matched = true }
                i += 1
            }
        }
        return nil
    }
}
