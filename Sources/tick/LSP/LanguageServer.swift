import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick lsp`: a language server for task files over standard input and output (JSON-RPC 2.0
/// with `Content-Length` framing, LSP 3.17). It works on the buffers the editor holds, never on
/// the files behind them: every edit it offers is a `WorkspaceEdit` the editor applies, made by
/// the same `EditTransaction` as the CLI's edit of the same bytes.
struct LanguageServer {
    /// Documents past this size are not read (a real task file is far smaller): refused one
    /// by one, with a message, while the server goes on.
    static let maximumDocumentSize = 10 << 20
    /// A message past this size is skipped unread.
    static let maximumMessageSize = 64 << 20

    var environment: Environment
    var documents: [String: TextDocument] = [:]
    var encoding = TextDocument.Encoding.utf16
    /// The client applies versioned edits (`documentChanges`), which it refuses on a changed buffer.
    var versionedEdits = false
    var initialized = false
    /// The folders the client opened (`workspaceFolders`, else `rootUri`), as paths.
    var workspaceFolders: [String] = []
    var shuttingDown = false
    /// The configuration of each folder a document is in, read once (again after a
    /// `.tick.toml` is saved).
    var configurations: [String: ProjectConfig] = [:]
    /// Documents whose diagnostics are due, published once the messages read so far are handled.
    var stale: Set<String> = []
    /// Each open document as last parsed: a change is read again only where it differs.
    var parsedDocuments: [String: Document] = [:]
    private var output: [UInt8] = []

    init(environment: Environment) {
        self.environment = environment
    }

    /// Serves until `exit`; the status is 0 after `shutdown`, else 1 (as the protocol says).
    mutating func serve() -> Int32 {
        var input = MessageReader(fd: 0)
        while true {
            let batch = input.next()
            if batch.messages.isEmpty, batch.ended { return shuttingDown ? 0 : 1 }
            // A request cancelled by a later message of the same batch is answered as
            // cancelled, not worked out.
            var cancelled = Set<JSON>()
            for message in batch.messages {
                if case .success(let json) = message, json["method"]?.string == "$/cancelRequest", let id = json["params"]?["id"] { cancelled.insert(id) }
            }
            for message in batch.messages {
                switch message {
                case .failure(let error):
                    send(.object(["jsonrpc": .string("2.0"), "id": .null,
                                  "error": .object(["code": JSON(-32700), "message": .string("parse error at byte \(error.offset): \(error.message)")])]))
                case .success(let json):
                    if let status = handle(json, cancelled: cancelled) { flush(); return status }
                }
            }
            publishDiagnostics()
            flush()
        }
    }

    /// Handles one message; a status when the server must exit.
    private mutating func handle(_ message: JSON, cancelled: Set<JSON>) -> Int32? {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (none are sent), or not a message at all.
            if message["id"] == nil || message["result"] == nil && message["error"] == nil {
                send(error: -32600, "not a JSON-RPC request or notification", id: message["id"] ?? .null)
            }
            return nil
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        if let id, cancelled.contains(id) {
            send(error: -32800, "cancelled", id: id)
            return nil
        }
        if method == "exit" { return shuttingDown ? 0 : 1 }
        if !initialized, method != "initialize" {
            if let id { send(error: -32002, "the server is not initialized", id: id) }
            return nil
        }
        if shuttingDown, let id {
            send(error: -32600, "the server is shutting down", id: id)
            return nil
        }
        guard let id else {
            notification(method, params)
            return nil
        }
        switch request(method, params) {
        case .success(let result): send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
        case .failure(let failure): send(error: failure.code, failure.message, id: id)
        }
        return nil
    }

    struct Failure: Error {
        let code: Int
        let message: String
        static func invalidParams(_ message: String) -> Failure { Failure(code: -32602, message: message) }
    }

    private mutating func request(_ method: String, _ params: JSON) -> Result<JSON, Failure> {
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
        case "textDocument/hover":
            return withDocument(params) { server, document in server.hover(document, params) }
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
        default:
            return .failure(Failure(code: -32601, message: "tick lsp does not handle \(method)"))
        }
    }

    private func withDocument(_ params: JSON, _ body: (Self, TextDocument) -> Result<JSON, Failure>) -> Result<JSON, Failure> {
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
            for change in params["contentChanges"]?.array ?? [] where !document.apply(change, encoding: encoding) {
                log("tick lsp: a change to \(uri) that does not fit it was ignored")
            }
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
            if changed.contains(where: { $0.hasSuffix("/" + ConfigLoader.name) }) {
                configurations = [:]
                for document in Array(documents.values) { _ = configuration(document) }
                stale.formUnion(documents.keys)
            }
        default:
            // `initialized`, `$/cancelRequest` (handled with its batch), `$/setTrace` and any
            // notification tick has no use for.
            break
        }
    }

    private mutating func initialize(_ params: JSON) -> JSON {
        initialized = true
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        versionedEdits = params["capabilities"]?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        let folders = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string } ?? params["rootUri"]?.string.map { [$0] } ?? []
        workspaceFolders = folders.compactMap(TextDocument.path(ofURI:))
        let capabilities: JSON = .object([
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object(["openClose": .bool(true), "change": JSON(2), "save": .object(["includeText": .bool(false)])]),
            "documentFormattingProvider": .bool(true),
            "documentRangeFormattingProvider": .bool(true),
            "codeActionProvider": .object(["codeActionKinds": .array(["quickfix", "refactor.rewrite", "source.fixAll.tick"].map(JSON.string))]),
            "hoverProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "workspaceSymbolProvider": .bool(true),
            "inlayHintProvider": .bool(true),
            "codeLensProvider": .object(["resolveProvider": .bool(false)]),
            "completionProvider": .object(["triggerCharacters": .array([":", " ", "#", "+", "@", "["].map(JSON.string))]),
        ])
        return .object(["capabilities": capabilities, "serverInfo": .object(["name": .string("tick"), "version": .string(Tick.version)])])
    }

    // MARK: - What documents are read with

    /// Why a document is not read: too large, or not text.
    func refusal(_ document: TextDocument) -> String? {
        if document.bytes.count > Self.maximumDocumentSize {
            return "tick lsp: \(document.uri) is larger than 10 MB; tick does not read it"
        }
        if document.bytes.withUnsafeBufferPointer({ $0.baseAddress.map { memchr($0, 0, document.bytes.count) != nil } ?? false }) { return "tick lsp: \(document.uri) contains NUL bytes; tick reads text files only" }
        return nil
    }

    /// The configuration of the document's folder (its `.tick.toml`, or the defaults).
    mutating func configuration(_ document: TextDocument) -> ProjectConfig {
        guard let path = document.path else { return ProjectConfig() }
        let folder = Paths.directory(of: path)
        if let known = configurations[folder] { return known }
        let config: ProjectConfig
        do throws(TickError) {
            config = try ConfigLoader.load(ConfigLoader.path(from: folder, environment: environment))
        } catch {
            log("tick lsp: " + error.message)
            config = ProjectConfig()
        }
        configurations[folder] = config
        return config
    }

    /// The configuration read for the document when it was opened (or its folder's
    /// `.tick.toml` was saved).
    func configuration(ofRead document: TextDocument) -> ProjectConfig {
        document.path.flatMap { configurations[Paths.directory(of: $0)] } ?? ProjectConfig()
    }

    var today: CivilDate { (try? environment.today()) ?? CivilDate(year: 2000, month: 1, day: 1)! }

    // MARK: - Diagnostics

    private mutating func publishDiagnostics() {
        for uri in stale.sorted() {
            guard let document = documents[uri] else { continue }
            let config = configuration(document)
            if let refusal = refusal(document) {
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

    /// The findings as LSP says them, each from its column to the end of its line: one JSON
    /// array written straight into one buffer (a large document has thousands).
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
            let end = document.contentEnd(ofLine: line)
            let start = min(document.lineStarts[line] + max(finding.column - 1, 0), end)
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

    func log(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { Syscalls.writeAll(2, $0) }
    }

    private mutating func send(error code: Int, _ message: String, id: JSON) {
        send(.object(["jsonrpc": .string("2.0"), "id": id, "error": .object(["code": JSON(code), "message": .string(message)])]))
    }

    private mutating func send(_ message: JSON) {
        let body = message.encoded
        output += Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        output += body
    }

    private mutating func flush() {
        guard !output.isEmpty else { return }
        _ = output.withUnsafeBytes { Syscalls.writeAll(1, $0) }
        output.removeAll(keepingCapacity: true)
    }
}


/// Reads framed messages from a file descriptor: each batch is every message that has arrived
/// (at least one, unless the input ended), so that a change typed quickly is linted once and a
/// request cancelled before its turn is never worked out.
struct MessageReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var start = 0
    /// Bytes of a message too large to read, still to be skipped as they arrive.
    private var skip = 0
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> (messages: [Result<JSON, JSON.ParseError>], ended: Bool) {
        var messages: [Result<JSON, JSON.ParseError>] = []
        while true {
            while let message = take() { messages.append(message) }
            if ended || (!messages.isEmpty && !readable()) { return (messages, ended) }
            fill()
        }
    }

    /// Whether more input waits, without blocking.
    private func readable() -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private mutating func fill() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true; return }
            buffer += chunk[0..<count]
            return
        }
    }

    /// One message from the buffer, when a whole one is there. A header without a length is a
    /// parse error (its bytes are dropped); a body past the limit is skipped unread.
    private mutating func take() -> Result<JSON, JSON.ParseError>? {
        if skip > 0 {
            let count = min(skip, buffer.count - start)
            start += count
            skip -= count
            if skip > 0 { return nil }
        }
        guard let end = headerEnd() else {
            if ended, start < buffer.count {
                start = buffer.count
                return .failure(JSON.ParseError(offset: 0, message: "the input ended inside a message header"))
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].filter { $0 != " " && $0 != "\t" })
            }
        }
        let bodyStart = end + 4
        guard let length, length >= 0 else {
            start = bodyStart
            return .failure(JSON.ParseError(offset: 0, message: "a message header without Content-Length"))
        }
        if length > LanguageServer.maximumMessageSize {
            start = bodyStart
            skip = length
            return .failure(JSON.ParseError(offset: 0, message: "a message of \(length) bytes, more than tick lsp reads"))
        }
        guard buffer.count - bodyStart >= length else {
            if ended {
                start = buffer.count
                return .failure(JSON.ParseError(offset: 0, message: "the input ended inside a message"))
            }
            return nil
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return Result { () throws(JSON.ParseError) in try JSON.parse(body) }
    }

    /// Where the header at `start` ends (its `\r\n\r\n`), when it has arrived.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A { return index }
            index += 1
        }
        return nil
    }
}
