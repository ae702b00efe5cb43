/// Checks of the file's bytes and layout: whitespace, endings, encoding, fences.
enum LayoutChecks {
    static func run(_ findings: inout LintFindings) {
        let document = findings.document
        let bytes = document.bytes
        let dominant = document.dominantLineEnding
        var reportedEnding = false
        var openFence: Int?
        var conflict: Int?
        let trailing = TrailingWhitespace(document)
        // A NUL byte: no text file holds one, and tick's edits and fmt refuse the file. Once.
        if let nul = bytes.firstIndex(of: 0) {
            let line = document.lines.partitionPoint { $0.end > nul }
            findings.add(.nulByte, line: min(line, document.lines.count - 1), offset: nul,
                         "a NUL byte: no text file holds one, and tick's edits and fmt refuse this file")
        }
        for (index, line) in document.lines.enumerated() {
            let kind = document.kinds[index]
            // A merge git left unresolved: one finding per conflict, at its first marker.
            if kind != .fenceContent, kind != .indentedCode, let marker = conflictMarker(bytes[line.start..<line.contentEnd]) {
                if marker == Byte.less, conflict == nil {
                    conflict = index
                } else if marker == Byte.greater, let start = conflict {
                    conflict = nil
                    findings.add(.conflictMarker, line: start, offset: document.lines[start].start,
                                 "an unresolved git merge conflict (lines \(start + 1) to \(index + 1)): both sides' lines are in the file")
                }
            }
            switch trailing.fix(line: index) {
            case .remove(let offset): findings.add(.trailingWhitespace, line: index, offset: offset, "trailing whitespace")
            case .hardBreak(let offset):
                findings.add(.trailingWhitespace, line: index, offset: offset, "trailing spaces as a line break; tick fmt writes '\\'")
            case nil: break
            }
            if !reportedEnding, let ending = document.ending(ofLine: index), ending != dominant {
                reportedEnding = true
                findings.add(.mixedLineEndings, line: index, offset: line.contentEnd,
                             "\(name(ending)) line ending in a file of \(name(dominant)) endings")
            }
            if !document.isWellFormedUTF8, let offset = bytes[line.start..<line.contentEnd].firstInvalidUTF8Offset {
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
        // Exactly the lists tick fmt moves under their parent's text, so that the finding is
        // fixable (not a list fmt leaves alone: tabs, block quotes, lazy lines); one per list.
        let indentation = SubtaskIndentation(document, collapsible: FormatPlan.collapsibleLines(document, trailing))
        if !indentation.shifts.isEmpty {
            var reported = Set<Int32>()
            for item in document.items where item.checkboxStart >= 0 && indentation.shift(item.line) > 0 {
                guard reported.insert(item.list).inserted else { continue }
                let column = Byte.columns(of: bytes[document.lines[item.line].start..<item.markerStart])
                findings.add(.inconsistentIndentation, line: item.line, offset: item.markerStart,
                             "subtask at column \(column + 1); tick fmt moves it to column \(column + 1 - indentation.shift(item.line)), under its parent's text")
            }
        }
        if let last = document.lines.last, !last.hasEnding, last.contentEnd > last.start {
            findings.add(.missingFinalNewline, line: document.lines.count - 1, offset: last.contentEnd, "no newline at the end of the file")
        }
    }

    /// The byte of a git conflict marker line (`<<<<<<< ours`, `>>>>>>> theirs`): seven of
    /// `<` or `>` at the start of the line, then a space or the end.
    static func conflictMarker(_ content: ArraySlice<UInt8>) -> UInt8? {
        guard content.count >= 7, let first = content.first, first == Byte.less || first == Byte.greater,
              content.prefix(7).allSatisfy({ $0 == first }), content.count == 7 || Byte.isSpaceOrTab(content[content.startIndex + 7]) else { return nil }
        return first
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
}
