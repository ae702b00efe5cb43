/// Checks of the file's bytes and layout: whitespace, endings, encoding, fences.
enum LayoutChecks {
    static func run(_ findings: inout LintFindings) {
        let document = findings.document
        let bytes = document.bytes
        let dominant = document.dominantLineEnding
        var reportedEnding = false
        var openFence: Int?
        var emptyTaskLines = Set<Int>()
        for task in document.tasks where task.text.isEmpty { emptyTaskLines.insert(task.line) }
        for (index, line) in document.lines.enumerated() {
            let kind = document.kinds[index]
            // Trailing whitespace outside code, HTML and front matter (an empty task needs its space).
            switch kind {
            case .fenceContent, .indentedCode, .html, .frontMatter:
                break
            default:
                var end = line.contentEnd
                while end > line.start, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
                if end < line.contentEnd, kind != .blank || end == line.start, !(emptyTaskLines.contains(index) && line.contentEnd - end == 1) {
                    findings.add(.trailingWhitespace, line: index, offset: end, "trailing whitespace")
                }
            }
            if !reportedEnding, let ending = document.ending(ofLine: index), ending != dominant {
                reportedEnding = true
                findings.add(.mixedLineEndings, line: index, offset: line.contentEnd,
                             "\(name(ending)) line ending in a file of \(name(dominant)) endings")
            }
            if let offset = firstInvalidUTF8(bytes, line.start..<line.contentEnd) {
                findings.add(.invalidUTF8, line: index, offset: offset, "bytes that are not valid UTF-8")
            }
            switch kind {
            case .fenceOpen: openFence = index
            case .fenceClose: openFence = nil
            case .fenceContent: break
            default:
                if let open = openFence {
                    openFence = nil
                    reportFence(&findings, open)
                }
            }
        }
        if let open = openFence { reportFence(&findings, open) }
        if let last = document.lines.last, !last.hasEnding, last.contentEnd > last.start {
            findings.add(.missingFinalNewline, line: document.lines.count - 1, offset: last.contentEnd, "no newline at the end of the file")
        }
    }

    private static func reportFence(_ findings: inout LintFindings, _ line: Int) {
        let start = findings.document.lines[line].start
        var offset = start
        while Byte.isSpaceOrTab(findings.document.bytes[offset]) || findings.document.bytes[offset] == Byte.greater { offset += 1 }
        findings.add(.unclosedFence, line: line, offset: offset, "code fence is never closed; everything after it is code")
    }

    private static func name(_ ending: LineEnding) -> String {
        switch ending {
        case .lf: return "LF"
        case .crlf: return "CRLF"
        case .cr: return "CR"
        }
    }

    /// The offset of the first byte that starts an invalid UTF-8 sequence, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: return i
            }
            guard i + length <= range.upperBound else { return i }
            var scalar = UInt32(b) & (0xFF >> (length + 1))
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            minimum = 0
            i += length
        }
        return nil
    }
}
