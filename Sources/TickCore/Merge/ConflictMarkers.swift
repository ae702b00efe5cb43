/// The conflict markers a merge leaves in a file (git's, and `tick merge`'s): a line that starts
/// with seven (or three or more) `<`, then one of as many `=`, then one of as many `>` (with git's diff3
/// style, a line of as many `|` before the `=` opens the ancestor's lines). Such a file is half
/// of two versions: an edit would write into the middle of the conflict.
package enum ConflictMarkers {
    /// One marked conflict, as 0-based line numbers.
    package struct Block: Sendable, Equatable {
        /// The `<<<<<<<` line.
        package let open: Int
        /// Our lines, between `<<<<<<<` and `|||||||` or `=======`.
        package let ours: Range<Int>
        /// Their lines, between `=======` and `>>>>>>>`.
        package let theirs: Range<Int>
        /// The `>>>>>>>` line.
        package let close: Int
    }

    /// The shortest markers read as a conflict's (and written by `tick merge -L`).
    package static let minimumSize = 3
    /// The markers git writes unless told otherwise.
    static let gitSize = 7

    /// Whether a line that reads as a wrapped task's text is one of git's markers, which end
    /// the text (`BlockParser`): seven or more `<`, or seven `|`, each with its label or none,
    /// or `=======` alone. Other runs may be the user's words: a setext underline's longer run
    /// of `=`, or `======= more`, is text, as CommonMark reads it.
    static func endsText(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let marker = run(bytes, from: start, to: end)
        switch marker.byte {
        case UInt8(ascii: "<"): return marker.count >= gitSize
        case UInt8(ascii: "|"): return marker.count == gitSize
        case UInt8(ascii: "="): return marker.count == gitSize && (start + gitSize == end || bytes[start + gitSize] == 0x0D && start + gitSize + 1 == end)
        default: return false
        }
    }

    /// Which lines a resolved conflict keeps.
    package enum Side: String, Sendable, CaseIterable {
        case ours, theirs
        /// Ours, then those of theirs that ours does not have.
        case both
    }

    /// The first line (0-based) that opens a conflict closed further down, if any.
    package static func firstLine(in bytes: [UInt8]) -> Int? {
        // Most files hold no line starting with '<<<': one look through them at memory speed.
        guard ByteSearch.contains(Array("\n<<<".utf8), in: bytes, 0..<bytes.count) || bytes.starts(with: "<<<".utf8) else { return nil }
        return blocks(in: Document(bytes: bytes)).first?.open
    }

    /// Every conflict, in file order. Markers inside a code block are text (notes that show
    /// what a conflict looks like).
    package static func blocks(in document: Document) -> [Block] {
        let bytes = document.bytes
        guard ByteSearch.contains(Array("\n<<<".utf8), in: bytes, 0..<bytes.count) || bytes.starts(with: "<<<".utf8) else { return [] }
        return blocks(in: bytes, first: false).filter { block in
            ![block.open, block.close].contains { document.kinds[$0] == .fenceContent || document.kinds[$0] == .indentedCode }
        }
    }

    static func blocks(in bytes: [UInt8], first: Bool) -> [Block] {
        var result: [Block] = []
        var line = 0, start = 0
        // The open marker and its size, where ours end, and where theirs begin.
        var open: (line: Int, size: Int)?, oursEnd: Int?, theirsStart: Int?
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let marker = run(bytes, from: start, to: end)
            switch marker.byte {
            case UInt8(ascii: "<"): (open, oursEnd, theirsStart) = ((line, marker.count), nil, nil)
            case UInt8(ascii: "|"): if let size = open?.size, marker.count == size, oursEnd == nil { oursEnd = line }
            case UInt8(ascii: "="):
                if let size = open?.size, marker.count == size, theirsStart == nil {
                    oursEnd = oursEnd ?? line
                    theirsStart = line + 1
                }
            case UInt8(ascii: ">"):
                if let opened = open, marker.count == opened.size, let oursEnd, let theirsStart {
                    result.append(Block(open: opened.line, ours: (opened.line + 1)..<oursEnd, theirs: theirsStart..<line, close: line))
                    if first { return result }
                    open = nil
                }
            default: break
            }
            line += 1
            start = end + 1
        }
        return result
    }

    /// The marker a line starts with: its character and how many, when it is `minimumSize` or
    /// more of one of `<`, `|`, `=`, `>` followed by the line's end or a space (git writes
    /// seven, or the size a `conflict-marker-size` attribute sets).
    static func run(_ bytes: [UInt8], from start: Int, to end: Int) -> (byte: UInt8, count: Int) {
        guard start < end else { return (0, 0) }
        let first = bytes[start]
        guard first == UInt8(ascii: "<") || first == UInt8(ascii: "|") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">") else { return (0, 0) }
        var index = start
        while index < end, bytes[index] == first { index += 1 }
        let count = index - start
        guard count >= minimumSize, index == end || bytes[index] == Byte.space || bytes[index] == 0x0D else { return (0, 0) }
        return (first, count)
    }

    /// The edit that resolves the conflicts `chosen` of `document` by keeping `side`'s lines:
    /// each conflict, markers and the ancestor's lines included, replaced by the lines kept.
    package static func splices(_ document: Document, _ chosen: [Block], keeping side: Side) -> [Splice] {
        chosen.sorted { $0.open < $1.open }.map { block in
            var kept: [[UInt8]] = []
            func keep(_ lines: Range<Int>) { for line in lines { kept.append(Array(document.content(ofLine: line))) } }
            switch side {
            case .ours: keep(block.ours)
            case .theirs: keep(block.theirs)
            case .both:
                keep(block.ours)
                var ours: [ArraySlice<UInt8>: Int] = [:]
                for line in block.ours { ours[document.content(ofLine: line), default: 0] += 1 }
                for line in block.theirs {
                    let content = document.content(ofLine: line)
                    if let count = ours[content], count > 0, !content.allSatisfy(Byte.isSpaceOrTab) {
                        ours[content] = count - 1
                        continue
                    }
                    kept.append(Array(content))
                }
            }
            return Splice(lines: block.open..<(block.close + 1), replacement: kept)
        }
    }
}
