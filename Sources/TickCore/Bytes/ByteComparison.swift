#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Comparisons of whole files' bytes, eight bytes at a time or with `memcmp`: an edit of a large
/// file compares it with what it read and with what it writes.
package enum ByteComparison {
    /// Whether the two arrays hold the same bytes.
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Whether `a`'s bytes from `offset` on start with `b`'s.
    package static func holds(_ a: [UInt8], _ b: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= a.count, b.count <= a.count - offset else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in y.count == 0 || memcmp(x.baseAddress! + offset, y.baseAddress!, y.count) == 0 }
        }
    }

    /// How many bytes the two start with in common.
    package static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let shorter = min(x.count, y.count)
                var index = 0
                // Pages with `memcmp` first, then the one that differs eight bytes at a time.
                while index + 4096 <= shorter, memcmp(x.baseAddress! + index, y.baseAddress! + index, 4096) == 0 { index += 4096 }
                while index + 8 <= shorter,
                      x.loadUnaligned(fromByteOffset: index, as: UInt64.self) == y.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                    index += 8
                }
                while index < shorter, x[index] == y[index] { index += 1 }
                return index
            }
        }
    }

    /// How many bytes the two end with in common, at most `limit` (so that a common suffix and
    /// a common prefix found before it do not overlap).
    package static func commonSuffix(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let bound = min(limit, x.count, y.count)
                var length = 0
                while length + 4096 <= bound,
                      memcmp(x.baseAddress! + x.count - length - 4096, y.baseAddress! + y.count - length - 4096, 4096) == 0 {
                    length += 4096
                }
                while length + 8 <= bound,
                      x.loadUnaligned(fromByteOffset: x.count - length - 8, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: y.count - length - 8, as: UInt64.self) {
                    length += 8
                }
                while length < bound, x[x.count - 1 - length] == y[y.count - 1 - length] { length += 1 }
                return length
            }
        }
    }
}
