import Foundation
import Testing

/// `tick lsp` driven over its pipes as an editor drives it: every answer is checked against
/// what the CLI does with the same bytes (lint's findings, fmt's output, an edit's result).
@Suite(.serialized) struct LanguageServerTests {
    /// A client speaking JSON-RPC with `Content-Length` framing to one `tick lsp`.
    final class Client {
        let process = Process()
        private let input = Pipe(), output = Pipe()
        private var buffer = Data()
        private var nextID = 1
        /// Notifications received while waiting for a response.
        var notifications: [[String: Any]] = []

        /// `resolves`: the client asks for a code action's edit when one is chosen (`codeAction/resolve`).
        init(encoding: String = "utf-8", resolves: Bool = false, environment: [String: String] = [:], directory: URL? = nil, workspace: URL? = nil) throws {
            _ = TickProcess.ignoresBrokenPipes
            process.executableURL = TickProcess.binary
            process.arguments = ["lsp"]
            process.environment = TickProcess.testEnvironment.merging(environment) { $1 }
            if let directory { process.currentDirectoryURL = directory }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var capabilities: [String: Any] = ["general": ["positionEncodings": [encoding]]]
            if resolves { capabilities["textDocument"] = ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]] }
            var initialize: [String: Any] = ["capabilities": capabilities]
            if let workspace { initialize["rootUri"] = "file://" + workspace.path }
            let result = try request("initialize", initialize)
            #expect((result as? [String: Any])?["capabilities"] != nil)
            notify("initialized", [:])
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        func write(raw: Data) {
            try? input.fileHandleForWriting.write(contentsOf: raw)
        }

