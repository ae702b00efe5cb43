import Foundation
import Testing
@testable import TickCore

@Suite struct DisplayWidthTests {
    /// The word-at-a-time check against the byte-at-a-time one, over every byte value in every
    /// position of a word and random runs.
    @Test func printableASCIIWordByWord() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<19 {
                var bytes = [UInt8](repeating: 0x61, count: 19)
                bytes[position] = byte
                for start in 0..<3 {
                    let slice = bytes[start...]
                    #expect(DisplayWidth.isPrintableASCII(slice) == slice.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(byte) at \(position)")
                }
            }
        }
        var random = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                UInt8.random(in: Bool.random(using: &random) ? 0x1E...0x80 : 0...255, using: &random)
            }
            #expect(DisplayWidth.isPrintableASCII(bytes[...]) == bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        }
    }

    /// The width a board reserves for a due label is the label's.
    @Test func dueLabelWidths() {
        for days in [1, 2, 9, 10, 99, 100, 12_345] {
            for state in [DueState.overdue(days: days), .upcoming(days: days), .today] {
                #expect(state.descriptionWidth == state.description.utf8.count, "\(state)")
            }
        }
    }

    @Test(arguments: [
        ("abc", 3), ("", 0), ("한글", 4), ("中文字", 6), ("カタカナ", 8), ("ｆｕｌｌ", 8), ("／、", 4),
        ("e\u{301}", 1), ("🔴", 2), ("👩‍💻", 2), ("❤️", 2), ("Привет", 6), ("لیست\u{200C}ها", 6),
    ])
    func columns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text)")
    }

    /// Scalar by scalar is cluster by cluster: over every line of every input and over random
    /// strings of marks, joiners, emoji, flags, skin tones and wide letters.
    @Test func scalarSumIsTheClusterWidth() throws {
        var lines: [String] = []
        for url in Paths.allInputs {
            lines += String(decoding: try bytes(of: url), as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let pool: [String] = ["a", " ", "中", "한", "e", "\u{301}", "\u{200D}", "\u{FE0F}", "👩", "💻", "🇫", "🇷", "👍", "\u{1F3FD}",
                              "क", "\u{93F}", "\u{94D}", "…", "·", "│", "\u{200B}", "\u{1160}", "❤", "📅", "✅", "\t", "ｆ"]
        var random = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            lines.append((0..<Int.random(in: 1...8, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined())
        }
        for line in lines {
            #expect(DisplayWidth.of(line) == DisplayWidth.clusterWidth(line), "\(line.debugDescription)")
            for width in [1, 2, 3, 5, 8, 13] where DisplayWidth.of(line) > width {
                #expect(DisplayWidth.truncated(line, to: width) == DisplayWidth.clusterTruncated(line, to: width), "\(line.debugDescription) to \(width)")
            }
        }
    }

    @Test func truncationKeepsWithinWidthAndMarksTheCut() {
        #expect(DisplayWidth.truncated("hello world", to: 8) == "hello w…")
        #expect(DisplayWidth.truncated("hello", to: 5) == "hello")
        // A wide character that would straddle the edge is left out entirely.
        #expect(DisplayWidth.truncated("中文字体", to: 6) == "中文…")
        #expect(DisplayWidth.of(DisplayWidth.truncated("中文字体", to: 6)) == 5)
        #expect(DisplayWidth.truncated("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(DisplayWidth.padded("한", to: 4) == "한  ")
    }
}

@Suite struct TextBufferTests {
    @Test func decimalsSpacesAndSanitizedText() {
        var out = TextBuffer()
        for value in [0, 7, 10, 1_234_567] { out.appendDecimal(value); out.appendSpaces(1) }
        out.appendSanitized("a\u{1B}[2Jb\tc\u{7F}é")
        // A tab is a space; C0, DEL and C1 controls (U+009B is CSI) are U+FFFD; other text
        // led by the C1 controls' lead byte (U+00A0 to U+00BF) is kept.
        #expect(out.string == "0 7 10 1234567 a\u{FFFD}[2Jb c\u{FFFD}é")
        #expect(TerminalText.sanitized("plain") == "plain" && TerminalText.sanitized("\r") == "\u{FFFD}")
        #expect(TerminalText.sanitized("x\u{9B}31my\u{80}z\u{9F}") == "x\u{FFFD}31my\u{FFFD}z\u{FFFD}")
        #expect(TerminalText.sanitized("20°C £5\u{A0}ok\u{BF}") == "20°C £5\u{A0}ok\u{BF}")
        // Bidirectional embeddings, overrides and isolates go; other text of U+2000 to U+2FFF,
        // and right-to-left letters, stay.
        #expect(TerminalText.sanitized("pay \u{202E}tnuocca\u{202C} — ok… \u{2066}x\u{2069} שלום \u{200F}") == "pay \u{FFFD}tnuocca\u{FFFD} — ok… \u{FFFD}x\u{FFFD} שלום \u{200F}")
        var long = TextBuffer()
        long.appendSanitized(String(repeating: "a", count: 40) + "\u{9B}" + String(repeating: "°", count: 9) + "\t")
        #expect(long.string == String(repeating: "a", count: 40) + "\u{FFFD}" + String(repeating: "°", count: 9) + " ")
    }

    /// Every number of up to six digits, each power of ten and its neighbours up to the largest:
    /// the digits two at a time, and their count, as `String` writes them.
    @Test func decimalsAsStringWritesThem() {
        var values = Array(0...1_000_000)
        var power: UInt = 10
        while true {
            values += [Int(clamping: power - 1), Int(clamping: power), Int(clamping: power + 1)]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow || next > UInt(Int.max) { break }
            power = next
        }
        values += [Int.max, Int.max - 1]
        var out = TextBuffer(capacity: values.count * 8)
        var expected = ""
        for value in values {
            out.appendDecimal(value)
            out.append(Byte.space)
            expected += String(value) + " "
            #expect(TextBuffer.decimalDigits(value) == String(value).utf8.count, "digits of \(value)")
        }
        #expect(out.string == expected)
        out.removeAll()
        for count in [0, 1, 63, 64, 65, 1000] { out.appendSpaces(count); out.append(0x7C) }
        #expect(out.string == [0, 1, 63, 64, 65, 1000].map { String(repeating: " ", count: $0) + "|" }.joined())
    }

    @Test func stylesWrapOnlyWhatIsWritten() {
        var out = TextBuffer()
        out.appendStyled(.ansi, .red) { $0.append("late") }
        out.appendStyled(.ansi, .dim) { _ in }
        out.appendStyled(.plain, .bold) { $0.append("!") }
        #expect(out.string == "\u{1B}[31mlate\u{1B}[0m!")
        #expect(TextStyle.ansi.wrap("", .cyan) == "" && TextStyle.plain.wrap("x", .cyan) == "x")
    }

    /// A closed task, done or cancelled, is dimmed whole: its checkbox, its text and its date;
    /// an open one is not.
    @Test func closedRowsAreDimmed() {
        let document = Document("- [x] done due:2026-11-20\n- [-] dropped\n- [ ] open\n")
        let rows = ListView.render(document.tasks.indices.map { ViewItem(source: 0, task: $0) }, in: [SourceDocument(path: "t.md", document: document)],
                                   order: .file, today: CivilDate(iso: "2026-11-26")!, style: .ansi).split(separator: "\n")
        let dim = "\u{1B}[2m", reset = "\u{1B}[0m"
        #expect(rows[0].contains(dim + "[x]" + reset) && rows[0].contains(dim + "done" + reset) && rows[0].contains(dim + "due 2026-11-20" + reset), "\(rows[0])")
        #expect(rows[1].contains(dim + "[-]" + reset) && rows[1].contains(dim + "dropped" + reset), "\(rows[1])")
        #expect(!rows[2].contains(dim + "[ ]") && !rows[2].contains(dim + "open"), "\(rows[2])")
    }
}

@Suite struct QueryTests {
    let today = CivilDate(iso: "2026-11-22")!
    let document = Document("""
    - [ ] loose
    # Work
    - [ ] * ship due:2026-11-20 #release
    - [/] review due:2026-11-22 +web @desk
    ## Backend
    - [x] migrate due:2026-11-25
    - [-] dropped
    - [ ] later due:2026-12-30 #Release

    """)

    func texts(_ configure: (inout TaskQuery) -> Void) -> [String] {
        var query = TaskQuery()
        configure(&query)
        let matcher = query.matcher(for: document, today: today)
        return document.tasks.filter { matcher.matches($0) }.map { document.text(of: $0).split(separator: " ").first.map(String.init) ?? "" }
    }

    @Test func defaultsToOpenAndDoing() {
        #expect(texts { _ in } == ["loose", "ship", "review", "later"])
        #expect(texts { $0.statuses = [.closed] } == ["migrate", "dropped"])
        #expect(texts { $0.statuses = nil }.count == 6)
    }

    @Test func groupNamesAGroupAndItsSubgroups() {
        #expect(texts { $0.group = GroupName("work") } == ["ship", "review", "later"])
        #expect(texts { $0.group = GroupName(" WORK / backend ") } == ["later"])
        #expect(texts { $0.group = GroupName("Backend") } == ["later"], "a subgroup by its own title")
        #expect(texts { $0.group = GroupName("Frontend") } == [])
    }

    /// A title's emoji or marks need not be typed; a name of no words does not match every
    /// title of none.
    @Test func groupNamesATitleByItsWords() {
        let document = Document("# 📆 Today\n\n- [ ] a\n\n# 🤔 Someday/Maybe\n\n## ⏳ Later\n\n- [ ] b\n\n# 🔥\n\n- [ ] c\n")
        #expect(GroupName("today").groups(in: document).map { document.headings[$0].line } == [0])
        #expect(GroupName("someday/maybe").groups(in: document).map { document.headings[$0].line } == [4])
        #expect(GroupName("Someday\\/Maybe/later").groups(in: document).map { document.headings[$0].line } == [6])
        #expect(GroupName("🔥").groups(in: document).map { document.headings[$0].line } == [10])
        #expect(GroupName("🚀").groups(in: document).isEmpty)
        #expect(GroupName("ay").groups(in: document).isEmpty)
    }

    @Test func dueFilters() {
        func due(_ text: String) -> [String] { texts { $0.statuses = nil; $0.due = DueFilter(parsing: text, today: today) } }
        #expect(due("overdue") == ["ship"])
        #expect(due("today") == ["review"])
        #expect(due("soon") == ["ship", "review"])
        #expect(due("week") == ["review", "migrate"])
        #expect(due("none") == ["loose", "dropped"])
        #expect(due("any") == ["ship", "review", "migrate", "later"])
        #expect(due("before:2026-11-25") == ["ship", "review"])
        #expect(due("after:tomorrow") == ["migrate", "later"])
        #expect(due("2026-11-25") == ["migrate"])
        #expect(DueFilter(parsing: "someday", today: today) == nil)
        #expect(DueFilter(parsing: "before:soon", today: today) == nil)
    }

    @Test func tagsAndWords() {
        #expect(texts { $0.tags = ["release"] } == ["ship", "later"])
        #expect(texts { $0.tags = ["+web"] } == ["review"])
        #expect(texts { $0.tags = ["@desk", "#release"] } == ["ship", "review", "later"], "several tags: any of them")
        #expect(texts { $0.tags = ["release"]; $0.excludedTags = ["@desk"] } == ["ship", "later"])
        #expect(texts { $0.excludedWords = ["SHIP", "later"] } == ["loose", "review"])
        #expect(texts { $0.words = ["SHIP"] } == ["ship"])
        #expect(texts { $0.words = ["o"] } == ["loose"])
        #expect(texts { $0.words = ["re", "VIEW"] } == ["review"])
        #expect(texts { $0.importantOnly = true } == ["ship"])
    }

    @Test func ordersAreStableAndPutUndatedLast() {
        let sources = [SourceDocument(path: "a.md", document: document)]
        var query = TaskQuery()
        query.statuses = nil
        let items = ViewItem.select(sources, query: query, today: today)
        func names(_ order: TaskOrder) -> [String] {
            order.sorted(items, in: sources).map { String(document.text(of: document.tasks[$0.task]).split(separator: " ")[0]) }
        }
        #expect(names(.file) == ["loose", "ship", "review", "migrate", "dropped", "later"])
        #expect(names(.due) == ["ship", "review", "migrate", "later", "loose", "dropped"])
        #expect(names(.status) == ["review", "loose", "ship", "later", "migrate", "dropped"])
        #expect(names(.text) == ["dropped", "later", "loose", "migrate", "review", "ship"])
        #expect(names(.group) == ["loose", "ship", "review", "migrate", "dropped", "later"])
    }

    @Test func talliesCountOwnTasksPerGroup() {
        let sources = [SourceDocument(path: "a.md", document: document)]
        var query = TaskQuery()
        query.statuses = nil
        let tallies = GroupTally.tally(sources, query: query, today: today)
        #expect(tallies.map(\.heading) == [nil, 0, 1])
        #expect(tallies.map(\.depth) == [0, 0, 1])
        #expect(tallies.map(\.open) == [1, 1, 1])
        #expect(tallies.map(\.doing) == [0, 1, 0])
        // `[-]` is cancelled: closed, but out of the total rather than done.
        #expect(tallies.map(\.closed) == [0, 0, 1])
        #expect(tallies.map(\.cancelled) == [0, 0, 1])
        #expect(tallies[2].percent == 50)
    }

    @Test func progressBarIsFullOnlyWhenDone() {
        #expect(ProgressBar.render(done: 0, total: 3, width: 10, style: .plain) == "░░░░░░░░░░")
        #expect(ProgressBar.render(done: 1, total: 100, width: 10, style: .plain) == "█░░░░░░░░░")
        #expect(ProgressBar.render(done: 99, total: 100, width: 10, style: .plain) == "█████████░")
        #expect(ProgressBar.render(done: 4, total: 4, width: 10, style: .plain) == "██████████")
        #expect(ProgressBar.render(done: 0, total: 0, width: 4, style: .plain) == "░░░░")
    }
}

/// The JSON writer: commas at every level of nesting, numbers and dates written as digits,
/// keys from the data escaped.
@Suite struct JSONWriterTests {
    @Test func nestingNumbersDatesAndKeys() {
        var json = JSONWriter()
        json.beginObject()
        json.key("a"); json.int(0)
        json.key("b"); json.int(-9_223_372_036_854_775_807)
        json.key("c"); json.int(Int.max)
        json.key("d")
        json.beginArray()
        json.beginArray(); json.endArray()
        json.beginObject(); json.key(string: "q\"\n"); json.date(CivilDate(year: 7, month: 3, day: 9)); json.endObject()
        json.date(nil)
        json.int(42)
        json.endArray()
        json.key("e"); json.bool(true)
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self)
                == #"{"a":0,"b":-9223372036854775807,"c":9223372036854775807,"d":[[],{"q\"\n":"0007-03-09"},null,42],"e":true}"#)
        #expect(CivilDate(year: 2026, month: 11, day: 24)!.description == "2026-11-24")
    }

    /// Strings far longer than the writer's first room, escapes and a reference, through growth.
    @Test func growsAndEscapes() {
        var json = JSONWriter()
        let long = String(repeating: "ab\"\u{1}", count: 5_000)
        json.beginArray()
        json.string(long)
        json.reference(line: 1_234, signature: 0x0123_4567_89AB_CDEF)
        json.endArray()
        let expected = "[\"" + String(repeating: #"ab\"\u0001"#, count: 5_000) + #"","1234@01234567"]"#
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
    }

    /// Strings are read eight bytes at a time until a byte may need an escape
    /// (`ByteWords`): on random strings of every length, with the bytes that need one (control
    /// characters, quotes, backslashes) at every place in and across words, next to bytes of
    /// 0x80 and up and DEL, the output is the escape written byte by byte. The same for text
    /// sanitized for the terminal.
    @Test func wordAtATimeEscapesAsByteByByte() {
        var random = SeededGenerator(seed: 8)
        let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x41, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F,
                                 0x80, 0x81, 0x9B, 0x9F, 0xA0, 0xA6, 0xA9, 0xAA, 0xAE, 0xAF, 0xC2, 0xC3, 0xE2, 0xE2, 0xFF]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            // Mostly plain letters, so that whole clean words occur before the first escape.
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<4, using: &random) == 0 ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0x61...0x7A, using: &random)
            }
            var json = JSONWriter()
            bytes.withUnsafeBufferPointer { json.string(utf8: $0) }
            var expected: [UInt8] = [0x22]
            for byte in bytes {
                switch byte {
                case 0x22: expected += Array(#"\""#.utf8)
                case 0x5C: expected += Array(#"\\"#.utf8)
                case 0x0A: expected += Array(#"\n"#.utf8)
                case 0x0D: expected += Array(#"\r"#.utf8)
                case 0x09: expected += Array(#"\t"#.utf8)
                case ..<0x20: expected += Array(String(format: "\\u%04x", byte).utf8)
                default: expected.append(byte)
                }
            }
            expected.append(0x22)
            #expect(json.bytes == expected, "\(bytes)")
            var text = TextBuffer()
            bytes.withUnsafeBufferPointer { text.appendSanitized($0) }
            // A tab is a space; C0 controls, DEL, the two bytes of a C1 control and the three of
            // a bidirectional one are U+FFFD.
            var sanitized: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x09 {
                    sanitized.append(0x20)
                } else if byte < 0x20 || byte == 0x7F {
                    sanitized += TerminalText.replacementCharacter
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    sanitized += TerminalText.replacementCharacter
                    index += 1
                } else if byte == 0xE2, index + 2 < bytes.count,
                          (bytes[index + 1] == 0x80 && (0xAA...0xAE).contains(bytes[index + 2])) || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2])) {
                    sanitized += TerminalText.replacementCharacter
                    index += 2
                } else {
                    sanitized.append(byte)
                }
                index += 1
            }
            #expect(text.bytes == sanitized, "\(bytes)")
        }
    }

    /// A task's tokens in JSON: each kind in its array, words in code spans left out, each
    /// field key once with its first value (past the few keys looked through in order too),
    /// and bad bytes as U+FFFD.
    @Test func taskTokens() throws {
        let keys = (0..<40).map { "k\($0 % 20):v\($0)" }.joined(separator: " ")
        let document = Document(bytes: Array("- [ ] #a +p @c `#code k:v` x:1 x:2 #b \(keys) ".utf8) + [0xFF] + Array(" #t\n".utf8))
        var json = JSONWriter()
        TaskJSON.write(document.tasks[0], in: document, file: "f.md", to: &json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect(object["tags"] as? [String] == ["a", "b", "t"])
        #expect(object["projects"] as? [String] == ["p"])
        #expect(object["contexts"] as? [String] == ["c"])
        let fields = try #require(object["fields"] as? [String: String])
        #expect(fields.count == 21 && fields["x"] == "1" && fields["k0"] == "v0" && fields["k19"] == "v19")
        #expect((object["text"] as? String)?.contains("\u{FFFD}") == true)
    }

    /// A file's group paths are written for the groups whose tasks are written, not for every
    /// heading: under one long title, 10 000 headings would be 1 GB of paths (this took
    /// seconds and a gigabyte when every path was written up front); and the path is right.
    @Test func groupPathsAreWrittenForTheTasksGroupsOnly() throws {
        let title = String(repeating: "T", count: 100_000)
        let headings = (0..<10_000).map { "## h\($0)\n" }.joined()
        let document = Document("# \(title)\n" + headings + "- [ ] one\n")
        let clock = ContinuousClock()
        var json = JSONWriter()
        let took = clock.measure {
            var file = TaskJSON.File("f.md", document: document)
            TaskJSON.write(document.tasks[0], in: document, file: &file, to: &json)
        }
        #expect(took < .milliseconds(500), "\(took)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect(object["group"] as? [String] == [title, "h9999"])
    }
}

