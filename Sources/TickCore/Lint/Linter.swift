/// `tick lint`: task-aware checks of a document. Pure: today's date comes in as a parameter.
public enum Linter {
    public static func lint(_ document: Document, today: CivilDate, settings: LintSettings = LintSettings()) -> [Diagnostic] {
        var findings = LintFindings(document: document)
        TaskChecks.run(&findings, today: today)
        GroupChecks.run(&findings)
        LayoutChecks.run(&findings)
        let suppressions = Suppressions(document)
        var result: [Diagnostic] = []
        for finding in findings.items {
            guard let severity = settings.severity(of: finding.rule),
                  !suppressions.suppresses(finding.rule, line: finding.line - 1) else { continue }
            var diagnostic = finding
            diagnostic.severity = severity
            result.append(diagnostic)
        }
        return result.sorted { ($0.line, $0.column, $0.rule.rawValue) < ($1.line, $1.column, $1.rule.rawValue) }
    }
}

/// The findings of one document, collected with the default severity; `Linter` applies the settings.
struct LintFindings {
    let document: Document
    var items: [Diagnostic] = []

    /// Records a finding at a 0-based line and a byte offset into the document; `end`: the
    /// offset just past the span it is about, on the same line.
    mutating func add(_ rule: LintRule, line: Int, offset: Int? = nil, end: Int? = nil, _ message: String) {
        items.append(finding(rule, line: line, offset: offset, end: end, message))
    }

    /// A finding to add later (or not), made as `add` makes it.
    func finding(_ rule: LintRule, line: Int, offset: Int? = nil, end: Int? = nil, _ message: String) -> Diagnostic {
        let start = document.lines[line].start
        var diagnostic = Diagnostic(line: line + 1, column: offset.map { $0 - start + 1 } ?? 1, severity: rule.defaultSeverity, rule: rule, message: message)
        diagnostic.endColumn = end.map { $0 - start + 1 }
        return diagnostic
    }
}
