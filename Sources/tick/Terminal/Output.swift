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
        if text.utf8.count >= 65536 {
            // A whole rendered view: write it from its own storage instead of copying it.
            flush()
            text.withUTF8 { utf8 in writeDirectly(UnsafeRawBufferPointer(utf8)) }
            return
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65536 { flush() }
    }

    private mutating func writeDirectly(_ bytes: UnsafeRawBufferPointer) {
        guard !brokenPipe else { return }
        if Syscalls.writeAll(fd, bytes) == EPIPE { brokenPipe = true }
    }

    mutating func write(bytes: [UInt8]) {
        if bytes.count >= 65536 {
            flush()
            bytes.withUnsafeBytes { writeDirectly($0) }
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
