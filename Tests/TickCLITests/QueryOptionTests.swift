import Foundation
import Testing

/// Filters that combine with OR and NOT, several sort keys, and `tick tags`.
@Suite struct QueryOptionTests {
    let text = "# A\n\n- [ ] one #red due:2026-11-30\n- [ ] two #blue due:2026-11-24\n- [ ] three #red #blue\n- [ ] four +home\n- [ ] five due:2026-11-24 @phone\n"

    func lines(_ arguments: [String]) throws -> [String] {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text)
        let result = try TickProcess.run(arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count > 1 && Int(words[0]) != nil ? String(words[0]) : nil
        }
    }

    @Test func filtersCombine() throws {
        #expect(try lines(["list", "--tag", "red", "--tag", "+home"]) == ["3", "5", "6"], "repeated --tag: any of them")
        #expect(try lines(["list", "--not-tag", "red"]) == ["4", "6", "7"])
        #expect(try lines(["list", "-T", "red", "-T", "blue", "-x", "five"]) == ["6"])
        #expect(try lines(["list", "--tag", "blue", "--not-tag", "red"]) == ["4"])
    }

    @Test func sortKeysBreakTies() throws {
        #expect(try lines(["list", "--sort", "due,text"]) == ["7", "4", "3", "6", "5"])
        #expect(try lines(["list", "--sort", "due,text", "--reverse"]) == ["5", "6", "3", "4", "7"])
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text)
        let bad = try TickProcess.run(["list", "--sort", "due,size"], in: folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("invalid value 'due,size' for '--sort'"), "\(bad.stderr)")
    }

    @Test func tagsCounts() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text + "- [x] six #red\n")
        #expect(try TickProcess.run(["tags"], in: folder.url).stdout == "#blue   2\n#red    2\n+home   1\n@phone  1\n")
        #expect(try TickProcess.run(["tags", "--all"], in: folder.url).stdout.hasPrefix("#red    3\n#blue   2\n"))
    }
}
