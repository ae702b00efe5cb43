/// Turns the block parser's heading records into `Heading`s: titles, and the group each one
/// is in. (The parser builds the tasks itself.)
enum DocumentBuilder {
    /// The top-level headings still open while headings are read in order, by level: what
    /// gives each heading its enclosing group (`parent`). One rule for both readings.
    private struct OpenGroups {
        private var levels: [Int] = []
        private var indices: [Int] = []

        /// The group heading `index` (of `level`) is in; it is then open itself. Headings in
        /// quotes or list items (not top-level) open no group and are in none.
        mutating func parent(ofHeading index: Int, level: Int, topLevel: Bool) -> Int? {
            guard topLevel else { return nil }
            while let last = levels.last, last >= level {
                levels.removeLast()
                indices.removeLast()
            }
            let parent = indices.last
            levels.append(level)
            indices.append(index)
            return parent
        }
    }

    static func headings(_ bytes: [UInt8], lines: [Line], parsed: [ParsedHeading]) -> [Heading] {
        var result: [Heading] = []
        result.reserveCapacity(parsed.count)
        var reader = HeadingReader()
        reader.read(parsed[...], bytes, lines: lines, into: &result)
        return result
    }

    /// Reads heading records into `Heading`s, in file order, a stretch's after the groups
    /// open where it starts (`Document(stretchOf:)`).
    struct HeadingReader {
        private var open = OpenGroups()

        /// Appends `parsed`, the records after those in `headings` already, to `headings`.
        mutating func read(_ parsed: ArraySlice<ParsedHeading>, _ bytes: [UInt8], lines: [Line], into headings: inout [Heading]) {
            for heading in parsed {
                let title = heading.setext
                    ? setextTitle(bytes, lines: lines, heading)
                    : String(decoding: bytes[ATXHeading.titleRange(bytes, lines[heading.line])], as: UTF8.self)
                let parent = open.parent(ofHeading: headings.count, level: heading.level, topLevel: heading.topLevel)
                headings.append(Heading(line: heading.line, lastLine: heading.lastLine, level: heading.level,
                                        setext: heading.setext, title: title, parent: parent,
                                        topLevel: heading.topLevel))
            }
        }
    }

    /// The headings with each one's enclosing group (`parent`) worked out again, as `headings`
    /// does: for headings moved from two readings of one file.
    static func linkingParents(_ headings: [Heading]) -> [Heading] {
        var result: [Heading] = []
        result.reserveCapacity(headings.count)
        var open = OpenGroups()
        for heading in headings {
            let parent = open.parent(ofHeading: result.count, level: heading.level, topLevel: heading.topLevel)
            result.append(Heading(line: heading.line, lastLine: heading.lastLine, level: heading.level, setext: heading.setext,
                                  title: heading.title, parent: parent, topLevel: heading.topLevel))
        }
        return result
    }

    static func setextTitle(_ bytes: [UInt8], lines: [Line], _ heading: ParsedHeading) -> String {
        var parts: [String] = []
        for index in heading.line..<heading.lastLine {
            parts.append(trimmedString(bytes[lines[index].contentRange]))
        }
        return parts.joined(separator: " ")
    }

    /// The bytes without leading or trailing spaces and tabs.
    static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = slice.startIndex
        var end = slice.endIndex
        while start < end, Byte.isSpaceChar(slice[start]) { start += 1 }
        while end > start, Byte.isSpaceChar(slice[end - 1]) { end -= 1 }
        return slice[start..<end]
    }

    /// Decodes bytes (invalid sequences become U+FFFD) without leading or trailing spaces and tabs.
    static func trimmedString(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: trimmed(slice), as: UTF8.self)
    }
}
