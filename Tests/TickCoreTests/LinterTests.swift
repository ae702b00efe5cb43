import Foundation
import Testing
@testable import TickCore

@Suite struct LinterTests {
    let today = CivilDate(iso: "2026-11-22")!

    /// The duplicate-task finder (a hash per task, texts compared on a hit) against comparing
    /// every pair: the same tasks reported, each against the same first line. Over every input
    /// and a file of near-duplicates in mixed case, scripts, groups and parents.
    @Test func duplicatesAreEveryPairThatMatches() throws {
        var inputs = try Paths.allInputs.map { try bytes(of: $0) }
        var made = ""
        let texts = ["Milk", "milk", "MILK", "Kelvin \u{212A}", "kelvin k", "Straße", "STRASSE", "straße", "é", "É", "e\u{301}", "a  b", "a b",
                     // Past eight bytes, and the bytes around the letters (`@`, `[`, `` ` ``, `{`).
                     "Buy Milk And Eggs Today", "buy milk and eggs today", "BUY MILK AND EGGS TODAY!", "Buy milk and eggs",
                     "@[`{ Az 0123456789", "@[`{ aZ 0123456789", "@{`[ az 0123456789", "`@{[ az 0123456789",
                     // Emoji and symbols, folded by their bytes; beside characters that are not.
                     "Call 📅 2026-12-01", "call 📅 2026-12-01", "CALL ⏫ — now", "call ⏫ — NOW", "call ⏫\u{FE0F} — now",
                     "Kelvin \u{212A} 📅", "kelvin k 📅", "é 📅", "É 📅", "e\u{301} 📅", "\u{2329}x\u{232A} ✅", "\u{3008}x\u{3009} ✅",
                     // Long enough to be looked up by their skeleton (`skeletonHash`).
                     "Acheter du pain à la boulangerie", "acheter du pain a\u{300} la boulangerie", "ACHETER DU PAIN À LA BOULANGERIE",
                     "acheter du pain á la boulangerie", "Kelvin \u{212A} temperature check", "kelvin k temperature check", "買い物リスト 2026",
                     // The Kelvin sign is K, with emoji or not; bytes that are not UTF-8 are no
                     // U+FFFD, nor other such bytes; a text past 4 KB compares by its bytes.
                     "Kelvin", "\u{212A}elvin", "😀 Kelvin", "😀 \u{212A}ELVIN", "a;b", "a\u{37E}b", "bad \u{FFFD} x",
                     String(repeating: "a\u{301}\u{323}", count: 1500), String(repeating: "a\u{323}\u{301}", count: 1500)]
        for group in 0..<3 {
            made += "# G\(group)\n\n"
            for (index, text) in (texts + texts.reversed()).enumerated() {
                made += "- [ ] \(text)\n"
                if index % 4 == 0 { made += "  - [ ] \(text)\n  - [x] \(text.lowercased())\n" }
            }
        }
        inputs.append(Array(made.utf8))
        inputs.append(Array("# Bad\n\n- [ ] bad ".utf8) + [0xFF] + Array(" x\n- [ ] bad ".utf8) + [0xFE] + Array(" x\n- [ ] BAD ".utf8) + [0xFF]
                      + Array(" X\n- [ ] bad \u{FFFD} x\n".utf8))
        for input in inputs {
            let document = Document(bytes: input)
            let found = Linter.lint(document, today: today).filter { $0.rule == .duplicateTask }.map { ($0.line, $0.message) }
            var expected: [(Int, String)] = []
            func hasText(_ task: Task) -> Bool { !document.textBytes(of: task).isEmpty }
            for (index, task) in document.tasks.enumerated() where hasText(task) {
                // Texts whose bytes say it all compare by them (ASCII letters lowered, the three
                // singletons as their ASCII), the others as lowercased Strings.
                func folded(_ task: Task) -> String {
                    let folded = document.textBytes(of: task).withUnsafeBufferPointer {
                        TaskChecks.DuplicateFinder.byteFolded($0, always: TaskChecks.DuplicateFinder.comparesBytes(task, $0))
                    }
                    return folded.map { "a:" + $0.map(String.init).joined(separator: ",") } ?? "u:" + document.text(of: task).lowercased()
                }
                // Open and closed tasks are apart: a chore done and its next time are no duplicates.
                if let first = document.tasks[..<index].first(where: { hasText($0) && $0.group == task.group && $0.parent == task.parent
                                                                       && $0.isClosed == task.isClosed && folded($0) == folded(task) }) {
                    expected.append((task.line + 1, "same task as line \(first.line + 1) in this list"))
                }
            }
            #expect(found.map(\.0) == expected.map(\.0) && found.map(\.1) == expected.map(\.1), "\(found) vs \(expected)")
            // Hashes that collide (all one; one per parent): tasks then go through the exact keys.
            for hashing in [{ (_: Task, _: Document) in UInt64(0) }, { (task: Task, _: Document) in UInt64(bitPattern: Int64(task.parent ?? -1)) % 3 }] {
                var finder = TaskChecks.DuplicateFinder(document, hashing: hashing)
                let colliding = document.tasks.filter(hasText).compactMap { task in
                    finder.firstLine(sameAs: task).map { (task.line + 1, "same task as line \($0 + 1) in this list") }
                }
                #expect(colliding.map(\.0) == expected.map(\.0) && colliding.map(\.1) == expected.map(\.1), "\(colliding) VS \(expected)")
            }
        }
    }

