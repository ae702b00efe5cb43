import Foundation
import Testing
@testable import TickCore

/// A new version of a text read again only where it differs from the old (`reparsed(as:)`,
/// what the language server does on every change) is the text parsed whole: for random line
/// edits of every input, and for random byte edits of random documents that cut lines, line
/// endings (a lone `\r` before a `\n`), fences and front matter apart.
@Suite struct ReparseTests {
    static func expectSame(_ reparsed: Document, _ parsed: Document, _ name: @autoclosure () -> String) {
        #expect(reparsed.bytes == parsed.bytes && reparsed.lines == parsed.lines && reparsed.kinds == parsed.kinds
                    && reparsed.items == parsed.items && reparsed.hasSameTasks(as: parsed) && reparsed.headings == parsed.headings
                    && reparsed.fieldUsage == parsed.fieldUsage && reparsed.frontMatterEnd == parsed.frontMatterEnd
                    && reparsed.unclosedBlockLine == parsed.unclosedBlockLine
                    && reparsed.tasks.map { reparsed.groupPath(of: $0) } == parsed.tasks.map { parsed.groupPath(of: $0) }
                    && reparsed.paragraphContinuations == parsed.paragraphContinuations,
                "\(name())")
    }

    @Test(arguments: Paths.allInputs)
    func lineEditsReadAsTheWholeText(_ url: URL) throws {
        try EditWindowTests.randomEdits(of: url, seed: 47) { document, splices, edited in
            Self.expectSame(document.reparsed(as: edited), Document(bytes: edited), "\(url.lastPathComponent): \(splices)")
        }
    }

    @Test func byteEditsReadAsTheWholeText() {
        var random = SeededGenerator(seed: 53)
        let pieces = ["\n", "\r", "\r\n", "- [ ] ", "- [x] a", "```", "---", "# H", "  ", "\t", "<!--", "-->", "1. ", "> ", "x", "📅 2026-12-01"]
        for round in 0..<600 {
            let lines = (0..<Int.random(in: 0...24, using: &random)).map { _ in EditWindowTests.randomLine(&random) }
            let ending = ["\n", "\r\n", "\r"].randomElement(using: &random)!
            let text = Array((lines.joined(separator: ending) + (Bool.random(using: &random) ? ending : "")).utf8)
            let document = Document(bytes: text)
            var edited = text
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...edited.count, using: &random)
                let cut = Int.random(in: 0...min(4, edited.count - at), using: &random)
                let inserted = Int.random(in: 0..<3, using: &random) == 0 ? [] : Array(pieces.randomElement(using: &random)!.utf8)
                edited.replaceSubrange(at..<(at + cut), with: inserted)
            }
            Self.expectSame(document.reparsed(as: edited), Document(bytes: edited),
                            "round \(round): \(String(decoding: text, as: UTF8.self).debugDescription) -> \(String(decoding: edited, as: UTF8.self).debugDescription)")
        }
    }
}
