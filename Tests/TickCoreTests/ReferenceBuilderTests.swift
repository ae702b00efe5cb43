import Foundation
import Testing
@testable import TickCore

/// The engine's tasks against the reference builder's (`ReferenceBuilder`): the same tasks,
/// field for field, and the same field usage, for every input, the input with a byte that is
/// not UTF-8 after it, and 30 random edits of each (tricky lines: fences, quotes, headings,
/// wrapped text, fields of every dialect). The round-trip fuzzer holds the same laws.
struct ReferenceBuilderTests {
    static func agree(_ bytes: [UInt8], _ name: String) {
        let document = Document(bytes: bytes)
        let reference = ReferenceBuilder.build(document)
        #expect(document.tasks.count == reference.tasks.count, "\(name)")
        for (engine, expected) in zip(document.tasks, reference.tasks) where engine != expected {
            Issue.record("\(name): the task on line \(expected.line + 1) differs from the reference builder's:\n\(engine)\n\(expected)")
            break
        }
        #expect(document.joinedTexts == reference.joinedTexts, "joined texts, \(name)")
        #expect(document.fieldUsage == reference.usage, "field usage, \(name)")
    }

    @Test(arguments: Paths.allInputs + Paths.files(in: Paths.fixtures.appendingPathComponent("dialects"), suffix: ".md"))
    func engineBuildsWhatTheReferenceBuilds(_ url: URL) throws {
        let original = try bytes(of: url)
        Self.agree(original, url.lastPathComponent)
        Self.agree(original + [0x0A, 0xC3, 0x0A], url.lastPathComponent + " + a bad byte")
        try EditWindowTests.randomEdits(of: url, seed: 21) { _, splices, edited in
            Self.agree(edited, "\(url.lastPathComponent): \(splices)")
        }
    }
}
