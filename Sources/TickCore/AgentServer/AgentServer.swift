/// `tick mcp`: a Model Context Protocol server (JSON-RPC 2.0, one message per line, revision
/// 2025-06-18) through which an agent reads and edits task files with tick's own commands.
///
/// Each tool runs this tick as a command with `--json`, so an agent's edit is the CLI's: the
/// same lock, edit law, journal (undo takes it back) and refusals. An edit names its tasks by
/// the refs a listing gave (`FILE:LINE@FINGERPRINT`) and nothing else: an agent cannot edit a
/// task it has not read, and a task changed since it was read is refused, as in the CLI.
///
/// The tools read and edit only files under the folders the server was started with (the
/// host says which, `AgentServerHost.admits`); `readOnly` offers only the tools that read.
/// Pure: a line in, lines out; tick's commands, the folders and their files are the host's.
package struct AgentServer {
    static let protocolVersion = "2025-06-18"
    let host: any AgentServerHost
    let readOnly: Bool
    let version: String
    private var output: [UInt8] = []
    /// Whether the client has sent `initialize`: until then, only it and `ping` are answered.
    private var initialized = false

    /// `version`: what `initialize` names the server's version.
    package init(host: any AgentServerHost, readOnly: Bool, version: String) {
        self.host = host
        self.readOnly = readOnly
        self.version = version
    }

    /// The tools offered: every one, or those that only read.
    var tools: [Tool] { readOnly ? Self.tools.filter(\.reads) : Self.tools }

    /// Handles one line of input (one message; a blank line is none): the lines to send
    /// back, each ending in a newline.
    package mutating func handle(line: [UInt8]) -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { handle(line) }
        return output
    }

    private mutating func handle(_ line: [UInt8]) {
        let message: JSON
        do { message = try JSON.parse(line) } catch {
            return send(JSONRPCError.parseError(error).response(to: .null))
        }
        guard case .object = message, let method = message["method"]?.string else {
            if message["result"] == nil && message["error"] == nil {
                send(JSONRPCError.invalidRequest("not a JSON-RPC request or notification").response(to: message["id"] ?? .null))
            }
            return
        }
        // A notification (`notifications/initialized`, `notifications/cancelled`) needs no answer.
        guard let id = message["id"] else { return }
        guard message["jsonrpc"]?.string == "2.0", id.string != nil || id.int != nil else {
            return send(JSONRPCError.invalidRequest("not a JSON-RPC 2.0 request: it needs \"jsonrpc\": \"2.0\" and a string or number id").response(to: .null))
        }
        let params = message["params"] ?? .object([:])
        guard initialized || method == "initialize" || method == "ping" else {
            return send(JSONRPCError(code: -32002, message: "send initialize first: tick mcp answers \(method) once initialized").response(to: id))
        }
        let result: Result<JSON, JSONRPCError>
        switch method {
        case "initialize":
            initialized = true
            result = .success(initialize(params))
        case "ping": result = .success(.object([:]))
        case "tools/list": result = .success(.object(["tools": .array(tools.map(\.description))]))
        case "tools/call": result = call(params)
        case "resources/list": result = listResources()
        case "resources/read": result = readResource(params)
        case "prompts/list": result = .success(.object(["prompts": .array([])]))
        case "resources/templates/list": result = .success(.object(["resourceTemplates": .array([])]))
        default: result = .failure(.methodNotFound("tick mcp does not handle \(method)"))
        }
        switch result {
        case .success(let value): send(.object(["jsonrpc": .string("2.0"), "id": id, "result": value]))
        case .failure(let failure): send(failure.response(to: id))
        }
    }


    private func initialize(_ params: JSON) -> JSON {
        .object([
            "protocolVersion": .string(Self.protocolVersion),
            "capabilities": .object(["tools": .object(["listChanged": .bool(false)]), "resources": .object(["listChanged": .bool(false)])]),
            "serverInfo": .object(["name": .string("tick"), "title": .string("tick: todo lists in Markdown"), "version": .string(version)]),
            "instructions": .string(readOnly ? """
                Tasks live in Markdown files. Read them with list_tasks, query_tasks, list_groups and show_task (by the refs \
                a listing gives, FILE:LINE@FINGERPRINT). This server only reads: it offers no tool that edits.
                """ : """
                Tasks live in Markdown files. Read them with list_tasks (or query_tasks; list_groups names the groups), then edit them by the \
                refs those give (FILE:LINE@FINGERPRINT); a task changed since it was read is refused: read again. \
                Every edit can be taken back with undo.
                """),
        ])
    }

    // MARK: - Tools

    /// A tool: its name, what it does, its arguments (a JSON schema) and the command it runs.
    struct Tool: Sendable {
        let name: String
        let summary: String
        let properties: [String: JSON]
        let required: [String]
        /// Whether the tool only reads (offered by a read-only server).
        var reads = false
        /// The command's options by the arguments that set them (`--due`: `due`), for its
        /// messages to name the arguments an agent passes.
        var options: [String: String] = [:]
        let command: @Sendable (JSON) throws(JSONRPCError) -> [String]

        var description: JSON {
            .object(["name": .string(name), "description": .string(summary),
                     "inputSchema": .object(["type": .string("object"), "properties": .object(properties), "required": .array(required.map(JSON.string))]),
                     // Every edit is journaled (undo takes it back), and only the files named are touched.
                     "annotations": .object(["readOnlyHint": .bool(reads), "destructiveHint": .bool(false), "openWorldHint": .bool(false)])])
        }

        /// What is wrong with a call's arguments against the tool's schema: not an object, a
        /// name it does not take, a value of another type; nil when they fit. (Read loosely, a
        /// `path` of 5 would list the default file instead.)
        func misfit(_ arguments: JSON) -> String? {
            guard case .object(let members) = arguments else { return "\(name) takes its arguments as an object" }
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                guard let schema = properties[key] else {
                    return "\(name) has no argument '\(key)'; it takes " + properties.keys.sorted().joined(separator: ", ")
                }
                let fits: Bool
                switch schema["type"]?.string {
                case "string": fits = value.string != nil
                case "boolean": fits = value.bool != nil
                case "array": fits = value.array?.allSatisfy { $0.string != nil } ?? false
                case "integer": fits = value.int.map { $0 >= 1 } ?? false
                default: fits = true
                }
                let kind = ["array": "a list of strings", "integer": "a whole number from 1"][schema["type"]?.string ?? ""] ?? "a " + (schema["type"]?.string ?? "value")
                if !fits { return "\(name)'s '\(key)' is \(kind)" }
            }
            return nil
        }

        /// The files and folders a call names, and what it reads or edits when it names none
        /// (`Target`).
        func targets(_ arguments: JSON) -> [Target] {
            func file(_ key: String, else fallback: Target) -> [Target] { [arguments[key]?.string.map(Target.path) ?? fallback] }
            // A ref's file as it is written, and as tick reads its escapes (`\x2f`).
            func refFiles(_ ref: JSON) -> [Target] {
                guard let text = ref.string, let colon = text.lastIndex(of: ":") else { return [] }
                let file = String(text[..<colon])
                return [.path(file)] + (PathBytes.parse(displayed: file).map { [.path($0)] } ?? [])
            }
            switch name {
            case "list_tasks":
                // A word that names a file or folder is read as one.
                return file("path", else: .defaultFile) + (arguments["words"]?.array ?? []).compactMap { $0.string.map(Target.word) }
            case "query_tasks": return file("vault", else: .path("."))
            case "list_groups": return file("path", else: .defaultFile)
            case "add_task": return file("file", else: .defaultFile)
            case "undo": return [.latestEdit(arguments["file"]?.string)]
            default: return ((arguments["refs"]?.array ?? []) + [arguments["ref"]].compactMap { $0 }).flatMap(refFiles)
            }
        }
    }

    /// What a tool call reads or edits: a path it names, a word that may name one, the task
    /// file tick uses when it names none, or the files of the latest edit (`undo`), of one
    /// file or of any.
    enum Target {
        case path(String)
        case word(String)
        case defaultFile
        case latestEdit(String?)
    }


    static let string: JSON = .object(["type": .string("string")])
    static let strings: JSON = .object(["type": .string("array"), "items": .object(["type": .string("string")])])
    static let flag: JSON = .object(["type": .string("boolean")])
    static let integer: JSON = .object(["type": .string("integer"), "minimum": JSON(1)])
    /// How many tasks `list_tasks` gives unless told otherwise: a folder of notes holds
    /// thousands, more than an agent's context.
    static let listLimit = 100
    static func described(_ schema: JSON, _ text: String) -> JSON {
        guard case .object(var members) = schema else { return schema }
        members["description"] = .string(text)
        return .object(members)
    }

    static let refs = described(strings, "The tasks, each by the ref list_tasks gave it: FILE:LINE@FINGERPRINT.")

    static let tools: [Tool] = [
        Tool(name: "list_tasks", summary: "List tasks of a file or folder (open and in progress unless all is set), with the refs that edits take.",
             properties: ["path": described(string, "A task file or a folder (default: the nearest TODO.md, else the folder the server runs in)."),
                          "all": described(flag, "Tasks of every status."),
                          "group": described(string, "Only this group and its subgroups."),
                          "due": described(string, "today, tomorrow, week, overdue, soon, none, any, before:DATE or after:DATE."),
                          "tags": described(strings, "Tasks with any of these #tags."),
                          "words": described(strings, "Words the task's text holds."),
                          "limit": described(integer, "At most this many tasks, in file order (default \(listLimit)); the result says how many it left out.")],
             required: [], reads: true,
             options: ["--all": "all", "--group": "group", "--due": "due", "--tag": "tags", "--file": "path", "-f FILE": "path"]) { arguments throws(JSONRPCError) in
            var words = ["list", "--json"]
            if arguments["all"]?.bool == true { words.append("--all") }
            if let group = arguments["group"]?.string { words.append("--group=" + group) }
            if let due = arguments["due"]?.string { words.append("--due=" + due) }
            for tag in arguments["tags"]?.array?.compactMap(\.string) ?? [] { words.append("--tag=" + tag) }
            if let path = arguments["path"]?.string { words.append("--file=" + path) }
            return words + ["--"] + (arguments["words"]?.array?.compactMap(\.string) ?? [])
        },
        Tool(name: "query_tasks", summary: "Run an Obsidian Tasks query (its lines, such as 'not done', 'due before tomorrow', 'sort by priority') against a folder.",
             properties: ["query": described(strings, "The query's lines."), "vault": described(string, "The folder to read (default: the working directory).")],
             required: ["query"], reads: true, options: ["--vault": "vault"]) { arguments throws(JSONRPCError) in
            // A line that holds line breaks is the lines it holds, as a block would have them.
            let lines = (arguments["query"]?.array?.compactMap(\.string) ?? []).flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }
            guard !lines.isEmpty else { throw .invalidParams("query needs at least one line") }
            return ["query", "--json"] + (arguments["vault"]?.string.map { ["--vault=" + $0] } ?? []) + lines.map { "--expression=" + $0 }
        },
        Tool(name: "list_groups", summary: "The groups (headings) of a file or folder, with their open and done counts: where add_task and move_task can put a task.",
             properties: ["path": described(string, "A task file or a folder (default: the nearest TODO.md, else the folder the server runs in).")],
             required: [], reads: true, options: ["--file": "path", "-f FILE": "path"]) { arguments throws(JSONRPCError) in
            ["groups", "--json"] + (arguments["path"]?.string.map { ["--file=" + $0] } ?? [])
        },
        Tool(name: "show_task", summary: "One task whole: its fields, notes and subtasks.",
             properties: ["ref": described(string, "The task's ref: FILE:LINE@FINGERPRINT.")], required: ["ref"], reads: true) { arguments throws(JSONRPCError) in
            ["show", "--json", "--", try ref(arguments["ref"])]
        },
        Tool(name: "add_task", summary: "Add a task at the end of a group (created when missing) of a task file.",
             properties: ["text": described(string, "The task's text; fields such as due:fri are written as dates."),
                          "file": described(string, "The task file (default: the nearest TODO.md)."),
                          "group": described(string, "The group (a new name makes a new group)."),
                          "new_group": described(flag, "Make the group even though its name is close to an existing group's."),
                          "due": described(string, "A due date: 2026-12-01, today, fri, +3d."),
                          "important": described(flag, "Star it.")],
             required: ["text"], options: ["--file": "file", "-f FILE": "file", "--group": "group", "--due": "due", "--star": "important", "--create": "new_group"]) { arguments throws(JSONRPCError) in
            guard let text = arguments["text"]?.string, !text.isEmpty else { throw .invalidParams("add_task needs a text") }
            var words = ["add", "--json"]
            if let file = arguments["file"]?.string {
                // A task file list_tasks and the resources will show: Markdown by its name.
                guard [".md", ".markdown"].contains(where: file.lowercased().hasSuffix) else {
                    throw .invalidParams("'\(file)' is not a Markdown file by its name (.md, .markdown), and list_tasks reads only those; name one that is")
                }
                words.append("--file=" + file)
            }
            if let group = arguments["group"]?.string { words.append("--group=" + group) }
            if arguments["new_group"]?.bool == true { words.append("--create") }
            if let due = arguments["due"]?.string { words.append("--due=" + due) }
            if arguments["important"]?.bool == true { words.append("--star") }
            return words + ["--", text]
        },
    ] + ["done", "reopen", "start", "cancel"].map { verb in
        Tool(name: verb + "_tasks", summary: verb == "done" ? "Mark tasks done (a repeating task gets its next occurrence)." : "\(verb.prefix(1).uppercased() + verb.dropFirst()) tasks.",
             properties: ["refs": refs], required: ["refs"]) { arguments throws(JSONRPCError) in
            [verb, "--json", "--yes", "--"] + (try refList(arguments["refs"]))
        }
    } + [
        Tool(name: "set_due", summary: "Set, move or clear tasks' due date.",
             properties: ["refs": refs, "date": described(string, "2026-12-01, today, fri, next week, +3d, due+2d (from the current date), or none.")],
             required: ["refs", "date"]) { arguments throws(JSONRPCError) in
            guard let date = arguments["date"]?.string, !date.isEmpty else { throw .invalidParams("set_due needs a date") }
            return ["due", "--json", "--yes", "--"] + (try refList(arguments["refs"])) + [date]
        },
        Tool(name: "move_task", summary: "Move a task with its subtasks and notes to another group, or up or down in its list.",
             properties: ["ref": described(string, "The task's ref."), "group": described(string, "The group to move it to."),
                          "direction": described(string, "up, down, top or bottom (without group: in its own list).")],
             required: ["ref"], options: ["--to": "group", "--top": "direction", "--bottom": "direction"]) { arguments throws(JSONRPCError) in
            var words = ["move", "--json"]
            if let group = arguments["group"]?.string { words.append("--to=" + group) }
            var direction: [String] = []
            switch arguments["direction"]?.string {
            case nil: if arguments["group"] == nil { throw .invalidParams("move_task needs a group or a direction") }
            case "up", "down": direction = [arguments["direction"]!.string!]
            case "top", "bottom": words.append("--" + arguments["direction"]!.string!)
            default: throw .invalidParams("direction is up, down, top or bottom")
            }
            return words + ["--", try ref(arguments["ref"])] + direction
        },
        Tool(name: "add_note", summary: "Add a note under a task.",
             properties: ["ref": described(string, "The task's ref."), "text": described(string, "The note.")], required: ["ref", "text"]) { arguments throws(JSONRPCError) in
            guard let text = arguments["text"]?.string, !text.isEmpty else { throw .invalidParams("add_note needs a text") }
            return ["note", "--json", "--", try ref(arguments["ref"]), text]
        },
        Tool(name: "undo", summary: "Take back this session's latest edit, or its latest of one file. Edits made since by people or other agents stay; theirs are never taken back.",
             properties: ["file": described(string, "Only this session's latest edit of this file.")], required: [],
             options: ["--file": "file", "-f FILE": "file"]) { arguments throws(JSONRPCError) in
            ["undo"] + (arguments["file"]?.string.map { ["--file=" + $0] } ?? [])
        },
    ]

    /// A ref as edits take it from an agent: a file, a line and the fingerprint of what was read.
    static func ref(_ value: JSON?) throws(JSONRPCError) -> String {
        guard let text = value?.string else { throw .invalidParams("a ref is a string: FILE:LINE@FINGERPRINT") }
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex,
              TaskReference.fingerprinted(String(text[text.index(after: colon)...])) != nil else {
            throw .invalidParams("'\(text)' is not a ref: name a task by the ref list_tasks gave it (FILE:LINE@FINGERPRINT), so that a task changed since is refused")
        }
        return text
    }

    static func refList(_ value: JSON?) throws(JSONRPCError) -> [String] {
        guard let values = value?.array, !values.isEmpty else { throw .invalidParams("refs is a list of refs from list_tasks") }
        var refs: [String] = []
        for value in values { refs.append(try ref(value)) }
        return refs
    }

    private func call(_ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let name = params["name"]?.string, let tool = tools.first(where: { $0.name == name }) else {
            let readOnlyTool = readOnly && Self.tools.contains { $0.name == params["name"]?.string }
            return .failure(.invalidParams(readOnlyTool ? "tick mcp runs read-only: '\(params["name"]?.string ?? "")' is not offered"
                                                        : "no tool '\(params["name"]?.string ?? "")'; tools/list names them"))
        }
        var words: [String]
        let arguments = params["arguments"] ?? .object([:])
        // A command line has a size limit (about 128 KiB an argument): a longer value is said
        // here, not as the system's "argument list too long".
        if case .object(let members) = arguments,
           let (key, _) = members.first(where: { ($0.value.string?.utf8.count ?? 0) > Self.longestValue }) {
            return .success(Self.toolError("'\(key)' is longer than tick takes (\(Self.longestValue / 1024) KiB); give a shorter one"))
        }
        // Arguments a tool cannot take are said in its result, for the agent to read and
        // correct, as the spec has tool errors reported.
        if let wrong = tool.misfit(arguments) { return .success(Self.toolError(wrong)) }
        do { words = try tool.command(arguments) } catch { return .success(Self.toolError(error.message)) }
        // A folder of notes with no task file of its own (a vault): a read that names no file
        // reads the folder the server runs in.
        if tool.reads, tool.properties["path"] != nil, arguments["path"] == nil, host.defaultTaskFile() == nil {
            words.insert("--file=.", at: words.firstIndex(of: "--") ?? words.endIndex)
        }
        // A command line cannot hold a NUL: the value would end there, silently.
        if words.contains(where: { $0.utf8.contains(0) }) {
            return .success(Self.toolError("a value holds a NUL character, which tick cannot take; leave it out"))
        }
        if let outside = tool.targets(arguments).lazy.compactMap(outside).first {
            return .success(Self.toolError(outside))
        }
        switch host.run(tick: words) {
        case .failure(let failure):
            return .success(Self.toolError("tick could not run this call: \(failure.reason)"))
        case .success(let run):
            let said = String(decoding: run.stderr, as: UTF8.self)
            // A refusal is the tool's result, for the agent to read: one line, as the CLI says it.
            guard run.status == 0 || (run.status == 1 && !run.stdout.isEmpty) else {
                return .success(Self.toolError(said.isEmpty ? "tick exited with \(run.status)" : ToolWords.spoken(said, options: tool.options)))
            }
            var structured: JSON = .object([:])
            // The text says what the structured result says, refs made whole (clients show
            // agents the text), and what tick said besides.
            var text = ToolWords.spoken(String(decoding: run.stdout, as: UTF8.self), options: tool.options)
            if let parsed = try? JSON.parse(run.stdout) {
                var result = Self.withFileRefs(parsed)
                var more = "", leftOut: [String: JSON] = [:]
                // A long list is cut, and says so, with how to get the rest.
                if tool.properties["limit"] != nil, case .array(let items) = result {
                    let limit = arguments["limit"]?.int ?? Self.listLimit
                    if items.count > limit {
                        result = .array(Array(items.prefix(limit)))
                        more = "\(items.count - limit) more tasks left out (limit \(limit)); narrow with group, due, tags or words, or raise limit\n"
                        leftOut["leftOut"] = JSON(items.count - limit)
                    }
                }
                structured = .object(leftOut.merging(["result": result]) { $1 })
                text = String(decoding: result.encoded, as: UTF8.self) + "\n" + more
            }
            text += ToolWords.spoken(said, options: tool.options)
            return .success(.object(["content": .array([.object(["type": .string("text"), "text": .string(text)])]),
                                     "structuredContent": structured, "isError": .bool(false)]))
        }
    }

    /// Why a call may not read or edit `target`: it leads outside the server's folders. Nil
    /// when it may (or names nothing tick would find, which the command itself says).
    private func outside(_ target: Target) -> String? {
        var paths: [String] = []
        var advice = "name a file under them"
        switch target {
        case .path(let path): paths = [path]
        case .word(let word): if host.exists(word) { paths = [word] }
        case .defaultFile:
            // None found: the command says so, and reads and writes nothing.
            guard let file = host.defaultTaskFile() else { return nil }
            paths = [file]
        case .latestEdit(let file):
            if let file, !host.admits(file) { paths = [file]; break }
            // Every file of the edit it would take back (an edit may span files).
            guard let files = latestEditFiles(of: file) else {
                if let file { return "nothing to undo: this session has made no edit of \(file) that is not undone" }
                return "nothing to undo: this session has made no edit in the folders tick mcp was started with (\(host.foldersShown)) that is not undone"
            }
            paths = files
            advice = "its latest edit is not one an agent here may take back"
        }
        guard let path = paths.first(where: { !host.admits($0) }) else { return nil }
        return "\(PathBytes.display(path)) is outside the folders tick mcp was started with (\(host.foldersShown)); " + advice
    }

    /// The files of the edit `tick undo` would take back here (of `file`, when named), as
    /// `undo --list` names them; nil when there is none.
    private func latestEditFiles(of file: String?) -> [String]? {
        guard case .success(let run) = host.run(tick: ["undo", "--list", "--json"] + (file.map { ["--file=" + $0] } ?? [])), run.status == 0,
              let entries = (try? JSON.parse(run.stdout))?.array,
              let latest = entries.first(where: { $0["undone"]?.bool == false }) else { return nil }
        return (latest["files"]?.array ?? []).compactMap { $0["path"]?.string }.map { PathBytes.parse(displayed: $0) ?? $0 }
    }

    /// The longest text a tool takes in one argument.
    static let longestValue = 64 * 1024

    static func toolError(_ message: String) -> JSON {
        .object(["content": .array([.object(["type": .string("text"), "text": .string(message)])]), "isError": .bool(true)])
    }

    /// The CLI's task objects with each `ref` made whole (`FILE:LINE@FINGERPRINT`), as the
    /// edit tools take it back.
    static func withFileRefs(_ value: JSON) -> JSON {
        switch value {
        case .array(let values): return .array(values.map(withFileRefs))
        case .object(var members):
            if let file = members["file"]?.string, let ref = members["ref"]?.string, !ref.contains(":") { members["ref"] = .string(file + ":" + ref) }
            return .object(members.mapValues(withFileRefs))
        default: return value
        }
    }

    // MARK: - Resources

    private func listResources() -> Result<JSON, JSONRPCError> {
        .success(.object(["resources": .array(host.taskFiles().map { path in
            .object(["uri": .string(FileURI.uri(ofPath: path)), "name": .string(PathBytes.display(path)), "mimeType": .string("text/markdown")])
        })]))
    }

    private func readResource(_ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let uri = params["uri"]?.string, let path = FileURI.path(ofURI: uri) else { return .failure(.invalidParams("a resource is a file: URI")) }
        // Only the task files offered: never any other file the server could read.
        guard host.isTaskFile(path) else { return .failure(JSONRPCError(code: -32002, message: "no task file \(uri) among the resources")) }
        guard let bytes = host.contents(ofFile: path) else { return .failure(JSONRPCError(code: -32603, message: "cannot read \(uri)")) }
        return .success(.object(["contents": .array([.object(["uri": .string(uri), "mimeType": .string("text/markdown"),
                                                              "text": .string(String(decoding: bytes, as: UTF8.self))])])]))
    }

    // MARK: - Output

    private mutating func send(_ message: JSON) {
        output += message.encoded
        output.append(0x0A)
    }
}
