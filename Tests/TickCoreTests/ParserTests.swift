import Testing
@testable import TickCore

@Suite struct ParserTests {
    func tasks(_ text: String) -> [Task] { Document(text).tasks }
    /// The tasks' texts.
    func texts(_ text: String) -> [String] { let document = Document(text); return document.tasks.map(document.text(of:)) }
    /// The tasks' due fields' values.
    func dueValues(_ text: String) -> [String?] { let document = Document(text); return document.tasks.map(document.dueValue(of:)) }

    @Test func statusesStarsAndText() {
        let found = tasks("- [ ] a\n- [x] b\n- [X] c\n- [/] d\n- [-] e\n- [ ] * f\n- [ ] *g*\n")
        #expect(found.map(\.status) == [.open, .done, .done, .doing, .other("-"), .open, .open])
        #expect(found.map(\.important) == [false, false, false, false, false, true, false])
        #expect(texts("- [ ] a\n- [x] b\n- [X] c\n- [/] d\n- [-] e\n- [ ] * f\n- [ ] *g*\n") == ["a", "b", "c", "d", "e", "f", "*g*"])
    }

    @Test func notTasks() {
        for text in ["- []", "-[ ] x", "- [ ]x", "- [ ]", "- [ ]* x", "- [a] x", "- [1] x", "[ ] x", "- [ x] y",
                     "    - [ ] code", "```\n- [ ] x\n```", "<!--\n- [ ] x\n-->", "-     [ ] code in item"] {
            #expect(tasks(text).isEmpty, "\(text.debugDescription) is not a task")
        }
    }

    @Test func blockQuoteTasksAreTasks() {
        // GitHub draws these as checkboxes; cmark-gfm 0.29 does not (see OracleTests).
        #expect(tasks("> - [ ] quoted\n> > - [x] deeper\n").map(\.status) == [.open, .done])
    }

    @Test func subtasksAndDepth() {
        let found = tasks("- [ ] a\n  - [ ] b\n    - [x] c\n  - note\n    - [ ] d\n- [ ] e\n")
        #expect(found.map(\.depth) == [0, 1, 2, 1, 0])
        #expect(found.map(\.parent) == [nil, 0, 1, 0, nil])
        #expect(found[0].lastLine == 4)
        #expect(found[4].lastLine == 5)
    }

    @Test func tabIndentedSubtask() {
        let found = tasks("- [ ] parent\n\t- [ ] child\n")
        #expect(found.map(\.parent) == [nil, 0])
    }

    @Test func wrappedTextJoins() {
        let found = tasks("- [ ] first\n  second\nlazy third\n- [ ] next\n")
        #expect(texts("- [ ] first\n  second\nlazy third\n- [ ] next\n")[0] == "first second lazy third")
        #expect(found[0].textLastLine == 2)
        #expect(found[1].line == 3)
    }

    @Test func groupsNestByLevel() {
        let document = Document("- [ ] top\n# A\n## B\n- [ ] in B\n# C\n- [ ] in C\n")
        #expect(document.tasks.map { document.groupPath(of: $0) } == [[], ["A", "B"], ["C"]])
    }

    @Test func setextAndClosingHashes() {
        let document = Document("Title\n=====\n- [ ] x\n### Sub ###\n- [ ] y\n")
        #expect(document.tasks.map { document.groupPath(of: $0) } == [["Title"], ["Title", "Sub"]])
    }

    @Test func headingInsideQuoteIsNotAGroup() {
        let document = Document("# Real\n> # Quoted\n- [ ] x\n")
        #expect(document.groupPath(of: document.tasks[0]) == ["Real"])
    }

    @Test func dueDates() {
        let found = tasks("- [ ] a due:2026-11-25\n- [ ] b due:2026-02-30\n- [ ] c `due:2026-01-01`\n- [ ] d\n")
        #expect(found[0].due == CivilDate(year: 2026, month: 11, day: 25))
        #expect(found[1].due == nil)
        #expect(dueValues("- [ ] a due:2026-11-25\n- [ ] b due:2026-02-30\n- [ ] c `due:2026-01-01`\n- [ ] d\n") == ["2026-11-25", "2026-02-30", nil, nil])
    }

    @Test func frontMatterIsSkipped() {
        #expect(tasks("---\ntitle: x\n---\n- [ ] real\n").count == 1)
        #expect(tasks("---\ntags:\n  - [ ] not a task\n---\n").isEmpty)
        #expect(tasks("---\n- [ ] a rule, then a task\n---\n").count == 1)
    }

    @Test func bomBeforeHeading() {
        let document = Document(bytes: [0xEF, 0xBB, 0xBF] + Array("# Title\n- [ ] x\n".utf8))
        #expect(document.headings.map(\.title) == ["Title"])
        #expect(document.groupPath(of: document.tasks[0]) == ["Title"])
    }

    @Test func invalidUTF8IsFlaggedPerTask() {
        let document = Document(bytes: Array("- [ ] ok\n- [ ] bad ".utf8) + [0xFF] + [0x0A])
        #expect(document.tasks.map(\.hasInvalidUTF8) == [false, true])
        #expect(document.text(of: document.tasks[1]) == "bad \u{FFFD}")
    }

    @Test func tokens() {
        let tokens = TaskTokens(text: "pay #home +money @bank due:2026-12-01 see https://x.y/z `#code` ## #")
        #expect(tokens.tags == ["home"])
        #expect(tokens.projects == ["money"])
        #expect(tokens.contexts == ["bank"])
        #expect(tokens.fields.map(\.key) == ["due"])
    }

    /// Obsidian's tag rules: a tag has a character that is not a digit, may start with `_`,
    /// and ends at punctuation other than `_`, `-` and `/` (which it does not end with).
    @Test(arguments: [
        ("Review pull request #42", [String]()),
        ("__issue #4__ read", []),
        ("#tags, and #more.", ["tags", "more"]),
        ("keep #_private and #x_y-z/w", ["_private", "x_y-z/w"]),
        ("#_ #- #1_ #__", []),
        ("#2024-plan #日本", ["2024-plan", "日本"]),
    ])
    func tagsFollowObsidian(text: String, tags: [String]) {
        #expect(TaskTokens(text: text).tags == tags)
    }

    @Test func lineEndings() {
        let document = Document(bytes: Array("a\r\nb\rc\nd".utf8))
        #expect(document.lines.count == 4)
        #expect((0..<4).map { document.ending(ofLine: $0) } == [.crlf, .cr, .lf, nil])
        #expect(!document.endsWithNewline)
        #expect(Document("x\r\ny\r\nz\n").dominantLineEnding == .crlf)
    }
}

@Suite struct ListViewTests {
    @Test func dueTokenLeavesTheRestOfTheTextAlone() {
        let document = Document("- [ ] a  b due:2026-12-01 c\n- [ ] due:2026-12-01 first\n- [ ] last due:2026-12-01\n- [ ] bad due:2026-02-30\n")
        #expect(document.tasks.map { ListView.displayText($0, in: document) } == ["a  b c", "first", "last", "bad due:2026-02-30"])
    }
}
