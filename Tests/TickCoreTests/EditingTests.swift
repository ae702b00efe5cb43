import Testing
@testable import TickCore

@Suite struct EditingTests {
    let today = CivilDate(year: 2026, month: 11, day: 22)!  // a Sunday

    func apply(_ text: String, _ edit: (Document) throws -> [Splice]) rethrows -> String {
        let document = Document(text)
        return String(decoding: document.applying(try edit(document)), as: UTF8.self)
    }

    /// `text` with a new task `[ ] task` inserted where `position` picks in its document.
    func inserting(_ task: String, into text: String, at position: (Document) -> TaskPlacement.Position) throws -> String {
        try apply(text) { try TaskPlacement.insert(at: position($0), in: $0) { [$0 + Array("[ ] \(task)".utf8)] } }
    }

    @Test func dateExpressions() {
        let cases: [(String, String)] = [
            ("2026-12-01", "2026-12-01"), ("today", "2026-11-22"), ("tomorrow", "2026-11-23"),
            ("mon", "2026-11-23"), ("fri", "2026-11-27"), ("sunday", "2026-11-29"), ("+3d", "2026-11-25"),
            ("+2w", "2026-12-06"), ("+1m", "2026-12-22"), ("eow", "2026-11-22"), ("eom", "2026-11-30"), ("-1d", "2026-11-21"),
        ]
        for (text, expected) in cases {
            #expect(DateExpression.parse(text, today: today)?.description == expected, "\(text)")
        }
        for bad in ["someday", "2026-02-30", "+d", "fr", "+3x", ""] {
            #expect(DateExpression.parse(bad, today: today) == nil, "\(bad)")
        }
    }

    @Test func splicesKeepEndingsAndFinalNewlineState() {
        let document = Document("a\r\nb\r\nc")
        #expect(document.applying([.insert([Array("x".utf8)], before: 3)]) == Array("a\r\nb\r\nc\r\nx".utf8))
        #expect(document.applying([.delete(2..<3)]) == Array("a\r\nb".utf8))
        #expect(document.applying([.replace(line: 0, with: Array("A".utf8))]) == Array("A\r\nb\r\nc".utf8))
        #expect(Document("").applying([.insert([Array("x".utf8)], before: 0)]) == Array("x\n".utf8))
        #expect(Document("a\n").applying([.insert([Array("x".utf8)], before: 0)]) == Array("x\na\n".utf8))
        // A lone CR and an empty LF line brought together stay two line breaks, not one CRLF.
        let fused = Document("a\rb\n\nc")
        #expect(Document(bytes: fused.applying([.delete(1..<2)])).lines.count == 3)
        #expect(fused.applying([.delete(1..<2)]) == Array("a\r\n\nc".utf8))
        #expect(fused.applying([.replace(line: 1, with: [])]) == Array("a\r\n\n\nc".utf8))
    }

