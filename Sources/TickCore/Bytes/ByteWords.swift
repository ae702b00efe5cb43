/// Eight bytes at a time: tests of a 64-bit word of text, to pass over the runs of bytes that
/// need nothing done (no escape, no field, no control character) without a test per byte.
///
/// Each test is nonzero when the word holds what it looks for. It may also mark bytes above a
/// match (a borrow carries), but never marks a word that holds none: a caller that finds a mark
/// reads that word byte by byte.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether `word` holds `byte`.
    @inline(__always) static func holds(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Whether `word` holds a byte below `limit`, which is at most 0x80.
    @inline(__always) static func holdsBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// How many bytes from the start of `buffer` lie in whole words that `marks` finds nothing
    /// in: the bytes from there on are the ones to read one at a time.
    @inline(__always) static func cleanPrefix(_ buffer: UnsafeBufferPointer<UInt8>, _ marks: (UInt64) -> UInt64) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var index = 0
        while index + 8 <= buffer.count {
            if marks(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) != 0 { break }
            index += 8
        }
        return index
    }
}
