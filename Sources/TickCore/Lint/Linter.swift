/// `tick lint`: task-aware checks of a document. Pure: today's date comes in as a parameter.
public enum Linter {
    public static func lint(_ document: Document, today: CivilDate, settings: LintSettings = LintSettings()) -> [Diagnostic] {
        var findings = LintFindings(document: document)
        TaskChecks.run(&findings, today: today)
        GroupChecks.run(&findings)
        LayoutChecks.run(&findings)
        QueryChecks.run(&findings, today: today)
        let suppressions = Suppressions(document)
        var items = findings.items
        items.removeAll { settings.severity(of: $0.rule) == nil || suppressions.suppresses($0.rule, line: $0.line - 1) }
        for index in items.indices { items[index].severity = settings.severity(of: items[index].rule)! }
        return inReadingOrder(items)
    }

    /// By line, column and rule name. The checks report in passes of their own, so the
    /// findings come in a few sorted runs; sorted as positions, each finding is copied once.
    private static func inReadingOrder(_ items: [Diagnostic]) -> [Diagnostic] {
        let order = items.indices.sorted { a, b in
            if items[a].line != items[b].line { return items[a].line < items[b].line }
            if items[a].column != items[b].column { return items[a].column < items[b].column }
            if items[a].rule != items[b].rule { return items[a].rule.rawValue < items[b].rule.rawValue }
            return a < b
        }
        return order.map { items[$0] }
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
