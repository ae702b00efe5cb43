import Foundation
import Testing
@testable import TickCore

/// Paths the tests read: the package's fixtures, and the optional suite of real task files.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    /// A folder of real task files to run the suite's file tests on as well, named by
    /// `TICK_CORPUS`; nil when it is not set or not a folder (those tests then say they are
    /// skipped). Everything else reads the repository's own files.
    static let corpus: URL? = {
        guard let path = ProcessInfo.processInfo.environment["TICK_CORPUS"], !path.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
    }()
    /// The line a test prints when it skips the real files.
    static let corpusSkipped = "real task files not tested (set TICK_CORPUS to a folder of them to test them too)"

    static func files(in directory: URL, suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }

    static var corpusFiles: [URL] { corpus.map { files(in: $0, suffix: ".md") } ?? [] }
    static var parseFixtures: [URL] { files(in: fixtures.appendingPathComponent("parse"), suffix: ".input.md") }
    /// Files with the quirks real task files have (Fixtures/quirks/INDEX.tsv lists them).
    static var quirkFixtures: [URL] { files(in: fixtures.appendingPathComponent("quirks"), suffix: ".md") }

    /// Every Markdown input the suite knows: parse fixtures, the bundled example, the quirk
    /// fixtures, and the real files of `TICK_CORPUS` when it is set.
    static var allInputs: [URL] {
        parseFixtures + [fixtures.appendingPathComponent("example/TODO.md")] + quirkFixtures + corpusFiles
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