    /// Eight bytes lowered at once read as each byte lowered alone.
    /// A field on a wrapped line is reported where it is, not at the task's first line; under a
    /// block quote's markers (where its line's part is not found again) at the task's text.
    @Test func aFieldOnAWrappedLineIsReportedWhereItIs() {
        func invalid(_ text: String) -> [String] {
            Linter.lint(Document(text), today: today).filter { $0.rule == .invalidDate }.map { "\($0.line):\($0.column)" }
        }
        #expect(invalid("- [ ] a\n\t🛫 2024-8-30\n") == ["2:2"])
        // A link is not read as a date (Obsidian Tasks reads none), but lint names it.
        let link = Linter.lint(Document("- [ ] a 📅 2026-12-20\n- [ ] b 🛫 [[2024-08-30]]\n"), today: today).map { "\($0.rule.rawValue) \($0.line) \($0.message)" }
        #expect(link == ["unread-field 2 '🛫 [[2024-08-30]]' is a link, not a date: Obsidian Tasks and tick read a date written YYYY-MM-DD"], "\(link)")
        #expect(invalid("- [ ] a due:2026-02-30\n  b\n") == ["1:9"])
        #expect(invalid("- [ ] a\n  b\n  c due:x\n") == ["3:5"])
        #expect(invalid("> - [ ] a\n> b due:x\n") == ["1:9"])
    }