    @Test func setTextKeepsTokensUnlessGiven() throws {
        let text = "- [ ] * old words due:2026-12-01 #home @town\n"
        #expect(try apply(text) { try TaskEdits.setText($0.tasks[0], to: "new words", in: $0) }
                == "- [ ] * new words due:2026-12-01 #home @town\n")
        #expect(try apply(text) { try TaskEdits.setText($0.tasks[0], to: "new due:2027-01-01 #home", in: $0) }
                == "- [ ] * new due:2027-01-01 #home @town\n")
        #expect(try apply("- [ ] wrapped\n  text\n- [ ] next\n") { try TaskEdits.setText($0.tasks[0], to: "one line", in: $0) }
                == "- [ ] one line\n- [ ] next\n")
        // A block link (`^id`) that ended the text stays last, unless the new text has one.
        #expect(try apply("- [ ] old 📅 2026-12-01 ^blk-1\n") { try TaskEdits.setText($0.tasks[0], to: "new", in: $0) }
                == "- [ ] new 📅 2026-12-01 ^blk-1\n")
        #expect(try apply("- [ ] old ^blk-1\n") { try TaskEdits.setText($0.tasks[0], to: "new ^other", in: $0) }
                == "- [ ] new ^other\n")
    }

    @Test func starKeepsTrailingHardBreakAndDueGoesBeforeIt() throws {
        #expect(try apply("- [ ] text  \n") { try TaskEdits.setDue($0.tasks[0], to: today, in: $0) } == "- [ ] text due:2026-11-22  \n")
        #expect(try apply("- [x] done\n") { try TaskEdits.setImportant($0.tasks[0], true, in: $0) } == "- [x] * done\n")
        #expect(try apply("- [X] upper\n") { try TaskEdits.setStatus($0.tasks[0], to: .done, in: $0) } == "- [X] upper\n")
    }

    /// Done is written as the file writes it: `[X]` where most done tasks are, else `[x]`.
    @Test func doneTakesTheFilesLetter() throws {
        func done(_ text: String) throws -> String {
            let document = Document(text)
            return String(decoding: document.applying(try TaskEdits.setStatus(document.tasks[0], to: .done, in: document)), as: UTF8.self)
        }
        #expect(try done("- [ ] a\n- [X] b\n- [X] c\n- [x] d\n") == "- [X] a\n- [X] b\n- [X] c\n- [x] d\n")
        #expect(try done("- [ ] a\n- [X] b\n- [x] c\n") == "- [x] a\n- [X] b\n- [x] c\n")
        #expect(try done("- [ ] a\n") == "- [x] a\n")
    }

    @Test func placementMatchesNeighbours() throws {
        let tabs = "# A\n- [ ] parent\n\t- [ ] child\n"
        #expect(try inserting("new", into: tabs) { .under($0.tasks[0]) }
                == "# A\n- [ ] parent\n\t- [ ] child\n\t- [ ] new\n")
        let quoted = "> - [ ] quoted\n"
        #expect(try inserting("sub", into: quoted) { .under($0.tasks[0]) }
                == "> - [ ] quoted\n>   - [ ] sub\n")
        let numbered = "1. [ ] one\n2. [ ] two\n"
        #expect(try inserting("three", into: numbered) { .after($0.tasks[1]) }
                == "1. [ ] one\n2. [ ] two\n3. [ ] three\n")
        let ones = "1. [ ] one\n1. [ ] two\n"
        #expect(try inserting("three", into: ones) { .after($0.tasks[1]) }
                == "1. [ ] one\n1. [ ] two\n1. [ ] three\n")
        let empty = "# A\n\n# B\n- [ ] b\n"
        #expect(try inserting("a", into: empty) { _ in .bottom(group: 0) }
                == "# A\n\n- [ ] a\n\n# B\n- [ ] b\n")
    }

    @Test func movingReindentsTheBlock() throws {
        let text = "# A\n- [ ] top\n  - [ ] sub\n    - [ ] subsub\n# B\n- [ ] b\n"
        let moved = try apply(text) { try BlockEdits.move($0.tasks[1], to: .bottom(group: 1), in: $0) }
        #expect(moved == "# A\n- [ ] top\n# B\n- [ ] b\n- [ ] sub\n  - [ ] subsub\n")
        #expect(throws: EditError.self) { try BlockEdits.move(Document(text).tasks[0], to: .under(Document(text).tasks[1]), in: Document(text)) }
    }

    @Test func notesGoBeforeSubtasksAndClearLeavesSubtasks() throws {
        let text = "- [ ] task\n  - [ ] sub\n"
        #expect(try apply(text) { try BlockEdits.addNote("remember", to: $0.tasks[0], in: $0) } == "- [ ] task\n  - remember\n  - [ ] sub\n")
        #expect(try apply(text) { try BlockEdits.addNote("[ ] not a task", to: $0.tasks[0], in: $0) } == "- [ ] task\n  - \\[ ] not a task\n  - [ ] sub\n")
        #expect(try apply("- [ ] task\n  - a note\n  - [ ] sub\n  more\n") { try BlockEdits.clearNotes($0.tasks[0], in: $0) }
                == "- [ ] task\n  - [ ] sub\n  more\n")
    }

    /// A note is a note, whatever it starts with: a start Markdown reads as another block (a
    /// list marker, which made a note that reads `- [x] a` a done subtask; a quote, a heading,
    /// a fence, a rule) is escaped, and the file has no more tasks than before.
    @Test func aNoteThatLooksLikeABlockIsEscaped() throws {
        for (note, written) in [("- [ ] dash", "\\- [ ] dash"), ("+ [x] plus", "\\+ [x] plus"), ("* [x] star", "\\* [x] star"),
                                ("1) [ ] one", "1\\) [ ] one"), ("2. [/] two", "2\\. [/] two"), ("> [ ] q", "\\> [ ] q"),
                                ("# Title", "\\# Title"), ("```swift", "\\```swift"), ("---", "\\---"), ("* * *", "\\* * *"),
                                ("-x stays", "-x stays"), ("**bold**", "**bold**"), ("#tag", "#tag"), ("2026. year", "2026\\. year"), ("2026.year", "2026.year"),
                                ("_x_", "_x_"), ("+1", "+1")] {
            let after = try apply("- [ ] task\n- [ ] next\n") { try BlockEdits.addNote(note, to: $0.tasks[0], in: $0) }
            #expect(after == "- [ ] task\n  - \(written)\n- [ ] next\n", "\(note)")
            let document = Document(after)
            #expect(document.tasks.count == 2 && document.notes(of: document.tasks[0]).count == 1, "\(note)")
        }
    }

    /// `tick edit`: what the old text says and the new one does not stays where it was in
    /// the old text, so that Obsidian fields that ended it still end it (kept after a
    /// `+project`, they were text, and the task lost its due date and priority without a
    /// word). Prose that holds a colon is not kept as a field.
    @Test func anEditKeepsTheFieldsItKeepsReadable() throws {
        func edit(_ text: String, _ new: String) throws -> String {
            try apply("- [ ] \(text)\n") { try TaskEdits.setText($0.tasks[0], to: new, in: $0) }
        }
        #expect(try edit("Pay bill +home 📅 2026-11-30", "Pay water bill") == "- [ ] Pay water bill +home 📅 2026-11-30\n")
        #expect(try edit("Call Bob @phone due:2026-11-30 ⏫", "Email Bob") == "- [ ] Email Bob @phone due:2026-11-30 ⏫\n")
        #expect(try edit("(A) Call #sales +crm @phone due:2026-11-30 ⏫", "Call Ann") == "- [ ] (A) Call Ann #sales +crm @phone due:2026-11-30 ⏫\n")
        // The new text's own Obsidian ending stays its end: kept tokens go before it.
        #expect(try edit("Pay bill +home ⏫", "Pay rent 📅 2026-12-01") == "- [ ] Pay rent +home 📅 2026-12-01 ⏫\n")
        #expect(try edit("Demote x #arch ~1h (ai:30m test:30m) logged:2025-12-21", "Demote wordpress")
                == "- [ ] Demote wordpress #arch logged:2025-12-21\n")
        // A date typed as add takes it, where the old text wrote it as Obsidian or Dataview
        // does: written that way, in its place (a `due:` mid-text is no date to Obsidian).
        #expect(try edit("Report ⏫ 📅 2026-11-30 #work", "Write report due:2026-12-01") == "- [ ] Write report #work ⏫ 📅 2026-12-01\n")
        #expect(try edit("Rent [due:: 2026-11-30] #home", "Pay rent due:2026-12-01") == "- [ ] Pay rent [due:: 2026-12-01] #home\n")
        // A field the new text leaves open would take the kept one in as its value (`start::`
        // reads the next word): refused, not lost.
        #expect(throws: EditError.self) { try edit("Pay due:2026-11-30", "Pay start::") }
    }

    @Test func groupNamesAndRenames() throws {
        let document = Document("# Home\n## Home (1)\nSetext\n---\n### Closed ###\n")
        #expect(GroupEdits.availableName("home", in: document) == "home (2)")
        #expect(GroupEdits.availableName("  ", in: document) == "Untitled list")
        #expect(try apply("### Closed ###\n") { try GroupEdits.rename(0, to: "Open", in: $0) } == "### Open ###\n")
        #expect(try apply("Setext\n---\n") { try GroupEdits.rename(0, to: "New", in: $0) } == "New\n---\n")
        #expect(Sections.defaultLevel(in: Document("# Title\n## A\n## B\n")) == 2)
        // A name whose heading reads as another (`C #` loses its `#` as a closing sequence) is
        // refused when a group is added, as when one is renamed.
        #expect(throws: EditError.invalidText("'C #' would not read back as a group's heading; choose another name")) {
            try GroupEdits.add("C #", level: 1, in: Document("# Home\n"))
        }
        #expect(try apply("# Home\n") { try GroupEdits.add("C# notes", level: 1, in: $0) } == "# Home\n\n# C# notes\n")
    }

    /// A group moved to the top goes after a leading `---` rule, where its heading would read as
    /// a YAML comment and turn everything up to the next `---` into front matter: refused.
    @Test func groupMovesThatWouldMakeFrontMatterAreRefused() throws {
        let ruled = Document("---\nIntro\n---\n# Later\n- [ ] a\n")
        #expect(throws: EditError.cannotMove("the group would follow the '---' on line 1 and turn the top of the file into front matter; move it lower")) {
            try GroupEdits.move(1, before: true, other: 0, in: ruled)
        }
        #expect(try apply("# A\n- [ ] a\n\n# B\n- [ ] b\n") { try GroupEdits.move(1, before: true, other: 0, in: $0) }
                == "# B\n- [ ] b\n\n# A\n- [ ] a\n")
        // The blank lines that set the last group apart go with it, not to the end of the file.
        #expect(try apply("# A\n- [ ] a\n\n\n# B\n- [ ] b") { try GroupEdits.move(1, before: true, other: 0, in: $0) }
                == "# B\n- [ ] b\n\n# A\n- [ ] a")
    }

    @Test func references() throws {
        let document = Document("- [ ] Milk\n- [ ] Oat milk\n- [ ] milky way\n  wrapped\n")
        #expect(try TaskReference(document: document).resolve("milk").line == 0)  // exact match wins
        #expect(try TaskReference(document: document).resolve("oat").line == 1)
        #expect(try TaskReference(document: document).resolve("4").line == 2)   // a wrapped line names its task
        #expect(throws: EditError.self) { try TaskReference(document: document).resolve("mil") }
    }

    /// Found by the edits fuzzer: text that starts with `* ` would read back as the star.
    @Test func textThatWouldReadAsTheStarIsRefused() throws {
        let document = Document("- [ ] a\n")
        for text in ["*", "* b", " *\tb", "two\nlines"] {
            #expect(throws: EditError.self) { try TaskEdits.setText(document.tasks[0], to: text, in: document) }
        }
        for text in ["*b*", "**bold**", "a * b"] {
            let after = Document(bytes: document.applying(try TaskEdits.setText(document.tasks[0], to: text, in: document)))
            #expect(after.text(of: after.tasks[0]) == text && !after.tasks[0].important)
        }
    }

    /// New lines copy a task's indentation and quote markers, never an outer item's marker or
    /// the file's BOM; an ordered marker after a BOM is still numbered on.
    @Test func newLinesTakeTheContainerNotItsMarkers() throws {
        let bom = "\u{FEFF}1. [ ] a\n"
        #expect(try inserting("b", into: bom) { .after($0.tasks[0]) }
                == "\u{FEFF}1. [ ] a\n2. [ ] b\n")
        let nested = "*\t- [ ] a\n"
        #expect(try inserting("b", into: nested) { .after($0.tasks[0]) }
                == "*\t- [ ] a\n \t- [ ] b\n")
        #expect(try inserting("b", into: nested) { .before($0.tasks[0]) }
                == "*\t- [ ] b\n \t- [ ] a\n")
    }

    /// Archived items of ordered lists are numbered as the list they join shows them: a new
    /// list from 1, an existing one on from its last item; a number that would change width
    /// stays on an item of several lines.
    @Test func archivedItemsAreNumberedOn() throws {
        func archived(_ text: String) throws -> String {
            try apply(text) { try BlockEdits.archive(ArchiveSelection($0, archives: [ArchivePlace("Done", in: $0).heading].compactMap { $0 }).moved,
                                                     into: "Done", in: $0) }
        }
        #expect(try archived("# W\n\n1. [ ] a\n2. [x] b\n3. [x] c\n") == "# W\n\n1. [ ] a\n\n# Done\n\n## W\n\n1. [x] b\n2. [x] c\n")
        #expect(try archived("# W\n\n4. [x] d\n5. [x] e\n\n# Done\n\n## W\n\n1. [x] b\n2. [x] c\n")
                == "# W\n\n# Done\n\n## W\n\n1. [x] b\n2. [x] c\n3. [x] d\n4. [x] e\n")
        #expect(OrderedNumbers.numberedOn([[Array("10. [x] a".utf8), Array("    note".utf8)], [Array("11) [x] b".utf8)], [Array("- [x] c".utf8)],
                                           [Array("7. [x] d".utf8)]]).map { $0.map { String(decoding: $0, as: UTF8.self) } }
                == [["10. [x] a", "    note"], ["2) [x] b"], ["- [x] c"], ["1. [x] d"]])
    }

    /// An Obsidian comment of several lines that ends the file (an Obsidian Kanban board's
    /// settings) stays last: new groups and archived tasks go before it. A one-line comment, an
    /// indented `%%` or one with a task inside is no such block.
    @Test func linesAddedAtTheEndGoBeforeATrailingComment() throws {
        let settings = "%% kanban:settings\n```\n{\"kanban-plugin\":\"board\"}\n```\n%%"
        let top = "---\n\nkanban-plugin: board\n\n---\n\n"
        let board = top + "## Todo\n\n- [x] done\n- [ ] open\n\n" + settings
        #expect(try apply(board) { try BlockEdits.archive(ArchiveSelection($0).moved, into: "Done", in: $0) }
                == top + "## Todo\n\n- [ ] open\n\n## Done\n\n- [x] done\n\n" + settings)
        #expect(try apply(board + "\n\n") { try GroupEdits.add("Later", level: 2, in: $0) }
                == top + "## Todo\n\n- [x] done\n- [ ] open\n\n## Later\n\n" + settings + "\n\n")
        for text in ["- [ ] a\n\n%% one line %%\n", "- [ ] a\n\n%%\n- [ ] hidden\n%%\n", "- [ ] a\n  %%\n  note\n  %%\n", "%%\n"] {
            #expect(Document(text).appendLine == Document(text).lines.count, "\(text.debugDescription)")
        }
    }

    /// `move up` and `move down` swap two neighbouring blocks with the blank lines between them
    /// kept where they are: a loose list stays loose and no line is lost (moving the file's
    /// last block up took the blank line before it along).
    @Test func movingUpOrDownKeepsTheBlankLinesBetween() throws {
        let loose = "# H\n- [ ] a\n\n- [ ] b\n\n- [ ] c\n"
        #expect(try apply(loose) { try BlockEdits.move($0.tasks[2], up: true, in: $0) } == "# H\n- [ ] a\n\n- [ ] c\n\n- [ ] b\n")
        #expect(try apply(loose) { try BlockEdits.move($0.tasks[1], up: false, in: $0) } == "# H\n- [ ] a\n\n- [ ] c\n\n- [ ] b\n")
        let mixed = "# H\n- [ ] one\ncont line\n- [ ] two due:2026-11-20\n\n- [ ] three\n  - [ ] sub\n"
        let up = try apply(mixed) { try BlockEdits.move($0.tasks[2], up: true, in: $0) }
        #expect(up == "# H\n- [ ] one\ncont line\n- [ ] three\n  - [ ] sub\n\n- [ ] two due:2026-11-20\n")
        #expect(try apply(mixed) { try BlockEdits.move($0.tasks[1], up: false, in: $0) } == up)
        // Without a final newline.
        #expect(try apply("- [ ] a\n\n- [ ] b") { try BlockEdits.move($0.tasks[1], up: true, in: $0) } == "- [ ] b\n\n- [ ] a")
    }

    /// A fence or heading at the end of a block is what keeps the paragraph below it apart from
    /// the task above: removing the block leaves a blank line there, so no task's text changes.
    @Test func removingABlockKeepsTheParagraphBelowApart() throws {
        let fenced = "- [ ] a\n- [x] b\n  ```\n  code\n  ```\nparagraph\n"
        #expect(try apply(fenced) { try TaskEdits.delete($0.tasks[1], in: $0) } == "- [ ] a\n\nparagraph\n")
        #expect(try apply(fenced) { try BlockEdits.clearNotes($0.tasks[1], in: $0) } == "- [ ] a\n- [x] b\n\nparagraph\n")
        #expect(try apply(fenced) { try BlockEdits.archive(ArchiveSelection($0).moved, into: "Done", in: $0) }
                == "- [ ] a\n\nparagraph\n\n# Done\n\n- [x] b\n  ```\n  code\n  ```\n")
        let moved = try apply(fenced) { try BlockEdits.move($0.tasks[1], up: true, in: $0) }
        #expect(moved == "- [x] b\n  ```\n  code\n  ```\n- [ ] a\n\nparagraph\n")
        for text in [moved, try apply(fenced) { try TaskEdits.delete($0.tasks[1], in: $0) }] {
            let document = Document(text)
            #expect(document.tasks.first { document.text(of: $0) == "a" } != nil, "\(text)")
        }
        // No blank line when one is there already, or when nothing would join.
        #expect(try apply("- [ ] a\n\n- [x] b\n  # note\nparagraph\n") { try TaskEdits.delete($0.tasks[1], in: $0) }
                == "- [ ] a\n\nparagraph\n")
        #expect(try apply("- [ ] a\n- [x] b\n- [ ] c\n") { try TaskEdits.delete($0.tasks[1], in: $0) } == "- [ ] a\n- [ ] c\n")
        #expect(try apply("- [ ] a\n- [x] b\nlazy text of b\n") { try TaskEdits.delete($0.tasks[1], in: $0) } == "- [ ] a\n")
        // A group's heading is what keeps the setext heading below it apart from a task above.
        #expect(apply("* [ ] a\n## G\nh\n-\n") { GroupEdits.remove(0, in: $0) } == "* [ ] a\n\nh\n-\n")
    }

    /// Deleting a task makes the lines around it meet. Where that would change another task or
    /// a heading, a blank line keeps them apart; where even that does not help, it is refused.
    /// (The first item of an ordered list that goes leaves its number to the next: `OrderedNumbers`.)
    @Test func deletingKeepsTheLinesAroundReadingTheSame() throws {
        // `10.` cannot interrupt a paragraph (and cannot be renumbered `1.`: its second line
        // would leave it), and `---` under one underlines it into a heading. `2.` can be `1.`.
        #expect(try apply("Steps:\n1. [ ] a\n10. [ ] b\n    more\n") { try TaskEdits.delete($0.tasks[0], in: $0) } == "Steps:\n\n10. [ ] b\n    more\n")
        #expect(try apply("Steps:\n1. [ ] a\n2. [ ] b\n") { try TaskEdits.delete($0.tasks[0], in: $0) } == "Steps:\n1. [ ] b\n")
        #expect(try apply("para\n- [ ] a\n---\n- [ ] b\n") { try TaskEdits.delete($0.tasks[0], in: $0) } == "para\n\n---\n- [ ] b\n")
        // In a quote, the blank line keeps the quote going, whichever edit leaves it.
        #expect(try apply("> Steps:\n> 1. [ ] a\n> 2. [ ] b\n") { try TaskEdits.delete($0.tasks[0], in: $0) }
                == "> Steps:\n> 1. [ ] b\n")
        #expect(try apply("> - [ ] a\n> - [x] b\n>   ```\n>   code\n>   ```\n> paragraph\n") { try TaskEdits.delete($0.tasks[1], in: $0) }
                == "> - [ ] a\n>\n> paragraph\n")
        // A quote right after what is left opens itself: a blank line in it would start the
        // quote blank, and a callout would stop being one.
        #expect(try apply("- [ ] a\n- [x] b\n  ```\n  code\n  ```\n> [!todo] c\n") { try TaskEdits.delete($0.tasks[1], in: $0) }
                == "- [ ] a\n> [!todo] c\n")
        #expect(try inserting("new", into: "- [ ] a\n> [!todo] Callout\n> - [ ] quoted\n") { .after($0.tasks[0]) }
                == "- [ ] a\n- [ ] new\n> [!todo] Callout\n> - [ ] quoted\n")
        #expect(try inserting("new", into: "> - [ ] a\n> > deeper\n") { .after($0.tasks[0]) } == "> - [ ] a\n> - [ ] new\n> > deeper\n")
        // Several at once (`tick rm 1 3`, archiving): one blank line only where it is needed.
        #expect(try apply("Steps:\n1. [ ] a\n2. [ ] b\n3. [ ] c\n4. [ ] d\n") { try TaskEdits.delete([$0.tasks[0], $0.tasks[2]], in: $0) }
                == "Steps:\n1. [ ] b\n4. [ ] d\n")
        #expect(try apply("- [ ] a\n  - [ ] b\n- [ ] c\n") { try TaskEdits.delete([$0.tasks[1], $0.tasks[0]], in: $0) } == "- [ ] c\n")
        // Blocks with only blank lines between them go as one: each would take a blank line
        // beside it along, the same one (found by the edits fuzzer: it stopped on an assertion).
        #expect(try apply("# H\n\n- [x] a\n\n  note\n\n- [x] b\n\n  - c\n") { try TaskEdits.delete([$0.tasks[0], $0.tasks[1]], in: $0) }
                == "# H\n")
        #expect(try apply("# H\n\n- [x] a\n\n\n- [x] b\n\npara\n") { try TaskEdits.delete([$0.tasks[0], $0.tasks[1]], in: $0) }
                == "# H\n\npara\n")
        // The outer item's marker shares the task's line, and the line below belongs to that
        // item: without the marker it would be code.
        let shared = Document("- [x] \n\n-  - [ ] a\n    - [ ] b\n")
        #expect(throws: EditError.deletionChangesOtherLines(line: 3)) { try TaskEdits.delete(shared.tasks[1], in: shared) }
    }

    /// A code fence or HTML block still open where a task's block ends would take in a subtask
    /// or note written under it: refused. One that is closed, or open in a note's own item
    /// (which the new line ends), is no obstacle.
    @Test func nothingGoesUnderATaskIntoAnOpenBlock() throws {
        func under(_ text: String) throws -> String {
            try inserting("new", into: text) { .under($0.tasks[0]) }
        }
        #expect(throws: EditError.insideOpenBlock(line: 2)) { try under("- [x] \n  ```") }
        #expect(throws: EditError.insideOpenBlock(line: 2)) { try under("- [ ] a\n  <div>\n") }
        #expect(throws: EditError.insideOpenBlock(line: 3)) { try under("- [ ] a\n  <!-- c -->\n  <!-- open\n  more\n") }
        let fenced = Document("- [ ] a\n  ```\n  code\n")
        #expect(throws: EditError.insideOpenBlock(line: 2)) { try BlockEdits.addNote("n", to: fenced.tasks[0], in: fenced) }
        for text in ["- [ ] a\n  <!-- c -->\n", "- [ ] a\n  - note\n    ```\n", "- [ ] a\n  ```\n  code\n  ```\n"] {
            let after = Document(try under(text))
            #expect(after.tasks.map(after.text(of:)) == ["a", "new"], "\(text)")
        }
    }

    /// Out of a quote GitHub draws an empty checkbox, and the lazy line after it stops being its
    /// text: such a move is refused, and the file is left as it is.
    @Test func aMoveThatWouldChangeTheTextIsRefused() throws {
        let text = "# A\n\n>- [x] \nwords of the task\n\n# B\n\n- [ ] b\n"
        let document = Document(text)
        #expect(document.text(of: document.tasks[0]) == "words of the task")
        #expect(throws: EditError.self) { try BlockEdits.move(document.tasks[0], to: .bottom(group: 1), in: document) }
        // With its text on its own line it moves.
        #expect(try apply(">- [x] words\n\n# B\n\n- [ ] b\n") { try BlockEdits.move($0.tasks[0], to: .bottom(group: 0), in: $0) }
                == "# B\n\n- [ ] b\n- [x] words\n", "the file does not start with the blank line that followed the task")
    }

    /// A file that ends in an indented, never-closed fence has no place for a new list: after
    /// the fence is inside it, and before it the list would take the fence in.
    @Test func nothingIsAppendedBeforeAnIndentedUnclosedFence() throws {
        let text = "Notes\n\n  ```\n- [ ] code, not a task\n"
        let document = Document(text)
        #expect(document.tasks.isEmpty)
        #expect(throws: EditError.unclosedIndentedBlock(line: 3)) {
            try TaskPlacement.insert(at: .bottom(group: nil), in: document) { [$0 + Array("[ ] new".utf8)] }
        }
        #expect(throws: EditError.unclosedIndentedBlock(line: 3)) {
            try GroupEdits.add("New", level: 2, body: [Array("- [ ] new".utf8)], in: document)
        }
        // A heading alone can go there, and an unindented fence takes a list before it.
        #expect(try apply(text) { try GroupEdits.add("New", level: 2, in: $0) } == "Notes\n\n## New\n\n  ```\n- [ ] code, not a task\n")
        #expect(try inserting("new", into: "Notes\n\n```\n") { _ in .bottom(group: nil) }
                == "Notes\n\n- [ ] new\n\n```\n")
    }

    /// A note goes before the subtasks as their sibling, at their indentation, whatever it is:
    /// indented less, it would take them in (and a note that opens an HTML block would hide them).
    @Test func aNoteTakesTheSubtasksIndentation() throws {
        #expect(try apply("- [ ] a\n    - [ ] sub\n") { try BlockEdits.addNote("<div>", to: $0.tasks[0], in: $0) }
                == "- [ ] a\n    - <div>\n    - [ ] sub\n")
        #expect(try apply("- [ ] \n\t- [x] sub\n") { try BlockEdits.addNote("note", to: $0.tasks[0], in: $0) }
                == "- [ ] \n\t- note\n\t- [x] sub\n")
        let after = Document(try apply("- [ ] a\n    - [ ] sub\n") { try BlockEdits.addNote("<div>", to: $0.tasks[0], in: $0) })
        #expect(after.tasks.map(after.text(of:)) == ["a", "sub"] && after.tasks[1].parent == 0)
    }

    /// Found by the edits fuzzer: removing the date removes every `due:` token (a later one
    /// would become the date), and unstarring a task whose text is a lone `*` escapes it (it
    /// would become the star).
    @Test func removingADateOrAStarLeavesNoneBehind() throws {
        let twice = "- [ ] call due:2026-11-22\n  and due:2026-11-25 again due:2026-12-01\n"
        let undated = try apply(twice) { try TaskEdits.setDue($0.tasks[0], to: nil, in: $0) }
        #expect(undated == "- [ ] call\n  and again\n")
        let document = Document(undated)
        #expect(document.tasks[0].due == nil && document.dueValue(of: document.tasks[0]) == nil)
        // A new date replaces the first token, the one that is the date.
        #expect(try apply(twice) { try TaskEdits.setDue($0.tasks[0], to: CivilDate(iso: "2026-12-24"), in: $0) }
                == "- [ ] call due:2026-12-24\n  and due:2026-11-25 again due:2026-12-01\n")
        let unstarred = Document(try apply("- [ ] * *\n") { try TaskEdits.setImportant($0.tasks[0], false, in: $0) })
        #expect(unstarred.tasks[0].important == false && unstarred.bytes == Array("- [ ] \\*\n".utf8))
        #expect(try apply("- [ ] * * b\n") { try TaskEdits.setImportant($0.tasks[0], false, in: $0) } == "- [ ] \\* b\n")
        #expect(try apply("- [ ] * *b*\n") { try TaskEdits.setImportant($0.tasks[0], false, in: $0) } == "- [ ] *b*\n")
    }

    /// A field a wrapped task does not have goes at the end of its text, on its last line: on
    /// the first, it cut the sentence in two. One it has is changed where it is.
    @Test func aFieldAddedToAWrappedTaskEndsItsText() throws {
        let wrapped = "- [ ] Call the plumber about the\n  kitchen sink  \n- [ ] next\n"
        let dated = try apply(wrapped) { try TaskEdits.setDue($0.tasks[0], to: CivilDate(iso: "2026-11-30"), in: $0) }
        #expect(dated == "- [ ] Call the plumber about the\n  kitchen sink due:2026-11-30  \n- [ ] next\n")
        let done = try apply(wrapped) {
            try TaskEdits.setStatus($0.tasks[0], to: .done, dates: [(.done, CivilDate(iso: "2026-11-25"))], in: $0, dialect: .tick)
        }
        #expect(done == "- [x] Call the plumber about the\n  kitchen sink done:2026-11-25  \n- [ ] next\n")
        let document = Document(done)
        #expect(document.text(of: document.tasks[0]) == "Call the plumber about the kitchen sink done:2026-11-25")
        // A lazy continuation line is the text's last line too.
        #expect(try apply("- [ ] a\nlazy b\n") { try TaskEdits.setDue($0.tasks[0], to: CivilDate(iso: "2026-11-30"), in: $0) }
                == "- [ ] a\nlazy b due:2026-11-30\n")
        // A date the first line has is changed there.
        #expect(try apply("- [ ] a due:2026-01-01\n  b\n") { try TaskEdits.setDue($0.tasks[0], to: CivilDate(iso: "2026-11-30"), in: $0) }
                == "- [ ] a due:2026-11-30\n  b\n")
    }

    /// A new field takes the key the file's tasks write its kind with (`completed:` for done
    /// dates), else tick's own; a key-less field (a todo.txt priority) lends none.
    @Test func aNewFieldIsSpelledAsTheFileSpellsIt() throws {
        func done(_ text: String) throws -> String {
            try apply(text) { try TaskEdits.setStatus($0.tasks[1], to: .done, dates: [(.done, CivilDate(iso: "2026-11-25"))], in: $0, dialect: .tick) }
        }
        #expect(try done("- [x] a completed:2025-01-15\n- [ ] b\n") == "- [x] a completed:2025-01-15\n- [x] b completed:2026-11-25\n")
        #expect(try done("- [x] a Done:2025-01-15\n- [ ] b\n") == "- [x] a Done:2025-01-15\n- [x] b Done:2026-11-25\n")
        #expect(try done("- [x] a\n- [ ] b\n") == "- [x] a\n- [x] b done:2026-11-25\n")
        #expect(try apply("- [ ] (A) a\n- [ ] b\n") { try TaskEdits.setField(.priority, of: $0.tasks[1], to: Array("B".utf8), in: $0) }
                == "- [ ] (A) a\n- [ ] b pri:B\n")
        // An action on many tasks reads the spelling once for all of them, and spells alike.
        let today = CivilDate(iso: "2026-11-25")!
        for (action, text, expected) in [(TaskAction.done(), "- [ ] a\n- [x] b completed:2025-01-15\n- [ ] c\n",
                                          "- [x] a completed:2026-11-25\n- [x] b completed:2025-01-15\n- [x] c completed:2026-11-25\n"),
                                         (.due(today), "- [ ] a\n- [ ] b Due:2026-01-01\n- [ ] c\n",
                                          "- [ ] a Due:2026-11-25\n- [ ] b Due:2026-11-25\n- [ ] c Due:2026-11-25\n")] {
            let edited = try apply(text) { document in
                try action.plan(document.tasks, in: document, dates: DateRecording(document, today: today, config: ProjectConfig())).splices
            }
            #expect(edited == expected, "\(action): \(edited)")
        }
    }

    /// Found by the edits fuzzer: a task with nothing after its checkbox ends at a blank line,
    /// one with anything after it does not. An edit that fills or empties it would change what
    /// the indented lines after the blank line are (code, or a subtask), so it is refused.
    @Test func editsThatMoveWhereATaskEndsAreRefused() throws {
        let empty = Document("- [x] \n\n\t- [x] in code\n")
        #expect(empty.tasks.count == 1)
        let refused = EditError.changesLinesBelow(line: 1)
        #expect(throws: refused) { try BlockEdits.addNote("note", to: empty.tasks[0], in: empty) }
        #expect(throws: refused) { try TaskEdits.setText(empty.tasks[0], to: "text", in: empty) }
        #expect(throws: refused) { try TaskEdits.setImportant(empty.tasks[0], true, in: empty) }
        #expect(throws: refused) { try TaskEdits.setDue(empty.tasks[0], to: today, in: empty) }
        #expect(throws: refused) { try TaskEdits.setStatus(empty.tasks[0], to: .doing, in: empty) }
        // A drawn box for another: the item stays empty, the edit is made.
        #expect(try apply("- [x] \n\n\t- [x] in code\n") { try TaskEdits.setStatus($0.tasks[0], to: .open, in: $0) }
                == "- [ ] \n\n\t- [x] in code\n")
        let noted = Document("- [x] \n  - note\n\n\t- [x] sub\n")
        #expect(noted.tasks.count == 2)
        #expect(throws: EditError.subtaskInNote(line: 4, note: 2)) { try BlockEdits.clearNotes(noted.tasks[0], in: noted) }
        let text = Document("- [x] text\n\n  - [x] sub\n")
        #expect(throws: EditError.changesLinesBelow(line: 1)) { try TaskEdits.setText(text.tasks[0], to: "", in: text) }
        // A loose list's next subtask is no reason to refuse.
        #expect(try apply("- [ ] a\n  - [ ] b\n\n  - [ ] c\n") { try TaskEdits.setText($0.tasks[1], to: "B", in: $0) }
                == "- [ ] a\n  - [ ] B\n\n  - [ ] c\n")
        // A note that is the bullet a subtask is nested in.
        let nested = Document("- [x] a\n\t- note\n\t\t- [x] sub\n")
        #expect(nested.tasks.count == 2)
        #expect(throws: EditError.subtaskInNote(line: 3, note: 2)) { try BlockEdits.clearNotes(nested.tasks[0], in: nested) }
        // A star under which `⇥-` is a setext underline; without it, a list item.
        let starred = Document("- [x] *\n\t-\n\t\t- [x] \n")
        #expect(throws: EditError.changesLinesBelow(line: 1)) { try TaskEdits.setImportant(starred.tasks[0], false, in: starred) }
    }
}

