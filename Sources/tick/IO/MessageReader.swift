import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads framed messages (`MessageFrames`) from a file descriptor: each batch is every message
/// that has arrived (at least one, unless the input ended).
struct MessageReader {
    let fd: Int32
    private var frames = MessageFrames()

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> (messages: [Result<JSON, JSON.ParseError>], ended: Bool) {
        var messages: [Result<JSON, JSON.ParseError>] = []
        while true {
            while let message = frames.take() { messages.append(message) }
            if frames.ended || (!messages.isEmpty && !readable()) { return (messages, frames.ended) }
            fill()
        }
    }

    /// Whether more input waits, without blocking.
    private func readable() -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { frames.end(); return }
            frames.append(chunk[0..<count])
            return
        }
    }
}