        func send(_ message: [String: Any]) {
            let body = try! JSONSerialization.data(withJSONObject: message)
            write(raw: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func notify(_ method: String, _ params: [String: Any]) {
            send(["jsonrpc": "2.0", "method": method, "params": params])
        }

        /// Sends a request and returns its result; an error response is thrown.
        func request(_ method: String, _ params: [String: Any]) throws -> Any? {
            let id = nextID
            nextID += 1
            send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            let response = try self.response(id: id)
            if let error = response["error"] { throw ServerError(description: "\(error)") }
            return response["result"].flatMap { $0 is NSNull ? nil : $0 }
        }

        struct ServerError: Error, CustomStringConvertible { let description: String }

        func response(id: Any) throws -> [String: Any] {
            while true {
                let message = try receive()
                if message["method"] != nil, message["id"] == nil { notifications.append(message); continue }
                if "\(message["id"] ?? "")" == "\(id)" { return message }
            }
        }

        /// The next diagnostics published for `uri`.
        func diagnostics(_ uri: String) throws -> [[String: Any]] {
            if let index = notifications.firstIndex(where: { ($0["params"] as? [String: Any])?["uri"] as? String == uri && $0["method"] as? String == "textDocument/publishDiagnostics" }) {
                let message = notifications.remove(at: index)
                return (message["params"] as! [String: Any])["diagnostics"] as! [[String: Any]]
            }
            while true {
                let message = try receive()
                if message["method"] as? String == "textDocument/publishDiagnostics", (message["params"] as? [String: Any])?["uri"] as? String == uri {
                    return (message["params"] as! [String: Any])["diagnostics"] as! [[String: Any]]
                }
                notifications.append(message)
            }
        }

        func receive() throws -> [String: Any] {
            let handle = output.fileHandleForReading
            while true {
                if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                    let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                    let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
                    if buffer.count - (end.upperBound - buffer.startIndex) >= length {
                        let body = buffer[end.upperBound..<(end.upperBound + length)]
                        buffer = Data(buffer[(end.upperBound + length)...])
                        return try JSONSerialization.jsonObject(with: body) as! [String: Any]
                    }
                }
                let chunk = handle.availableData
                if chunk.isEmpty { throw ServerError(description: "the server closed its output") }
                buffer += chunk
            }
        }

        /// The code actions offered for `range` of the document at `uri` (an empty range at
        /// the start of `line`, when no range is given).
        func codeActions(_ uri: String, line: Int = 0, range: Any? = nil, diagnostics: [Any] = [], only: [String]? = nil) throws -> [[String: Any]] {
            let position = ["line": line, "character": 0]
            var context: [String: Any] = ["diagnostics": diagnostics]
            if let only { context["only"] = only }
            return try request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range ?? ["start": position, "end": position],
                                                           "context": context]) as? [[String: Any]] ?? []
        }

        func open(_ uri: String, _ text: String, version: Int = 1) {
            notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": version, "text": text]])
        }

        /// Shuts the server down as an editor does; the exit status.
        func shutdown() throws -> Int32 {
            _ = try request("shutdown", [:])
            notify("exit", [:])
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// The byte range an LSP range (UTF-8 positions) names in `bytes`; lines end at LF, CRLF
    /// or a lone CR, as LSP counts them.
    static func byteRange(_ range: Any?, in bytes: [UInt8]) -> Range<Int> {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            starts.append(index + 1)
        }
        func offset(_ position: Any?) -> Int {
            let position = position as! [String: Any]
            let line = position["line"] as! Int, character = position["character"] as! Int
            return line < starts.count ? starts[line] + character : bytes.count
        }
        let range = range as! [String: Any]
        return offset(range["start"])..<offset(range["end"])
    }

    /// `edits` (LSP TextEdits in UTF-8 positions) applied to `text`.
    static func applying(_ edits: [[String: Any]], to text: String) -> String {
        var bytes = Array(text.utf8)
        let ranges = edits.map { (byteRange($0["range"], in: bytes), Array(($0["newText"] as! String).utf8)) }
        for (range, replacement) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: replacement)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text an edit (UTF-8 positions) replaces.
    static func replaced(_ edit: [String: Any], in text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[byteRange(edit["range"], in: bytes)], as: UTF8.self)
    }

    /// The edits of a workspace edit for one document.
    static func edits(_ workspaceEdit: Any?, uri: String) -> [[String: Any]] {
        let edit = workspaceEdit as? [String: Any]
        if let changes = edit?["changes"] as? [String: Any] { return changes[uri] as? [[String: Any]] ?? [] }
        let documents = edit?["documentChanges"] as? [[String: Any]] ?? []
        return documents.flatMap { $0["edits"] as? [[String: Any]] ?? [] }
    }

    /// Fixtures an editor can hold: UTF-8 text without NUL bytes.
    static func textFixtures(_ folders: [String]) throws -> [URL] {
        try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: TickProcess.fixtures.appendingPathComponent(folder), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "md" && !$0.lastPathComponent.contains(".expected.") }
        }.filter { url in
            guard let data = FileManager.default.contents(atPath: url.path), !data.contains(0) else { return false }
            return String(data: data, encoding: .utf8) != nil
        }.sorted { $0.path < $1.path }
    }

    /// On every fixture, the diagnostics are `tick lint`'s findings on the same bytes: same
    /// lines, columns, rules, severities and messages.
    @Test func diagnosticsAreLintsFindings() throws {
        let folder = try TemporaryDirectory()
        let client = try Client(directory: folder.url)
        var compared = 0
        for fixture in try Self.textFixtures(["lint", "example", "dialects", "quirks"]) {
            let text = try String(contentsOf: fixture, encoding: .utf8)
            let copy = try folder.write("copy.md", text)
            let uri = "file://\(folder.url.path)/\(fixture.lastPathComponent)"
            client.open(uri, text)
            var spans: [Int?] = []
            let published = try client.diagnostics(uri).map { diagnostic -> String in
                let start = (diagnostic["range"] as! [String: Any])["start"] as! [String: Any]
                let end = (diagnostic["range"] as! [String: Any])["end"] as! [String: Any]
                spans.append(end["character"] as! Int + 1)
                return "\(start["line"] as! Int + 1):\(start["character"] as! Int + 1) \(diagnostic["severity"]!) \(diagnostic["code"]!) \(diagnostic["message"]!)"
            }
            let lint = try TickProcess.run(["lint", "--format", "json", copy.path], in: folder.url)
            let findings = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as! [[String: Any]]
            let severities = ["error": 1, "warning": 2, "info": 3]
            let expected = findings.map { "\($0["line"]!):\($0["column"]!) \(severities[$0["severity"] as! String]!) \($0["rule"]!) \($0["message"]!)" }
            #expect(published == expected, "\(fixture.lastPathComponent)")
            // A finding about a field underlines that field, as lint's endColumn says.
            for (index, finding) in findings.enumerated() where index < spans.count {
                if let end = finding["endColumn"] as? Int { #expect(spans[index] == end, "\(fixture.lastPathComponent): \(finding)") }
            }
            compared += expected.count
            client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
            #expect(try client.diagnostics(uri).isEmpty)
        }
        #expect(compared > 20)
        #expect(try client.shutdown() == 0)
    }

    /// Formatting the buffer gives `tick fmt`'s output, byte for byte, on every fixture.
    @Test func formattingGivesFmtsOutput() throws {
        let folder = try TemporaryDirectory()
        let client = try Client(directory: folder.url)
        var changed = 0
        for fixture in try Self.textFixtures(["fmt", "example", "dialects", "quirks"]) {
            let text = try String(contentsOf: fixture, encoding: .utf8)
            let uri = "file://\(folder.url.path)/\(fixture.lastPathComponent)"
            client.open(uri, text)
            let edits = try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]])
                as? [[String: Any]] ?? []
            let fmt = try TickProcess.run(["fmt", "-"], in: folder.url, stdin: text)
            #expect(Self.applying(edits, to: text) == fmt.stdout, "\(fixture.lastPathComponent)")
            if !edits.isEmpty { changed += 1 }
            // Only the lines fmt changes are sent: no edit starts or ends with a line it keeps.
            for edit in edits {
                let old = Self.replaced(edit, in: text), new = edit["newText"] as! String
                // Lines with their endings, as bytes (`\r\n` is one Character).
                func lines(_ text: String) -> [[UInt8]] {
                    var lines: [[UInt8]] = [[]]
                    for byte in text.utf8 {
                        lines[lines.count - 1].append(byte)
                        if byte == 0x0A { lines.append([]) }
                    }
                    return lines.last!.isEmpty ? lines.dropLast() : lines
                }
                let oldLines = lines(old), newLines = lines(new)
                #expect(old != new, "\(fixture.lastPathComponent): an edit that changes nothing")
                if !old.isEmpty, !new.isEmpty {
                    #expect(oldLines.first != newLines.first && oldLines.last != newLines.last,
                            "\(fixture.lastPathComponent): an edit keeps a line at its edge: \(old.debugDescription) → \(new.debugDescription)")
                }
            }
        }
        #expect(changed > 5)
        #expect(try client.shutdown() == 0)
    }

    /// On every task of the fixtures, the code actions make the edit the CLI makes on the same
    /// bytes: done (dates and next occurrences included), star, due tomorrow, reopen and postpone.
    @Test func codeActionsMakeTheCLIsEdits() throws {
        let folder = try TemporaryDirectory()
        let client = try Client(directory: folder.url)
        let state = folder.url.appendingPathComponent("state").path
        var compared = 0
        for fixture in try Self.textFixtures(["example", "dialects"]) {
            let text = try String(contentsOf: fixture, encoding: .utf8)
            let uri = "file://\(folder.url.path)/\(fixture.lastPathComponent)"
            client.open(uri, text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where line.contains("[ ]") || line.contains("[x]") || line.contains("[/]") {
                let actions = try client.codeActions(uri, line: number)
                for (title, arguments, date) in [("Mark done", ["done"], []), ("Star (important)", ["star"], []), ("Due tomorrow", ["due"], ["tomorrow"]),
                                                 ("Due next week", ["due"], ["next", "week"]), ("Reopen", ["reopen"], []), ("Postpone a day", ["postpone"], [])] {
                    guard let action = actions.first(where: { $0["title"] as? String == title }) else { continue }
                    let copy = try folder.write("TODO.md", text)
                    let cli = try TickProcess.run(arguments + ["-f", copy.path, "\(number + 1)"] + date,
                                                  in: folder.url, environment: ["XDG_STATE_HOME": state])
                    #expect(cli.status == 0, "\(cli.stderr)")
                    let edited = try String(contentsOf: copy, encoding: .utf8)
                    #expect(Self.applying(Self.edits(action["edit"], uri: uri), to: text) == edited, "\(fixture.lastPathComponent):\(number + 1) \(title)")
                    compared += 1
                }
            }
        }
        #expect(compared > 30)
        #expect(try client.shutdown() == 0)
    }

    /// A client that resolves code actions is offered them without their edits: the same
    /// titles on every task of the fixtures, and each resolved is the edit the other client is
    /// sent with its offer (an action offered but refused, a move the edit law forbids, says
    /// why). An action resolved after the buffer changed is refused, not made where its range
    /// now falls.
    @Test func resolvedCodeActionsAreTheOfferedEdits() throws {
        let folder = try TemporaryDirectory()
        let eager = try Client(directory: folder.url), lazy = try Client(resolves: true, directory: folder.url)
        func actions(_ client: Client, _ uri: String, line: Int) throws -> [[String: Any]] { try client.codeActions(uri, line: line) }
        var resolved = 0
        for fixture in try Self.textFixtures(["example", "dialects"]) {
            let text = try String(contentsOf: fixture, encoding: .utf8)
            let uri = "file://\(folder.url.path)/\(fixture.lastPathComponent)"
            eager.open(uri, text)
            lazy.open(uri, text)
            for number in text.split(separator: "\n", omittingEmptySubsequences: false).indices {
                let sent = try actions(eager, uri, line: number), offered = try actions(lazy, uri, line: number)
                #expect(offered.allSatisfy { $0["edit"] == nil && $0["data"] != nil })
                let titles = offered.map { $0["title"] as? String ?? "" }
                #expect(Set(sent.map { $0["title"] as? String ?? "" }).isSubset(of: titles), "\(fixture.lastPathComponent):\(number + 1)")
                for action in offered {
                    let title = action["title"] as? String ?? ""
                    if let edit = sent.first(where: { $0["title"] as? String == title })?["edit"] {
                        let answer = try lazy.request("codeAction/resolve", action) as? [String: Any]
                        #expect(Self.applying(Self.edits(answer?["edit"], uri: uri), to: text) == Self.applying(Self.edits(edit, uri: uri), to: text),
                                "\(fixture.lastPathComponent):\(number + 1) \(title)")
                        #expect(answer?["title"] as? String == title)
                        resolved += 1
                    } else {
                        #expect(throws: Client.ServerError.self, "\(fixture.lastPathComponent):\(number + 1) \(title)") {
                            try lazy.request("codeAction/resolve", action)
                        }
                    }
                }
            }
        }
        #expect(resolved > 100)
        let uri = "file://\(folder.url.path)/TODO.md"
        lazy.open(uri, "# Home\n\n- [ ] milk\n- [ ] eggs\n")
        let done = try #require(try actions(lazy, uri, line: 2).first { $0["title"] as? String == "Mark done" })
        lazy.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                "contentChanges": [["range": ["start": ["line": 2, "character": 0], "end": ["line": 3, "character": 0]], "text": ""]]])
        let changed = try #require(throws: Client.ServerError.self) { try lazy.request("codeAction/resolve", done) }
        #expect(changed.description.contains("-32801"))
        #expect(try eager.shutdown() == 0)
        #expect(try lazy.shutdown() == 0)
    }

    /// An action on a selection is about the tasks it changes, and its title counts them:
    /// postpone takes the tasks with a due date, done the open ones, reopen the closed ones,
    /// and of a selection with open tasks the closed ones get no dates.
    @Test func aSelectionsActionsCountTheTasksTheyChange() throws {
        let folder = try TemporaryDirectory()
        let client = try Client(directory: folder.url)
        let uri = "file://\(folder.url.path)/TODO.md"
        let text = "# Home\n\n- [ ] milk due:2026-11-25\n- [ ] eggs\n- [x] tea due:2026-11-20\n"
        client.open(uri, text)
        let actions = try client.codeActions(uri, range: ["start": ["line": 2, "character": 0], "end": ["line": 4, "character": 3]])
        let titles = actions.compactMap { $0["title"] as? String }
        for title in ["Mark done (2 tasks)", "Reopen (1 task)", "Postpone a day (1 task)", "Due next week (2 tasks)", "Clear the due date (1 task)"] {
            #expect(titles.contains(title), "\(titles)")
        }
        let week = try #require(actions.first { $0["title"] as? String == "Due next week (2 tasks)" })
        #expect(Self.applying(Self.edits(week["edit"], uri: uri), to: text)
                == "# Home\n\n- [ ] milk due:2026-11-23\n- [ ] eggs due:2026-11-23\n- [x] tea due:2026-11-20\n")
        #expect(try client.shutdown() == 0)
    }

    /// The quick fix of a finding formats the finding's lines, not the whole document: other
    /// findings of the same rule elsewhere stay for their own fixes (or "Fix all").
    @Test func aQuickFixFormatsItsFindingsLines() throws {
        let folder = try TemporaryDirectory()
        for resolves in [false, true] {
            let client = try Client(resolves: resolves, directory: folder.url)
            let uri = "file://\(folder.url.path)/TODO.md"
            let text = "# Home\n\n- [ ] milk   \n- [ ] eggs\n- [ ] tea  \n"
            client.open(uri, text)
            let findings = try client.diagnostics(uri).filter { $0["code"] as? String == "trailing-whitespace" }
            #expect(findings.count == 2)
            let tea = try #require(findings.first { (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 4 })
            let actions = try client.codeActions(uri, range: tea["range"], diagnostics: [tea])
            var fix = try #require(actions.first { $0["kind"] as? String == "quickfix" })
            #expect(fix["title"] as? String == "Fix with tick fmt")
            if resolves { fix = try #require(try client.request("codeAction/resolve", fix) as? [String: Any]) }
            #expect(Self.applying(Self.edits(fix["edit"], uri: uri), to: text) == "# Home\n\n- [ ] milk   \n- [ ] eggs\n- [ ] tea\n", "resolves: \(resolves)")
            #expect(actions.allSatisfy { $0["kind"] as? String != "source.fixAll.tick" }, "fix all is asked for by name")
            let all = try client.codeActions(uri, range: tea["range"], only: ["source.fixAll"])
            var fixAll = try #require(all.first)
            if resolves { fixAll = try #require(try client.request("codeAction/resolve", fixAll) as? [String: Any]) }
            #expect(Self.applying(Self.edits(fixAll["edit"], uri: uri), to: text) == "# Home\n\n- [ ] milk\n- [ ] eggs\n- [ ] tea\n")
            #expect(try client.shutdown() == 0)
        }
    }

    /// A document's folder's `.tick.toml` applies to the requests that arrive with its opening
    /// (read together, in one batch), as `tick fmt` applies it in that folder, wherever the
    /// server was started (here in another folder, with a `.tick.toml` of its own).
    @Test func theFoldersConfigurationAppliesAtOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write(".tick.toml", "[fmt]\neol = \"crlf\"\n")
        let elsewhere = try TemporaryDirectory()
        try elsewhere.write(".tick.toml", "[fmt]\neol = \"lf\"\n")
        let client = try Client(directory: elsewhere.url)
        let uri = "file://\(folder.url.path)/TODO.md"
        let text = "# Home\n\n- [ ] milk\n"
        func frame(_ message: [String: Any]) -> Data {
            let body = try! JSONSerialization.data(withJSONObject: message)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        client.write(raw: frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                 "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]])
                        + frame(["jsonrpc": "2.0", "id": 99, "method": "textDocument/formatting",
                                 "params": ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]]]))
        let edits = try client.response(id: 99)["result"] as? [[String: Any]] ?? []
        let fmt = try TickProcess.run(["fmt", "-"], in: folder.url, stdin: text)
        #expect(fmt.stdout == "# Home\r\n\r\n- [ ] milk\r\n")
        #expect(Self.applying(edits, to: text) == fmt.stdout)
        #expect(try client.shutdown() == 0)
    }

    /// Range formatting sends fmt's changes to the selected lines alone, and only when they can
    /// be made alone: of two subtasks fmt reindents, one reindented alone would take the other
    /// under it, so a range over one of them is refused, naming the way out.
    @Test func rangeFormattingTakesOnlyTheRangesLines() throws {
        let folder = try TemporaryDirectory()
        let client = try Client(directory: folder.url)
        let uri = "file://\(folder.url.path)/TODO.md"
        let text = "# A\n\n- [ ] a   \n- [ ] b\n- [ ] c   \n- [X] d\n    - [ ] e\n\n    - [ ] f\n"
        client.open(uri, text)
        func range(_ first: Int, _ last: Int) -> [String: Any] {
            ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true],
             "range": ["start": ["line": first, "character": 0], "end": ["line": last, "character": 1]]]
        }
        let one = try client.request("textDocument/rangeFormatting", range(2, 2)) as? [[String: Any]] ?? []
        #expect(Self.applying(one, to: text) == text.replacingOccurrences(of: "- [ ] a   \n", with: "- [ ] a\n"), "\(one)")
        let both = try client.request("textDocument/rangeFormatting", range(2, 4)) as? [[String: Any]] ?? []
        #expect(Self.applying(both, to: text) == text.replacingOccurrences(of: "   \n", with: "\n"), "\(both)")
        #expect((try client.request("textDocument/rangeFormatting", range(3, 3)) as? [[String: Any]])?.isEmpty == true, "line b needs nothing")
        // Line c alone, though d (next to it) changes too: each can change without the other.
        let alone = try client.request("textDocument/rangeFormatting", range(4, 4)) as? [[String: Any]] ?? []
        #expect(Self.applying(alone, to: text) == text.replacingOccurrences(of: "- [ ] c   \n", with: "- [ ] c\n"), "\(alone)")
        #expect(throws: Client.ServerError.self) { try client.request("textDocument/rangeFormatting", range(6, 6)) }
        // Lines that must change together are taken with the range, and no more: the
        // trailing spaces of the line after the subtasks stay for their own range.
        let deep = "# Fmt\n\n- [ ] Parent one\n    - [ ] Child a\n        - [ ] Grandchild\n    - [ ] Child b\n- [ ] Parent two   \n- [ ] Parent three\n"
        let deepURI = "file://\(folder.url.path)/DEEP.md"
        client.open(deepURI, deep)
        let together = try client.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": deepURI], "options": ["tabSize": 2, "insertSpaces": true],
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 1]]]) as? [[String: Any]] ?? []
        let deepFmt = try TickProcess.run(["fmt", "-"], in: folder.url, stdin: deep).stdout
        #expect(Self.applying(together, to: deep) == deepFmt.replacingOccurrences(of: "- [ ] Parent two\n", with: "- [ ] Parent two   \n"), "\(together)")
        let nested = try client.request("textDocument/rangeFormatting", range(6, 8)) as? [[String: Any]] ?? []
        let fmt = try TickProcess.run(["fmt", "-"], in: folder.url, stdin: text).stdout
        #expect(Self.applying(nested, to: text) == fmt.replacingOccurrences(of: "- [ ] a\n", with: "- [ ] a   \n").replacingOccurrences(of: "- [ ] c\n", with: "- [ ] c   \n")
                .replacingOccurrences(of: "- [x] d\n", with: "- [X] d\n"))
        #expect(try client.shutdown() == 0)
    }

    /// Incremental changes are applied in UTF-16 positions (the protocol's default) across
    /// characters outside the BMP, and the findings follow the buffer, not the file.
    @Test func incrementalChangesFollowTheBuffer() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] on disk\n")
        let client = try Client(encoding: "utf-16", directory: folder.url)
        let uri = "file://\(folder.url.path)/TODO.md"
        client.open(uri, "# 🏠 Home\n\n- [ ] 🪴 water due:2026-11-30\n")
        #expect(try client.diagnostics(uri).isEmpty)
        // `30` after the emoji (two UTF-16 units) becomes `32`: an invalid date.
        let range = ["start": ["line": 2, "character": 27], "end": ["line": 2, "character": 29]]
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["range": range, "text": "32"]]])
        let findings = try client.diagnostics(uri)
        #expect(findings.map { $0["code"] as? String } == ["invalid-date"])
        let start = (findings.first?["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["character"] as? Int == 15)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == "- [ ] on disk\n")
        #expect(try client.shutdown() == 0)
    }

    /// Malformed input gets a JSON-RPC error and the server goes on; an unknown request is
    /// answered as such; a huge document is refused alone; exit without shutdown is status 1.
    @Test func badInputIsAnsweredAndTheServerGoesOn() throws {
        let client = try Client()
        client.write(raw: Data("Content-Length: 9\r\n\r\n{\"a\": [1}".utf8))
        let parseError = try client.response(id: "<null>")
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(throws: Client.ServerError.self) { try client.request("textDocument/rename", [:]) }
        let huge = "- [ ] a task\n" + String(repeating: "x", count: 11 << 20) + "\n"
        client.open("file:///huge.md", huge)
        #expect(try client.diagnostics("file:///huge.md").isEmpty)
        #expect(client.notifications.contains { ($0["params"] as? [String: Any])?["message"] as? String == "tick lsp: file:///huge.md is larger than 10 MB; tick does not read it" })
        client.open("file:///small.md", "- [ ] a due:2026-02-30\n")
        #expect(try client.diagnostics("file:///small.md").count == 1)
        // Initialized once; after shutdown, requests are refused and changes dropped.
        #expect(throws: Client.ServerError.self) { try client.request("initialize", ["capabilities": [String: Any]()]) }
        _ = try client.request("shutdown", [:])
        #expect(throws: Client.ServerError.self) { try client.request("textDocument/hover", [:]) }
        let published = client.notifications.count
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///small.md", "version": 2],
                                                 "contentChanges": [["text": "- [ ] b due:2026-02-31\n- [ ] c due:2026-13-01\n"]]])
        #expect(throws: Client.ServerError.self) { try client.request("textDocument/hover", [:]) }
        #expect(client.notifications.count == published, "a change after shutdown was linted")
        client.notify("exit", [:])
        client.process.waitUntilExit()
        #expect(client.process.terminationStatus == 0)
    }

    /// Workspace symbols are the groups and tasks of the folder's task files, walked as `tick
    /// list FOLDER` walks it (`.gitignore` honoured in a repository), open documents read from
    /// the editor.
    @Test func workspaceSymbolsWalkTheFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Home\n\n- [ ] buy milk\n- [ ] call mom\n")
        try folder.write("notes/later.md", "# Someday\n\n- [ ] milk the goat\n")
        try folder.write("build/copy.md", "- [ ] buy milk (a copy)\n")
        try folder.write(".gitignore", "build/\n")
        // As in `tick list`, .gitignore counts in a git repository.
        #expect(try TickProcess.run([], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "init", "-q", "."]).status == 0)
        let client = try Client(directory: folder.url, workspace: folder.url)
        client.open("file://\(folder.url.path)/TODO.md", "# Home\n\n- [ ] buy oat milk\n")
        let symbols = try client.request("workspace/symbol", ["query": "MILK"]) as? [[String: Any]] ?? []
        let found = symbols.map { "\($0["name"]!) in \($0["containerName"]!)" }.sorted()
        #expect(found == ["buy oat milk in Home", "milk the goat in Someday"])
        let groups = try client.request("workspace/symbol", ["query": "some"]) as? [[String: Any]] ?? []
        #expect(groups.map { $0["name"] as? String } == ["Someday"])
        #expect(try client.shutdown() == 0)
    }

    /// Random sequences of messages, well-formed and not (a fixed seed, so a failure repeats):
    /// the server never crashes, answers every request exactly once, and writes no file.
    @Test func messageSequencesNeverBreakTheServer() throws {
        var seed = ProcessInfo.processInfo.environment["TICK_LSP_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_71C4
        func random(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        let texts = try Self.textFixtures(["example", "dialects", "lint", "fmt"]).map { try String(contentsOf: $0, encoding: .utf8) }
            + ["", "\r", "- [ ] 🪴\r\n- [x] é\r- [", "# a\n\n1. [ ] x\n   - [ ] y 📅 2026-02-30\n",
               "# W\n\n- [ ] ship ⛔ b1 📅 2026-12-01\n  - [x] build 🆔 b1\n- [ ] c dep:b1 id:c1 rec:1w due:2026-11-20\n  wrapped ⏳ 2026-11-01\n"]
        let methods = ["textDocument/formatting", "textDocument/rangeFormatting", "textDocument/codeAction", "textDocument/hover", "textDocument/documentSymbol",
                       "textDocument/completion", "textDocument/inlayHint", "textDocument/codeLens", "workspace/symbol", "textDocument/definition",
                       "codeAction/resolve"]
        let uris = ["file:///tmp/tick-fuzz/a.md", "file:///tmp/tick-fuzz/b%20c.md", "untitled:Untitled-1"]
        func position() -> Any { ["line": random(60) - 5, "character": random(90) - 5] }
        func range() -> Any { ["start": position(), "end": position()] }
        var input = Data()
        func frame(_ body: Data) { input += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body }
        func message(_ object: [String: Any]) { frame(try! JSONSerialization.data(withJSONObject: object)) }
        message(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [:]]])
        var requests = Set<Int>([0])
        for id in 1...2_000 {
            let uri = uris[random(uris.count)]
            switch random(10) {
            case 0, 1:
                message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                         "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": id, "text": texts[random(texts.count)]]]])
            case 2, 3:
                let text = ["", "x", "\n", "- [ ] ", "📅 2026-", "\r\n", "[x]", "# "][random(8)]
                let change: [String: Any] = random(5) == 0 ? ["text": texts[random(texts.count)]] : ["range": range(), "text": text]
                message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": ["textDocument": ["uri": uri, "version": id], "contentChanges": [change]]])
            case 4:
                message(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
            case 5:
                // Not JSON, a frame cut short, a header without a length, wrong shapes.
                switch random(4) {
                case 0: frame(Data("{\"jsonrpc\": \"2.0\", \"id\": [".utf8))
                case 1: input += Data("Content-Type: x\r\n\r\n".utf8)
                case 2: message(["jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": [1, 2]]); requests.insert(id)
                default: message(["jsonrpc": "2.0", "id": id, "method": "textDocument/codeAction",
                                  "params": ["textDocument": ["uri": uri], "range": "everything"]]); requests.insert(id)
                }
            case 6:
                message(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": max(1, id - 1 - random(3))]])
            default:
                message(["jsonrpc": "2.0", "id": id, "method": methods[random(methods.count)],
                         "params": ["textDocument": ["uri": uri], "range": range(), "position": position(),
                                    "options": ["tabSize": 2, "insertSpaces": true], "context": ["diagnostics": []]]])
                requests.insert(id)
            }
        }
        message(["jsonrpc": "2.0", "id": 9999, "method": "shutdown"])
        requests.insert(9999)
        message(["jsonrpc": "2.0", "method": "exit"])
        let folder = try TemporaryDirectory()
        try input.write(to: folder.url.appendingPathComponent("in"))
        if let keep = ProcessInfo.processInfo.environment["TICK_LSP_FUZZ_INPUT"] { try input.write(to: URL(fileURLWithPath: keep)) }
        let result = try TickProcess.run([], in: folder.url, executable: URL(fileURLWithPath: "/bin/sh"),
                                         arguments: ["-c", "\"$0\" lsp < in > out", TickProcess.binary.path])
        #expect(result.status == 0, "\(result.stderr)")
        var output = try Data(contentsOf: folder.url.appendingPathComponent("out"))
        var answered: [Int] = []
        while let end = output.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: output[output.startIndex..<end.lowerBound], as: UTF8.self)
            let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
            let body = output[end.upperBound..<(end.upperBound + length)]
            output = Data(output[(end.upperBound + length)...])
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            if let id = object["id"] as? Int { answered.append(id) }
        }
        #expect(answered.sorted() == requests.sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["in", "out"])
    }
}
