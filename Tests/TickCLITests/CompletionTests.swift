import Foundation
import Testing

/// The bash completion, driven as bash calls it: `tick group <TAB>` offers the group actions,
/// and the names after them (and after --under) are the file's groups.
@Suite struct CompletionTests {
    func complete(_ words: [String]) throws -> [String] {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        try folder.write("TODO.md", try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8))
        let script = try TickProcess.run(["completions", "bash"]).stdout
        try folder.write("completion.bash", script)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = "source ./completion.bash; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tick; printf '%s\\n' \"${COMPREPLY[@]}\""
        let bin = TickProcess.binary.deletingLastPathComponent().path
        let result = try TickProcess.run(["bash", "-c", program], in: folder.url, environment: ["PATH": bin + ":/usr/bin:/bin"],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"))
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func groupCompletesActionsThenGroups() throws {
        #expect(try complete(["tick", "group", ""]) == ["add", "rename", "rm", "move", "color"])
        #expect(try complete(["tick", "group", "rm", ""]) == ["Home", "Home/Groceries", "Work"])
        #expect(try complete(["tick", "group", "add", "--under", "H"]) == ["Home", "Home/Groceries"])
        #expect(try complete(["tick", "list", "-g", "W"]) == ["Work"])
    }
}
