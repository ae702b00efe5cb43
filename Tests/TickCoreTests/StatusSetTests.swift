import Foundation
import Testing
@testable import TickCore

/// A project's own status characters (`.tick.toml [statuses]`): what they mean everywhere a
/// status counts, that they keep their spelling, and that a configured letter makes a task.
@Suite struct StatusSetTests {
    let today = CivilDate(year: 2026, month: 11, day: 23)!

    func statuses(_ toml: String) throws -> StatusSet {
        try ProjectConfig(parsing: toml).statuses
    }

    /// The parse's shortcut for a box of one ASCII byte reads it as the general reading does,
    /// and means the same by it.
    @Test func anASCIIBoxReadsAsTheGeneralReadingHasIt() {
        for byte in UInt8(0)..<0x80 {
            let packed = TaskStatus.Packed(asciiStatus: byte), read = TaskStatus(statusBytes: [byte][...])
            #expect(packed.status == read && packed.defaultType == read.defaultType && packed == TaskStatus.Packed(read), "byte \(byte)")
        }
    }

    /// A task record keeps its status as plain bytes: every status a box can hold (up to 15
    /// bytes) comes back as read; a longer box is no task.
    @Test func aStatusKeptInTheRecordIsTheStatusRead() {
        for status in ["-", ">", "~", "✔", "🔥", "✔️", "👍🏽", "🇫🇷", "🧑‍💻", "X"] {
            let read = TaskStatus.other(status)
            #expect(TaskStatus.Packed(read).status == read, "\(status)")
            #expect(Document("- [\(status)] a\n").tasks.map(\.status) == [status == "X" ? .done : read], "\(status)")
        }
        for status in [TaskStatus.open, .done, .doing] { #expect(TaskStatus.Packed(status).status == status) }
        // 18 bytes: a family, text to Obsidian Tasks too (it reads one code point).
        #expect(Document("- [👨‍👩‍👧] a\n").tasks.isEmpty)
        #expect(_isPOD(Task.self))
    }

    @Test func theConfigGivesCharactersTheirMeaning() throws {
        let set = try statuses("[statuses]\n\"~\" = \"doing\"   # in progress\n\"X\" = \"cancelled\"\n\"?\" = \"todo\"\n\"#\" = \"done\"\n\"=\" = \"doing\"\n")
        let document = Document("- [~] a\n- [X] b\n- [x] c\n- [?] d\n- [#] e\n- [=] f\n- [>] g\n", statuses: set)
        #expect(document.tasks.map(\.statusType) == [.doing, .cancelled, .done, .todo, .done, .doing, .todo])
        // The configured X is its own status: shown and named as written, still a GitHub box.
        #expect(document.tasks[1].status == .other("X") && document.tasks[1].status.isGitHubCheckbox)
        #expect(document.tasks[2].status == .done)
    }

    @Test func badEntriesNameTheLine() {
        #expect(throws: ProjectConfig.ParseError(line: 2, message: "'soon' is not a status type; use todo, doing, done or cancelled")) {
            try ProjectConfig(parsing: "[statuses]\n\"~\" = \"soon\"\n")
        }
        #expect(throws: ProjectConfig.ParseError(line: 2, message: "a status is one character between the brackets")) {
            try ProjectConfig(parsing: "[statuses]\n\"ab\" = \"todo\"\n")
        }
        #expect(throws: ProjectConfig.ParseError(line: 2, message: "'ä' is a letter tick does not read as a status; use an ASCII letter, a digit or a symbol")) {
            try ProjectConfig(parsing: "[statuses]\n\"ä\" = \"todo\"\n")
        }
        #expect(throws: ProjectConfig.ParseError(line: 2, message: "']' cannot stand between a task's brackets")) {
            try ProjectConfig(parsing: "[statuses]\n\"]\" = \"todo\"\n")
        }
        // TOML sets a key once, in every section.
        #expect(throws: ProjectConfig.ParseError(line: 4, message: "'Café' is set already, on line 2")) {
            try ProjectConfig(parsing: "[colors]\n\"Café\" = \"blue\"\nHome = \"red\"\n\"Café\" = \"red\"\n")
        }
        #expect(throws: ProjectConfig.ParseError(line: 3, message: "'~' is set already, on line 2")) {
            try ProjectConfig(parsing: "[statuses]\n\"~\" = \"todo\"\n\"~\" = \"done\"\n")
        }
    }

    /// A later colour name in another case replaces an earlier one, which keeps its place no
    /// more; [colors] holds at most `colorLimit` entries.
    @Test func coloursReadInOnePass() throws {
        let config = try ProjectConfig(parsing: "[colors]\nWork = \"blue\"\nHome = \"red\"\nwork = \"green\"\n")
        #expect(config.groupColors.entries.map { "\($0.name)=\($0.color.name)" } == ["Home=red", "work=green"])
        let most = "[colors]\n" + (0..<ProjectConfig.colorLimit).map { "\"G\($0)\" = \"blue\"\n" }.joined()
        #expect(try ProjectConfig(parsing: most).groupColors.entries.count == ProjectConfig.colorLimit)
        #expect(throws: ProjectConfig.ParseError(line: ProjectConfig.colorLimit + 2, message: "more than 1000 colours in [colors]; tick reads at most that many")) {
            try ProjectConfig(parsing: most + "Last = \"red\"\n")
        }
    }

    @Test func aConfiguredLetterMakesATask() throws {
        let text = "- [R] review the draft\n- [b] a bookmark\n"
        #expect(Document(text).tasks.isEmpty)
        let document = Document(text, statuses: try statuses("[statuses]\nR = \"todo\"\n"))
        #expect(document.tasks.map(document.text(of:)) == ["review the draft"])
        #expect(document.serialized() == Array(text.utf8))
    }

    @Test func progressAndBoardCountByMeaning() throws {
        let text = "# Work\n- [ ] a\n- [~] b\n- [X] failed\n- [x] done\n"
        var all = TaskQuery()
        all.statuses = nil
        let plain = GroupTally.tally([SourceDocument(path: "t.md", document: Document(text))], query: all, today: today)[0]
        #expect((plain.open, plain.doing, plain.closed, plain.cancelled) == (2, 0, 2, 0))
        let set = try statuses("[statuses]\n\"~\" = \"doing\"\n\"X\" = \"cancelled\"\n")
        let tally = GroupTally.tally([SourceDocument(path: "t.md", document: Document(text, statuses: set))], query: all, today: today)[0]
        #expect((tally.open, tally.doing, tally.closed, tally.cancelled) == (1, 1, 1, 1))
        #expect(tally.percent == 33)
    }

    @Test func fmtKeepsAConfiguredSpelling() throws {
        let text = "- [X] failed\n"
        #expect(Formatter.format(Document(text)).bytes == Array("- [x] failed\n".utf8))
        let set = try statuses("[statuses]\n\"X\" = \"cancelled\"\n")
        #expect(!Formatter.format(Document(text, statuses: set)).changed)
    }

    @Test func lintKnowsConfiguredStatuses() throws {
        let text = "- [?] question\n- [/] doing\n"
        #expect(Linter.lint(Document(text), today: today).map(\.rule) == [.unknownStatus, .nonGFMStatus])
        let set = try statuses("[statuses]\n\"?\" = \"todo\"\n")
        #expect(Linter.lint(Document(text, statuses: set), today: today).map(\.rule) == [.nonGFMStatus, .nonGFMStatus])
    }

    @Test func editsKeepTheStatusSet() throws {
        let set = try statuses("[statuses]\n\"R\" = \"todo\"\n")
        let document = Document("- [R] review\n", statuses: set)
        let after = document.afterApplying(try TaskEdits.setStatus(document.tasks[0], to: .done, in: document))
        #expect(after.statuses == set)
        #expect(after.tasks.map(\.statusType) == [.done])
    }
}

