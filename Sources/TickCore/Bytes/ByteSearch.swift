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

    /// Whether `needle` occurs in `bytes[range]`, an empty one anywhere. A short needle is
    /// found from each place of its rarest byte (`memchr`), at most its length compared there;
    /// a long one by Knuth–Morris–Pratt: linear in both counts, however the bytes repeat
    /// themselves (a search that compared at each offset would take their product on a file of
    /// one line over and over).
    static func contains(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard range.count >= needle.count else { return false }
        if needle.count <= 16 {
            let pivot = needle.indices.max { rarity(needle[$0]) < rarity(needle[$1]) }!
            return bytes.withUnsafeBufferPointer { all in
                let buffer = UnsafeBufferPointer(rebasing: all[(range.lowerBound + pivot)..<(range.upperBound - needle.count + pivot + 1)])
                return anyOffset(of: needle[pivot], in: buffer) { offset in
                    let start = range.lowerBound + offset
                    for k in needle.indices where all[start + k] != needle[k] { return false }
                    return true
                }
            }
        }
        // failure[i]: the length of the longest proper prefix of needle[...i] that ends it.
        var failure = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = failure[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            failure[index] = length
        }
        length = 0
        for index in range {
            while length > 0, bytes[index] != needle[length] { length = failure[length - 1] }
            if bytes[index] == needle[length] { length += 1 }
            if length == needle.count { return true }
        }
        return false
    }

    /// How common `byte` is in text, roughly: spaces and line ends, then letters and digits,
    /// then the rest (marks, which a search looks for).
    private static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case Byte.space, Byte.lf, Byte.cr, Byte.tab: 0
        case 0x61...0x7A: 1
        case 0x30...0x39, 0x41...0x5A, 0x80...: 2
        default: 3
        }
    }
}
