import Foundation
import Testing
@testable import TickCore

/// Each `Fixtures/parse/NAME.input.md` parses to the tasks in `NAME.expected.json`, written in
/// the `tick list --json` schema (TICK_RECORD=1 re-records them).
@Suite struct ParserGoldenTests {
    @Test(arguments: Paths.parseFixtures)
    func fixtureParsesToGolden(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        let name = url.lastPathComponent.replacingOccurrences(of: ".input.md", with: "")
        var json = JSONWriter()
        json.beginArray()
        for task in document.tasks {
            json.lineBreak()
            TaskJSON.write(task, in: document, file: name, to: &json)
        }
        json.newline()
        json.endArray()
        json.newline()
        try expectGolden(json.bytes, at: url.deletingLastPathComponent().appendingPathComponent("\(name).expected.json"))
    }
}