    /// The characters folded by their bytes are exactly those a String leaves as they are
    /// when it lowercases and normalizes a text (NFC and NFD): over every scalar of the ranges
    /// let by, and their neighbours outside them.
    @Test func charactersFoldedByTheirBytesHaveOneSpelling() {
        let ranges: [ClosedRange<UInt32>] = [0x1FF0...0x2050, 0x22F0...0x2810, 0xFDF0...0xFE1F, 0x1EFF0...0x1F000, 0x1F000...0x1FFFF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(scalar), bytes = Array(text.utf8)
                guard bytes.withUnsafeBufferPointer(TaskChecks.DuplicateFinder.foldsByBytes) else { continue }
                let properties = scalar.properties
                #expect(text.lowercased() == text && text.uppercased() == text, "U+\(String(value, radix: 16))")
                #expect(properties.canonicalCombiningClass == .notReordered, "U+\(String(value, radix: 16))")
                #expect(text.precomposedStringWithCanonicalMapping == text && text.decomposedStringWithCanonicalMapping == text, "U+\(String(value, radix: 16))")
                // It composes with nothing before it: a letter and it stay two characters.
                #expect(Array(("a" + text).precomposedStringWithCanonicalMapping.unicodeScalars).count == 2, "U+\(String(value, radix: 16))")
            }
        }
        #expect(Array("📅 ⏫ ✅ 🔁 — ’".utf8).withUnsafeBufferPointer(TaskChecks.DuplicateFinder.foldsByBytes))
        #expect(!Array("é".utf8).withUnsafeBufferPointer(TaskChecks.DuplicateFinder.foldsByBytes))
        #expect(!Array("\u{212A}".utf8).withUnsafeBufferPointer(TaskChecks.DuplicateFinder.foldsByBytes))
    }

    /// Every spelling of a text that reads the same, lowercased, as a String (canonically
    /// equivalent: composed or not, marks in either order, K for the Kelvin sign) has one
    /// skeleton hash: the duplicate finder looks up such texts by it. Over every scalar of the
    /// planes task files use, in context, and texts made of the pieces that spell alike.
    @Test func everySpellingOfATextHasOneSkeleton() {
        func skeleton(_ text: String) -> UInt64? {
            Array(text.utf8).withUnsafeBufferPointer { TaskChecks.DuplicateFinder.skeletonHash($0, seed: 1) }
        }
        func variants(_ text: String) -> [String] {
            [text.decomposedStringWithCanonicalMapping, text.precomposedStringWithCanonicalMapping, text.lowercased(),
             text.lowercased().decomposedStringWithCanonicalMapping, text.uppercased(), text.uppercased().precomposedStringWithCanonicalMapping]
        }
        var compared = 0
        for value in UInt32(0x80)...0x2FFFF where !(0xD800...0xDFFF).contains(value) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            for (before, after) in [("prefix e", " suffix"), ("prefix ", "x suffix"), ("prefix a", "\u{301} suffix b")] {
                let text = before + String(scalar) + after
                for variant in variants(text) where variant.lowercased() == text.lowercased() {
                    #expect(skeleton(variant) == skeleton(text), "U+\(String(value, radix: 16)) in \(text.debugDescription) and \(variant.debugDescription)")
                    compared += 1
                }
            }
        }
        var random = SeededGenerator(seed: 11)
        let pieces = ["a", "e", "E", "K", "k", "\u{212A}", ";", "\u{37E}", "`", "\u{1FEF}", "\u{301}", "\u{323}", "\u{302}", "\u{5B0}", "\u{338}", "<", "=",
                      "é", "É", "ế", "ệ", "İ", "i\u{307}", "ß", " ", "tâche ", "Straße ", "\u{FFFD}", "ﬁ", "Å", "\u{212B}", "Ω", "\u{2126}", "📅 ", "x"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 4...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for variant in variants(text) where variant.lowercased() == text.lowercased() {
                #expect(skeleton(variant) == skeleton(text), "\(text.debugDescription) and \(variant.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 100_000, "\(compared)")
    }

    @Test func wordsLowerAsTheirBytes() {
        var random = SeededGenerator(seed: 3)
        for round in 0..<20_000 {
            let bytes = (0..<8).map { _ in UInt8.random(in: 0...0x7F, using: &random) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let expected = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64(Byte.lower($1.element)) << (8 * UInt64($1.offset)) }
            #expect(TaskChecks.DuplicateFinder.lowercased(word) == expected, "round \(round): \(bytes)")
        }
    }

    /// An overdue task's finding names its days, one or many, and its date (written into
    /// bytes, not interpolated: most lines of a late file have one).
    @Test func overdueSaysItsDaysAndItsDate() {
        let document = Document("- [ ] a due:2026-11-21\n- [ ] b due:2026-11-10\n- [ ] c due:2026-11-22\n- [x] d due:2026-11-01\n")
        let messages = Linter.lint(document, today: CivilDate(year: 2026, month: 11, day: 22)!).map(\.message)
        #expect(messages == ["overdue by 1 day (due 2026-11-21)", "overdue by 12 days (due 2026-11-10)"])
    }

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

    /// A checkbox with text right after it is a task missing its space; with punctuation
    /// after it, it is prose about checkboxes (a legend), which lint leaves alone.
    @Test func aLegendOfCheckboxesIsNoMalformedTask() {
        let document = Document("- [ ]: open\n- [x], done\n- [X]. closed\n- [ ]buy milk\n- [x]日本\n")
        let findings = Linter.lint(document, today: today).filter { $0.rule == .malformedCheckbox }
        #expect(findings.map(\.line) == [4, 5])
    }

    /// Kiro's optional task (`- [ ]* 2.3 Write tests`) is text to GitHub and to tick: lint
    /// says why it is no task (a legend's `- [ ]*` with nothing after stays prose).
    @Test func kirosOptionalTaskIsReported() {
        let document = Document("- [ ]* 2.3 Write tests\n- [x]* done too\n- [ ]*\n- [ ] * starred\n")
        #expect(document.tasks.count == 1)
        let findings = Linter.lint(document, today: today).filter { $0.rule == .malformedCheckbox }
        #expect(findings.map(\.line) == [1, 2], "\(findings)")
        #expect(findings.first?.message.contains("optional task, as Kiro writes it") == true, "\(findings)")
    }

    /// A NUL byte is reported once, as an error: the edits and fmt refuse such a file.
    @Test func aNulByteIsAnError() {
        let document = Document(bytes: Array("# A\n\n- [ ] a\n- [ ] b\u{0}c\u{0}\n".utf8))
        let findings = Linter.lint(document, today: today).filter { $0.rule == .nulByte }
        #expect(findings.map(\.line) == [4] && findings.first?.severity == .error, "\(findings)")
    }

    @Test func cleanFileHasNoFindings() {
        let document = Document("# Home\n\n- [ ] one due:2026-12-01\n- [x] two\n  - [x] three\n")
        #expect(Linter.lint(document, today: today).isEmpty)
    }
}