/// A long listing written out in pieces of 64 KiB as it renders is the listing held whole.
@Suite struct ListStreamingTests {
    @Test(arguments: [TaskOrder.file, .due])
    func streamedIsWhole(order: TaskOrder) {
        var text = ""
        for group in 0..<40 {
            text += "# Group \(group)\n\n"
            for task in 0..<100 { text += "- [ ] task \(task) of group \(group) with some words due:2026-12-\(10 + task % 9)\n" }
        }
        let sources = [SourceDocument(path: "TODO.md", document: Document(text))]
        let items = sources[0].document.tasks.map { ViewItem(source: 0, task: $0.index) }
        let today = CivilDate(year: 2026, month: 12, day: 1)!
        var whole = TextBuffer()
        ListView.render(items, in: sources, order: order, today: today, style: .plain, into: &whole)
        var streamed: [UInt8] = [], pieces = 0
        var out = TextBuffer()
        ListView.render(items, in: sources, order: order, today: today, style: .plain, into: &out) { buffer in
            streamed += buffer.bytes
            pieces += 1
            buffer.removeAll()
        }
        streamed += out.bytes
        #expect(whole.bytes.count > 1 << 17 && pieces >= 2)
        #expect(streamed == whole.bytes)
    }
}

/// The table that counts block signatures for a listing (and keeps lint's first task per
/// hash), against a `Dictionary` doing the same: random signatures, many repeated, and
/// signatures that all start in one slot.
struct HashTableTests {
    @Test func countsWhatADictionaryCounts() {
        var random = SeededGenerator(seed: 5)
        for round in 0..<200 {
            let distinct = Int.random(in: 0...40, using: &random)
            // Round by round: random 64-bit values, then values that differ only above the
            // bits that pick a slot, so that every one probes past the others.
            let pool: [UInt64] = (0..<distinct).map { index in
                round % 2 == 0 ? UInt64.random(in: 0...UInt64.max, using: &random) : UInt64(index) << 40
            }
            var table = HashTable(capacity: distinct)
            var expected: [UInt64: Int] = [:]
            for _ in 0..<(distinct * 3) {
                let signature = pool[Int.random(in: 0..<pool.count, using: &random)]
                table.add(signature)
                expected[signature, default: 0] += 1
            }
            for signature in pool + [0, UInt64.max, 12_345] {
                #expect(table[signature] == expected[signature] ?? 0, "round \(round), \(signature)")
            }
        }
    }
}