/// `.tick.toml` strings: what tick writes reads back as it was, whatever a group's title holds.
@Suite struct ProjectConfigStringTests {
    @Test func quotedStringsReadBack() throws {
        let names = ["Work", "Q4 \"Big\" launch", "back\\slash", "tab\there", "esc\u{1B}]0;x\u{7}", "csi\u{9B}m", "# not a comment", "a = b", "'single'", "ünï 🥕"]
        for name in names {
            #expect(ProjectConfig.unquoted(ProjectConfig.quoted(name)) == name, "\(name)")
            let written = ProjectConfigEdit.setting(name, to: "blue", in: "colors", replacing: { $0 == name }, in: [])
            let config = try ProjectConfig(parsing: String(decoding: written, as: UTF8.self))
            #expect(config.groupColors.entries.map(\.name) == [name], "\(name): \(String(decoding: written, as: UTF8.self))")
            #expect(!written.contains(0x1B) && !written.contains(0x07), "\(name)")
        }
        // TOML's own escapes, and literal strings, as other programs write them.
        #expect(ProjectConfig.unquoted(#""a\u00e9\tb\\c\"d""#) == "aé\tb\\c\"d")
        #expect(ProjectConfig.unquoted(#"'C:\path'"#) == #"C:\path"#)
        #expect(ProjectConfig.unquoted(#""keep \q as written""#) == #"keep \q as written"#)
        let config = try ProjectConfig(parsing: "[colors]\n\"say \\\"hi\\\" # there\" = \"red\" # a comment\n")
        #expect(config.groupColors.entries.map(\.name) == ["say \"hi\" # there"])
    }
    /// Removing a section's last entry removes the section; anything else in the file stays.
    @Test(arguments: [
        ("[colors]\n\"Work\" = \"red\"\n", ""),
        ("[tasks]\nfile = \"a.md\"\n\n[colors]\n\"Work\" = \"red\"\n", "[tasks]\nfile = \"a.md\"\n"),
        ("[colors]\n\"Work\" = \"red\"\n\n[tasks]\nfile = \"a.md\"\n", "[tasks]\nfile = \"a.md\"\n"),
        ("[tasks]\r\nfile = \"a.md\"\r\n\r\n[colors]\r\n\"Work\" = \"red\"\r\n\r\n[statuses]\r\n\"R\" = \"todo\"\r\n",
         "[tasks]\r\nfile = \"a.md\"\r\n\r\n[statuses]\r\n\"R\" = \"todo\"\r\n"),
        // Its comments go with it.
        ("# colours\n[colors]\n\"Work\" = \"red\"\n\n[lint]\nx = 1\n", "[lint]\nx = 1\n"),
        ("[tasks]\nfile = \"a.md\"\n\n# colours\n[colors]\n\"Work\" = \"red\"\n", "[tasks]\nfile = \"a.md\"\n"),
        // A comment or another entry keeps it.
        ("[colors]\n# mine\n\"Work\" = \"red\"\n", "[colors]\n# mine\n"),
        ("[colors]\n\"Work\" = \"red\"\n\"Home\" = \"blue\"\n", "[colors]\n\"Home\" = \"blue\"\n"),
    ])
    func aSectionEmptiedGoes(_ before: String, _ after: String) {
        let written = ProjectConfigEdit.setting("Work", to: nil, in: "colors", replacing: { $0 == "Work" }, in: Array(before.utf8))
        #expect(String(decoding: written, as: UTF8.self) == after)
    }
}
