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
        // An empty word is in every text: excluding it would hide every task, so it is refused.
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text)
        for empty in ["", "  "] {
            let result = try TickProcess.run(["list", "-x", empty], in: folder.url)
            #expect(result.status == 2 && result.stderr.contains("for '--exclude'") && result.stdout.isEmpty, "\(result.stderr)")
        }
        // One group: a second would have replaced the first without a word, in a view and in
        // an edit of the tasks a view selects.
        for arguments in [["list", "-g", "A", "-g", "B"], ["done", "-g", "A", "--group", "B", "--yes"]] {
            let twice = try TickProcess.run(arguments, in: folder.url)
            #expect(twice.status == 2 && twice.stderr == "tick: invalid value 'B' for '--group': expected a single --group; a group's subgroups come with it (see 'tick \(arguments[0]) --help')\n"
                    && twice.stdout.isEmpty, "\(arguments): \(twice.stderr)")
        }
    }

    @Test func sortKeysBreakTies() throws {
        #expect(try lines(["list", "--sort", "due,text"]) == ["7", "4", "3", "6", "5"])
        #expect(try lines(["list", "--sort", "due,text", "--reverse"]) == ["5", "6", "3", "4", "7"])
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text)
        let bad = try TickProcess.run(["list", "--sort", "due,size"], in: folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("invalid value 'due,size' for '--sort'") && !bad.stderr.contains("did you mean"), "\(bad.stderr)")
        // A near key is named, with the value mended; so is a near --due word.
        let typo = try TickProcess.run(["list", "--sort", "due,prioirty"], in: folder.url)
        #expect(typo.status == 2 && typo.stderr.contains("; did you mean 'due,priority'?"), "\(typo.stderr)")
        let due = try TickProcess.run(["list", "--due", "tomorow"], in: folder.url)
        #expect(due.status == 2 && due.stderr.contains("; did you mean 'tomorrow'?"), "\(due.stderr)")
    }

    @Test func absoluteDates() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text)
        let rows = try TickProcess.run(["list", "--dates", "absolute", "--tag", "red"], in: folder.url).stdout
        #expect(rows == "A\n  3  [ ] one #red  due 2026-11-30\n  5  [ ] three #red #blue\n", "\(rows)")
        #expect(try TickProcess.run(["list", "--dates", "soon"], in: folder.url).status == 2)
    }

    @Test func tagsCounts() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", text + "- [x] six #red\n")
        #expect(try TickProcess.run(["tags"], in: folder.url).stdout == "#blue   2\n#red    2\n+home   1\n@phone  1\n")
        #expect(try TickProcess.run(["tags", "--all"], in: folder.url).stdout.hasPrefix("#red    3\n#blue   2\n"))
    }
}

/// `tick edit` keeps what the new text does not say, kind by kind, in every dialect.
@Suite struct EditTokenTests {
    func edit(_ arguments: [String], _ text: String) throws -> String {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", text)
        let result = try TickProcess.run(arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test func newTagsReplaceOldOnes() throws {
        #expect(try edit(["edit", "1", "Renew passport #urgent"], "- [ ] * Renew it due:2026-11-20 #errands +gov\n")
                == "- [ ] * Renew passport #urgent due:2026-11-20 +gov\n")
        #expect(try edit(["edit", "-k", "1", "Renew passport #urgent"], "- [ ] Renew it #errands\n")
                == "- [ ] Renew passport #urgent #errands\n")
        #expect(try edit(["edit", "1", "Renew passport"], "- [ ] Renew it #errands\n") == "- [ ] Renew passport #errands\n")
    }

    @Test func fieldsOfEveryDialectStay() throws {
        #expect(try edit(["edit", "1", "Pay the rent"], "- [ ] Rent ⏫ 🔁 every month 📅 2026-12-01\n")
                == "- [ ] Pay the rent ⏫ 🔁 every month 📅 2026-12-01\n")
        #expect(try edit(["edit", "1", "Pay the rent 📅 2026-12-02"], "- [ ] Rent 🔁 every month 📅 2026-12-01\n")
                == "- [ ] Pay the rent 📅 2026-12-02 🔁 every month\n")
        #expect(try edit(["edit", "1", "Pay the rent"], "- [ ] (A) Rent [due:: 2026-12-01] logged:2026-11-01\n")
                == "- [ ] (A) Pay the rent [due:: 2026-12-01] logged:2026-11-01\n")
    }
}

/// Board cards carry their line numbers (and `↳` for a subtask), and the board is a listing.
@Suite struct BoardCardTests {
    @Test func cardsCanBeActedOn() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] Paint the fence\n  - [ ] Buy primer\n- [x] Call\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let board = try TickProcess.run(["board", "-w", "60"], in: folder.url, environment: state).stdout
        #expect(board.contains("1 Paint the") && board.contains("  0/1 ") && board.contains("2 ↳ Buy primer") && board.contains("3 Call"), "\(board)")
        #expect(try TickProcess.run(["done", "2"], in: folder.url, environment: state).stdout.hasPrefix("done 2 [x] Buy primer"))
    }

    /// Piped to a pager, the board takes the width of the terminal standard error is (shells
    /// do not export COLUMNS): 50 columns stack the columns, as on the terminal itself.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aPipedBoardFitsTheTerminal() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] Paint the fence\n- [/] Call\n- [x] Write\n")
        let piped = try TickProcess.run(["-qec", "stty cols 50; env -u COLUMNS \"$TICK\" board | cat", "/dev/null"], in: folder.url,
                                        environment: ["TICK": TickProcess.binary.path, "NO_COLOR": "1",
                                                      "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path],
                                        executable: URL(fileURLWithPath: "/usr/bin/script"))
        // ("\r\n", the terminal's line ending, is one Character: split after replacing it.)
        let widest = piped.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest > 0 && widest <= 50, "\(piped.stdout)")
    }
}
