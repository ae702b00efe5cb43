import Foundation
import Testing

/// `tick mcp` speaks MCP's JSON-RPC, one message per line: its tools run tick's commands, take
/// only refs a listing gave, and report refusals as tool errors an agent can read.
@Suite struct AgentServerTests {
    /// Runs a session of `messages` (each a JSON object) and returns the responses by id.
    func session(_ messages: [[String: Any]], in folder: TemporaryDirectory, arguments: [String] = [],
                 environment: [String: String] = [:]) throws -> [Int: [String: Any]] {
        let input = try messages.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let result = try TickProcess.run(["mcp"] + arguments, in: folder.url,
                                         environment: environment.merging(["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]) { $1 },
                                         stdin: input)
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

    /// An agent's undo takes back its own session's edits alone: a person's edit (or another
    /// session's) is never taken back by it, and one made since the agent's stays while the
    /// agent's own is taken back from under it.
    @Test func anAgentsUndoTakesBackItsOwnEditsOnly() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] ship release\n- [ ] review PR\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] write notes\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        #expect(try TickProcess.run(["done", "review"], in: folder.url, environment: state).status == 0)
        let listed = try TickProcess.run(["list", "--json"], in: folder.url).stdout
        let ref = try #require((try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first?["ref"] as? String)
        let responses = try session([
            Self.initialize,
            call(2, "undo", [:]),
            call(3, "done_tasks", ["refs": ["TODO.md:" + ref]]),
            call(4, "undo", [:]),
            call(5, "undo", [:]),
        ], in: folder)
        func text(_ id: Int) -> String {
            ((responses[id]?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String ?? "\(responses[id] ?? [:])"
        }
        #expect(text(2).hasPrefix("nothing to undo: this session has made no edit"), "\(text(2))")
        #expect(text(4).hasPrefix("undid 'done_tasks"), "\(text(4))")
        #expect(text(5).hasPrefix("nothing to undo: this session has made no edit"), "\(text(5))")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] ship release\n- [x] review PR\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] write notes\n")
        // The same from the command line, for the session TICK_AGENT names: the person's edit
        // made after the agent's stays, the agent's is taken back from under it.
        let agent = state.merging(["TICK_AGENT": "mcp-test"]) { $1 }
        #expect(try TickProcess.run(["done", "ship"], in: folder.url, environment: agent).status == 0)
        #expect(try TickProcess.run(["done", "write"], in: folder.url, environment: state).status == 0)
        let undone = try TickProcess.run(["undo"], in: folder.url, environment: agent)
        #expect(undone.status == 0 && undone.stdout.hasPrefix("undid 'tick done ship'"), "\(undone.stdout)\(undone.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] ship release\n- [x] review PR\n- [ ] a\n- [ ] b\n- [ ] c\n- [x] write notes\n")
        let again = try TickProcess.run(["undo"], in: folder.url, environment: agent)
        #expect(again.status != 0 && again.stderr.contains("this agent has made no edit here"), "\(again.stderr)")
        let listing = try TickProcess.run(["undo", "--list", "--json"], in: folder.url, environment: agent).stdout
        #expect(listing.contains("tick done ship") && !listing.contains("tick done write"), "\(listing)")
        #expect(listing.contains("\"agent\":\"mcp-test\""), "\(listing)")
        let shown = try TickProcess.run(["undo", "--list"], in: folder.url, environment: state).stdout
        #expect(shown.contains("(undone) (agent) tick done ship") && shown.contains("  tick done write"), "\(shown)")
        // The person's undo takes back the latest operation that stands, whoever made it.
        let person = try TickProcess.run(["undo"], in: folder.url, environment: state)
        #expect(person.stdout.hasPrefix("undid 'tick done write'"), "\(person.stdout)\(person.stderr)")
    }

    static var initialize: [String: Any] { ["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                            "params": ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]]] }

    /// Started with a folder, the tools work in it, as tick run there does, and read and
    /// edit only files under it: a path outside, a ref into a file outside, a link that
    /// leads out and `..` are refused as tool errors, and nothing outside is written.
    @Test func toolsStayInsideTheirFolders() throws {
        let folder = try TemporaryDirectory()
        let inside = try folder.write("notes/TODO.md", "# Work\n\n- [ ] inside task\n")
        let outside = try folder.write("private.md", "# Mine\n\n- [ ] private task\n")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("notes/link.md").path, withDestinationPath: outside.path)
        let listed = try TickProcess.run(["list", "--json", "-f", "private.md"], in: folder.url).stdout
        let privateRef = "../private.md:" + (try #require((try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first?["ref"] as? String))
        let responses = try session([
            Self.initialize,
            call(2, "list_tasks", [:]),
            call(3, "list_tasks", ["path": "../private.md"]),
            call(4, "done_tasks", ["refs": [privateRef]]),
            call(5, "add_task", ["text": "planted", "file": "../notes/../private.md"]),
            call(6, "add_task", ["text": "through a link", "file": "link.md"]),
            call(7, "show_task", ["ref": privateRef]),
            call(8, "query_tasks", ["query": ["not done"], "vault": ".."]),
            call(9, "add_task", ["text": "new inside"]),
            call(10, "query_tasks", ["query": ["not done"]]),
        ], in: folder, arguments: ["notes"])
        func result(_ id: Int) -> [String: Any] { responses[id]?["result"] as? [String: Any] ?? [:] }
        let list = (result(2)["structuredContent"] as? [String: Any])?["result"] as? [[String: Any]]
        #expect(list?.compactMap { $0["text"] as? String } == ["inside task"], "the folder's own TODO.md, found from it")
        for id in 3...8 {
            #expect(result(id)["isError"] as? Bool == true && "\(result(id)["content"] ?? "")".contains("outside the folders tick mcp was started with (notes)"),
                    "call \(id): \(result(id))")
        }
        #expect(result(9)["isError"] as? Bool == false && result(10)["isError"] as? Bool == false)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "# Mine\n\n- [ ] private task\n")
        #expect(try String(contentsOf: inside, encoding: .utf8) == "# Work\n\n- [ ] inside task\n- [ ] new inside\n")
    }

    /// `--read-only` offers the tools that read, and refuses the others before running them.
    @Test func readOnlyOffersOnlyReading() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "- [ ] keep me open\n")
        let listed = try TickProcess.run(["list", "--json"], in: folder.url).stdout
        let ref = "TODO.md:" + (try #require((try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first?["ref"] as? String))
        let responses = try session([
            Self.initialize,
            ["jsonrpc": "2.0", "id": 2, "method": "tools/list"],
            call(3, "list_tasks", [:]),
            call(4, "done_tasks", ["refs": [ref]]),
        ], in: folder, arguments: ["--read-only"])
        let tools = ((responses[2]?["result"] as? [String: Any])?["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(tools.sorted() == ["list_groups", "list_tasks", "query_tasks", "show_task"])
        #expect((responses[3]?["result"] as? [String: Any])?["isError"] as? Bool == false)
        let refused = responses[4]?["error"] as? [String: Any]
        #expect(refused?["code"] as? Int == -32602 && "\(refused?["message"] ?? "")".contains("read-only"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "- [ ] keep me open\n")
    }

    /// What an untrusted agent tries: a ref whose file is spelled with tick's escapes, words
    /// that name files outside, an undo whose latest edit reached outside, a link in the folder
    /// leading out, option words in refs, a NUL in a text. Nothing outside is read into a
    /// result or written.
    @Test func anAgentCannotReachOutside() throws {
        let folder = try TemporaryDirectory()
        let inside = try folder.write("notes/TODO.md", "# Z\n\n- [ ] first\n- [ ] second\n")
        let outside = try folder.write("private.md", "# Mine\n\n- [ ] SECRET task\n")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("notes/link.md").path, withDestinationPath: outside.path)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let listed = try TickProcess.run(["list", "--json", "-f", "private.md"], in: folder.url).stdout
        let fingerprint = try #require((try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first?["ref"] as? String)
        // An edit from the shell that spans both files: its undo would reach outside.
        let notes = folder.url.appendingPathComponent("notes")
        _ = try TickProcess.run(["list"], in: notes, environment: state)
        #expect(try TickProcess.run(["done", "3", "../private.md:3"], in: notes, environment: state).status == 0)
        let before = try String(contentsOf: outside, encoding: .utf8)
        let responses = try session([
            Self.initialize,
            call(2, "done_tasks", ["refs": ["\\x2e\\x2e\\x2fprivate.md:" + fingerprint]]),
            call(3, "list_tasks", ["words": ["../private.md"], "all": true]),
            call(4, "undo", ["file": "TODO.md"]),
            call(5, "list_tasks", ["path": "."]),
            call(6, "done_tasks", ["refs": ["-gZ:1@00000000"]]),
            call(7, "add_task", ["text": "cut\u{0}here", "file": "TODO.md"]),
            ["jsonrpc": "2.0", "id": 8, "method": "resources/list"],
            ["jsonrpc": "2.0", "id": 9, "method": "resources/read", "params": ["uri": "file://" + notes.appendingPathComponent("link.md").path]],
        ], in: folder, arguments: ["notes"])
        func result(_ id: Int) -> [String: Any] { responses[id]?["result"] as? [String: Any] ?? [:] }
        func said(_ id: Int) -> String { "\(responses[id] ?? [:])" }
        for id in [2, 3, 4, 6, 7] { #expect(result(id)["isError"] as? Bool == true, "call \(id): \(said(id))") }
        for id in 2...9 { #expect(!said(id).contains("SECRET"), "call \(id) read the file outside: \(said(id))") }
        // The folder's own tasks list, refs whole in the text an agent reads too.
        #expect(result(5)["isError"] as? Bool == false && said(5).contains("TODO.md:4@"), "\(said(5))")
        #expect(responses[9]?["error"] != nil)
        #expect(try String(contentsOf: outside, encoding: .utf8) == before)
        #expect(try String(contentsOf: inside, encoding: .utf8) == "# Z\n\n- [x] first\n- [ ] second\n")
    }

    /// A refusal or a note says what to do in the tools' own terms: their arguments, not the
    /// command's options; list_tasks or list_groups, not a command line; never a word of the
    /// options the server adds to each call. A group name close to an existing one is
    /// refused unless new_group is set.
    @Test func messagesNameTheToolsArguments() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] ship release\n\n# Home\n\n- [ ] water plants\n")
        let responses = try session([
            Self.initialize,
            call(2, "list_tasks", ["due": "soonish"]),
            call(3, "list_tasks", ["group": "Wrk"]),
            call(4, "list_tasks", ["words": ["nothing-like-it"]]),
            call(5, "query_tasks", ["query": ["not done", "due soonish"]]),
            call(6, "done_tasks", ["refs": ["TODO.md:3@0123abcd"]]),
            call(7, "add_task", ["text": "typo", "group": "Hme"]),
            call(8, "add_task", ["text": "fence", "group": "Garden"]),
            call(9, "undo", [:]),
            call(10, "list_groups", [:]),
            call(11, "add_task", ["text": "hidden", "file": "notes.txt"]),
            call(12, "add_task", ["text": "x", "file": "sub/deeper/new.md"]),
            call(13, "add_task", ["text": String(repeating: "a", count: 200_000)]),
            call(14, "list_groups", ["path": "../elsewhere"]),
        ], in: folder)
        func text(_ id: Int) -> String {
            ((responses[id]?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String ?? "\(responses[id] ?? [:])"
        }
        #expect(text(2).hasPrefix("invalid value 'soonish' for 'due': expected today"), "\(text(2))")
        #expect(text(3) == "no group 'Wrk' in TODO.md (did you mean 'Work'?); list_groups lists them\n", "\(text(3))")
        #expect(text(4).contains("(of the statuses shown; 'all' looks among every task)"), "\(text(4))")
        #expect(text(5) == "query line 2: 'due soonish': cannot read the date 'soonish'\n", "\(text(5))")
        #expect(text(6).hasSuffix("; call list_tasks again\n"), "\(text(6))")
        #expect(text(7) == "TODO.md: no group 'Hme'; did you mean 'Home'? (set 'new_group' to make a new group 'Hme')\n", "\(text(7))")
        #expect(text(9).hasPrefix("undid 'add_task group=Garden fence' (TODO.md)"), "\(text(9))")
        #expect(text(10).contains("\"group\":[\"Home\"]") && text(10).contains("\"open\":1"), "\(text(10))")
        #expect(text(11).hasPrefix("'notes.txt' is not a Markdown file by its name"), "\(text(11))")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("notes.txt").path))
        // A folder not there yet is no way out: the command says it is missing. A text too
        // long for a command line is said as that.
        #expect(text(12) == "cannot create sub/deeper/new.md: there is no folder sub/deeper\n", "\(text(12))")
        #expect(text(13) == "'text' is longer than tick takes (64 KiB); give a shorter one", "\(text(13))")
        #expect(text(14).hasPrefix("../elsewhere is outside the folders tick mcp was started with"), "\(text(14))")
        for id in 2...14 {
            #expect(!text(id).contains("--json") && !text(id).contains("tick list") && !text(id).contains("-f FILE") && !text(id).hasPrefix("tick: "),
                    "call \(id): \(text(id))")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] ship release\n\n# Home\n\n- [ ] water plants\n")
    }

    /// An agent's views never change what a person's numbers mean: a person lists their
    /// project, an agent lists another, and the person's number still names their task. The
    /// agent's refs still follow a task whose line moved.
    @Test func anAgentsViewsLeaveAPersonsNumbers() throws {
        let root = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": root.url.appendingPathComponent(".state").path]
        try root.write("mine/TODO.md", "# Mine\n\n- [ ] first\n- [ ] second\n")
        let agents = try root.write("agent/TODO.md", "# A\n\n- [ ] task a\n")
        let mine = root.url.appendingPathComponent("mine")
        #expect(try TickProcess.run(["list"], in: mine, environment: state).status == 0)
        let agent = root.url.appendingPathComponent("agent")
        let listed = try TickProcess.run(["mcp", agent.path], in: root.url, environment: state,
                                         stdin: try [Self.initialize, call(2, "list_tasks", [:])].map {
                                             String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n")
        let ref = try #require(listed.stdout.split(separator: "\"").first { $0.hasPrefix("TODO.md:3@") && !$0.hasSuffix("\\") }.map(String.init),
                               "\(listed.stdout)")
        let done = try TickProcess.run(["done", "4"], in: mine, environment: state)
        #expect(done.status == 0 && done.stdout == "done 4 [x] second\n", "\(done.stdout)\(done.stderr)")
        // A line put above the agent's task: its ref still names it.
        try "# A\n\n- [ ] new above\n- [ ] task a\n".write(to: agents, atomically: false, encoding: .utf8)
        let moved = try TickProcess.run(["mcp", agent.path], in: root.url, environment: state,
                                        stdin: try [Self.initialize, call(2, "done_tasks", ["refs": [ref]])].map {
                                            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n")
        let after = try String(contentsOf: agents, encoding: .utf8)
        #expect(!moved.stdout.contains("\"isError\":true") && after == "# A\n\n- [ ] new above\n- [x] task a\n", "\(moved.stdout)\(after)")
    }

    /// Started confined, the server narrows `TICK_ROOTS`, never widens it: a folder outside
    /// is refused, and with none named it serves the roots it was given. Started in `/` with
    /// no folder, it refuses to serve every file. A task file is never looked for above the
    /// folders it serves.
    /// A vault of notes has no TODO.md: a read that names no file reads the folder served.
    @Test func aVaultWithoutATaskFileIsReadWhole() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("vault/Projects/launch.md", "# Launch\n\n- [ ] book the venue\n")
        _ = try folder.write("vault/Inbox.md", "- [ ] call the printer\n")
        let responses = try session([Self.initialize, call(2, "list_tasks", [:]), call(3, "list_groups", [:])], in: folder, arguments: ["vault"])
        let tasks = "\(responses[2] ?? [:])", groups = "\(responses[3] ?? [:])"
        #expect(tasks.contains("book the venue") && tasks.contains("call the printer") && !tasks.contains("isError = 1"), "\(tasks)")
        #expect(groups.contains("Launch") && !groups.contains("isError = 1"), "\(groups)")
    }

    @Test func inheritedRootsOnlyNarrow() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("TODO.md", "- [ ] SECRET task above\n")
        _ = try folder.write("notes/TODO.md", "- [ ] inside\n")
        _ = try folder.write("empty/readme.md", "no tasks\n")
        let notes = folder.url.appendingPathComponent("notes").resolvingSymlinksInPath().path
        let wider = try TickProcess.run(["mcp", "."], in: folder.url, environment: ["TICK_ROOTS": notes], stdin: "")
        #expect(wider.status == 2 && wider.stderr == "tick: . is outside the folders TICK_ROOTS allows (\(notes))\n", "\(wider.stderr)")
        let everything = try TickProcess.run(["mcp"], in: URL(fileURLWithPath: "/"), stdin: "")
        #expect(everything.status == 2 && everything.stderr.hasPrefix("tick: started in /, which would serve every file here"), "\(everything.stderr)")
        let served = try session([Self.initialize, call(2, "list_tasks", [:]), call(3, "list_tasks", ["path": folder.url.appendingPathComponent("TODO.md").path])],
                                 in: folder, environment: ["TICK_ROOTS": notes])
        #expect("\(served[2] ?? [:])".contains("inside"), "\(served[2] ?? [:])")
        #expect((served[3]?["result"] as? [String: Any])?["isError"] as? Bool == true && !"\(served[3] ?? [:])".contains("SECRET"))
        let climbed = try session([Self.initialize, call(2, "list_tasks", [:])], in: folder, arguments: ["empty"])
        let said = "\(climbed[2] ?? [:])"
        #expect(said.contains("isError") && !said.contains("SECRET") && !said.contains("../TODO.md"), "\(said)")
    }

    /// `TICK_ROOTS`, which `tick mcp` sets for the commands it runs, holds for any command: a
    /// file outside is neither read, written nor created, however it is named; a walk of a
    /// folder that holds the roots reads the files in them and passes the others by, saying so.
    @Test func rootsConfineEveryCommand() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("notes/TODO.md", "- [ ] inside\n")
        let outside = try folder.write("private.md", "* [ ] SECRET task   \n")
        let roots = ["TICK_ROOTS": folder.url.appendingPathComponent("notes").resolvingSymlinksInPath().path]
        let notes = folder.url.appendingPathComponent("notes")
        for arguments in [["list", "-f", "../private.md"], ["done", "SECRET", "-f", "../private.md"], ["add", "-f", "../new.md", "planted"]] {
            let run = try TickProcess.run(arguments, in: notes, environment: roots)
            #expect(run.status == 2 && run.stderr.contains("leads outside the folders this tick may use (TICK_ROOTS)"), "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("SECRET"))
        }
        for arguments in [["list", ".."], ["fmt", ".."], ["lint", ".."]] {
            let run = try TickProcess.run(arguments, in: notes, environment: roots)
            #expect(!run.stdout.contains("SECRET") && !run.stdout.contains("private"), "\(arguments): \(run.stdout)")
            #expect(run.stderr.contains("tick: note: 1 file under .. lies outside the folders this tick may use (TICK_ROOTS); not read"), "\(arguments): \(run.stderr)")
        }
        #expect(try TickProcess.run(["list", ".."], in: notes, environment: roots).stdout.contains("inside"))
        // A root written with a slash at its end is the same root; a folder with nothing in
        // the roots is refused, as a file outside is.
        let slashed = ["TICK_ROOTS": roots["TICK_ROOTS"]! + "/"]
        #expect(try TickProcess.run(["list", "TODO.md"], in: notes, environment: slashed).stdout.contains("inside"))
        try folder.write("elsewhere/o.md", "- [ ] other\n")
        let refused = try TickProcess.run(["list", "../elsewhere"], in: notes, environment: roots)
        #expect(refused.status == 2 && refused.stderr.contains("leads outside the folders this tick may use"), "\(refused.stderr)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "* [ ] SECRET task   \n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("new.md").path))
        #expect(try TickProcess.run(["list"], in: notes, environment: roots).stdout.contains("inside"))
    }
}
