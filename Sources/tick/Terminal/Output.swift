#if canImport(Glibc)
import Glibc
#endif

/// Buffered writes to a file descriptor: one `write(2)` per 64 KiB, not one per line.
/// A closed pipe (`tick list | head`) ends output quietly, as Unix tools do.
struct Output {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var brokenPipe = false

    static func standardOutput() -> Output { Output(fd: 1) }
    static func standardError() -> Output { Output(fd: 2) }

    private init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(65536)
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    mutating func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Small pieces are gathered; a large one (a whole rendered view) is written from its own
    /// storage instead of being copied into the buffer.
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count >= 65536 {
            flush()
            if !brokenPipe, Syscalls.writeAll(fd, bytes) == EPIPE { brokenPipe = true }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 65536 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty, !brokenPipe else { buffer.removeAll(keepingCapacity: true); return }
        let failure = buffer.withUnsafeBytes { Syscalls.writeAll(fd, $0) }
        if failure == EPIPE { brokenPipe = true }
        buffer.removeAll(keepingCapacity: true)
    }
}
