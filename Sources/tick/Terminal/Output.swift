#if canImport(Glibc)
import Glibc
#endif
import TickCore

/// Buffered writes to a file descriptor: one `write(2)` per 64 KiB, not one per line.
/// A closed pipe (`tick list | head`) ends output quietly, as Unix tools do; any other write
/// error (a full disk, `/dev/full`) ends output and is kept in `failure`, for tick to report
/// and exit 2: output cut short must never look like a success.
struct Output {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var brokenPipe = false
    /// The errno of the first write that failed, other than a closed pipe.
    private(set) var failure: Int32?

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

    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// What a view rendered, written from the buffer's own storage.
    mutating func write(_ text: borrowing TextBuffer) {
        text.withBytes { append(UnsafeRawBufferPointer($0)) }
    }

    /// Small pieces are gathered; a large one (a whole rendered view) is written from its own
    /// storage instead of being copied into the buffer.
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count >= 65536 {
            flush()
            if !brokenPipe, failure == nil, let error = Syscalls.writeAll(fd, bytes) { record(error) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 65536 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty, !brokenPipe, failure == nil else { buffer.removeAll(keepingCapacity: true); return }
        if let error = buffer.withUnsafeBytes({ Syscalls.writeAll(fd, $0) }) { record(error) }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func record(_ error: Int32) {
        if error == EPIPE { brokenPipe = true } else { failure = error }
    }
}
