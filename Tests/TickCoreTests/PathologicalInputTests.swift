import Testing
@testable import TickCore

/// Pathological inputs must take linear time: parsing, formatting and linting a 200 KB file
/// may cost about four times a 50 KB one, never sixteen.
///
/// The inputs are those of cmark's and cmark-gfm's `test/pathological_tests.py` and md4c's
/// `test/pathological_tests.py` (most of them stress inline parsing, which tick never does, and
/// are cheap insurance), the shapes of the nested-marker issue (`- - - … [ ] a`), and variants
/// that reach each loop of the block parser: nested markers of every kind, nested quotes,
/// lazy and blank lines under a deep stack, thematic-break look-alikes, fences, HTML blocks,
/// link reference definitions under setext underlines, and table header retries.
///
/// How it decides, so that it cannot pass on a quadratic path and does not flake on a linear
/// one (whatever the build configuration and the machine):
/// - Each stage is timed on the same shape at 50 KB and at 200 KB, interleaved, three times;
///   the fastest run of each counts (the minimum is what other load disturbs least).
/// - Linear work grows 4×, quadratic 16×; the bound is 8× (linear inputs measured 1-4×, the
///   quadratic ones 14-20× in tick-c59c6d8). A stage that takes under 0.5 s at 200 KB passes
///   whatever its ratio: small times in a debug build grow faster than the work (one input
///   linear in release, 8-23-77 ms for 50-200-800 KB, measured 11-134 ms here), and 0.5 s is
///   far below what a quadratic path costs in a debug build (the cheapest one found, table
///   header retries, took 0.7 s in a release build; the issue's shapes take 5-30 s).
/// - A quadratic path makes a 50 KB run take seconds in a debug build (0.3-3 s in release
///   already); past 2 s the test fails at once, without waiting minutes for the 200 KB run.
/// - Other suites run beside this one, and a burst of their work can land on every large run of
///   a round: a stage fails only when it grows more than 8× in three rounds in a row. A
///   quadratic path fails every round.
/// - Expect about a second per input in a debug build: the suite is serialized, since inputs
///   timed side by side would disturb each other.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PathologicalInputTests {
    static let maximumRatio = 8.0
    static let floor = 0.5          // seconds at 200 KB under which a stage always passes
    static let smallBudget = 2.0    // seconds at 50 KB past which a stage fails at once
    static let rounds = 3           // measurements a stage must fail in a row
    static let today = CivilDate(iso: "2026-11-22")!

    @Test(arguments: PathologicalInput.all)
    func takesLinearTime(_ input: PathologicalInput) {
        let small = input.make(input.sizes.small)
        let large = input.make(input.sizes.large)
        #expect(large.count >= 3 * small.count && large.count <= 5 * small.count,
                "\(input.name): \(small.count) and \(large.count) bytes are not about 1:4")
        var failures: [String] = []
        for _ in 0..<Self.rounds {
            guard let found = Self.superlinearStages(input, small: small, large: large) else { return }
            failures = found
            if failures.isEmpty { return }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// The stages that grew more than linearly from `small` to `large`, each as a message; nil
    /// after recording an issue for a small run already past its budget.
    static func superlinearStages(_ input: PathologicalInput, small: [UInt8], large: [UInt8]) -> [String]? {
        var smallTimes = StageTimes(), largeTimes = StageTimes()
        for _ in 0..<3 {
            smallTimes.keepFastest(StageTimes.measure(small, today: today))
            if smallTimes.slowest > smallBudget {
                Issue.record("\(input.name): \(smallTimes) at \(small.count) bytes; a linear pass takes milliseconds")
                return nil
            }
            largeTimes.keepFastest(StageTimes.measure(large, today: today))
        }
        return Stage.allCases.compactMap { stage in
            let (t1, t4) = (smallTimes[stage], largeTimes[stage])
            let ratio = t4 / max(t1, 1e-6)
            if t4 < floor || ratio < maximumRatio { return nil }
            return "\(input.name): \(stage) took \(ms(t1)) at \(small.count) bytes and \(ms(t4)) at \(large.count) (×\(Int(ratio.rounded())))"
        }
    }
}