/// A field that stood alone on a wrapped line of a task's text, removed, takes the line with
/// it: its spaces, kept, would be a blank line that ends the text there, and the lines after it
/// would become notes (found trying `reopen` on such tasks: a tag, a due date and a priority
/// fell out of the text without a word).
struct WrappedFieldRemovalTests {
    func apply(_ text: String, _ edit: (Document) throws -> [Splice]) rethrows -> String {
        let document = Document(text)
        return String(decoding: document.applying(try edit(document)), as: UTF8.self)
    }

    @Test func aFieldAloneOnAWrappedLineGoesWithIt() throws {
        let text = "- [x] a\n  ✅ 2026-11-01\n  #tag\n- [-] c\n  ❌ 2026-11-01\n  ⏫ 📅 2026-12-01\n"
        let reopened = try apply(text) { try TaskEdits.setStatus($0.tasks[0], to: .open, dates: [(.done, nil)], in: $0, dialect: .obsidian) }
        #expect(reopened == "- [ ] a\n  #tag\n- [-] c\n  ❌ 2026-11-01\n  ⏫ 📅 2026-12-01\n")
        let after = Document(reopened)
        #expect(after.tasks[0].textLastLine == 1 && after.text(of: after.tasks[0]) == "a #tag")
        let uncancelled = try apply(text) { try TaskEdits.setStatus($0.tasks[1], to: .open, dates: [(.cancelled, nil)], in: $0, dialect: .obsidian) }
        #expect(uncancelled == "- [x] a\n  ✅ 2026-11-01\n  #tag\n- [ ] c\n  ⏫ 📅 2026-12-01\n")
        #expect(Document(uncancelled).tasks[1].due == CivilDate(year: 2026, month: 12, day: 1))
        // The last line too: no line of spaces left behind.
        #expect(try apply("- [ ] f wrapped\n  📅 2026-12-01\n") { try TaskEdits.setDue($0.tasks[0], to: nil, in: $0) } == "- [ ] f wrapped\n")
        // Each such edit is one the edit transaction lets through.
        let document = Document(text)
        let splices = try TaskEdits.setStatus(document.tasks[0], to: .open, dates: [(.done, nil)], in: document, dialect: .obsidian)
        #expect(EditCheck.firstChangedLine(splices, in: document) == nil)
    }
}

