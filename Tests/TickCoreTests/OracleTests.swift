import Foundation
import Testing
@testable import TickCore

/// tick must see exactly the checkboxes GitHub draws. The oracle is GitHub's reference renderer,
/// `cmark-gfm -e tasklist` (Debian package `cmark-gfm`), compared line by line: which lines hold a
/// checkbox, and whether it is checked.
///
/// Where tick deliberately differs, the difference is modelled here, by name:
/// - **Non-GitHub statuses.** `[/]`, `[-]`, `[>]`… are tasks to tick and text to GitHub; only
///   `open` and `done` tasks are compared.
/// - **Column-0 scan** (cmark-gfm 0.29 `tasklist.c`): the extension matches its pattern against
///   the whole raw line, so a task inside a block quote (`> - [ ] x`) or after another marker
///   (`- > - [ ] x`) gets no checkbox. github.com does draw those; tick follows github.com, and
///   such tasks are left out of the comparison.
/// - **Checked anywhere** (`strstr(input, "[x]")`): cmark-gfm marks a task done when `[x]`
///   appears anywhere on its line (`- [ ] see [x]`). tick reads the task's own checkbox; the
///   expected state below is computed the way cmark-gfm computes it.
/// - **Credited by a lazy line**: a later lazy-continuation line that matches the pattern
///   makes cmark-gfm put a checkbox on the enclosing item, whose own line has none. tick ignores
///   that; checkboxes on lines that do not match the pattern are left out.
/// - **Stray box**: the pattern takes a form feed or vertical tab for a space, so cmark-gfm draws
///   a box on `- \f[x] a`, then skips three bytes of text and shows `] a`. CommonMark puts the
///   `\f` in the text; tick reads the line as text too (lint reports it), and it is left out.
/// - **Front matter** is not Markdown to cmark-gfm; it is blanked before rendering, as GitHub
///   does by showing it as a table.
@Suite struct OracleTests {
    @Test(arguments: Paths.allInputs)
    func tasksMatchGitHub(_ url: URL) throws {
        try compare(try bytes(of: url), name: url.lastPathComponent)
    }

    /// The real files of `TICK_CORPUS` join every test over `Paths.allInputs`; without it,
    /// one line says they are skipped.
    @Test func realFilesAreReadWhenNamed() {
        guard let corpus = Paths.corpus else {
            print("skipped: " + Paths.corpusSkipped)
            return
        }
        #expect(!Paths.corpusFiles.isEmpty, "TICK_CORPUS names \(corpus.path), which holds no .md file")
    }

    /// Random documents built from line shapes that stress the block structure.
    @Test func randomDocumentsMatchGitHub() throws {
        let shapes = [
            "- [ ] a", "- [x] b", "* [X] c", "+ [ ] d", "1. [ ] e", "2) [x] f", "  - [ ] g", "    - [ ] h",
            "\t- [ ] i", "-\t[ ] j", "- [ ]", "- [ ] ", "-  [ ] k", "-     [ ] l", "> - [ ] m", "> > - [x] n",
            "- > - [ ] o", "- - [ ] p", "```", "~~~", "````", "  ```", "    code", "", "", "", "   ", "<!--",
            "-->", "<div>", "</div>", "<custom-tag>", "<pre>", "</pre>", "# H", "## H2 ##", "Setext", "===",
            "---", "***", "paragraph text", "  continuation", "| a | b |", "|---|---|", "a | b", "--|--",
            "- plain", "  - [ ] nested", "      - [ ] deep", "1. one", "  text under", "> quote", ">", "-",
            "* * *", "- [/] doing", "   - [x] three", "- [x] see [x]", "10. [ ] ten", "- [ ]\tt",
            "\t\t- [ ] tt", "  \t- [ ] mix", "<?php", "?>", "3. [ ] three", "  > - [ ] q", "<a href=\"x\">",
            "- \u{0C}[x] ff", "-  \u{0B}[ ] vt", "- \u{0C}[ ] ", "- [ ]\u{0C}ff",
        ]
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<300 {
            let count = Int.random(in: 1...16, using: &generator)
            let lines = (0..<count).map { _ in shapes.randomElement(using: &generator)! }
            let text = lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            try compare(Array(text.utf8), name: "random document \(round):\n\(text)")
        }
    }

    /// cmark-gfm reads an HTML tag line as UTF-8 text, with a NUL read as U+FFFD: an ill-formed
    /// byte anywhere on the line makes it a paragraph line, which a task below continues not.
    @Test func tagLinesWithIllFormedBytesMatchGitHub() throws {
        let tagLines: [[UInt8]] = [
            Array("<img src=\"d\" width=\"300".utf8) + [0xA0] + Array("\">".utf8),
            Array("<img a=\"b".utf8) + [0xE9] + Array("\">   ".utf8),
            Array("<img a=b".utf8) + [0x00] + Array("c>".utf8),
            Array("<img a=\"b".utf8) + [0x00] + Array("c\">".utf8),
            Array("<x-y>".utf8) + [0x20, 0xFF],
            Array("</x-y>".utf8) + [0xC3],
            Array("<img a=\"b\u{E9}\">".utf8),
        ]
        for line in tagLines {
            for tail in ["- [ ] y", "\n- [ ] y", "  - [x] y"] {
                try compare(Array("x\n\n".utf8) + line + Array("\n\(tail)\n".utf8), name: "\(line) then \(tail)")
                try compare(Array("- [ ] x\n\n  ".utf8) + line + Array("\n  $\n    \(tail)\n".utf8), name: "nested \(line)")
            }
        }
    }