/// `views`: what a list records and prints of every task (its listing, with each task's
/// block signature, and its `--json` objects).
enum Stage: CaseIterable { case parse, format, lint, views }

struct StageTimes: CustomStringConvertible {
    private var seconds: [Stage: Double] = [.parse: .infinity, .format: .infinity, .lint: .infinity, .views: .infinity]

    subscript(stage: Stage) -> Double { seconds[stage]! }
    var slowest: Double { seconds.values.max()! }
    var description: String { Stage.allCases.map { "\($0) \(ms(self[$0]))" }.joined(separator: ", ") }

    mutating func keepFastest(_ other: StageTimes) {
        for stage in Stage.allCases { seconds[stage] = min(self[stage], other[stage]) }
    }

    static func measure(_ bytes: [UInt8], today: CivilDate) -> StageTimes {
        let clock = ContinuousClock()
        var times = StageTimes()
        var document: Document?
        times.seconds[.parse] = seconds(clock.measure { document = Document(bytes: bytes) })
        let parsed = document!
        var formatted = 0, findings = 0
        times.seconds[.format] = seconds(clock.measure { formatted = Formatter.format(parsed).bytes.count })
        times.seconds[.lint] = seconds(clock.measure { findings = Linter.lint(parsed, today: today).count })
        var shown = 0
        times.seconds[.views] = seconds(clock.measure {
            shown = Listing(shown: Array(parsed.tasks.indices), in: parsed, detailLimit: Int.max).entries.count
            var json = JSONWriter()
            var file = TaskJSON.File("f.md", document: parsed)
            for task in parsed.tasks { TaskJSON.write(task, in: parsed, file: &file, to: &json) }
            shown += json.count
        })
        // Use the results, so that no build can drop the work.
        #expect(parsed.lines.count + formatted + findings + shown > 0)
        return times
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, atto) = duration.components
        return Double(whole) + Double(atto) * 1e-18
    }
}

private func ms(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }

/// One pathological shape, made at about a given size in bytes.
struct PathologicalInput: Sendable, CustomTestStringConvertible {
    let name: String
    /// The two sizes compared: the second is four times the first.
    let sizes: (small: Int, large: Int)
    let make: @Sendable (_ size: Int) -> [UInt8]

    var testDescription: String { name }

    init(_ name: String, sizes: (small: Int, large: Int) = (50_000, 200_000),
         _ make: @escaping @Sendable (_ size: Int) -> [UInt8]) {
        self.name = name
        self.sizes = sizes
        self.make = make
    }

