/// A unified diff (`diff -u` format) built from splices, for `--dry-run` and `fmt --diff`:
/// the splices already say which lines change, so no diff algorithm is needed.
public enum UnifiedDiff {
    public static func render(_ document: Document, _ splices: [Splice], path: String, context: Int = 3) -> String {
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
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var shift = 0  // new line numbers minus old ones, from earlier hunks
        for hunk in hunks {
            let start = max(0, hunk[0].lines.lowerBound - context)
            let end = min(document.lines.count, hunk[hunk.count - 1].lines.upperBound + context)
            var body = ""
            var oldCount = 0, newCount = 0
            var line = start
            for splice in hunk {
                while line < splice.lines.lowerBound {
                    body += " " + text(document, line) + "\n"
                    line += 1; oldCount += 1; newCount += 1
                }
                for old in splice.lines {
                    body += "-" + text(document, old) + "\n"
                    oldCount += 1
                }
                for new in splice.replacement {
                    body += "+" + String(decoding: new, as: UTF8.self) + "\n"
                    newCount += 1
                }
                line = splice.lines.upperBound
            }
            while line < end {
                body += " " + text(document, line) + "\n"
                line += 1; oldCount += 1; newCount += 1
            }
            let oldStart = oldCount == 0 ? start : start + 1
            let newStart = newCount == 0 ? start + shift : start + shift + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            shift += newCount - oldCount
        }
        return out
    }

    private static func text(_ document: Document, _ line: Int) -> String {
        String(decoding: document.content(ofLine: line), as: UTF8.self)
    }
}
