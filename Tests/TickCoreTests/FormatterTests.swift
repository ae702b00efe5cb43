import Foundation
import Testing
@testable import TickCore

/// `tick fmt`'s laws: GitHub renders the same HTML before and after, formatting twice changes
/// nothing more, and every task keeps its status, star, due date and text.
@Suite struct FormatterTests {
    static var inputs: [URL] { Paths.allInputs + Paths.files(in: Paths.fixtures.appendingPathComponent("fmt"), suffix: ".input.md") }

    @Test(arguments: inputs)
    func rendersTheSameAndIsIdempotent(_ url: URL) throws {
        try checkLaws(try bytes(of: url), name: url.lastPathComponent)
    }

    @Test(arguments: Paths.files(in: Paths.fixtures.appendingPathComponent("fmt"), suffix: ".input.md"))
    func golden(_ url: URL) throws {
        let output = Formatter.format(Document(bytes: try bytes(of: url))).bytes
        let name = url.lastPathComponent.replacingOccurrences(of: ".input.md", with: ".expected.md")
        try expectGolden(output, at: url.deletingLastPathComponent().appendingPathComponent(name))
    }

    @Test func randomDocumentsKeepTheirMeaning() throws {
        let shapes = [
            "- [ ] a", "- [x] b", "* [X] c", "+ [ ] d", "1. [ ] e", "2) [x] f", "  - [ ] g", "    - [ ] h",
            "\t- [ ] i", "-\t[ ] j", "- [ ]", "- [ ] ", "-  [ ] k", "*   [ ]   l", "> - [ ] m", "> * [x] n",
            "```", "~~~", "    code  ", "", "", "", "   ", "<!--", "-->", "<div>", "</div>", "# H", "## H2 ##",
            "  ### H3", "Setext", "===", "---", "***", "paragraph  ", "text\\", "  continuation", "| a | b |  ",
            "|---|---|", "- plain", "  - [ ] nested  ", "      - [ ] deep", "1. one", "> quote  ", ">", "-",
            "* * *", "* - -", "- [/] doing", "a `code  ", "span`", "<span  ", "x>", "trailing \t", "# Title #",
            "Title #", "- [ ]\tt", "\t\t- [ ] tt", "    indented", "+ + +", "* [ ] *  star", "    -\t [ ] u",
            "     -\t[ ] v", "  -  \t[ ] w",
        ]
        var generator = SeededGenerator(seed: 11)
        for round in 0..<250 {
            let count = Int.random(in: 1...14, using: &generator)
            let lines = (0..<count).map { _ in shapes.randomElement(using: &generator)! }
            let ending = ["\n", "\r\n", "\n"].randomElement(using: &generator)!
            let text = lines.joined(separator: ending) + (Bool.random(using: &generator) ? ending : "")
            try checkLaws(Array(text.utf8), name: "random document \(round):\n\(text)")
        }
    }

    @Test func lineEndingOption() {
        let document = Document("# A\r\n- [ ] b\r\n- [ ] c\n")
        #expect(Formatter.format(document).bytes == Array("# A\r\n\r\n- [ ] b\r\n- [ ] c\r\n".utf8))
        #expect(Formatter.format(document, options: FormatOptions(lineEnding: .lf)).bytes == Array("# A\n\n- [ ] b\n- [ ] c\n".utf8))
    }

    @Test func invalidUTF8StaysByteForByte() {
        let bytes: [UInt8] = Array("# T\n- [X] a ".utf8) + [0xFF, 0xFE] + Array("   \n".utf8)
        let output = Formatter.format(Document(bytes: bytes)).bytes
        #expect(output == Array("# T\n\n- [x] a ".utf8) + [0xFF, 0xFE] + [0x0A])
    }

    func checkLaws(_ input: [UInt8], name: String) throws {
        let before = Document(bytes: input)
        let once = Formatter.format(before)
        let twice = Formatter.format(Document(bytes: once.bytes))
        #expect(twice.bytes == once.bytes, "formatting \(name) twice changes it again")
        #expect(!twice.changed)
        #expect(once.changed == (once.bytes != input))
        #expect(try GFM.html(input) == GFM.html(once.bytes), "formatting changes how \(name) renders")
        let after = Document(bytes: once.bytes)
        let summary = { (document: Document) in document.tasks.map { "\($0.isClosed) \($0.status.name.lowercased()) \($0.important) \(String(describing: $0.due)) \(document.text(of: $0))" } }
        #expect(summary(before) == summary(after), "formatting changes the tasks of \(name)")
        // --diff prints the splices: there are some exactly when the bytes change.
        #expect(once.splices.isEmpty == !once.changed, "splices and bytes disagree for \(name)")
    }
}

/// Two changes made one (`Splice.composed`, what `tick fmt --diff` shows after a second
/// pass): applied to the first document, the composed splices give what the two give one
/// after the other, and lines neither touches stay out of them.
@Suite struct SpliceCompositionTests {
    static func randomSplices(lineCount: Int, tag: String, using generator: inout SeededGenerator) -> [Splice] {
        var splices: [Splice] = []
        var line = 0
        while line <= lineCount {
            guard Int.random(in: 0..<3, using: &generator) == 0 else { line += 1; continue }
            let length = min(Int.random(in: 0...2, using: &generator), lineCount - line)
            let count = Int.random(in: 0...2, using: &generator)
            splices.append(Splice(lines: line..<(line + length),
                                  replacement: (0..<count).map { Array("\(tag)\(line).\($0)".utf8) }))
            line += length + 1
        }
        return splices
    }

    @Test func composedIsOneAfterTheOther() {
        var generator = SeededGenerator(seed: 23)
        for round in 0..<2_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let original = Document((0..<count).map { "line \($0)\n" }.joined())
            let first = Self.randomSplices(lineCount: count, tag: "a", using: &generator)
            let middle = Document(bytes: original.applying(first))
            let second = Self.randomSplices(lineCount: middle.lines.count, tag: "b", using: &generator)
            let result = Document(bytes: middle.applying(second))
            let composed = Splice.composed(first, then: second, from: original.lines.count, to: result)
            #expect(original.applying(composed) == result.bytes, "round \(round)")
            // Untouched lines: those that come through both changes as they were.
            let touched = Set(composed.flatMap { Array($0.lines) })
            for line in 0..<count where !touched.contains(line) {
                #expect(result.bytes.split(separator: Byte.lf).contains(Array("line \(line)".utf8)[...]))
            }
            #expect(composed.allSatisfy { !($0.lines.isEmpty && $0.replacement.isEmpty) })
        }
    }
}