/// A folder view renders each file's rows where it reads the file (`ListRows`) and sorts the
/// rows by their keys: the same output as sorting the tasks of the documents held whole, for
/// every order, alone and with a second key, with notes, colour and JSON.
@Suite struct ListRowsTests {
    @Test func rowsSortAndPrintAsTheDocumentsWould() {
        let shapes = [
            "- [ ] a due:2026-11-20", "- [x] b ✅ 2026-11-01", "- [/] c [priority:: high]", "- [ ] (A) d +proj #tag",
            "  - [ ] sub due:2026-12-01", "    note under it", "# Work", "## Backend", "- [ ] * star 🔼 📅 2026-11-26",
            "- [-] dropped", "- [ ] Zeta", "- [ ] alpha", "", "text", "- [ ] \u{1B}[31mred", "- [ ] 宽字符 ⏫",
        ]
        var generator = SeededGenerator(seed: 41)
        let today = CivilDate(year: 2026, month: 11, day: 25)!
        for round in 0..<120 {
            let sources = (0..<Int.random(in: 1...3, using: &generator)).map { file in
                let lines = (0..<Int.random(in: 0...12, using: &generator)).map { _ in shapes.randomElement(using: &generator)! }
                return SourceDocument(path: "f\(file).md", document: Document(lines.joined(separator: "\n") + "\n"))
            }
            var query = TaskQuery()
            query.statuses = nil
            let items = ViewItem.select(sources, query: query, today: today)
            let order = TaskOrder.allCases.randomElement(using: &generator)!
            let second = TaskOrder.allCases.randomElement(using: &generator)!
            let style = TextStyle(enabled: Bool.random(using: &generator))
            let notes = Bool.random(using: &generator)
            let options = ListRows.Options(order: order, keys: [order, second], today: today, style: style, notes: notes,
                                           showFiles: sources.count > 1)
            let files = sources.compactMap { source -> ListRows? in
                let tasks = items.filter { sources[$0.source].path == source.path }.map(\.task)
                return tasks.isEmpty ? nil : ListRows(source, tasks: tasks[...], options: options)
            }
            let references = RowReference.sorted(files)
            var printed = TextBuffer()
            ListView.print(files, references, options: options, into: &printed)
            let expected = order.sorted(second.sorted(items, in: sources, today: today), in: sources, today: today)
            var whole = TextBuffer()
            ListView.render(expected, in: sources, order: order, today: today, style: style, notes: notes, into: &whole)
            #expect(printed.bytes == whole.bytes, "round \(round), --sort \(order),\(second)")

            var jsonOptions = options
            jsonOptions.json = true
            let jsonFiles = sources.compactMap { source -> ListRows? in
                let tasks = items.filter { sources[$0.source].path == source.path }.map(\.task)
                return tasks.isEmpty ? nil : ListRows(source, tasks: tasks[...], options: jsonOptions)
            }
            var json: [UInt8] = []
            ListView.printJSON(jsonFiles, RowReference.sorted(jsonFiles)) { json += $0 }
            var expectedJSON: [UInt8] = []
            JSONWriter.lines(expected, emit: { expectedJSON += $0 }) { item, writer in
                let document = sources[item.source].document
                TaskJSON.write(document.tasks[item.task], in: document, file: sources[item.source].path, to: &writer)
            }
            #expect(json == expectedJSON, "round \(round), --json")
        }
    }
}
