import Foundation
import Testing
@testable import TickCore

@Suite struct LinterTests {
    let today = CivilDate(iso: "2026-11-22")!

    @Test func everyRuleHasAFinding() throws {
        let url = Paths.fixtures.appendingPathComponent("lint/rules.md")
        let diagnostics = Linter.lint(Document(bytes: try bytes(of: url)), today: today)
        let text = diagnostics.map { $0.formatted(path: "rules.md") }.joined(separator: "\n") + "\n"
        try expectGolden(Array(text.utf8), at: Paths.fixtures.appendingPathComponent("lint/rules.expected.txt"))
        let found = Set(diagnostics.map(\.rule))
        for rule in LintRule.allCases {
            #expect(found.contains(rule), "no finding for \(rule.rawValue) in rules.md")
        }
        // The inline switches hold: the quiet overdue task and the disabled trailing spaces are not reported.
        #expect(!diagnostics.contains { $0.rule == .overdue && $0.line == 40 })
        #expect(!diagnostics.contains { $0.rule == .trailingWhitespace && $0.line == 42 })
    }

    @Test func settingsChangeSeverityAndTurnRulesOff() throws {
        let document = Document("- [ ] late due:2026-11-01   \n")
        var settings = LintSettings()
        #expect(Linter.lint(document, today: today, settings: settings).map(\.rule) == [.overdue, .trailingWhitespace])
        settings.set(.overdue, to: nil)
        settings.set(.trailingWhitespace, to: .error)
        let changed = Linter.lint(document, today: today, settings: settings)
        #expect(changed.map(\.rule) == [.trailingWhitespace])
        #expect(changed.first?.severity == .error)
    }

    @Test func configFile() throws {
        let config = try ProjectConfig(parsing: "# comment\n[lint]\noverdue = \"off\"\nempty-task = error\n\n[fmt]\neol = crlf\n")
        #expect(config.lint.severity(of: .overdue) == nil)
        #expect(config.lint.severity(of: .emptyTask) == .error)
        #expect(config.lint.severity(of: .invalidDate) == .error)
        #expect(config.format.lineEnding == .crlf)
        #expect(throws: ProjectConfig.ParseError(line: 2, message: "unknown lint rule 'nope'")) {
            try ProjectConfig(parsing: "[lint]\nnope = off\n")
        }
        #expect(throws: ProjectConfig.ParseError(line: 1, message: "unknown section [other]; expected [lint], [fmt], [tasks], [statuses] or [colors]")) {
            try ProjectConfig(parsing: "[other]\n")
        }
    }

    @Test func fixableFindingsAreGoneAfterFormatting() throws {
        for url in Paths.allInputs + [Paths.fixtures.appendingPathComponent("lint/rules.md")] {
            let formatted = Formatter.format(Document(bytes: try bytes(of: url))).bytes
            // Every rule called fixable: a finding fmt leaves would make `lint --fix` a lie.
            let left = Linter.lint(Document(bytes: formatted), today: today).filter { $0.rule.fixable }
            #expect(left.isEmpty, "\(url.lastPathComponent): \(left.map { $0.formatted(path: "") })")
        }
    }

    @Test func trailingWhitespaceFindingsAreWhatFmtRemoves() {
        // A hard break in a task's text and one inside a code span stay (fmt leaves them); the
        // empty task keeps its one space; the plain hard break becomes a backslash.
        let document = Document("- [ ] task  \n  wraps\n\nplain  \nbreak\n\n`code  \nspan`\n\n- [ ] \n")
        let findings = Linter.lint(document, today: today).filter { $0.rule == .trailingWhitespace }
        #expect(findings.map(\.line) == [4])
        let formatted = String(decoding: Formatter.format(document).bytes, as: UTF8.self)
        #expect(formatted == "- [ ] task  \n  wraps\n\nplain\\\nbreak\n\n`code  \nspan`\n\n- [ ] \n")
    }

    @Test func strayBoxAfterAFormFeedIsReportedAndKeepsItsSpace() {
        // cmark-gfm draws a box on `- \f[x] ` (and shows `]`); without the space after `]` it does not.
        let document = Document("- \u{0C}[x] \n- \u{0B}[ ] text\n")
        #expect(document.tasks.isEmpty)
        let findings = Linter.lint(document, today: today)
        #expect(findings.map(\.rule) == [.malformedCheckbox, .malformedCheckbox])
        #expect(Formatter.format(document).bytes == document.bytes)
    }

    @Test func cleanFileHasNoFindings() {
        let document = Document("# Home\n\n- [ ] one due:2026-12-01\n- [x] two\n  - [x] three\n")
        #expect(Linter.lint(document, today: today).isEmpty)
    }
}
