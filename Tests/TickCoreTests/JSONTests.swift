import Testing
@testable import TickCore

/// The JSON reader the language and agent servers read messages with.
@Suite struct JSONTests {
    /// Any string written is read back the same, whatever characters it holds and wherever
    /// they fall in the eight-byte steps the reader takes over plain bytes.
    @Test func stringsReadBackAsWritten() throws {
        var generator = SeededGenerator(seed: 0x6A73)
        let alphabet: [Unicode.Scalar] = ["a", "b", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "字", "🔁", "\u{2028}"]
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                // Mostly plain letters, as a document's text is.
                text.append(Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : "x")
            }
            let value = JSON.string(String(text))
            #expect(try JSON.parse(value.encoded) == value)
            let nested = JSON.object(["text": value, "list": .array([value, JSON(3)])])
            #expect(try JSON.parse(nested.encoded) == nested)
        }
    }

    /// What JSON forbids in a string is refused at every offset: a raw control character, an
    /// unknown escape, an unterminated string.
    @Test func malformedStringsAreRefused() throws {
        for offset in 0..<20 {
            let plain = String(repeating: "p", count: offset)
            for bad in ["\"\(plain)\u{1}\"", "\"\(plain)\n\"", "\"\(plain)\\q\"", "\"\(plain)", "\"\(plain)\\u12\""] {
                #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(bad.utf8)) }
            }
            #expect(try JSON.parse(Array("\"\(plain)\\u00e9\\ud83d\\ude00\"".utf8)) == .string(plain + "é😀"))
        }
    }
}
