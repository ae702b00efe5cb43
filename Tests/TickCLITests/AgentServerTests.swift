import Foundation
import Testing

/// `tick mcp` speaks MCP's JSON-RPC, one message per line: its tools run tick's commands, take
/// only refs a listing gave, and report refusals as tool errors an agent can read.
@Suite struct AgentServerTests {
    /// Runs a session of `messages` (each a JSON object) and returns the responses by id.
    func session(_ messages: [[String: Any]], in folder: TemporaryDirectory) throws -> [Int: [String: Any]] {
        let input = try messages.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let result = try TickProcess.run(["mcp"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        var responses: [Int: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "one JSON object per line: \(line)")
            if let id = object["id"] as? Int { responses[id] = object }
        }
        return responses
    }

    func call(_ id: Int, _ tool: String, _ arguments: [String: Any]) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments]]
    }

    @Test func toolsEditByRefsAndSayRefusals() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] ship release due:2026-11-21\n- [ ] review PR\n")
        let listed = try TickProcess.run(["list", "--json"], in: folder.url).stdout
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        let refs = tasks.map { "TODO.md:" + ($0["ref"] as! String) }
        let responses = try session([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]]],
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
            ["jsonrpc": "2.0", "id": 2, "method": "tools/list"],
            call(3, "list_tasks", [:]),
            call(4, "done_tasks", ["refs": [refs[1]]]),
            call(5, "done_tasks", ["refs": ["review"]]),
            call(6, "set_due", ["refs": [refs[0]], "date": "due+2d"]),
            call(7, "move_task", ["ref": "TODO.md:4@00000000", "direction": "up"]),
            ["jsonrpc": "2.0", "id": 8, "method": "resources/list"],
            ["jsonrpc": "2.0", "id": 9, "method": "resources/read", "params": ["uri": "file:///etc/passwd"]],
            ["jsonrpc": "2.0", "id": 10, "method": "no/such"],
        ], in: folder)
        let initialize = try #require(responses[1]?["result"] as? [String: Any])
        #expect(initialize["protocolVersion"] as? String == "2025-06-18" && (initialize["serverInfo"] as? [String: Any])?["name"] as? String == "tick")
        let tools = ((responses[2]?["result"] as? [String: Any])?["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(["list_tasks", "query_tasks", "done_tasks", "set_due", "move_task", "add_note", "undo"].allSatisfy(tools.contains), "\(tools)")
        func result(_ id: Int) -> [String: Any] { responses[id]?["result"] as? [String: Any] ?? [:] }
        let list = (result(3)["structuredContent"] as? [String: Any])?["result"] as? [[String: Any]]
        #expect(list?.compactMap { $0["ref"] as? String } == refs, "refs come whole, FILE:LINE@FINGERPRINT")
        #expect(result(4)["isError"] as? Bool == false)
        #expect(result(5)["isError"] as? Bool == true && "\(result(5)["content"] ?? "")".contains("is not a ref"))
        #expect(result(6)["isError"] as? Bool == false)
        #expect(result(7)["isError"] as? Bool == true, "a ref whose task is not what was read is refused")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] ship release due:2026-11-23\n- [x] review PR\n")
        let resources = (result(8)["resources"] as? [[String: Any]])?.compactMap { $0["uri"] as? String } ?? []
        #expect(resources.count == 1 && resources[0].hasSuffix("/TODO.md"), "\(resources)")
        #expect((responses[9]?["error"] as? [String: Any])?["code"] as? Int == -32002, "only the roots' task files are read")
        #expect((responses[10]?["error"] as? [String: Any])?["code"] as? Int == -32601)
        // The edits are tick's: undo takes the latest back.
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] ship release due:2026-11-21\n- [x] review PR\n")
    }
}
