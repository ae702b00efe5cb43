/// A word looked for in task texts whatever its case: what `text.lowercased().contains(word)`
/// and `text.lowercased() == word` say of the task's text, with the word lowercased once
/// (and both read without the code points that show nothing, below).
///
/// Asked of every task of a file (`tick list milk`, `tick done milk`), the String path costs a
/// String, a lowercased copy and a Character search per task: 28 000 instructions a task,
/// ten times its parse. When the word and the text are both ASCII (the typical task), that
/// reading is a byte comparison, A–Z folded to a–z, and every byte one Character (a task's
/// text holds no CR or LF, the only ASCII pair that makes one Character of two bytes). Any other
/// byte in either takes the String path, so a decomposed `é`, a Kelvin sign or `ß` read as
/// Swift's Unicode case mapping and Character comparison read them.
///
/// Both sides are read without the code points Unicode says show nothing (default
/// ignorable: the emoji variation selector U+FE0F, the zero-width joiner and non-joiner,
/// soft hyphens): `⚠` finds `⚠️`, and Persian typed without a zero-width non-joiner finds
/// the word written with one. (ASCII holds none of them.)
///
/// A word typed without accents (all ASCII) finds the text with them: `cafe` finds `Café`,
/// `resume` `résumé` (`unaccented`); a word with accents finds them as typed.
package struct FoldedWord: Sendable {
    /// The word, folded (`folded(_:)`).
    package let folded: String
    /// Its bytes, when they are ASCII.
    private let ascii: [UInt8]?

    package init(_ word: String) {
        folded = Self.folded(word)
        let bytes = Array(folded.utf8)
        ascii = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    /// A text as words are compared: lowercased, without default ignorable code points.
    package static func folded(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.unicodeScalars.contains(where: \.properties.isDefaultIgnorableCodePoint) else { return lowered }
        return String(String.UnicodeScalarView(lowered.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }))
    }

    /// Whether the task's text holds the word. A word that is not ASCII lowercased is in no
    /// ASCII text (whose lowercase is ASCII): only other texts are read as Strings.
    /// A word is looked for in what a row shows: never in the fields a row leaves out (the
    /// due date, the dates a task records), so `-3` does not find `due:2026-12-30`.
    package func isContained(inTextOf task: Task, in document: Document) -> Bool {
        guard isContained(inWholeTextOf: task, in: document) else { return false }
        guard let shown = ListView.shownText(ifCut: task, in: document) else { return true }
        return reading(shown)
    }

    private func isContained(inWholeTextOf task: Task, in document: Document) -> Bool {
        if let ascii, let found = document.withTextBytes(of: task, { Self.find(ascii, in: $0) }) { return found }
        if ascii == nil, document.withTextBytes(of: task, Self.isASCII) { return false }
        return reading(document.text(of: task))
    }

    /// Whether `text` holds the word, as a String: with its accents taken off when the word
    /// has none.
    private func reading(_ text: String) -> Bool {
        ascii == nil ? Self.stringReading(text, contains: folded) : Self.unaccentedReading(text, contains: folded)
    }

    /// The String reading of a text with its accents taken off (`unaccented`), for a word
    /// typed without any.
    static func unaccentedReading(_ text: String, contains foldedWord: String) -> Bool {
        unaccented(folded(text)).contains(foldedWord)
    }

    /// A folded text without its accents: combining marks left out, and the letters of Latin-1
    /// and Latin Extended-A (U+00C0 to U+017F) as their base letters (`é` as `e`, `ß` as `ss`,
    /// `œ` as `oe`); any other character as it is.
    static func unaccented(_ text: String) -> String {
        // Most texts, ASCII or in a script without accents (CJK), have nothing to take off:
        // looked at without making a String.
        guard text.unicodeScalars.contains(where: { (0xC0...0x17F).contains($0.value) || (0x300...0x36F).contains($0.value) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x300...0x36F).contains(value) { continue }
            if (0xC0...0x17F).contains(value) {
                let base = Self.latinBases[Int(value - 0xC0)]
                switch base {
                case "*": result.append(scalar)
                case "1": result.append(contentsOf: "ae".unicodeScalars)
                case "2": result.append(contentsOf: "ss".unicodeScalars)
                case "3": result.append(contentsOf: "ij".unicodeScalars)
                case "4": result.append(contentsOf: "oe".unicodeScalars)
                default: result.append(base)
                }
                continue
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// The base letter of each character from U+00C0 to U+017F (lowercase: texts are folded
    /// first); `*` keeps the character (×, ÷, þ), digits name a pair of letters (`unaccented`).
    private static let latinBases: [Unicode.Scalar] = Array(("aaaaaa1ceeeeiiii" + "dnooooo*ouuuuy*2" + "aaaaaa1ceeeeiiii" + "dnooooo*ouuuuy*y"
        + "aaaaaaccccccccdd" + "ddeeeeeeeeeegggg" + "gggghhhhiiiiiiii" + "ii33jjkkklllllll"
        + "lllnnnnnnnnnoooo" + "oo44rrrrrrssssss" + "ssttttttuuuuuuuu" + "uuuuwwyyyzzzzzzs").unicodeScalars)

    /// Whether the task's text is the word.
    package func isWholeText(of task: Task, in document: Document) -> Bool {
        if let ascii, let same = document.withTextBytes(of: task, { Self.equal(ascii, $0) }) { return same }
        if ascii == nil, document.withTextBytes(of: task, Self.isASCII) { return false }
        return Self.folded(document.text(of: task)) == folded
    }

    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte >= 0x80 { return false }
        return true
    }

    /// The String reading, as this module's `contains` has it (the Standard Library's
    /// Character search: Foundation's, seen where it is imported, reads some texts otherwise).
    static func stringReading(_ text: String, contains foldedWord: String) -> Bool {
        folded(text).contains(foldedWord)
    }

    /// Whether `word` occurs in `text` with A–Z read as a–z; nil when `text` is not ASCII.
    static func find(_ word: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isASCII(text) else { return nil }
        // As the String reading has it: an empty word is in every text.
        guard let first = word.first else { return true }
        guard text.count >= word.count else { return false }
        for start in 0...(text.count - word.count) where folded(text[start]) == first {
            var matched = 1
            while matched < word.count, folded(text[start + matched]) == word[matched] { matched += 1 }
            if matched == word.count { return true }
        }
        return false
    }

    /// Whether `text` is `word` with A–Z read as a–z; nil when `text` is not ASCII.
    static func equal(_ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var same = text.count == word.count
        for (index, byte) in text.enumerated() {
            if byte >= 0x80 { return nil }
            if same, folded(byte) != word[index] { same = false }
        }
        return same
    }

    @inline(__always) private static func folded(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
