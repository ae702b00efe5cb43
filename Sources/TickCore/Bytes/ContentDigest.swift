/// A 128-bit digest of bytes, for telling whether a file is the very version a kept record
/// describes (`ParseCheckpoints`): two 64-bit lanes over alternate 8-byte words, each step a
/// permutation of the lane's state (xor the word, multiply by an odd constant, xor-shift
/// right), so that a change anywhere in a word reaches every bit of its lane within two
/// steps; then a final mix of each lane with the length.
///
/// `ContentHash` multiplies only: a change in a word's top byte stays in the hash's top eight
/// bits, and two such changes cancel often (two `[x]` turned `[X]` kept the hash one time in
/// four). Not a cryptographic digest: it guards against the file changing by accident, not
/// against a program that can write the file anyway.
package struct ContentDigest: Sendable, Equatable {
    package let high: UInt64
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    package static func of(_ raw: UnsafeRawBufferPointer) -> ContentDigest {
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        // Lane `a` takes the even words and lane `b` the odd ones: two chains the processor
        // runs side by side, each word read once.
        let pairs = raw.count / 16
        for index in 0..<pairs {
            a = (a ^ raw.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 29
            b = (b ^ raw.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 31
        }
        var tail: UInt64 = 0, tailHigh: UInt64 = 0
        for (offset, byte) in raw[(pairs * 16)...].enumerated() {
            if offset < 8 { tail |= UInt64(byte) << UInt64(offset * 8) } else { tailHigh |= UInt64(byte) << UInt64((offset - 8) * 8) }
        }
        a = (a ^ tail) &* 0x9E37_79B9_7F4A_7C15
        b = (b ^ tailHigh) &* 0xC2B2_AE3D_27D4_EB4F
        return ContentDigest(high: mixed(a ^ UInt64(raw.count)), low: mixed(b &+ UInt64(raw.count)))
    }

    package static func of(_ bytes: [UInt8]) -> ContentDigest { bytes.withUnsafeBytes { of($0) } }

    /// The digest in 64 bits: what names a version of a file where a record keeps one number
    /// (a listing's file, a journal change's before and after, a confirmed question's file).
    /// Two versions that differ share it by accident about once in 2^64 tries.
    package static func version(of bytes: [UInt8]) -> UInt64 { of(bytes).version }

    /// `version(of:)` of the bytes this digest is of.
    package var version: UInt64 { high ^ low }

    /// SplitMix64's finalizer: every input bit reaches every output bit.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var x = value
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}