    /// `unit` repeated to fill `size` bytes, between `prefix` and `suffix`.
    init(_ name: String, _ prefix: String = "", repeating unit: String, _ suffix: String = "") {
        self.init(name) { size in
            let count = max(1, (size - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)
            return Array((prefix + String(repeating: unit, count: count) + suffix).utf8)
        }
    }

    /// `first` repeated, `middle`, then `second` as many times as `first` (filling `size`).
    init(_ name: String, twice first: String, _ middle: String = "", then second: String) {
        self.init(name) { size in
            let count = max(1, size / (first.utf8.count + second.utf8.count))
            return Array((String(repeating: first, count: count) + middle + String(repeating: second, count: count)).utf8)
        }
    }

    static let all: [PathologicalInput] = cmark + cmarkGFM + md4c + issue + blockParser + formatterAndLinter

    // MARK: cmark test/pathological_tests.py (commonmark/cmark master)

    static let cmark: [PathologicalInput] = [
        PathologicalInput("nested strong emph", twice: "*a **a ", "b", then: " a** a*"),
        PathologicalInput("many emph closers with no openers", repeating: "a_ "),
        PathologicalInput("many emph openers with no closers", repeating: "_a "),
        PathologicalInput("many link closers with no openers", repeating: "a]"),
        PathologicalInput("many link openers with no closers", repeating: "[a"),
        PathologicalInput("mismatched openers and closers", repeating: "*a_ "),
        PathologicalInput("issue #389", twice: "*a ", then: "_a*_ "),
        PathologicalInput("openers and closers multiple of 3", "a**b", repeating: "c* "),
        PathologicalInput("link openers and emph closers", repeating: "[ a_"),
        PathologicalInput("pattern [ (]( repeated", repeating: "[ (]("),
        PathologicalInput("pattern ![[]() repeated", repeating: "![[]()"),
        PathologicalInput("hard link/emph case", repeating: "**x [a*b**c*](d)\n"),
        PathologicalInput("nested brackets", twice: "[", "a", then: "]"),
        PathologicalInput("nested block quotes", repeating: "> ", "a"),
        PathologicalInput("deeply nested lists") { size in
            // "  " * x + "* a\n" for x in 0..<n: about n² bytes.
            let n = Int(Double(size).squareRoot())
            return Array((0..<n).map { String(repeating: "  ", count: $0) + "* a\n" }.joined().utf8)
        },
        PathologicalInput("deeply nested tasks") { size in
            // A task's block holds every task below it: its signature must not read them all again.
            let n = Int(Double(size).squareRoot())
            return Array((0..<n).map { String(repeating: "  ", count: $0) + "- [ ] a\n" }.joined().utf8)
        },
        PathologicalInput("U+0000 in input", repeating: "abc\u{0}de\u{0}\n"),
        PathologicalInput("backticks") { size in
            // "e" + "`" * x for x in 1..<n: about n²/2 bytes.
            let n = Int((2 * Double(size)).squareRoot())
            return Array((1..<n).map { "e" + String(repeating: "`", count: $0) }.joined().utf8)
        },
        // The same in one task's text, where fields are read around code spans: each run's
        // closer is found once, not searched for from every opener (n^1.5).
        PathologicalInput("backticks in a task", sizes: (500_000, 2_000_000)) { size in
            let n = Int((2 * Double(size)).squareRoot())
            return Array(("- [ ] " + (1..<n).map { "e" + String(repeating: "`", count: $0) }.joined() + "\n").utf8)
        },
        PathologicalInput("unclosed links A", repeating: "[a](<b"),
        PathologicalInput("unclosed links B", repeating: "[a](b"),
        PathologicalInput("unclosed <!--", "</", repeating: "<!--"),
        PathologicalInput("empty lines in deeply nested lists", twice: "- ", "x", then: "\n"),
        PathologicalInput("empty lines in deeply nested lists in blockquote") { size in
            let n = size / 4
            return Array(("> " + String(repeating: "- ", count: n) + "x\n" + String(repeating: ">\n", count: n)).utf8)
        },
        PathologicalInput("emph in deep blockquote", twice: ">", then: "a*"),
        PathologicalInput("reference collisions") { size in referenceCollisions(count: size / 30) },
        PathologicalInput("many references") { size in
            var text = ""
            var label = 1
            while text.utf8.count < size * 15 / 16 {
                text += "[\(label)]: u\n"
                label += 1
            }
            return Array((text + String(repeating: "[0] ", count: size / 64)).utf8)
        },
        PathologicalInput("nested inlines", twice: "*", "a", then: "*"),
    ]

    /// cmark's "reference collisions": labels whose hash (cmark's old refmap hash) falls in one
    /// bucket of 16.
    static func referenceCollisions(count: Int) -> [UInt8] {
        func collides(_ key: String) -> Bool {
            var h: UInt32 = 0
            for c in key.unicodeScalars { h = c.value &+ (h << 6) &+ (h << 16) &- h }
            return h % 16 == 0
        }
        var keys: [String] = []
        var i = 0
        while keys.count <= count {
            if collides("x\(i)") { keys.append("x\(i)") }
            i += 1
        }
        let bad = keys[0]
        return Array(keys.dropFirst().map { "[\($0)]: /url\n\n[\(bad)]\n\n" }.joined().utf8)
    }

    // MARK: cmark-gfm test/pathological_tests.py (extra)

    static let cmarkGFM: [PathologicalInput] = [
        PathologicalInput("tables", repeating: "aaa\rbbb\n-\u{0B}\n"),
    ]

    // MARK: md4c test/pathological_tests.py (extra)

    static let md4c: [PathologicalInput] = [
        PathologicalInput("U+FEFF (Unicode BOM)", repeating: "\u{FEFF}foo\n"),
        PathologicalInput("many 3-emph openers with no closers", repeating: "a***"),
        PathologicalInput("many links", repeating: "[t](/u) "),
        PathologicalInput("many html openers and closers", repeating: "<>"),
        PathologicalInput("many html proc. inst. openers", "x", repeating: "<?"),
        PathologicalInput("many html CDATA openers", "x", repeating: "<![CDATA["),
        PathologicalInput("many backticks and escapes", repeating: "\\``"),
        PathologicalInput("broken thematic break", repeating: "* ", "a"),
        PathologicalInput("nested invalid link references") { size in
            Array((String(repeating: "[", count: size / 2) + String(repeating: "]", count: size / 2) + "\n\n[a]: /b").utf8)
        },
    ]

    // MARK: the issue: nested list markers before a checkbox, on one line

    static let issue: [PathologicalInput] = [
        PathologicalInput("- - - … [ ] a", repeating: "- ", "[ ] a"),
        PathologicalInput("1. 1. 1. … [ ] a", repeating: "1. ", "[ ] a"),
        PathologicalInput("> - > - … [ ] a", repeating: "> - ", "[ ] a"),
    ]

    // MARK: the block parser's loops

    static let blockParser: [PathologicalInput] = [
        PathologicalInput("* * * … [ ] a", repeating: "* ", "[ ] a"),
        PathologicalInput("+ + + … [ ] a", repeating: "+ ", "[ ] a"),
        PathologicalInput("1) 1) 1) … [ ] a", repeating: "1) ", "[ ] a"),
        PathologicalInput("- 1. - 1. … [ ] a", repeating: "- 1. ", "[ ] a"),
        PathologicalInput("-⇥-⇥-⇥ … [ ] a", repeating: "-\t", "[ ] a"),
        PathologicalInput("> > > … - [ ] a", repeating: "> ", "- [ ] a"),
        PathologicalInput("- - - … a (thematic break look-alike)", repeating: "- ", "a"),
        PathologicalInput("_ _ _ … a", repeating: "_ ", "a"),
        PathologicalInput("- - - … - (a long thematic break)", repeating: "- ", "-"),
        PathologicalInput("lines of 200 nested dashes", repeating: String(repeating: "- ", count: 200) + "a\n"),
        PathologicalInput("deeply indented tasks") { size in
            let n = Int(Double(size).squareRoot())
            return Array((0..<n).map { String(repeating: "  ", count: $0) + "- [ ] a\n" }.joined().utf8)
        },
        PathologicalInput("lazy lines under a deep list", twice: "- ", "a\n", then: "b\n"),
        PathologicalInput("lazy lines under a deep task", twice: "- ", "[ ] a\n", then: "b\n"),
        PathologicalInput("lazy lines under deep quotes", twice: "> ", "- a\n", then: "b\n"),
        PathologicalInput("lines continuing a deep task",
                          String(repeating: "- ", count: 500) + "[ ] a\n", repeating: String(repeating: "  ", count: 500) + "b\n"),
        PathologicalInput("blank lines in a fence in a deep list", twice: "- ", "```\n", then: "\n"),
        PathologicalInput("blank lines in HTML in a deep list", twice: "- ", "<!--\n", then: "\n"),
        PathologicalInput("alternating blank lines in a deep list", twice: "- ", "x\n", then: "\n  \n"),
        PathologicalInput("quote-only lines after deep quotes", twice: "> ", "a\n", then: ">\n"),
        // A head of 100 (10 KB, not 41 KB as with 200): the blank lines, whose count is what
        // the time must be linear in, then grow about fourfold between the sizes, not eighteenfold.
        PathologicalInput("blank lines after 100 nested tasks") { size in
            let head = (0..<100).map { String(repeating: "  ", count: $0) + "* [ ] t\n" }.joined()
            return Array((head + String(repeating: "\n", count: max(1, size - head.utf8.count - 2)) + "x\n").utf8)
        },
        PathologicalInput("many brackets before a checkbox", "- ", repeating: "[", " ] a"),
        PathologicalInput("many checkboxes on a line", repeating: "- [ ] ", "a"),
        PathologicalInput("many task lines", repeating: "- [ ] a\n"),
        PathologicalInput("brackets in a task") { size in
            Array(("- [ ] " + String(repeating: "[", count: size / 2) + String(repeating: "]", count: size / 2)).utf8)
        },
        PathologicalInput("fences", repeating: "```\n"),
        PathologicalInput("fences in items", repeating: "- ```\n"),
        PathologicalInput("a long line of backticks", repeating: "`"),
        PathologicalInput("a fence whose info string has backticks", "```", repeating: "a`"),
        PathologicalInput("tasks in an unclosed HTML comment", "<!--\n", repeating: "- [ ] a\n"),
        PathologicalInput("HTML blocks", repeating: "<div>\n"),
        PathologicalInput("HTML kind 7 blocks", repeating: "<a>\n\n"),
        PathologicalInput("an HTML tag with many attributes", "<a", repeating: " b=c", ">\n"),
        PathologicalInput("link reference definitions", repeating: "[a]: u\n"),
        PathologicalInput("definitions, then setext underlines", twice: "[a]: u\n", then: "===\n"),
        PathologicalInput("definition and underline pairs", repeating: "[a]: u\n===\n"),
        PathologicalInput("a definition with a long title", "[a]: u \"", repeating: "\\\"", "\n===\n"),
        PathologicalInput("setext headings", repeating: "a\n===\n"),
        PathologicalInput("table rows", "a|b\n-|-\n", repeating: "c|d\n"),
        PathologicalInput("table headers retried after ill-formed UTF-8") { size in
            let n = size / 13
            return Array(repeating: Array("x\n".utf8), count: n).flatMap { $0 }
                + Array(repeating: Array("a|b".utf8) + [0xFF] + Array("\n-|-\n".utf8), count: n).flatMap { $0 }
        },
        PathologicalInput("table headers retried with other cell counts", repeating: "a|b|c\n-|-\n"),
        PathologicalInput("indented code and blank lines", repeating: "    a\n\n"),
        PathologicalInput("lines of 300 nested quotes", repeating: String(repeating: "> ", count: 300) + "- [ ] a\n"),
        PathologicalInput("quoted task lines", repeating: "> - [ ] a\n"),
        PathologicalInput("a long task", "- [ ] ", repeating: "word "),
    ]

    // MARK: the formatter's and linter's loops

    static let formatterAndLinter: [PathologicalInput] = [
        PathologicalInput("many tokens in one task", "- [ ] a", repeating: " #t due:2024-01-01"),
        PathologicalInput("nested tasks, 100 levels, repeated") { size in
            var text = ""
            var x = 0
            while text.utf8.count < size {
                text += String(repeating: "  ", count: x % 100) + "- [ ] t\n"
                x += 1
            }
            return Array(text.utf8)
        },
        // Suppressions.suppresses scans every range for every finding: 2,800 ranges and 12,500
        // findings at 200 KB cost little next to the rest, so this one is measured larger.
        PathologicalInput("suppression comments, then findings", sizes: (200_000, 800_000)) { size in
            let comment = "<!-- tick-lint-disable-next-line -->\n", task = "- [ ] a\n"
            return Array((String(repeating: comment, count: size / 2 / comment.utf8.count)
                + String(repeating: task, count: size / 2 / task.utf8.count)).utf8)
        },
        PathologicalInput("a due token found late") { size in
            let n = size / 8
            return Array(("- [ ] xdue:" + String(repeating: "due:", count: n) + "Y due:" + String(repeating: "due:", count: n) + "X\n").utf8)
        },
        // The field scan reads a text of words and colons by its colons: each colon's word, and
        // the key bytes that start it, are found once per word, not once per colon.
        PathologicalInput("one word of colons after a byte that ends its key") { size in
            Array(("- [ ] " + String(repeating: "a", count: size / 2) + "." + String(repeating: ":", count: size / 2) + "\n").utf8)
        },
        PathologicalInput("one word of keys and colons") { size in
            Array(("- [ ] x." + String(repeating: "a:", count: size / 2) + "\n").utf8)
        },
    ]
}
