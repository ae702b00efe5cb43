/// A JSON-RPC 2.0 error: how the language and agent servers answer a message they cannot
/// serve, with the protocol's codes.
package struct JSONRPCError: Error {
    package let code: Int
    package let message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// Bytes that are not JSON (-32700).
    static func parseError(_ error: JSON.ParseError) -> JSONRPCError {
        JSONRPCError(code: -32700, message: "parse error at byte \(error.offset): \(error.message)")
    }

    static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: -32600, message: message) }
    static func methodNotFound(_ message: String) -> JSONRPCError { JSONRPCError(code: -32601, message: message) }
    static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: -32602, message: message) }

    /// The response that carries it, to the request `id` (null: a request not read).
    func response(to id: JSON) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": .object(["code": JSON(code), "message": .string(message)])])
    }
}
