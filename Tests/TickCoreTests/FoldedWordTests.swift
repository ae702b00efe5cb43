import Foundation
import Testing
@testable import TickCore

/// A word found in task texts byte by byte says what the String reading says
/// (`text.lowercased().contains(word.lowercased())` as the core compiles it, the text's accents
/// taken off for a word typed without any, and `==` for a whole text), for texts and
/// words of ASCII in both cases and of the characters where the two readings could part:
/// decomposed accents, the Kelvin sign (it lowercases to ASCII `k`), `ß`, dotted `İ`, emoji
/// and bytes that are not UTF-8.
@Suite struct FoldedWordTests {
    static let pieces: [[UInt8]] = ["a", "b", "A", "B", "k", "K", "s", "S", "e", "E", "i", " ", "-", ":", "1", "Z", "z", "[", "@", "`",
                                     "é", "e\u{301}", "\u{212A}", "ß", "İ", "ı", "🎉", "Ω", "ω", "\u{FE0F}", "\u{200D}", "\u{200C}"].map { Array($0.utf8) } + [[0xFF], [0xC3]]

    static func randomText(_ random: inout SeededGenerator, length: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: length, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
    }

    @Test func readsAsTheStringReading() {
        var random = SeededGenerator(seed: 5)
        var asciiBoth = 0, found = 0
        for round in 0..<3000 {
            // Mostly ASCII, as most tasks are.
            let asciiOnly = round % 3 != 0
            var text = Self.randomText(&random, length: 0...12)
            if asciiOnly { text = text.filter { $0 < 0x80 } }
            let document = Document(bytes: Array("- [ ] ".utf8) + text + [Byte.lf])
            guard let task = document.tasks.first else { continue }
            let string = document.text(of: task)
            var words = [Self.randomText(&random, length: 0...3), Array(string.utf8.prefix(3)), Array(string.uppercased().utf8.suffix(2))]
            // Half the ASCII texts are asked for words that are not.
            if asciiOnly, round % 2 == 0 { words = words.map { $0.filter { $0 < 0x80 } } }
            for bytes in words {
                let word = String(decoding: bytes, as: UTF8.self)
                let folded = FoldedWord(word)
                let foldedWord = FoldedWord.folded(word)
                let contains = foldedWord.utf8.allSatisfy({ $0 < 0x80 }) ? FoldedWord.unaccentedReading(string, contains: foldedWord)
                    : FoldedWord.stringReading(string, contains: foldedWord)
                #expect(folded.isContained(inTextOf: task, in: document) == contains, "\(string.debugDescription) contains \(word.debugDescription)")
                #expect(folded.isWholeText(of: task, in: document) == (FoldedWord.folded(string) == FoldedWord.folded(word)),
                        "\(string.debugDescription) is \(word.debugDescription)")
                if contains { found += 1 }
                if string.utf8.allSatisfy({ $0 < 0x80 }) && word.utf8.allSatisfy({ $0 < 0x80 }) { asciiBoth += 1 }
            }
        }
        #expect(asciiBoth > 3000 && found > 2000)
    }

    @Test func casesWhereBytesAloneWouldMislead() {
        func contains(_ text: String, _ word: String) -> Bool {
            let document = Document("- [ ] \(text)\n")
            return FoldedWord(word).isContained(inTextOf: document.tasks[0], in: document)
        }
        #expect(contains("Kelvin", "kel") && contains("\u{212A}elvin", "kelvin"))
        // A word typed without accents finds the text with them; one typed with them, as typed.
        #expect(contains("cafe\u{301}", "cafe") && contains("Café au lait", "cafe") && contains("CV résumé", "resume"))
        #expect(contains("Łódź", "lodz") && contains("Œuvre", "oeuvre") && contains("Ærø", "aero"))
        #expect(!contains("cafe", "café") && contains("café", "café") && !contains("cafe\u{301}", "café\u{301}x"))
        #expect(contains("Straße", "STRASSE") && !contains("Strasse", "straße"))
        #expect(contains("Buy MILK today", "milk") && !contains("Buy milk", "milks"))
        // Code points that show nothing are not read: as typed on a phone or on a desktop.
        #expect(contains("⚠\u{FE0F} check the boiler", "⚠") && contains("⚠ check", "⚠\u{FE0F}"))
        #expect(contains("پیاده\u{200C}سازی API", "پیادهسازی") && contains("پیادهسازی", "پیاده\u{200C}سازی"))
        #expect(contains("soft\u{00AD}ware update", "software") && !contains("⚠ check", "⚡"))
    }

    /// The letters of U+00C0 to U+017F that decompose into a base letter and accents lose the
    /// accents as Unicode's canonical decomposition has it; the others keep to their own base
    /// letter (`ø` o, `ł` l, `đ` d) or stay (`þ`, `×`).
    @Test func accentsComeOffAsDecompositionSays() {
        for value in UInt32(0xC0)...0x17F {
            let text = String(Unicode.Scalar(value)!).lowercased()
            let decomposed = text.decomposedStringWithCanonicalMapping.unicodeScalars
            guard let base = decomposed.first, base.isASCII, decomposed.count > 1 else { continue }
            #expect(FoldedWord.unaccented(text) == String(base), "U+\(String(value, radix: 16)) \(text)")
        }
        #expect(FoldedWord.unaccented("øłđßæœĳþ×") == "oldssaeoeijþ×")
    }
}
