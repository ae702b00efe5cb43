/// A 64-bit hash of bytes, for telling versions of a file (and tasks) apart and state records
/// whole: FNV-1a's step (xor, then multiply by its prime, a bijection) over 8-byte words and
/// then the last bytes, so that a file of megabytes takes a millisecond, not one multiply per byte.
package enum ContentHash {
    package static func of(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let words = raw.count / 8
        for index in 0..<words {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
        }
        for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    package static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { of($0) } }
    package static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.withUnsafeBytes { of($0) } }

    /// Sixteen lowercase hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
