import Testing
@testable import TickCore

/// The agent server run in process: its tools turned into tick's command lines, checked
/// against the host's folders before anything runs, with a host that records what it ran.
@Suite struct InProcessAgentTests {
    /// Folders under /notes; every command "succeeds" with a listing of one task.
    final class RecordingHost: AgentServerHost {
        var ran: [[String]] = []
        func run(tick arguments: [String]) -> Result<CommandRun, CommandFailure> {
            ran.append(arguments)
            let listing = #"[{"file":"TODO.md","line":3,"text":"water the plants","ref":"3@4fed3c54"}]"#
            return .success(CommandRun(status: 0, stdout: Array(listing.utf8), stderr: []))
        }
        func defaultTaskFile() -> String? { "/notes/TODO.md" }
        func admits(_ path: String) -> Bool { path.hasPrefix("/notes/") || !path.hasPrefix("/") && !path.hasPrefix("..") }
        func exists(_ path: String) -> Bool { path.hasPrefix("/") }
        var foldersShown: String { "/notes" }
        func taskFiles() -> [String] { ["/notes/TODO.md"] }
        func isTaskFile(_ path: String) -> Bool { path == "/notes/TODO.md" }
        func contents(ofFile path: String) -> [UInt8]? { Array("- [ ] water the plants\n".utf8) }
    }

    static func exchange(_ server: inout AgentServer, _ message: JSON) throws -> JSON {
        let output = server.handle(line: message.encoded)
        #expect(output.last == 0x0A && output.dropLast().firstIndex(of: 0x0A) == nil, "one line per answer")
        return try JSON.parse(Array(output.dropLast()))
    }

