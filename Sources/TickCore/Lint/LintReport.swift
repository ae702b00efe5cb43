/// What `tick lint` prints of its findings: one line per finding in the format asked for,
/// the count of them by severity, and what `--fix` repaired.
package enum LintReport {
    package enum Format: String { case text, json, github }

    /// Each finding of `files` (with their paths as shown), in file order, in `format`:
    /// `path:line:col: severity: message [rule]`, a GitHub Actions annotation, or a JSON
    /// object per line. Written to `emit` in pieces of about 64 KiB.
    package static func write(_ files: [(path: String, diagnostics: [Diagnostic])], format: Format,
                              emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let findings = files.lazy.flatMap { file in file.diagnostics.lazy.map { (path: file.path, diagnostic: $0) } }
        if format == .json {
            JSONWriter.lines(findings, emit: emit) { finding, json in DiagnosticJSON.write(finding.diagnostic, file: finding.path, to: &json) }
            return
        }
        var out = TextBuffer(capacity: 1 << 16)
        for (path, diagnostic) in findings {
            if format == .text {
                diagnostic.append(path: path, to: &out)
            } else {
                let level = diagnostic.severity == .info ? "notice" : diagnostic.severity.rawValue
                out.append("::\(level) file=\(annotation(path, property: true)),line=\(diagnostic.line),col=\(diagnostic.column),title=\(diagnostic.rule.rawValue)::")
                out.append(annotation(TerminalText.sanitized(diagnostic.message), property: false))
            }
            out.append(0x0A)
            if out.count >= 1 << 16 {
                out.withBytes(emit)
                out.removeAll()
            }
        }
        out.withBytes(emit)
    }

    /// `2 errors, 1 warning in 2 files`; nil when there is no finding.
    package static func summary(_ files: [[Diagnostic]]) -> String? {
        var counts: [Severity: Int] = [:]
        for diagnostics in files { for diagnostic in diagnostics { counts[diagnostic.severity, default: 0] += 1 } }
        guard !counts.isEmpty else { return nil }
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            guard let count = counts[severity] else { return nil }
            return "\(count) " + (severity == .info ? "info" : severity.rawValue + (count == 1 ? "" : "s"))
        }
        let fileCount = files.count { !$0.isEmpty }
        return parts.joined(separator: ", ") + " in \(fileCount) file\(fileCount == 1 ? "" : "s")"
    }

    /// The rules `--fix` repaired, as `3 trailing-whitespace, 1 bullet-style`: the findings
    /// before it less those after; nil when it repaired none.
    package static func fixedRules(before: [Diagnostic], after: [Diagnostic]) -> String? {
        var counts: [LintRule: Int] = [:]
        for diagnostic in before { counts[diagnostic.rule, default: 0] += 1 }
        for diagnostic in after { counts[diagnostic.rule, default: 0] -= 1 }
        let parts = LintRule.allCases.compactMap { rule in counts[rule].flatMap { $0 > 0 ? "\($0) \(rule.rawValue)" : nil } }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Text escaped for a GitHub Actions workflow command (`::error file=…::message`): a
    /// property escapes `:` and `,` too.
    static func annotation(_ text: String, property: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
