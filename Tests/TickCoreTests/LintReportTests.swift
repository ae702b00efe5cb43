import Testing
@testable import TickCore

/// What `tick lint` prints of findings, in each format, and its count of them.
@Suite struct LintReportTests {
    static let files: [(path: String, diagnostics: [Diagnostic])] = [
        ("a,b:c.md", [Diagnostic(line: 3, column: 7, severity: .error, rule: .invalidDate, message: "bad date: 50%\nnext")]),
        ("clean.md", []),
        ("TODO.md", [Diagnostic(line: 1, column: 1, severity: .warning, rule: .overdue, message: "overdue"),
                     Diagnostic(line: 2, column: 1, severity: .info, rule: .overdue, message: "overdue")]),
    ]

    func written(_ format: LintReport.Format) -> String {
        var out: [UInt8] = []
        LintReport.write(Self.files, format: format) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func githubAnnotationsEscapeTheirProperties() {
        #expect(written(.github).split(separator: "\n").first == "::error file=a%2Cb%3Ac.md,line=3,col=7,title=invalid-date::bad date: 50%25\u{FFFD}next")
        #expect(written(.github).split(separator: "\n").last == "::notice file=TODO.md,line=2,col=1,title=overdue::overdue")
    }

    @Test func everyFormatHasALinePerFinding() {
        for format in [LintReport.Format.text, .json, .github] {
            #expect(written(format).split(separator: "\n").count == (format == .json ? 5 : 3), "\(format)")
        }
    }

    @Test func theSummaryCountsBySeverityAndFile() {
        #expect(LintReport.summary(Self.files.map(\.diagnostics)) == "1 error, 1 warning, 1 info in 2 files")
        #expect(LintReport.summary([[], []]) == nil)
    }
}