    /// Groups are headings: tick must see the headings GitHub renders, and where they start.
    /// Link reference definitions are the subtle part: a setext underline under a paragraph
    /// of definitions is text, and under definitions then text it underlines only the text.
    @Test func headingsMatchGitHub() throws {
        let cmark = try #require(GFM.cmark, "cmark-gfm is not installed: apt-get install cmark-gfm")
        let shapes = [
            "[a]: /u", "[b]: <x y> \"t\"", "[c]:", "[d]: /v 'ti", "tle'", "[e]: /w (x)y", "[f]:\t/z", "\\[g]: /q",
            "[h\\]]: /r", "[]: /s", "[i]: <>", "[j]:", "/dest", "\"title\"", "[k]: /x \"t\" z", "  [l]: /y",
            "[m]: a(b)c", "[n]: a(b", "[o] : /z", "text", "Title", "---", "===", "-", "= =", "", "", "# ATX",
            "[p]: /u \"a\\\"b\"", "[q]: /u (a\\(b)", "[r]: /u\r", "[s\u{0}]: /t", "    [t]: /indented",
        ]
        var generator = SeededGenerator(seed: 1122)
        for round in 0..<400 {
            let count = Int.random(in: 1...8, using: &generator)
            let text = (0..<count).map { _ in shapes.randomElement(using: &generator)! }.joined(separator: "\n") + "\n"
            let input = Array(text.utf8)
            let document = Document(bytes: input)
            var rendered = [UInt8]()
            for (index, line) in document.lines.enumerated() {
                if index >= document.frontMatterEnd { rendered += input[line.contentRange] }
                rendered += input[line.contentEnd..<line.end]
            }
            let html = try GFM.run(cmark, ["--sourcepos"], input: rendered)
            // `<h2 data-sourcepos="1:1-3:3">`: a setext heading starts where its paragraph did,
            // definitions included (tick's title line comes after them), and its end is unreliable.
            let actual = html.split(separator: "\n").compactMap { row -> String? in
                guard row.hasPrefix("<h"), let level = row.dropFirst(2).first, level.isNumber,
                      let position = row.firstRange(of: "sourcepos=\""),
                      let colon = row[position.upperBound...].firstIndex(of: ":") else { return nil }
                return "h\(level)@\(row[position.upperBound..<colon])"
            }
            let expected = document.headings.map { heading in
                var start = heading.line
                while heading.setext, start > 0, document.kinds[start - 1] == .paragraph { start -= 1 }
                return "h\(heading.level)@\(start + 1)"
            }
            #expect(expected == actual, "round \(round):\n\(text.debugDescription)")
        }
    }

    func compare(_ input: [UInt8], name: String) throws {
        let cmark = try #require(GFM.cmark, "cmark-gfm is not installed: apt-get install cmark-gfm")
        let document = Document(bytes: input)
        var rendered = [UInt8]()
        for (index, line) in document.lines.enumerated() {
            // Front matter becomes blank lines, so line numbers stay aligned.
            if index >= document.frontMatterEnd { rendered += input[line.contentRange] }
            rendered += input[line.contentEnd..<line.end]
        }
        let html = try GFM.run(cmark, ["-e", "tasklist", "-e", "table", "--sourcepos"], input: rendered)

        var expected: [Int: Bool] = [:]
        for task in document.tasks where task.status.isGitHubCheckbox {
            let raw = rawLine(document, task.line)
            guard Checkbox.matchesGitHubPattern(raw) else { continue }
            expected[task.line + 1] = Self.contains(raw, "[x]") || Self.contains(raw, "[X]")
        }
        var actual: [Int: Bool] = [:]
        for (line, checked) in Self.checkboxes(in: html) where line <= document.lines.count {
            let raw = rawLine(document, line - 1)
            if Checkbox.matchesGitHubPattern(raw), !Self.hasStrayBox(raw) { actual[line] = checked }
        }
        #expect(expected == actual, "tick and cmark-gfm disagree on \(name)")
    }

    func rawLine(_ document: Document, _ index: Int) -> ArraySlice<UInt8> {
        document.content(ofLine: index).dropFirst(document.byteOrderMark(ofLine: index).count)
    }

    /// A form feed or vertical tab between the list marker and the box.
    static func hasStrayBox(_ line: ArraySlice<UInt8>) -> Bool {
        let box = line.firstIndex(of: 0x5B) ?? line.endIndex
        return line[..<box].contains { $0 == 0x0B || $0 == 0x0C }
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        let h = Array(haystack)
        guard h.count >= n.count else { return false }
        return (0...(h.count - n.count)).contains { Array(h[$0..<($0 + n.count)]) == n }
    }

    /// `<li data-sourcepos="LINE:…"><input type="checkbox" [checked=""] …` → line → checked.
    static func checkboxes(in html: String) -> [(Int, Bool)] {
        var result: [(Int, Bool)] = []
        let marker = "<li data-sourcepos=\""
        var rest = html[...]
        while let range = rest.range(of: marker) {
            rest = rest[range.upperBound...]
            guard let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]),
                  let close = rest.firstIndex(of: ">") else { continue }
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix("<input type=\"checkbox\"") {
                result.append((line, after.hasPrefix("<input type=\"checkbox\" checked=\"\"")))
            }
        }
        return result
    }
}
