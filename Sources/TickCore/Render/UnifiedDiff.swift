/// A unified diff (`diff -u` format) built from splices, for `--dry-run` and `fmt --diff`:
/// the splices already say which lines change, so no diff algorithm is needed.
package enum UnifiedDiff {
    /// `after`: the bytes the splices make (by default, `document.applying(splices)`; `fmt`
    /// gives its own, whose line endings may all change). Each line keeps its ending: a CRLF
    /// line is shown with its `\r`, so that the diff applies to the file with patch(1) or
    /// `git apply`. A side whose last line has none is marked as `diff -u` does, with
    /// `\ No newline at end of file`.
    /// `creating`: the file does not exist yet, and the diff creates it (`--- /dev/null`, as
    /// git writes it, so that `git apply` creates it too).
    package static func render(_ document: Document, _ splices: [Splice], path: String, context: Int = 3,
                              after: [UInt8]? = nil, creating: Bool = false) -> String {
        let ordered = splices.filter { !($0.lines.isEmpty && $0.replacement.isEmpty) }
            .sorted { ($0.lines.lowerBound, $0.lines.upperBound) < ($1.lines.lowerBound, $1.lines.upperBound) }
        guard !ordered.isEmpty else { return "" }
        // Group splices whose context windows touch into hunks.
        var hunks: [[Splice]] = []
        for splice in ordered {
            if let last = hunks.last?.last, splice.lines.lowerBound - last.lines.upperBound <= 2 * context {
                hunks[hunks.count - 1].append(splice)
            } else {
                hunks.append([splice])
            }
        }
        let newBytes = after ?? document.applying(splices)
        // patch(1) and git split lines at line feeds only: a line ended by a lone CR is part
        // of the next one to them, so the splices' lines are not theirs.
        let header = (creating ? "--- /dev/null\n" : "--- a/\(path)\n") + "+++ b/\(path)\n"
        if hasLoneCR(document.bytes) || hasLoneCR(newBytes) { return wholeFile(document.bytes, newBytes, header: header) }
        let last = document.lines.count - 1
        let oldMissing = !document.endsWithNewline && last >= 0
        let newLines = Line.split(newBytes)
        let newMissing = newLines.last.map { !$0.hasEnding } ?? false
        // What goes before the diff's own `\n`: the `\r` of a CRLF ending.
        func oldEnding(_ line: Int) -> String { document.ending(ofLine: line) == .crlf ? "\r" : "" }
        func newEnding(_ line: Int) -> String {
            line < newLines.count && LineEnding(newBytes[newLines[line].contentEnd..<newLines[line].end]) == .crlf ? "\r" : ""
        }
        let noNewline = "\\ No newline at end of file\n"
        // Whether the new file has lines after the old last line, or its last line comes from a splice.
        let final = ordered[ordered.count - 1]
        let appendsAfterLast = final.lines.lowerBound > last
        let newLastIsReplaced = final.lines.upperBound > last && !final.replacement.isEmpty
        func contextLine(_ line: Int) -> String {
            guard oldMissing, line == last else { return " " + text(document, line) + oldEnding(line) + "\n" }
            if appendsAfterLast || !newMissing {
                return "-" + text(document, line) + "\n" + noNewline + "+" + text(document, line) + "\n"
            }
            return " " + text(document, line) + "\n" + noNewline
        }
        var out = header
        var shift = 0  // new line numbers minus old ones, from earlier hunks
        for (hunkIndex, hunk) in hunks.enumerated() {
            let start = max(0, hunk[0].lines.lowerBound - context)
            let end = min(document.lines.count, hunk[hunk.count - 1].lines.upperBound + context)
            var body = ""
            var oldCount = 0, newCount = 0
            var line = start
            for (spliceIndex, splice) in hunk.enumerated() {
                let isFinal = hunkIndex == hunks.count - 1 && spliceIndex == hunk.count - 1
                while line < splice.lines.lowerBound {
                    body += contextLine(line)
                    line += 1; oldCount += 1; newCount += 1
                }
                for old in splice.lines {
                    body += "-" + text(document, old) + oldEnding(old) + "\n"
                    if oldMissing, old == last { body += noNewline }
                    oldCount += 1
                }
                for (index, new) in splice.replacement.enumerated() {
                    body += "+" + String(decoding: new, as: UTF8.self) + newEnding(start + shift + newCount) + "\n"
                    let isNewLast = isFinal && (newLastIsReplaced || appendsAfterLast) && index == splice.replacement.count - 1
                    if newMissing, isNewLast { body += noNewline }
                    newCount += 1
                }
                line = splice.lines.upperBound
            }
            while line < end {
                body += contextLine(line)
                line += 1; oldCount += 1; newCount += 1
            }
            let oldStart = oldCount == 0 ? start : start + 1
            let newStart = newCount == 0 ? start + shift : start + shift + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            shift += newCount - oldCount
        }
        return out
    }

    /// Whether a carriage return in `bytes` ends a line by itself (no line feed after it).
    static func hasLoneCR(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            ByteSearch.anyOffset(of: Byte.cr, in: buffer) { $0 + 1 == buffer.count || buffer[$0 + 1] != Byte.lf }
        }
    }

    /// One hunk that replaces every line of `old` by every line of `new`, lines split at line
    /// feeds as patch(1) splits them: what `diff -u` prints for a file of lone-CR endings,
    /// which is one line to it.
    static func wholeFile(_ old: [UInt8], _ new: [UInt8], header: String) -> String {
        func side(_ bytes: [UInt8], _ sign: String) -> (lines: Int, text: String) {
            guard !bytes.isEmpty else { return (0, "") }
            let parts = bytes.split(separator: Byte.lf, omittingEmptySubsequences: false)
            let ended = bytes.last == Byte.lf
            let lines = ended ? parts.dropLast() : parts[...]
            var text = lines.map { sign + String(decoding: $0, as: UTF8.self) + "\n" }.joined()
            if !ended { text += "\\ No newline at end of file\n" }
            return (lines.count, text)
        }
        let (oldCount, oldText) = side(old, "-"), (newCount, newText) = side(new, "+")
        return header + "@@ -\(oldCount == 0 ? 0 : 1),\(oldCount) +\(newCount == 0 ? 0 : 1),\(newCount) @@\n" + oldText + newText
    }

    private static func text(_ document: Document, _ line: Int) -> String {
        String(decoding: document.content(ofLine: line), as: UTF8.self)
    }
}
