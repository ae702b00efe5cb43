/// Sets or removes one `key = value` entry of a `.tick.toml` section, changing that entry's
/// line and nothing else: comments, order, spacing and line endings stay as they are.
package enum ProjectConfigEdit {
    /// The new text of `bytes` with the entries of `section` whose key `matches` replaced by
    /// `"key" = "value"` (the first, the others removed), or added at the end of the section (a
    /// new section at the end of the file); with `value` nil, those entries removed.
    package static func setting(_ key: String, to value: String?, in section: String,
                               replacing matches: (String) -> Bool, in bytes: [UInt8]) -> [UInt8] {
        let lines = lineRanges(bytes)
        let crlf = lines.first.map { $0.upperBound >= 2 && bytes[$0.upperBound - 2] == 0x0D && bytes[$0.upperBound - 1] == 0x0A } ?? false
        let ending: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        let entryText = value.map { Array("\(quoted(key)) = \(quoted($0))".utf8) }
        let entry = entryText.map { $0 + ending }
        var current = "", placed = false
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        /// Where the section's last entry (or its header) ends in `result`: where a new entry goes.
        var sectionEnd: Int?
        /// Where the section's header starts in `result`; how many lines of the section are not
        /// blank, and how many of them are entries removed: a section left with none goes.
        var header: Int?, sectionLines = 0, removed = 0
        for range in lines {
            // The ending off as bytes: "\r\n" is one Character, which no Character trim sees.
            var end = range.upperBound
            while end > range.lowerBound, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            let line = Substring(String(decoding: bytes[range.lowerBound..<end], as: UTF8.self))
            var content = line
            // A comment after an entry, with the spaces before it: kept when the entry is replaced.
            var comment: Substring = ""
            if let hash = ProjectConfig.commentStart(content) {
                content = content[..<hash]
                var start = hash
                while start > line.startIndex, line[line.index(before: start)] == " " || line[line.index(before: start)] == "\t" { start = line.index(before: start) }
                comment = line[start...]
            }
            let trimmed = String(content).trimmingSpaces
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                current = String(trimmed.dropFirst().dropLast()).trimmingSpaces
                if current == section { header = result.count }
                result += bytes[range]
                if current == section { sectionEnd = result.count }
                continue
            }
            if current == section, !String(line).trimmingSpaces.isEmpty { sectionLines += 1 }
            if current == section, !trimmed.isEmpty, let equals = separator(in: trimmed) {
                if matches(ProjectConfig.unquoted(String(trimmed[..<equals]).trimmingSpaces)) {
                    if let entryText, !placed { result += entryText + Array(comment.utf8) + ending } else { removed += 1 }
                    placed = true
                    sectionEnd = result.count
                    continue
                }
                result += bytes[range]
                sectionEnd = result.count
                continue
            }
            result += bytes[range]
        }
        if entry == nil, removed > 0, removed == sectionLines, let header {
            // Nothing left in the section but blank lines: its header goes with them (and the
            // comments on it), up to the next section; at the end of the file, with the blank
            // line that set it off.
            var end = result[header...].firstIndex(of: 0x0A).map { $0 + 1 } ?? result.count
            var lineStart = end
            while end < result.count, [0x0A, 0x0D, 0x20, 0x09].contains(result[end]) {
                if result[end] == 0x0A { lineStart = end + 1 }
                end += 1
            }
            // Comment lines right above the header are the section's.
            var start = header
            while start > 0 {
                var above = start - 1
                while above > 0, result[above - 1] != 0x0A { above -= 1 }
                let line = String(decoding: result[above..<start], as: UTF8.self).trimmingSpaces
                guard line.hasPrefix("#") else { break }
                start = above
            }
            if end == result.count {
                lineStart = end
                if start >= ending.count + 1, Array(result[(start - ending.count)..<start]) == ending, result[start - ending.count - 1] == 0x0A {
                    start -= ending.count
                }
            }
            result.removeSubrange(start..<lineStart)
            return result.allSatisfy({ [0x0A, 0x0D, 0x20, 0x09].contains($0) }) ? [] : result
        }
        guard let entry, !placed else { return result }
        if let sectionEnd {
            // The section's last line may lack a line ending when it ends the file.
            var insertion = entry
            if sectionEnd == result.count, let last = result.last, last != 0x0A { insertion = ending + entry }
            result.insert(contentsOf: insertion, at: sectionEnd)
            return result
        }
        if let last = result.last, last != 0x0A { result += ending }
        if !result.isEmpty { result += ending }
        return result + Array("[\(section)]".utf8) + ending + entry
    }

    /// Each line's byte range, its line ending included.
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            ranges.append(start..<index + 1)
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The `=` between key and value, past a quoted key (which may hold `=`).
    private static func separator(in line: String) -> String.Index? { ProjectConfig.separator(in: line) }

    private static func quoted(_ text: String) -> String { ProjectConfig.quoted(text) }
}
