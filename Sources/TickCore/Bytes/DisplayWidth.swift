/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and for
/// emoji, 0 for combining marks, joiners and other zero-width scalars, 1 otherwise. Measured per
/// grapheme cluster, so a ZWJ emoji sequence or a letter with accents counts once.
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        // Fast path: printable ASCII is one column per byte.
        if isPrintableASCII(text) { return text.utf8.count }
        // Scalar by scalar: a cluster's width is its first scalar's, and the scalars that follow
        // one (combining marks, joiners) are zero-width, so the sum is the same, without
        // finding where clusters break. Except for the scalars that change a cluster's width
        // or are wide after another (emoji sequences, skin tones, flags, spacing marks): then
        // cluster by cluster.
        var width = 0
        for scalar in text.unicodeScalars {
            if changesCluster(scalar) { return clusterWidth(text) }
            width += of(scalar)
        }
        return width
    }

    /// Whether every byte of `text` is printable ASCII (one column each), read from the
    /// string's own storage where it has one.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isPrintableASCII)
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether `text` holds none of the scalars that change the width of the cluster they are
    /// in, or are wide after another scalar of it (emoji joiners, selectors and skin tones,
    /// flags, spacing marks): then its width is the sum of its scalars'.
    static func scalarsSuffice(_ text: String) -> Bool { !text.unicodeScalars.contains(where: changesCluster) }

    /// Whether every byte is printable ASCII (0x20 to 0x7E), eight at a time: no byte below
    /// 0x20 (the usual "has a byte less than n" word trick, exact for n up to 128) and none of
    /// 0x7F or above (adding one sets their top bit, or it was set).
    static func isPrintableASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer(isPrintableASCII)
    }

    static func isPrintableASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = buffer.count
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let below = (word &- 0x2020_2020_2020_2020) & ~word
            let above = (word &+ 0x0101_0101_0101_0101) | word
            if (below | above) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] < 0x20 || base[index] >= 0x7F { return false }
            index += 1
        }
        return true
    }

    /// Whether the scalar is one of those (a joiner, an emoji selector or skin tone, half a
    /// flag, a spacing mark).
    static func changesCluster(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x300 else { return false }
        if value == 0x200D || value == 0xFE0F || (0x1F1E6...0x1F1FF).contains(value) || (0x1F3FB...0x1F3FF).contains(value) {
            return true
        }
        return !isPlainSymbol(value) && scalar.properties.generalCategory == .spacingMark
    }

    /// One scalar's columns.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        return isWide(scalar) ? 2 : (isZeroWidth(scalar) ? 0 : 1)
    }

    /// Punctuation, arrows, box drawing, shapes and dingbats tick draws, and Latin letters:
    /// blocks without a mark or a zero-width scalar, known without a look-up.
    static func isPlainSymbol(_ value: UInt32) -> Bool {
        (0xA0...0x2FF).contains(value) && value != 0xAD
            || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
            || (0x2190...0x23FF).contains(value) || (0x2500...0x27BF).contains(value)
    }

    /// The width cluster by cluster: what `of` computes, the long way.
    static func clusterWidth(_ text: String) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji presentation selector (U+FE0F) makes a text-default symbol two columns wide.
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if isWide(first) { return 2 }
        return isZeroWidth(first) ? 0 : 1
    }

    /// The longest prefix that fits in `width` columns, ending in `…` when anything was cut.
    package static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        if isPrintableASCII(text) {
            return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        if scalarsSuffice(text) {
            // Scalar by scalar: a mark after a letter that fits is zero-width and stays; the
            // first letter that does not fit ends the text, its marks with it.
            var result = String.UnicodeScalarView()
            var used = 0
            for scalar in text.unicodeScalars {
                let w = of(scalar)
                if used + w > width - 1 { break }
                result.append(scalar)
                used += w
            }
            return String(result) + "…"
        }
        return clusterTruncated(text, to: width)
    }

    /// What `truncated` gives, cluster by cluster (for a text longer than `width`).
    static func clusterTruncated(_ text: String, to width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `width` columns (unchanged when it is already wider).
    package static func padded(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if isPlainSymbol(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks from Unicode's EastAsianWidth.txt, merged
    /// into ranges; emoji are covered by `isEmojiPresentation`.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
        0x2FF0...0x2FFF, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
        0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x187F7, 0x18800...0x18CD5, 0x1B000...0x1B122,
        0x1B150...0x1B152, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
