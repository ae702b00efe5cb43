import Testing
@testable import TickCore

/// The language server run in process on buffers, with no file system: what `tick lsp` does,
/// with a host that answers from memory.
@Suite struct InProcessServerTests {
    static let today = CivilDate(year: 2026, month: 11, day: 29)!

    /// A machine with a few files and a fixed date; a folder's configuration is the nearest
    /// `.tick.toml` among the files, else the defaults.
    struct MemoryHost: LanguageServerHost {
        var files: [String: [UInt8]] = [:]
        func today() -> CivilDate { InProcessServerTests.today }
        func configuration(ofFolder folder: String) -> (config: ProjectConfig, problem: String?, file: String?) {
            var at = folder
            while !at.isEmpty {
                let file = at + "/" + ProjectConfig.fileName
                if let bytes = files[file] { return ((try? ProjectConfig(parsing: String(decoding: bytes, as: UTF8.self))) ?? ProjectConfig(), nil, file) }
                let up = TickCore.Paths.directory(of: at)
                at = up == at ? "" : up
            }
            return (ProjectConfig(), nil, nil)
        }
        func taskFiles(in folders: [String]) -> [String] {
            files.keys.sorted().filter { path in folders.contains { path.hasPrefix($0 + "/") } }
        }
        func contents(ofFile path: String) -> [UInt8]? { files[path] }
        func log(_ message: String) {}
    }

    /// A client of one server: frames what it sends, reads back what the server answered.
    struct Client {
        var server: LanguageServer
        var nextID = 1

        init(host: MemoryHost = MemoryHost(), root: String? = nil) {
            server = LanguageServer(host: host, version: "test")
            _ = request("initialize", ["processId": .null, "rootUri": root.map { .string($0) } ?? .null, "capabilities": .object([:])])
            notify("initialized", [:])
        }

