import Foundation
import Testing
@testable import TickCore

/// Paths the tests read: the package's fixtures and the shared corpus beside the checkout.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func files(in directory: URL, suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }

    static var corpusFiles: [URL] { files(in: corpus, suffix: ".md") }
    static var parseFixtures: [URL] { files(in: fixtures.appendingPathComponent("parse"), suffix: ".input.md") }

    /// Every Markdown input the suite knows: parse fixtures, the bundled example, the corpus.
    static var allInputs: [URL] {
        parseFixtures + [fixtures.appendingPathComponent("example/TODO.md")] + corpusFiles
    }
}

func bytes(of url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

/// Compares `actual` with the golden file at `url`; with TICK_RECORD=1 set, writes it instead.
func expectGolden(_ actual: [UInt8], at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["TICK_RECORD"] == "1" {
        try Data(actual).write(to: url)
        return
    }
    guard let expected = try? bytes(of: url) else {
        Issue.record("missing golden file \(url.lastPathComponent); run with TICK_RECORD=1 to create it",
                     sourceLocation: sourceLocation)
        return
    }
    #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            "golden \(url.lastPathComponent) differs (TICK_RECORD=1 re-records)", sourceLocation: sourceLocation)
}
