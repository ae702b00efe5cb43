import Testing
@testable import TickCore

/// tick's UTF-8 check (ASCII a word at a time, other sequences by hand) against the standard
/// library's decoder: the same first ill-formed offset for every input.
struct UTF8ValidationTests {
    /// Where the standard library's decoder meets the first ill-formed sequence.
    static func decoderOffset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static func offset(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer(UTF8Bytes.firstInvalidOffset) }

    /// Bytes near every boundary of the table of well-formed sequences, mixed with ASCII runs
    /// long enough for the eight-byte skip to start and stop anywhere.
    static let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                       0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]

    @Test func agreesWithTheDecoderOnRandomBytes() {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                if Bool.random(using: &random) {
                    bytes += [UInt8](repeating: 0x61, count: Int.random(in: 1...9, using: &random))
                } else {
                    bytes.append(Self.interesting.randomElement(using: &random)!)
                }
            }
            #expect(Self.offset(bytes) == Self.decoderOffset(bytes), "\(bytes)")
        }
    }

    @Test func everyTwoAndThreeByteSequenceAgrees() {
        for first in UInt8(0x80)...0xFF {
            for second in Self.interesting + [0x80, 0xBF] {
                for third in [0x41, 0x80, 0xBF, 0xC0] as [UInt8] {
                    let bytes = [0x61, first, second, third, 0x80, 0x62]
                    #expect(Self.offset(bytes) == Self.decoderOffset(bytes), "\(bytes)")
                }
            }
        }
    }

    @Test func wellFormedTextOfEveryLength() {
        let text = Array("tâche ✅ 2026-11-25 📅 done 𝄞 ok".utf8)
        for end in 0...text.count {
            let prefix = Array(text[..<end])
            #expect(Self.offset(prefix) == Self.decoderOffset(prefix))
        }
        #expect(text[...].allSatisfyValidUTF8)
        #expect(!(text + [0xED, 0xA0, 0x80])[...].allSatisfyValidUTF8)  // a surrogate
        // The whole-file check: ASCII or not, wherever the first other byte is.
        for length in 0..<70 {
            let ascii = [UInt8](repeating: 0x61, count: length)
            #expect(UTF8Bytes.isASCII(ascii))
            for position in 0..<length {
                var other = ascii
                other[position] = 0x80
                #expect(!UTF8Bytes.isASCII(other))
            }
        }
    }
}

/// Whole-file comparisons eight bytes at a time against byte by byte.
struct ByteComparisonTests {
    @Test func prefixSuffixAndEquality() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<3_000 {
            let base = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...3, using: &random) }
            var other = base
            if !other.isEmpty, Bool.random(using: &random) { other[Int.random(in: 0..<other.count, using: &random)] ^= 1 }
            if Bool.random(using: &random) { other.insert(7, at: Int.random(in: 0...other.count, using: &random)) }
            let shorter = min(base.count, other.count)
            var prefix = 0
            while prefix < shorter, base[prefix] == other[prefix] { prefix += 1 }
            #expect(ByteComparison.commonPrefix(base, other) == prefix)
            let limit = Int.random(in: 0...shorter, using: &random)
            var suffix = 0
            while suffix < limit, base[base.count - 1 - suffix] == other[other.count - 1 - suffix] { suffix += 1 }
            #expect(ByteComparison.commonSuffix(base, other, limit: limit) == suffix)
            #expect(ByteComparison.equal(base, other) == (base == other))
        }
    }
}