        /// Sends messages as one batch, framed as an editor frames them; the messages the
        /// server sent back, and its exit status when it exits.
        @discardableResult
        mutating func send(_ messages: [JSON]) -> (replies: [JSON], exit: Int32?) {
            var frames = MessageFrames()
            for message in messages {
                let body = message.encoded
                frames.append(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
            }
            var batch: [Result<JSON, JSON.ParseError>] = []
            while let message = frames.take() { batch.append(message) }
            let (output, exit) = server.handle(batch)
            var replies = MessageFrames()
            replies.append(output)
            var read: [JSON] = []
            while case .success(let json)? = replies.take() { read.append(json) }
            return (read, exit)
        }

        mutating func notify(_ method: String, _ params: [String: JSON]) -> [JSON] {
            send([.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)])]).replies
        }

        /// A request's result (nil for an error), after any notifications sent with it.
        mutating func request(_ method: String, _ params: [String: JSON]) -> JSON? {
            let id = nextID
            nextID += 1
            let replies = send([.object(["jsonrpc": .string("2.0"), "id": JSON(id), "method": .string(method), "params": .object(params)])]).replies
            return replies.first { $0["id"]?.int == id }?["result"]
        }

        /// The code actions offered at the start of `line`, with no diagnostics; nil for an error.
        mutating func codeActions(_ uri: String, line: Int) -> [JSON]? {
            let position: JSON = .object(["line": JSON(line), "character": JSON(0)])
            return request("textDocument/codeAction", [
                "textDocument": .object(["uri": .string(uri)]), "range": .object(["start": position, "end": position]),
                "context": .object(["diagnostics": .array([])]),
            ])?.array
        }

        mutating func open(_ uri: String, _ text: [UInt8]) -> [JSON] {
            notify("textDocument/didOpen", ["textDocument": .object([
                "uri": .string(uri), "languageId": .string("markdown"), "version": JSON(1), "text": .string(String(decoding: text, as: UTF8.self)),
            ])])
        }
    }

    /// The buffer with a `WorkspaceEdit`'s text edits for `uri` made, last first.
    static func applying(_ edit: JSON?, to bytes: [UInt8], uri: String) -> [UInt8] {
        let document = TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
        let edits = edit?["changes"]?[uri]?.array ?? []
        var result = bytes
        for edit in edits.reversed() {
            guard let range = document.byteRange(edit["range"], encoding: .utf16), let text = edit["newText"]?.string else { continue }
            result.replaceSubrange(range, with: Array(text.utf8))
        }
        return result
    }

    /// Opening a document publishes `tick lint`'s findings of its bytes: the same rules on
    /// the same lines, with lint's severities.
    @Test func diagnosticsAreTheLintersFindings() throws {
        // (Its NUL byte aside: the server refuses a buffer with one, as not text;
        // and as an editor holds it: text, so its invalid UTF-8 read as U+FFFD.)
        let file = try bytes(of: Paths.fixtures.appendingPathComponent("lint/rules.md")).map { $0 == 0 ? 0x20 : $0 }
        let bytes = Array(String(decoding: file, as: UTF8.self).utf8)
        var client = Client()
        let published = client.open("file:///notes/rules.md", bytes)
        let diagnostics = try #require(published.first { $0["method"]?.string == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.array)
        let findings = Linter.lint(Document(bytes: bytes), today: Self.today)
        #expect(findings.count > 10)
        #expect(diagnostics.map { "\($0["range"]?["start"]?["line"]?.int ?? -1) \($0["code"]?.string ?? "")" }
                == findings.map { "\($0.line - 1) \($0.rule.rawValue)" })
        let severities: [Severity: Int] = [.error: 1, .warning: 2, .info: 3]
        #expect(diagnostics.map { $0["severity"]?.int } == findings.map { severities[$0.severity] })
    }

    /// "Mark done" on a repeating task edits the buffer as `tick done` edits the file: done
    /// today with the date recorded (the file records done dates), the next occurrence
    /// written above it.
    @Test func doneActionEditsTheBuffer() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array("# Home\n\n- [ ] water the plants 🔁 every week 📅 2026-11-27\n- [x] buy milk ✅ 2026-11-20\n".utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        let offered = client.codeActions(uri, line: 2)
        let actions = try #require(offered)
        let done = try #require(actions.first { $0["title"]?.string == "Mark done" })
        #expect(String(decoding: Self.applying(done["edit"], to: bytes, uri: uri), as: UTF8.self) == """
            # Home

            - [ ] water the plants 🔁 every week 📅 2026-12-04
            - [x] water the plants 🔁 every week 📅 2026-11-27 ✅ 2026-11-29
            - [x] buy milk ✅ 2026-11-20

            """)
        // Offered only where it changes something: an open task is not reopened.
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles.contains("Star (important)") && !titles.contains("Reopen"))
    }

    /// A closed task's due date is a day gone by, not overdue; scheduled and start dates are
    /// days, in hover as in the inlay hints. Started again, a done task loses its done date.
    @Test func aClosedTaskIsNotOverdue() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array("- [x] insurance due:2026-11-01 done:2026-11-02\n- [-] visa due:2026-11-03\n- [ ] plan scheduled:2026-11-27 start:2026-11-28 due:2026-11-28\n".utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        let whole: JSON = .object(["start": .object(["line": JSON(0), "character": JSON(0)]), "end": .object(["line": JSON(3), "character": JSON(0)])])
        let hints = try #require(client.request("textDocument/inlayHint", ["textDocument": .object(["uri": .string(uri)]), "range": whole])?.array)
        #expect(hints.compactMap { $0["label"]?.string } == ["28 days ago", "26 days ago", "1 day overdue", "2 days ago", "yesterday"])
        func hover(_ line: Int) -> String {
            client.request("textDocument/hover", ["textDocument": .object(["uri": .string(uri)]),
                                                  "position": .object(["line": JSON(line), "character": JSON(3)])])?["contents"]?["value"]?.string ?? ""
        }
        #expect(hover(0).hasPrefix("**Due** 2026-11-01 (28 days ago)"))
        #expect(hover(2) == "**Due** 2026-11-28 (1 day overdue)  \n**Scheduled** 2026-11-27 (2 days ago)  \n**Starts** 2026-11-28 (yesterday)")
        let document = Document(bytes: bytes)
        let started = try TaskAction.start.plan(document.tasks, in: document, dates: DateRecording(document, today: Self.today, config: ProjectConfig()))
        #expect(String(decoding: document.applying(started.splices), as: UTF8.self)
                == "- [/] insurance due:2026-11-01\n- [/] visa due:2026-11-03\n- [/] plan scheduled:2026-11-27 start:2026-11-28 due:2026-11-28\n")
    }

    /// Hover says a repeating task's next date by the date its rule moves: due, else scheduled.
    @Test func hoverSaysTheNextOccurrencesDate() throws {
        let uri = "file:///notes/TODO.md"
        var client = Client()
        _ = client.open(uri, Array("- [ ] water the plants 🔁 every 3 days ⏳ 2026-11-29\n- [ ] pay rent 🔁 every month 📅 2026-11-30\n".utf8))
        func hover(_ line: Int) -> String {
            client.request("textDocument/hover", ["textDocument": .object(["uri": .string(uri)]),
                                                  "position": .object(["line": JSON(line), "character": JSON(3)])])?["contents"]?["value"]?.string ?? ""
        }
        #expect(hover(0).hasSuffix("**Repeats**: the next one is scheduled 2026-12-02 (in 3 days)"), "\(hover(0))")
        #expect(hover(1).hasSuffix("**Repeats**: the next one is due 2026-12-30 (in 31 days)"), "\(hover(1))")
    }

    /// Formatting a buffer with many scattered changes edits each changed line alone, and a
    /// range the lines in it: never one edit from the first change to the last.
    @Test func formattingEditsEachChangedLine() throws {
        let uri = "file:///notes/TODO.md"
        let text = "# A\n\n" + (0..<40).map { "## G\($0)\n\n- [X] t\($0)\n" }.joined(separator: "\n")
        var client = Client()
        _ = client.open(uri, Array(text.utf8))
        let options: JSON = .object(["tabSize": JSON(4), "insertSpaces": .bool(true)])
        let edits = try #require(client.request("textDocument/formatting", ["textDocument": .object(["uri": .string(uri)]), "options": options])?.array)
        #expect(edits.count == 40 && edits.allSatisfy { $0["range"]?["end"]?["line"]?.int == ($0["range"]?["start"]?["line"]?.int).map { $0 + 1 } })
        #expect(String(decoding: Self.applying(.object(["changes": .object([uri: .array(edits)])]), to: Array(text.utf8), uri: uri), as: UTF8.self)
                == text.replacingOccurrences(of: "[X]", with: "[x]"))
        let line: JSON = .object(["start": .object(["line": JSON(52), "character": JSON(0)]), "end": .object(["line": JSON(52), "character": JSON(3)])])
        let ranged = try #require(client.request("textDocument/rangeFormatting", ["textDocument": .object(["uri": .string(uri)]), "range": line, "options": options])?.array)
        #expect(ranged.count == 1 && ranged.first?["range"]?["start"]?["line"]?.int == 52 && ranged.first?["newText"]?.string == "- [x] t12\n")
    }

    /// A change that does not fit the text leaves the server without the editor's text: it
    /// says so once, and offers no edit of the text it holds (which would undo the user's
    /// typing) until the whole text comes again.
    @Test func aChangeThatDoesNotFitStopsEdits() throws {
        let uri = "file:///notes/TODO.md"
        var client = Client()
        _ = client.open(uri, Array("- [ ] alpha\n".utf8))
        func change(_ change: JSON, version: Int) -> [JSON] {
            client.notify("textDocument/didChange", ["textDocument": .object(["uri": .string(uri), "version": JSON(version)]),
                                                      "contentChanges": .array([change])])
        }
        func at(_ line: Int, _ character: Int) -> JSON { .object(["line": JSON(line), "character": JSON(character)]) }
        let said = change(.object(["range": .object(["start": at(0, 9), "end": at(0, 6)]), "text": .string("ALPHA")]), version: 2)
        #expect(said.contains { $0["method"]?.string == "window/showMessage" && $0["params"]?["message"]?.string?.contains("did not fit") == true })
        // A later change that would fit the server's text is of text it does not hold.
        #expect(!change(.object(["range": .object(["start": at(0, 0), "end": at(0, 0)]), "text": .string("x")]), version: 3)
            .contains { $0["method"]?.string == "window/showMessage" })
        let whole: JSON = .object(["start": at(0, 0), "end": at(0, 0)])
        let refused = client.send([.object(["jsonrpc": .string("2.0"), "id": JSON(99), "method": .string("textDocument/codeAction"), "params": .object([
            "textDocument": .object(["uri": .string(uri)]), "range": whole, "context": .object(["diagnostics": .array([])]),
        ])])]).replies.first { $0["id"]?.int == 99 }
        #expect(refused?["result"] == .null)
        // The whole text again: in step, and edits are offered.
        _ = change(.object(["text": .string("- [ ] ALPHA\n")]), version: 4)
        let offered = client.codeActions(uri, line: 0)
        let actions = try #require(offered)
        let done = try #require(actions.first { $0["title"]?.string == "Mark done" })
        #expect(String(decoding: Self.applying(done["edit"], to: Array("- [ ] ALPHA\n".utf8), uri: uri), as: UTF8.self).hasPrefix("- [x] ALPHA"))
    }

    /// Groups fold from their heading to their last line (the blank lines after left open),
    /// subgroups inside; a task folds over its notes and subtasks.
    @Test func groupsAndTasksFold() throws {
        let uri = "file:///notes/TODO.md"
        var client = Client()
        _ = client.open(uri, Array("# Home\n\n- [ ] a\n  note\n  - [ ] sub\n\n## Garden\n\n- [ ] b\n\n# Work\n\n- [ ] c\n".utf8))
        let ranges = try #require(client.request("textDocument/foldingRange", ["textDocument": .object(["uri": .string(uri)])])?.array)
        #expect(ranges.map { "\($0["startLine"]?.int ?? -1)-\($0["endLine"]?.int ?? -1)" } == ["0-8", "6-8", "10-12", "2-4"])
    }

    /// A buffer with an unresolved merge conflict is offered no action, as `tick` edits no
    /// such file: a task moved or ticked there would land between the two versions.
    @Test func aBufferWithAConflictIsNotEdited() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array("# Home\n\n- [ ] one\n<<<<<<< HEAD\n- [ ] two\n=======\n- [x] two\n>>>>>>> other\n- [ ] three\n".utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        for line in [2, 4, 8] {
            let actions = client.codeActions(uri, line: line) ?? []
            #expect(actions.isEmpty, "line \(line): \(actions.compactMap { $0["title"]?.string })")
        }
    }

    /// From a done task, and among the source actions, the editor offers `tick archive`: the
    /// done tasks filed under the archive group, by the group they left; not from an open task.
    @Test func doneTasksAreArchivedFromTheEditor() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array("# Home\n\n- [ ] water plants\n- [x] buy milk\n\n# Work\n\n- [x] send report\n".utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        func actions(line: Int, only: [String]? = nil) throws -> [JSON] {
            var context: [String: JSON] = ["diagnostics": .array([])]
            if let only { context["only"] = .array(only.map(JSON.string)) }
            let range: JSON = .object(["start": .object(["line": JSON(line), "character": JSON(0)]), "end": .object(["line": JSON(line), "character": JSON(0)])])
            return try #require(client.request("textDocument/codeAction", ["textDocument": .object(["uri": .string(uri)]), "range": range,
                                                                          "context": .object(context)])?.array)
        }
        let archive = try #require(try actions(line: 3).first { $0["title"]?.string == "Archive 2 done tasks into 'Done'" })
        let archived = "# Home\n\n- [ ] water plants\n\n# Work\n\n# Done\n\n## Home\n\n- [x] buy milk\n\n## Work\n\n- [x] send report\n"
        #expect(String(decoding: Self.applying(archive["edit"], to: bytes, uri: uri), as: UTF8.self) == archived)
        #expect(try actions(line: 2).allSatisfy { $0["title"]?.string?.hasPrefix("Archive") != true })
        let source = try actions(line: 0, only: ["source"])
        #expect(source.map { $0["kind"]?.string } == ["source.archive.tick"])
        #expect(String(decoding: Self.applying(source.first?["edit"], to: bytes, uri: uri), as: UTF8.self) == archived)
        // Named as it goes: into the file's own group for closed tasks, and cancelled.
        let own = "file:///notes/own.md"
        _ = client.open(own, Array("# Home\n\n- [-] dropped\n\n# ✅ Completed\n\n- [x] old\n".utf8))
        let range: JSON = .object(["start": .object(["line": JSON(2), "character": JSON(0)]), "end": .object(["line": JSON(2), "character": JSON(0)])])
        let offered = try #require(client.request("textDocument/codeAction", ["textDocument": .object(["uri": .string(own)]), "range": range,
                                                                              "context": .object(["diagnostics": .array([])])])?.array)
        #expect(offered.contains { $0["title"]?.string == "Archive 1 cancelled task into '✅ Completed'" }, "\(offered.compactMap { $0["title"]?.string })")
    }

    /// Of a file of many groups, a task is offered a move to the 20 groups nearest its own.
    @Test func aTaskIsOfferedTheNearestGroups() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array((0..<30).map { "# G\($0)\n\n- [ ] t\($0)\n\n" }.joined().utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        let actions = client.codeActions(uri, line: 25 * 4 + 2) ?? []
        let moves = actions.compactMap { $0["title"]?.string }.filter { $0.hasPrefix("Move to ") }
        #expect(moves == (9..<30).filter { $0 != 25 }.map { "Move to G\($0)" }, "\(moves)")
    }

    /// Renaming at a group's heading renames the group as `tick group rename` does, its
    /// archive subgroup with it; elsewhere it is refused.
    @Test func renameAtAHeadingRenamesTheGroup() throws {
        let uri = "file:///notes/TODO.md"
        let bytes = Array("# Work\n\n- [ ] b\n\n# Done\n\n## Work\n\n- [x] a\n".utf8)
        var client = Client()
        _ = client.open(uri, bytes)
        func at(_ line: Int, _ character: Int) -> [String: JSON] {
            ["textDocument": .object(["uri": .string(uri)]), "position": .object(["line": JSON(line), "character": JSON(character)])]
        }
        let answer = client.request("textDocument/prepareRename", at(0, 3))
        let prepared = try #require(answer)
        #expect(prepared["placeholder"]?.string == "Work" && prepared["range"]?["start"]?["character"]?.int == 2
                && prepared["range"]?["end"]?["character"]?.int == 6)
        #expect(client.request("textDocument/prepareRename", at(2, 3)) == nil)
        var params = at(0, 3)
        params["newName"] = .string("Job")
        let replies = client.send([.object(["jsonrpc": .string("2.0"), "id": JSON(99), "method": .string("textDocument/rename"),
                                            "params": .object(params)])]).replies
        let edit = replies.first { $0["id"]?.int == 99 }?["result"]
        #expect(String(decoding: Self.applying(edit, to: bytes, uri: uri), as: UTF8.self) == "# Job\n\n- [ ] b\n\n# Done\n\n## Job\n\n- [x] a\n")
        // What tick group rename says beside it, the editor shows.
        #expect(replies.contains { $0["method"]?.string == "window/showMessage"
                && $0["params"]?["message"]?.string == "tick: its archive 'Done / Work' is renamed too, to 'Done / Job'" }, "\(replies)")
        params["newName"] = .string("Done")
        #expect(client.request("textDocument/rename", params) == nil)
    }

    /// An editor's rename carries the group's colour in `.tick.toml` as `tick group rename`
    /// does: in the same workspace edit, said beside it; an entry that still names a group of
    /// another file of the workspace stays, the new name added beside it.
    @Test func renameCarriesTheGroupsColour() throws {
        let uri = "file:///notes/TODO.md", config = "file:///notes/.tick.toml"
        let bytes = Array("# Work\n\n- [ ] b\n\n## Calls\n\n- [ ] c\n".utf8)
        let toml = Array("# colours\n[colors]\nWork = \"blue\"\n\"Work/Calls\" = \"red\"\nHome = \"green\"\n".utf8)
        func renamed(others: [String: [UInt8]]) throws -> (edit: JSON?, replies: [JSON]) {
            var client = Client(host: MemoryHost(files: ["/notes/.tick.toml": toml, "/notes/TODO.md": bytes].merging(others) { $1 }), root: "file:///notes")
            _ = client.open(uri, bytes)
            let params: [String: JSON] = ["textDocument": .object(["uri": .string(uri)]),
                                          "position": .object(["line": JSON(0), "character": JSON(3)]), "newName": .string("Job")]
            let replies = client.send([.object(["jsonrpc": .string("2.0"), "id": JSON(7), "method": .string("textDocument/rename"),
                                                "params": .object(params)])]).replies
            return (replies.first { $0["id"]?.int == 7 }?["result"], replies)
        }
        let (edit, replies) = try renamed(others: [:])
        #expect(String(decoding: Self.applying(edit, to: bytes, uri: uri), as: UTF8.self) == "# Job\n\n- [ ] b\n\n## Calls\n\n- [ ] c\n")
        #expect(String(decoding: Self.applying(edit, to: toml, uri: config), as: UTF8.self)
                == "# colours\n[colors]\n\"Job\" = \"blue\"\n\"Job/Calls\" = \"red\"\nHome = \"green\"\n")
        #expect(replies.contains { $0["method"]?.string == "window/showMessage"
                && $0["params"]?["message"]?.string == "tick: its colours in .tick.toml go with it: 'Job', 'Job/Calls'" }, "\(replies)")
        // A second rename before the first's .tick.toml edit is saved: the editor's buffer is
        // not the file, so the colours stay as they are, and a warning says so.
        var client = Client(host: MemoryHost(files: ["/notes/.tick.toml": toml, "/notes/TODO.md": bytes]), root: "file:///notes")
        _ = client.open(uri, bytes)
        for (name, line) in [("Job", 0), ("Phone", 4), ("Calling", 4)] {
            if name == "Calling" {
                // Saved (or changed) as the client says: the file is what the editor holds.
                client.notify("workspace/didChangeWatchedFiles", ["changes": .array([.object(["uri": .string(config), "type": JSON(2)])])])
            }
            let params: [String: JSON] = ["textDocument": .object(["uri": .string(uri)]),
                                          "position": .object(["line": JSON(line), "character": JSON(4)]), "newName": .string(name)]
            let replies = client.send([.object(["jsonrpc": .string("2.0"), "id": JSON(8), "method": .string("textDocument/rename"),
                                                "params": .object(params)])]).replies
            let edit = replies.first { $0["id"]?.int == 8 }?["result"]
            let messages = replies.compactMap { $0["params"]?["message"]?.string }
            if name != "Phone" {
                #expect(edit?["changes"]?[config] != nil, "\(name)")
            } else {
                #expect(edit?["changes"]?[config] == nil && edit?["changes"]?[uri] != nil, "\(String(describing: edit))")
                #expect(messages.contains { $0.hasPrefix("tick: warning: the colours in .tick.toml stay as they are") }, "\(messages)")
            }
        }
        // The same group renamed again before the first edit is saved: its colour is in that
        // edit alone, so the warning says it stays as it is.
        var chain = Client(host: MemoryHost(files: ["/notes/.tick.toml": toml, "/notes/TODO.md": bytes]), root: "file:///notes")
        _ = chain.open(uri, bytes)
        for (number, name) in ["Job", "Task"].enumerated() {
            let params: [String: JSON] = ["textDocument": .object(["uri": .string(uri)]),
                                          "position": .object(["line": JSON(0), "character": JSON(3)]), "newName": .string(name)]
            let replies = chain.send([.object(["jsonrpc": .string("2.0"), "id": JSON(9), "method": .string("textDocument/rename"),
                                               "params": .object(params)])]).replies
            let edit = replies.first { $0["id"]?.int == 9 }?["result"]
            let messages = replies.compactMap { $0["params"]?["message"]?.string }
            #expect((edit?["changes"]?[config] != nil) == (number == 0), "\(name)")
            #expect(messages.contains { $0.hasPrefix("tick: warning: the colours in .tick.toml stay as they are") } == (number == 1), "\(messages)")
            // The editor applies the edit to the task file it holds.
            _ = chain.notify("textDocument/didChange", ["textDocument": .object(["uri": .string(uri), "version": JSON(number + 2)]),
                                                          "contentChanges": .array([.object(["text": .string(String(decoding: Self.applying(edit, to: Array("# \(number == 0 ? "Work" : "Job")\n\n- [ ] b\n\n## Calls\n\n- [ ] c\n".utf8), uri: uri), as: UTF8.self))])])])
        }
        // Another file of the workspace has a group Work: its colour stays.
        let (kept, _) = try renamed(others: ["/notes/old.md": Array("# Work\n\n- [ ] d\n".utf8)])
        #expect(String(decoding: Self.applying(kept, to: toml, uri: config), as: UTF8.self)
                == "# colours\n[colors]\nWork = \"blue\"\n\"Job/Calls\" = \"red\"\nHome = \"green\"\n\"Job\" = \"blue\"\n")
    }

    /// Workspace symbols come from the host's files: the server reads none itself.
    @Test func workspaceSymbolsAskTheHost() throws {
        var host = MemoryHost()
        host.files["/work/a.md"] = Array("# Home\n\n- [ ] call mom\n".utf8)
        host.files["/elsewhere/b.md"] = Array("- [ ] call mom again\n".utf8)
        var client = Client(host: host, root: "file:///work")
        let symbols = try #require(client.request("workspace/symbol", ["query": .string("MOM")])?.array)
        #expect(symbols.map { $0["name"]?.string } == ["call mom"])
        #expect(symbols.first?["location"]?["uri"]?.string == "file:///work/a.md")
        #expect(symbols.first?["containerName"]?.string == "Home")
    }

    /// The exit status follows the protocol: 0 after `shutdown`, 1 without; a request before
    /// `initialize` and a malformed body get errors, and the server goes on.
    @Test func lifecycle() {
        var fresh = LanguageServer(host: MemoryHost(), version: "test")
        let early = fresh.handle([.success(.object(["jsonrpc": .string("2.0"), "id": JSON(1), "method": .string("textDocument/hover"), "params": .object([:])]))])
        #expect(String(decoding: early.output, as: UTF8.self).contains("-32002") && early.exit == nil)
        let garbage = fresh.handle([.failure(JSON.ParseError(offset: 3, message: "not JSON"))])
        #expect(String(decoding: garbage.output, as: UTF8.self).contains("-32700"))
        #expect(fresh.statusAtEnd == 1)
        var client = Client()
        _ = client.request("shutdown", [:])
        let exit = client.send([.object(["jsonrpc": .string("2.0"), "method": .string("exit")])])
        #expect(exit.exit == 0)
    }

    /// Frames arrive in pieces, and a bad frame costs only itself.
    @Test func framesSurvivePiecesAndBadHeaders() {
        let body = Array(#"{"jsonrpc":"2.0","method":"initialized"}"#.utf8)
        let message = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var frames = MessageFrames()
        frames.append(Array("X-Other: 1\r\n\r\n".utf8))
        for byte in message {
            frames.append([byte])
        }
        guard case .failure(let error)? = frames.take() else { Issue.record("a header without a length is an error"); return }
        #expect(error.message.contains("Content-Length"))
        guard case .success(let json)? = frames.take() else { Issue.record("the message after it is read"); return }
        #expect(json["method"]?.string == "initialized")
        #expect(frames.take() == nil)
        // A length that is no number: its body is left before the next header, which is
        // still read, and so is every message after.
        frames.append(Array("Content-Length: abc\r\n\r\n{}".utf8) + message + message)
        guard case .failure? = frames.take() else { Issue.record("a length that is no number is an error"); return }
        for _ in 0..<2 {
            guard case .success(let json)? = frames.take() else { Issue.record("the messages after it are read"); return }
            #expect(json["method"]?.string == "initialized")
        }
        frames.append(Array("Content-Length: 99999999999\r\n\r\n".utf8))
        guard case .failure(let tooLarge)? = frames.take() else { Issue.record("an oversized message is refused"); return }
        #expect(tooLarge.message.contains("more than tick lsp reads"))
    }
}
