/// `tick lsp`: a language server for task files (JSON-RPC 2.0, LSP 3.17). It works on the
/// buffers the editor holds, never on the files behind them: every edit it offers is a
/// `WorkspaceEdit` the editor applies, made by the same `EditTransaction` as the CLI's edit of
/// the same bytes. Pure: messages in, bytes out; what it needs of the machine (the date, a
/// folder's configuration, the workspace's files) it asks its host.
package struct LanguageServer {
    /// Documents past this size are not read (a real task file is far smaller): refused one
    /// by one, with a message, while the server goes on.
    static let maximumDocumentSize = 10 << 20

    let host: any LanguageServerHost
    let version: String
    var documents: [String: TextDocument] = [:]
    var encoding = TextDocument.Encoding.utf16
    /// The client applies versioned edits (`documentChanges`), which it refuses on a changed buffer.
    var versionedEdits = false
    /// The client asks for a code action's edit when one is chosen (`codeAction/resolve`).
    var resolvesCodeActions = false
    /// The client watches files for the server when asked (`client/registerCapability`).
    var watchesFiles = false
    var initialized = false
    /// The folders the client opened (`workspaceFolders`, else `rootUri`), as paths.
    var workspaceFolders: [String] = []
    var shuttingDown = false
    /// The configuration of each folder a document is in, read once (again after a
    /// `.tick.toml` is saved).
    var configurations: [String: ProjectConfig] = [:]
    /// The `.tick.toml` that applies in each folder of `configurations`, when there is one.
    var configurationFiles: [String: String] = [:]
    /// The last edit a rename sent of each `.tick.toml` the client does not share with the
    /// server (`ServerRename`): the file's bytes it was made on, and those it makes; kept
    /// until the file is saved so, or the client says it changed.
    var sentConfigurationEdits: [String: (before: [UInt8], after: [UInt8])] = [:]
    /// Documents whose diagnostics are due, published once the messages read so far are handled.
    var stale: Set<String> = []
    /// Each open document as last parsed: a change is read again only where it differs.
    var parsedDocuments: [String: Document] = [:]
    private var output: [UInt8] = []

    /// `version`: what `initialize` names the server's version.
    package init(host: any LanguageServerHost, version: String) {
        self.host = host
        self.version = version
    }

    /// The exit status when the input ends: 0 after `shutdown`, else 1 (as the protocol says).
    package var statusAtEnd: Int32 { shuttingDown ? 0 : 1 }

    /// Handles the messages that have arrived (all of them, so that a change typed quickly is
    /// linted once and a request cancelled before its turn is never worked out): the bytes to
    /// send back, framed, and the exit status once the server must exit.
    package mutating func handle(_ messages: [Result<JSON, JSON.ParseError>]) -> (output: [UInt8], exit: Int32?) {
        // A request cancelled by a later message of the same batch is answered as
        // cancelled, not worked out.
        var cancelled = Set<JSON>()
        for message in messages {
            if case .success(let json) = message, json["method"]?.string == "$/cancelRequest", let id = json["params"]?["id"] { cancelled.insert(id) }
        }
        var exit: Int32?
        for message in messages where exit == nil {
            switch message {
            case .failure(let error):
                send(JSONRPCError.parseError(error).response(to: .null))
            case .success(let json):
                exit = handle(json, cancelled: cancelled)
            }
        }
        if exit == nil { publishDiagnostics() }
        defer { output.removeAll(keepingCapacity: true) }
        return (output, exit)
    }

    /// Handles one message; a status when the server must exit.
    private mutating func handle(_ message: JSON, cancelled: Set<JSON>) -> Int32? {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (`client/registerCapability`), or not a message at all.
            if message["id"] == nil || message["result"] == nil && message["error"] == nil {
                send(JSONRPCError.invalidRequest("not a JSON-RPC request or notification").response(to: message["id"] ?? .null))
            }
            return nil
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        if let id, cancelled.contains(id) {
            send(JSONRPCError(code: -32800, message: "cancelled").response(to: id))
            return nil
        }
        if method == "exit" { return shuttingDown ? 0 : 1 }
        if !initialized, method != "initialize" {
            if let id { send(JSONRPCError(code: -32002, message: "the server is not initialized").response(to: id)) }
            return nil
        }
        if shuttingDown {
            // After shutdown only exit counts: a change then is dropped, not linted.
            if let id { send(JSONRPCError.invalidRequest("the server is shutting down").response(to: id)) }
            return nil
        }
        if method == "initialize", initialized, let id {
            send(JSONRPCError.invalidRequest("the server is initialized already").response(to: id))
            return nil
        }
        guard let id else {
            notification(method, params)
            return nil
        }
        switch request(method, params) {
        case .success(let result): send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
        case .failure(let failure): send(failure.response(to: id))
        }
        return nil
    }

    private mutating func request(_ method: String, _ params: JSON) -> Result<JSON, JSONRPCError> {
        switch method {
        case "initialize":
            return .success(initialize(params))
        case "shutdown":
            shuttingDown = true
            return .success(.null)
        case "textDocument/formatting":
            return withDocument(params) { server, document in server.formatting(document) }
        case "textDocument/rangeFormatting":
            return withDocument(params) { server, document in server.rangeFormatting(document, params) }
        case "textDocument/codeAction":
            return withDocument(params) { server, document in server.codeActions(document, params) }
        case "codeAction/resolve":
            return resolveCodeAction(params)
        case "textDocument/prepareRename":
            return withDocument(params) { server, document in server.prepareRename(document, params) }
        case "textDocument/rename":
            // What the CLI's rename says beside it is shown to the user, before the edit.
            var said: [(message: String, type: Int)] = []
            var sent: (file: String, before: [UInt8], after: [UInt8])?
            let result = withDocument(params) { server, document in
                let renamed = server.rename(document, params)
                (said, sent) = (renamed.said, renamed.configurationEdit)
                return renamed.result
            }
            if let sent { sentConfigurationEdits[sent.file] = (sent.before, sent.after) }
            for note in said { showMessage(note.message, type: note.type) }
            return result
        case "textDocument/hover":
            return withDocument(params) { server, document in server.hover(document, params) }
        case "textDocument/foldingRange":
            return withDocument(params) { server, document in server.foldingRanges(document) }
        case "textDocument/documentSymbol":
            return withDocument(params) { server, document in server.symbols(document) }
        case "textDocument/completion":
            return withDocument(params) { server, document in server.completion(document, params) }
        case "textDocument/codeLens":
            return withDocument(params) { server, document in server.codeLenses(document) }
        case "textDocument/inlayHint":
            return withDocument(params) { server, document in server.inlayHints(document, params) }
        case "workspace/symbol":
            return .success(workspaceSymbols(query: params["query"]?.string ?? ""))
        case "workspace/executeCommand":
            guard params["command"]?.string == Self.groupCountsCommand else {
                return .failure(.invalidParams("tick lsp has no command '\(params["command"]?.string ?? "")'"))
            }
            if let said = groupCounts(params["arguments"]?.array ?? []) { showMessage(said, type: 3) }
            return .success(.null)
        default:
            return .failure(.methodNotFound("tick lsp does not handle \(method)"))
        }
    }

    private func withDocument(_ params: JSON, _ body: (Self, TextDocument) -> Result<JSON, JSONRPCError>) -> Result<JSON, JSONRPCError> {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.invalidParams("no textDocument.uri")) }
        guard let document = documents[uri] else { return .failure(.invalidParams("\(uri) is not open")) }
        guard refusal(document) == nil else { return .success(.null) }
        return body(self, document)
    }

    private mutating func notification(_ method: String, _ params: JSON) {
        let uri = params["textDocument"]?["uri"]?.string
        switch method {
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.string else { return }
            let document = TextDocument(uri: uri, version: params["textDocument"]?["version"]?.int ?? 0, text: text)
            documents[uri] = document
            // Read now: a request in the same batch formats or edits with it.
            _ = configuration(document)
            stale.insert(uri)
        case "textDocument/didChange":
            // Taken out while it changes, so that its bytes are changed in place, not copied.
            guard let uri, var document = documents.removeValue(forKey: uri) else { return }
            let wasInSync = !document.outOfSync
            for change in params["contentChanges"]?.array ?? [] where !document.apply(change, encoding: encoding) {
                log("tick lsp: a change to \(uri) that does not fit it was ignored")
            }
            // Said once: every answer about it would be of text the editor no longer holds,
            // and an edit made from it would undo the user's typing.
            if wasInSync, document.outOfSync, let refusal = refusal(document) { showMessage(refusal, type: 1) }
            document.version = params["textDocument"]?["version"]?.int ?? document.version
            documents[uri] = document
            stale.insert(uri)
        case "textDocument/didClose":
            guard let uri else { return }
            documents[uri] = nil
            parsedDocuments[uri] = nil
            stale.remove(uri)
            sendDiagnostics(uri, .array([]), version: nil)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // A saved `.tick.toml` changes what every open document's findings are.
            let changed = (params["changes"]?.array?.compactMap { $0["uri"]?.string } ?? []) + (uri.map { [$0] } ?? [])
            if changed.contains(where: { $0.hasSuffix("/" + ProjectConfig.fileName) }) {
                configurations = [:]
                configurationFiles = [:]
                // Saved or changed: the file is what the editor holds, or says so.
                for uri in changed { if let path = FileURI.path(ofURI: uri) { sentConfigurationEdits[path] = nil } }
                for document in Array(documents.values) { _ = configuration(document) }
                stale.formUnion(documents.keys)
            }
        case "initialized":
            // A `.tick.toml` saved in another buffer (or by another program) changes the
            // findings of the documents in its folder: the client is asked to say so.
            guard watchesFiles else { return }
            send(.object(["jsonrpc": .string("2.0"), "id": .string("tick-watch-config"), "method": .string("client/registerCapability"),
                          "params": .object(["registrations": .array([.object([
                              "id": .string("tick-watch-config"), "method": .string("workspace/didChangeWatchedFiles"),
                              "registerOptions": .object(["watchers": .array([.object(["globPattern": .string("**/" + ProjectConfig.fileName)])])]),
                          ])])])]))
        default:
            // `$/cancelRequest` (handled with its batch), `$/setTrace` and any
            // notification tick has no use for.
            break
        }
    }

    private mutating func initialize(_ params: JSON) -> JSON {
        initialized = true
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        versionedEdits = params["capabilities"]?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        let codeAction = params["capabilities"]?["textDocument"]?["codeAction"]
        resolvesCodeActions = codeAction?["dataSupport"]?.bool == true
            && codeAction?["resolveSupport"]?["properties"]?.array?.contains(.string("edit")) == true
        watchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        let folders = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string } ?? params["rootUri"]?.string.map { [$0] } ?? []
        workspaceFolders = folders.compactMap(FileURI.path(ofURI:))
        let capabilities: JSON = .object([
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object(["openClose": .bool(true), "change": JSON(2), "save": .object(["includeText": .bool(false)])]),
            "documentFormattingProvider": .bool(true),
            "documentRangeFormattingProvider": .bool(true),
            "codeActionProvider": .object(["codeActionKinds": .array(["quickfix", "refactor.rewrite", "source.fixAll.tick", "source.archive.tick"].map(JSON.string)),
                                           "resolveProvider": .bool(resolvesCodeActions)]),
            "hoverProvider": .bool(true),
            "renameProvider": .object(["prepareProvider": .bool(true)]),
            "documentSymbolProvider": .bool(true),
            "foldingRangeProvider": .bool(true),
            "workspaceSymbolProvider": .bool(true),
            "inlayHintProvider": .bool(true),
            "codeLensProvider": .object(["resolveProvider": .bool(false)]),
            "executeCommandProvider": .object(["commands": .array([.string(Self.groupCountsCommand)])]),
            "completionProvider": .object(["triggerCharacters": .array([":", " ", "#", "+", "@", "["].map(JSON.string))]),
        ])
        return .object(["capabilities": capabilities, "serverInfo": .object(["name": .string("tick"), "version": .string(version)])])
    }

    // MARK: - What documents are read with

    /// Why a document is not read at all: too large.
    func sizeRefusal(_ document: TextDocument) -> String? {
        document.bytes.count > Self.maximumDocumentSize ? "tick lsp: \(document.uri) is larger than 10 MB; tick does not read it" : nil
    }

    /// Why a document is not edited, formatted or searched: too large, or not text (NUL
    /// bytes, which the CLI refuses to edit too). It is still linted, as `tick lint` lints
    /// it, so that its findings say where the NUL bytes are.
    func refusal(_ document: TextDocument) -> String? {
        if document.outOfSync {
            return "tick lsp: a change to \(document.uri) did not fit the text tick holds; tick answers nothing about it until it is opened again"
        }
        if let tooLarge = sizeRefusal(document) { return tooLarge }
        if ByteSearch.contains(0, in: document.bytes[...]) { return "tick lsp: \(document.uri) contains NUL bytes; tick reads text files only" }
        return nil
    }

    /// The configuration of the document's folder (its `.tick.toml`, or the defaults).
    mutating func configuration(_ document: TextDocument) -> ProjectConfig {
        guard let path = document.path else { return ProjectConfig() }
        let folder = Paths.directory(of: path)
        if let known = configurations[folder] { return known }
        let (config, problem, file) = host.configuration(ofFolder: folder)
        if let problem {
            // Said where the user looks: the editor's messages (and the log).
            log("tick lsp: " + problem)
            showMessage("tick: \(problem); tick uses the default settings until it is fixed", type: 1)
        }
        configurations[folder] = config
        configurationFiles[folder] = file
        return config
    }

    /// The configuration read for the document when it was opened (or its folder's
    /// `.tick.toml` was saved).
    func configuration(ofRead document: TextDocument) -> ProjectConfig {
        document.path.flatMap { configurations[Paths.directory(of: $0)] } ?? ProjectConfig()
    }

    var today: CivilDate { host.today() }

    // MARK: - Diagnostics

    private mutating func publishDiagnostics() {
        for uri in stale.sorted() {
            guard let document = documents[uri] else { continue }
            let config = configuration(document)
            if document.outOfSync {
                parsedDocuments[uri] = nil
                sendDiagnostics(uri, .array([]), version: document.version)
                continue
            }
            if let refusal = sizeRefusal(document) {
                parsedDocuments[uri] = nil
                showMessage(refusal, type: 2)
                sendDiagnostics(uri, .array([]), version: document.version)
                continue
            }
            let parsed = parse(document)
            parsedDocuments[uri] = parsed
            let findings = Linter.lint(parsed, today: today, settings: config.lint)
            sendDiagnostics(uri, diagnostics(findings, in: document), version: document.version)
        }
        stale = []
    }

    /// The findings as LSP says them, each from its column to the end of its span (a field) or
    /// of its line: one JSON array written straight into one buffer (a large document has thousands).
    func diagnostics(_ findings: [Diagnostic], in document: TextDocument) -> JSON {
        var json = JSONWriter()
        /// A position on line `line` (both ends of a finding's range are on its line).
        func position(_ offset: Int, onLine line: Int) {
            json.beginObject()
            json.key("line")
            json.int(line)
            json.key("character")
            json.int(document.character(of: offset, onLine: line, encoding: encoding))
            json.endObject()
        }
        json.beginArray()
        for finding in findings {
            let line = min(max(finding.line - 1, 0), document.lineStarts.count - 1)
            let lineEnd = document.contentEnd(ofLine: line)
            let start = min(document.lineStarts[line] + max(finding.column - 1, 0), lineEnd)
            // The span it is about (a field), else the rest of its line.
            let end = finding.endColumn.map { min(document.lineStarts[line] + $0 - 1, lineEnd) } ?? lineEnd
            json.beginObject()
            json.key("range")
            json.beginObject()
            json.key("start")
            position(start, onLine: line)
            json.key("end")
            position(max(start, end), onLine: line)
            json.endObject()
            json.key("severity")
            switch finding.severity {
            case .error: json.int(1)
            case .warning: json.int(2)
            case .info: json.int(3)
            }
            json.key("code")
            json.string(finding.rule.rawValue)
            json.key("source")
            json.string("tick")
            json.key("message")
            json.string(finding.message)
            json.endObject()
        }
        json.endArray()
        return .raw(json.bytes)
    }

    private mutating func sendDiagnostics(_ uri: String, _ diagnostics: JSON, version: Int?) {
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": diagnostics]
        if let version { params["version"] = JSON(version) }
        send(.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/publishDiagnostics"), "params": .object(params)]))
    }

    // MARK: - Output

    mutating func showMessage(_ message: String, type: Int) {
        send(.object(["jsonrpc": .string("2.0"), "method": .string("window/showMessage"),
                      "params": .object(["type": JSON(type), "message": .string(message)])]))
    }

    func log(_ message: String) { host.log(message) }

    private mutating func send(_ message: JSON) {
        let body = message.encoded
        output += Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        output += body
    }

}
