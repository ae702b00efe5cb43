import Testing
@testable import TickCore

@Suite struct ByteSearchTests {
    /// A search finds a needle in a range exactly when comparing at each offset does: short
    /// needles (found from their rarest byte) and long ones, over bytes of a few kinds so that
    /// near misses are everywhere.
    @Test func findsWhatComparingAtEachOffsetFinds() {
        var generator = SeededGenerator(seed: 31)
        let alphabet: [UInt8] = Array("\n<a =".utf8)
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let lower = Int.random(in: 0...bytes.count, using: &generator)
            let range = lower..<Int.random(in: lower...bytes.count, using: &generator)
            let expected = needle.isEmpty || (range.count >= needle.count && (range.lowerBound...(range.upperBound - needle.count)).contains {
                Array(bytes[$0..<($0 + needle.count)]) == needle
            })
            #expect(ByteSearch.contains(needle, in: bytes, range) == expected, "\(needle) in \(bytes)[\(range)]")
        }
    }
}
