import Foundation
import Testing

/// `tick lsp` driven by real clients: pytest-lsp (pygls and lsprotocol, which also check every
/// message against the specification) and Neovim's built-in client; `tick mcp` by the MCP
/// Python SDK's client. `.ci/run` installs them; without them each test says it was skipped.
@Suite struct RealClientTests {
    static func available(_ command: [String]) -> Bool {
        (try? TickProcess.run([], executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: command))?.status == 0
    }

    /// Tests/LSP: diagnostics, formatting, the done action with a next occurrence, hover,
    /// symbols, completion in three dialects, incremental changes.
    @Test func pytestLspSuitePasses() throws {
        guard Self.available(["python3", "-c", "import pytest_lsp"]) else {
            print("skipped: pytest-lsp is not installed (.ci/run installs it: python3 -m pip install pytest-lsp)")
            return
        }
        let root = TickProcess.packageRoot
        let result = try TickProcess.run([], in: root, environment: ["TICK_BIN": TickProcess.binary.path, "PYTHONDONTWRITEBYTECODE": "1"],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"),
                                         arguments: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", "Tests/LSP/pytest.ini", "Tests/LSP"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(" passed"))
    }

    /// `tick mcp` driven by the MCP Python SDK's client (Tests/MCP/client.py): tools listed,
    /// tasks listed with their refs, done by ref, a text refused, a query, an add and its undo,
    /// the file as a resource.
    @Test func mcpClientWorksWithTheServer() throws {
        guard Self.available(["python3", "-c", "import mcp.client.stdio"]) else {
            print("skipped: the MCP Python SDK is not installed (.ci/run installs it: python3 -m pip install mcp)")
            return
        }
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Work\n\n- [ ] ship release due:2026-11-21\n- [ ] review PR\n- [ ] buy milk\n")
        let result = try TickProcess.run([], in: TickProcess.packageRoot,
                                         environment: ["TICK_BIN": TickProcess.binary.path, "TICK_MCP_DIR": folder.url.path, "PYTHONDONTWRITEBYTECODE": "1"],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "Tests/MCP/client.py"])
        #expect(result.status == 0 && result.stdout == "ok\n", "\(result.stdout)\(result.stderr)")
    }

    /// Neovim opens a fixture, shows lint's findings, runs the done action on a task, saves and
    /// formats: the file is what `tick done` and `tick fmt` make of it.
    @Test func neovimTicksATaskThroughTheServer() throws {
        guard Self.available(["nvim", "--version"]) else {
            print("skipped: Neovim is not installed (.ci/run installs it)")
            return
        }
        let folder = try TemporaryDirectory()
        let text = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
        let file = try folder.write("TODO.md", text)
        let expected = try folder.write("expected/TODO.md", text)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("- [ ]") }) + 1
        let report = folder.url.appendingPathComponent("report.txt")
        let result = try TickProcess.run([], in: folder.url,
                                         environment: ["TICK_BIN": TickProcess.binary.path, "TICK_LSP_FILE": file.path, "TICK_LSP_LINE": "\(line)",
                                                       "TICK_LSP_REPORT": report.path, "HOME": folder.url.path, "XDG_CONFIG_HOME": folder.url.path],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"),
                                         arguments: ["timeout", "60", "nvim", "--headless", "-n", "-i", "NONE", "-u",
                                                     TickProcess.packageRoot.appendingPathComponent("Tests/LSP/neovim.lua").path])
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        let lint = try TickProcess.run(["lint", "--format", "json", expected.path], in: folder.url)
        let findings = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as! [[String: Any]]
        #expect(seen.filter { $0.hasPrefix("diagnostic ") }.map(String.init) == findings.map { "diagnostic \($0["line"]!):\($0["column"]!) \($0["rule"]!)" })
        #expect(seen.contains("done"))
        #expect(try TickProcess.run(["done", "-f", expected.path, "\(line)"], in: folder.url).status == 0)
        #expect(try TickProcess.run(["fmt", expected.path], in: folder.url).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == String(contentsOf: expected, encoding: .utf8))
    }
}