/// A field an edit writes reads back from the text, in every dialect, whatever fields are
/// around it: the edit never says it set a date the task then does not have.
struct FieldWritingTests {
    @Test func aWrittenFieldReadsBack() {
        let pieces = ["a", " ", "📅", "🔁", " every week", "⏳", "✅", "2025-01-05", "due:", "[due::", "]", "(", ")", "`",
                      "%%", "::", "due::", "x", "🔺", "➕", "⛔", "🆔", ":", "\t"]
        var random = SeededGenerator(seed: 1)
        for _ in 0..<20_000 {
            var text = "- [ ] "
            for _ in 0..<Int.random(in: 1...7, using: &random) { text += pieces.randomElement(using: &random)! }
            let bytes = Array(text.utf8)
            for kind in [TaskField.Kind.due, .done, .scheduled] {
                for dialect in [TaskField.Dialect.tick, .obsidian, .dataview] {
                    let written = FieldEdits.line(bytes, textStart: 6, kind: kind, value: Array("2026-12-01".utf8), dialect: dialect)
                    let read = written.flatMap { TaskFields($0[6...]).date(kind, in: $0[6...]) }
                    // One text takes no Obsidian field: one that ends in a Dataview field with
                    // no value and no brackets (`due::`), which takes the next word as its
                    // value, and before which an Obsidian field is text. That edit is refused.
                    if written == nil, dialect == .obsidian, text.trimmingCharacters(in: .whitespaces).hasSuffix("::") { continue }
                    #expect(read?.description == "2026-12-01", "\(kind) in \(dialect) into [\(text)]: \(written.map { String(decoding: $0, as: UTF8.self) } ?? "refused")")
                }
            }
        }
    }