    /// A server that has been sent `initialize`, as every client does first.
    static func server(_ host: RecordingHost, readOnly: Bool = false) throws -> AgentServer {
        var server = AgentServer(host: host, readOnly: readOnly, version: "test")
        let answer = try exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(0), "method": .string("initialize"),
                                                    "params": .object(["protocolVersion": .string("2025-06-18")])]))
        #expect(answer["result"]?["serverInfo"]?["name"]?.string == "tick")
        return server
    }

    static func call(_ id: Int, _ tool: String, _ arguments: [String: JSON]) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": JSON(id), "method": .string("tools/call"),
                 "params": .object(["name": .string(tool), "arguments": .object(arguments)])])
    }

    @Test func toolsRunTicksCommandsOnTheHostsFiles() throws {
        let host = RecordingHost()
        var server = try Self.server(host)
        let listed = try Self.exchange(&server, Self.call(1, "list_tasks", [:]))
        // Refs come back whole: FILE:LINE@FINGERPRINT, as the edit tools take them.
        #expect(listed["result"]?["structuredContent"]?["result"]?.array?.first?["ref"]?.string == "TODO.md:3@4fed3c54")
        let done = try Self.exchange(&server, Self.call(2, "done_tasks", ["refs": .array([.string("TODO.md:3@4fed3c54")])]))
        #expect(done["result"]?["isError"] == .bool(false))
        #expect(host.ran == [["list", "--json", "--"], ["done", "--json", "--yes", "--", "TODO.md:3@4fed3c54"]])
        // A query line that holds a line break is two lines of the query.
        _ = try Self.exchange(&server, Self.call(6, "query_tasks", ["query": .array([.string("not done\ndue before tomorrow")])]))
        #expect(host.ran.last == ["query", "--json", "--expression=not done", "--expression=due before tomorrow"])
        host.ran.removeLast()
        // Outside the folders, or not a ref: refused as the tool's error, and nothing runs.
        let outside = try Self.exchange(&server, Self.call(3, "done_tasks", ["refs": .array([.string("../private.md:3@4fed3c54")])]))
        #expect(outside["result"]?["isError"] == .bool(true))
        #expect(outside["result"]?["content"]?.array?.first?["text"]?.string?.contains("outside the folders tick mcp was started with (/notes)") == true)
        let byText = try Self.exchange(&server, Self.call(4, "done_tasks", ["refs": .array([.string("water")])]))
        #expect(byText["result"]?["isError"] == .bool(true))
        #expect(host.ran.count == 2)
        let resource = try Self.exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(5), "method": .string("resources/read"),
                                                           "params": .object(["uri": .string("file:///etc/passwd")])]))
        #expect(resource["error"]?["code"]?.int == -32002)
    }

    /// A long list is cut to the limit (100 unless the call says), and says how many it left
    /// out, in the text and the structured result.
    @Test func aLongListIsCutAndSaysSo() throws {
        final class LongHost: AgentServerHost {
            func run(tick arguments: [String]) -> Result<CommandRun, CommandFailure> {
                let rows = (1...150).map { #"{"file":"TODO.md","line":\#($0),"text":"t\#($0)","ref":"\#($0)@4fed3c54"}"# }
                return .success(CommandRun(status: 0, stdout: Array(("[" + rows.joined(separator: ",") + "]").utf8), stderr: []))
            }
            func defaultTaskFile() -> String? { "/notes/TODO.md" }
            func admits(_ path: String) -> Bool { true }
            func exists(_ path: String) -> Bool { true }
            var foldersShown: String { "/notes" }
            func taskFiles() -> [String] { ["/notes/TODO.md"] }
            func isTaskFile(_ path: String) -> Bool { true }
            func contents(ofFile path: String) -> [UInt8]? { nil }
        }
        var server = AgentServer(host: LongHost(), readOnly: false, version: "test")
        _ = try Self.exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(0), "method": .string("initialize"),
                                                "params": .object(["protocolVersion": .string("2025-06-18")])]))
        let cut = try Self.exchange(&server, Self.call(1, "list_tasks", [:]))["result"]
        #expect(cut?["structuredContent"]?["result"]?.array?.count == 100 && cut?["structuredContent"]?["leftOut"]?.int == 50)
        #expect(cut?["content"]?.array?.first?["text"]?.string?.contains("50 more tasks left out (limit 100)") == true)
        let all = try Self.exchange(&server, Self.call(2, "list_tasks", ["limit": JSON(500)]))["result"]
        #expect(all?["structuredContent"]?["result"]?.array?.count == 150 && all?["structuredContent"]?["leftOut"] == nil)
        let wrong = try Self.exchange(&server, Self.call(3, "list_tasks", ["limit": JSON(0)]))["result"]
        #expect(wrong?["isError"] == .bool(true))
    }

    /// A command line quoted back in what a command says is said as the tool call, in
    /// either quotes, without the options the server adds to every call.
    @Test func aCommandQuotedBackIsTheToolCall() {
        #expect(ToolWords.spoken("undid 'tick done --json --yes -- TODO.md:3@0123abcd' (TODO.md)", options: [:])
                == "undid 'done_tasks TODO.md:3@0123abcd' (TODO.md)")
        #expect(ToolWords.spoken(#"tick: undid "tick add --json -- 'it'''s here'" (TODO.md)"#, options: [:])
                == #"undid "add_task 'it'''s here'" (TODO.md)"#)
    }

    /// A command quoted back names its options as the tool's arguments.
    @Test func optionsQuotedBackAreTheToolsArguments() {
        #expect(ToolWords.spoken("undid 'tick move --json --to=Home -- TODO.md:3@0123abcd' (TODO.md)", options: [:])
                == "undid 'move_task group=Home TODO.md:3@0123abcd' (TODO.md)")
        #expect(ToolWords.spoken("undid 'tick move --json --top -- TODO.md:3@0123abcd' (TODO.md)", options: [:])
                == "undid 'move_task direction=top TODO.md:3@0123abcd' (TODO.md)")
    }

    @Test func readOnlyOffersReadingAlone() throws {
        let host = RecordingHost()
        var server = try Self.server(host, readOnly: true)
        let tools = try Self.exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(1), "method": .string("tools/list")]))
        #expect(tools["result"]?["tools"]?.array?.compactMap { $0["name"]?.string }.sorted() == ["list_groups", "list_tasks", "query_tasks", "show_task"])
        let refused = try Self.exchange(&server, Self.call(2, "add_task", ["text": .string("planted")]))
        #expect(refused["error"]?["code"]?.int == -32602)
        #expect(host.ran.isEmpty)
    }

    /// Arguments are held to each tool's schema: a wrong type or an unknown name is the
    /// tool's error, and nothing runs (read loosely, `"path": 5` would list another file).
    @Test func argumentsMustFitTheSchema() throws {
        let host = RecordingHost()
        var server = try Self.server(host)
        for (id, arguments) in [(1, ["path": JSON(5)]), (2, ["all": .string("yes")]), (3, ["bogus": JSON(1)]), (4, ["tags": .array([JSON(1)])])] {
            let answer = try Self.exchange(&server, Self.call(id, "list_tasks", arguments))
            #expect(answer["result"]?["isError"] == .bool(true), "\(arguments)")
        }
        let notAnObject = try Self.exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(5), "method": .string("tools/call"),
                                                              "params": .object(["name": .string("list_tasks"), "arguments": .array([])])]))
        #expect(notAnObject["result"]?["isError"] == .bool(true))
        #expect(host.ran.isEmpty)
        let oldVersion = try Self.exchange(&server, .object(["jsonrpc": .string("1.0"), "id": JSON(6), "method": .string("ping")]))
        #expect(oldVersion["error"]?["code"]?.int == -32600)
    }

    @Test func malformedLinesGetErrorsAndBlankLinesNothing() throws {
        var server = try Self.server(RecordingHost())
        #expect(server.handle(line: Array("  \r".utf8)).isEmpty)
        let garbage = try JSON.parse(Array(server.handle(line: Array("{not json".utf8)).dropLast()))
        #expect(garbage["error"]?["code"]?.int == -32700)
        let unknown = try Self.exchange(&server, .object(["jsonrpc": .string("2.0"), "id": JSON(1), "method": .string("no/such")]))
        #expect(unknown["error"]?["code"]?.int == -32601)
        // Before initialize, a call is refused; a ping is answered.
        var fresh = AgentServer(host: RecordingHost(), readOnly: false, version: "test")
        let early = try Self.exchange(&fresh, Self.call(2, "list_tasks", [:]))
        #expect(early["error"]?["code"]?.int == -32002 && early["error"]?["message"]?.string?.hasPrefix("send initialize first") == true, "\(early)")
        let ping = try Self.exchange(&fresh, .object(["jsonrpc": .string("2.0"), "id": JSON(3), "method": .string("ping")]))
        #expect(ping["result"] == .object([:]))
    }
}
