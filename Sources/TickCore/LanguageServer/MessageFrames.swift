/// Messages framed as the Language Server Protocol frames them (a `Content-Length` header, a
/// blank line, the JSON body), taken one by one from the bytes as they arrive.
package struct MessageFrames {
    /// A message past this size is skipped unread.
    package static let maximumMessageSize = 64 << 20

    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var start = 0
    /// Bytes of a message too large to read, still to be skipped as they arrive.
    private var skip = 0
    /// Whether the input ended: what is left of a message is an error.
    package private(set) var ended = false

    package init() {}

    /// Bytes that arrived.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += bytes
    }

    /// The input ended.
    package mutating func end() { ended = true }

    /// One message from the buffer, when a whole one is there. A header without a length is a
    /// parse error (its bytes are dropped); a body past the limit is skipped unread.
    package mutating func take() -> Result<JSON, JSON.ParseError>? {
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
        // A field found after other bytes on its line is read too: the rest of a message whose
        // header could not be read (its body, unread) comes before the next header, which
        // would otherwise be lost with it, and every message after.
        let name = Array("content-length:".utf8)
        for line in header.lowercased().split(separator: "\r\n") {
            let bytes = Array(line.utf8)
            guard bytes.count >= name.count,
                  let at = (0...(bytes.count - name.count)).last(where: { bytes[$0..<($0 + name.count)].elementsEqual(name) }) else { continue }
            length = Int(String(decoding: bytes[(at + name.count)...].filter { $0 != Byte.space && $0 != 0x09 }, as: UTF8.self))
        }
        let bodyStart = end + 4
        guard let length, length >= 0 else {
            start = bodyStart
            return .failure(JSON.ParseError(offset: 0, message: "a message header without Content-Length"))
        }
        if length > Self.maximumMessageSize {
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