    /// Found by the edits fuzzer: an empty due field glued to the next one, and an empty
    /// Dataview field that takes the next word as its value.
    @Test func gluedAndEmptyFields() throws {
        func set(_ kind: TaskField.Kind, _ text: String, _ dialect: TaskField.Dialect = .tick) -> String? {
            FieldEdits.line(Array(text.utf8), textStart: 6, kind: kind, value: Array("2026-12-01".utf8), dialect: dialect)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(set(.due, "- [ ] b 📅📅 2025-01-05") == "- [ ] b 📅 2026-12-01 📅 2025-01-05")
        // A block link (`^id`) stays last, where Obsidian reads it: the field goes before it.
        #expect(set(.due, "- [ ] b #x ^blk-1", .obsidian) == "- [ ] b #x 📅 2026-12-01 ^blk-1")
        #expect(set(.done, "- [ ] b 📅 2026-11-30 ^abc  ", .obsidian) == "- [ ] b 📅 2026-11-30 ✅ 2026-12-01 ^abc  ")
        #expect(set(.due, "- [ ] a^b", .tick) == "- [ ] a^b due:2026-12-01")
        // The Obsidian field has no place: before `due::` it is text (Obsidian Tasks reads
        // its fields only at the end), after it `due::` takes it as its value. Refused.
        #expect(set(.done, "- [ ] call due::", .obsidian) == nil)
        #expect(set(.done, "- [ ] call due:: ", .tick) == "- [ ] call done:2026-12-01 due:: ")
    }
}
