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

/// A small deterministic generator (SplitMix64), so property tests are reproducible from a seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
