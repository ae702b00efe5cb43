#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte with `memchr` (vectorised in libc): for the rare bytes a scan looks for, such
/// as a token's sigil in a task's text or a field key's colon in a whole file.
enum ByteSearch {
    /// Whether some offset of `byte` in `buffer` passes `test`, asked of each in order.
    static func anyOffset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, where test: (Int) -> Bool) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var from = 0
        while from < buffer.count, let found = memchr(base + from, Int32(byte), buffer.count - from) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if test(index) { return true }
            from = index + 1
        }
        return false
    }

    /// Whether `byte` occurs in `bytes`.
    static func contains(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { anyOffset(of: byte, in: $0) { _ in true } }
    }
}
