import Foundation
import Testing

/// `tick group color NAME COLOR`: kept in `.tick.toml` (the task file stays as GitHub shows
/// it), used for the group's title in list, groups, progress and board, only with colours on.
@Suite struct GroupColorTests {
    let example = try! String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
    let blue = "\u{1B}[1;34m", reset = "\u{1B}[0m"

    /// A colour is an operation of the journal: `tick undo` takes it back (and the file it
    /// created), not an older edit, and `tick redo` sets it again.
    @Test func aColourIsUndone() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let file = try folder.write("TODO.md", example)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: String...) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick("done", "milk").status == 0)
        let done = try String(contentsOf: file, encoding: .utf8)
        #expect(try tick("group", "color", "work", "blue").status == 0)
        #expect(try tick("group", "color", "home", "red").status == 0)
        let config = folder.url.appendingPathComponent(".tick.toml")
        #expect(try tick("undo").stdout == "undid 'tick group color home red' (.tick.toml)\n")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"\n")
        #expect(try tick("undo").stdout == "undid 'tick group color work blue' (.tick.toml removed)\n")
        #expect(!FileManager.default.fileExists(atPath: config.path))
        #expect(try String(contentsOf: file, encoding: .utf8) == done, "the older edit stands")
        #expect(try tick("redo").stdout == "redid 'tick group color work blue' (.tick.toml created)\n")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"\n")
        // Its file removed by hand, the colour cannot be undone; the refusal says how to take
        // back the edit before it.
        try FileManager.default.removeItem(at: config)
        let gone = try tick("undo")
        #expect(gone.status == 2 && gone.stderr == "tick: .tick.toml is gone since 'tick group color work blue'; nothing undone "
                + "('tick undo --list' numbers the operations; 'tick undo N' takes another, leaving this one as it is)\n", "\(gone.stderr)")
    }

    @Test func aColourIsKeptInTheConfigurationAndShownInEveryGroupView() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", example)
        let set = try TickProcess.run(["group", "color", "work", "blue"], in: folder.url)
        #expect(set.status == 0 && set.stdout == "Work: blue (.tick.toml)\n" && set.stderr == "tick: created .tick.toml\n", "\(set.stdout)\(set.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == example, "the task file is not touched")
        let config = folder.url.appendingPathComponent(".tick.toml")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"\n")

        let list = try TickProcess.run(["list", "--color", "always"], in: folder.url)
        #expect(list.stdout.contains(blue + "Work" + reset + "\n"), "\(list.stdout)")
        #expect(list.stdout.contains("\u{1B}[1mHome" + reset), "a group without a colour stays bold")
        let flat = try TickProcess.run(["list", "--sort", "due", "--color", "always"], in: folder.url)
        #expect(flat.stdout.contains("\u{1B}[34m· Work" + reset), "\(flat.stdout)")
        let groups = try TickProcess.run(["groups", "--color", "always"], in: folder.url)
        #expect(groups.stdout.contains("\u{1B}[34mWork" + reset), "\(groups.stdout)")
        let progress = try TickProcess.run(["progress", "--color", "always"], in: folder.url)
        #expect(progress.stdout.contains("\u{1B}[34mWork" + reset), "\(progress.stdout)")
        let board = try TickProcess.run(["board", "--color", "always"], in: folder.url, environment: ["COLUMNS": "100"])
        #expect(board.stdout.contains("\u{1B}[34m16" + reset), "a card's line number in its group's colour: \(board.stdout)")

        for environment in [[:], ["NO_COLOR": "1"]] {
            let plain = try TickProcess.run(["list"], in: folder.url, environment: environment)
            #expect(!plain.stdout.contains("\u{1B}"), "no colour off a terminal, nor with NO_COLOR")
        }
    }

    /// A group renamed keeps its colour, and its subgroups theirs, under the new names; a
    /// group removed takes its colour with it. The task file and `.tick.toml` change in one
    /// operation: one undo takes both back. Said on stderr as a note; nothing with -q.
    @Test func aColourFollowsItsGroup() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] ship\n\n## Backend\n\n- [ ] api\n\n# Home\n\n- [ ] milk\n\n# Later\n\n- [ ] x\n")
        let config = try folder.write(".tick.toml", "# colours\n[colors]\n\"Work\" = \"blue\"\n\"Work/Backend\" = \"red\"\n\"Home\" = \"green\"\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: String...) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        let renamed = try tick("group", "rename", "work", "Job")
        #expect(renamed.stderr == "tick: note: its colours in .tick.toml go with it: 'Job', 'Job/Backend'\n", "\(renamed.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "# colours\n[colors]\n\"Job\" = \"blue\"\n\"Job/Backend\" = \"red\"\n\"Home\" = \"green\"\n")
        let removed = try tick("group", "rm", "Home", "--yes", "-q")
        #expect(removed.status == 0 && removed.stderr.isEmpty, "\(removed.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "# colours\n[colors]\n\"Job\" = \"blue\"\n\"Job/Backend\" = \"red\"\n")
        #expect(try tick("undo").stdout == "undid 'tick group rm Home --yes -q' (.tick.toml, TODO.md)\n")
        #expect(try tick("undo").status == 0)
        #expect(try String(contentsOf: config, encoding: .utf8) == "# colours\n[colors]\n\"Work\" = \"blue\"\n\"Work/Backend\" = \"red\"\n\"Home\" = \"green\"\n")
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("# Work\n"))
        let subgroup = try tick("group", "rename", "Backend", "API")
        #expect(subgroup.stderr == "tick: note: its colour in .tick.toml goes with it: 'Work/API'\n", "\(subgroup.stderr)")
        // A name longer by words: the old key, which names it by the start of its title,
        // is its old name and goes, not an entry kept beside the new one.
        let longer = try tick("group", "rename", "Home", "Home office")
        #expect(longer.stderr == "tick: note: its colour in .tick.toml goes with it: 'Home office'\n", "\(longer.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8).hasSuffix("\"Home office\" = \"green\"\n"))
        #expect(try !String(contentsOf: config, encoding: .utf8).contains("\"Home\" ="))
        // A group without a colour changes nothing in the configuration, and says nothing.
        let before = try String(contentsOf: config, encoding: .utf8)
        let plain = try tick("group", "rename", "Later", "Someday")
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == before)
    }

    /// A colour names groups by name across the project's files: colouring one group leaves
    /// an entry that names others too; renaming or removing a group keeps the entry another
    /// group (of another file or this one) still answers to, and a new name that has a colour
    /// keeps it; a comment after an entry stays; --dry-run shows the configuration's diff
    /// too, and writes nothing.
    @Test func aColourOfOneGroupLeavesOthersAlone() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Work\n\n- [ ] a\n\n# Home\n\n- [ ] c\n\n## Work\n\n- [ ] w\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: String...) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        let config = folder.url.appendingPathComponent(".tick.toml")
        #expect(try tick("group", "color", "Work", "blue").status == 0)
        #expect(try tick("group", "color", "Home/Work", "green").status == 0)
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"\n\"Home/Work\" = \"green\"\n")
        #expect(try tick("group", "color", "Work").stdout == "Work: blue\n")
        // Another file's Work keeps the entry; the renamed group takes its colour along, in
        // a diff with --dry-run, and writes nothing then.
        try folder.write("other.md", "# Work\n\n- [ ] x\n")
        try folder.write(".tick.toml", "[colors]\n\"Work\" = \"blue\"   # work is blue\n")
        let dry = try tick("group", "rename", "-f", "other.md", "Work", "Office", "--dry-run")
        #expect(dry.stdout.contains("+++ b/.tick.toml\n") && dry.stdout.contains("+\"Office\" = \"blue\"\n"), "\(dry.stdout)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"   # work is blue\n")
        #expect(try tick("group", "rename", "-f", "other.md", "Work", "Office").status == 0)
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"   # work is blue\n\"Office\" = \"blue\"\n")
        // A name that has a colour already keeps it: another group's colour is not changed by
        // a rename it is not about, and a warning says the colour was not carried.
        try folder.write("other.md", "# Work\n\n- [ ] x\n")
        try folder.write(".tick.toml", "[colors]\n\"Work\" = \"blue\"\n\"Office\" = \"red\"\n")
        let taken = try tick("group", "rename", "-f", "other.md", "Work", "Office")
        #expect(taken.stderr == "tick: warning: 'Office' has the colour .tick.toml gives 'Office' (red); its own (blue) is not carried\n", "\(taken.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Work\" = \"blue\"\n\"Office\" = \"red\"\n")
        // A key that names another group of the same file stays when one of them is renamed.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("other.md"))
        try folder.write("TODO.md", "# Work\n\n## Sub\n\n- [ ] a\n\n# Home\n\n## Sub\n\n- [ ] b\n")
        try folder.write(".tick.toml", "[colors]\n\"Sub\" = \"green\"\n")
        #expect(try tick("group", "rm", "Home/Sub", "--yes").status == 0)
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Sub\" = \"green\"\n")
        // Alone in the project, the entry goes by the new name, its comment kept.
        try folder.write("TODO.md", "# Work\n\n- [ ] a\n")
        try folder.write(".tick.toml", "[colors]\n\"work\" = \"blue\"   # work is blue\n")
        #expect(try tick("group", "rename", "Work", "Job").status == 0)
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Job\" = \"blue\"   # work is blue\n")
        // A configuration above the file, outside a git checkout (a home folder's, say): the
        // files under it are not read, and the entry stays beside the new one.
        try folder.write("TODO.md", "# Other\n\n- [ ] b\n")
        let sub = try folder.write("sub/TODO.md", "# Job\n\n- [ ] a\n")
        let renamed = try TickProcess.run(["group", "rename", "Job", "Task"], in: sub.deletingLastPathComponent(), environment: state)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "[colors]\n\"Job\" = \"blue\"   # work is blue\n\"Task\" = \"blue\"\n")
    }

    @Test func aSubgroupTakesItsParentsColourUnlessItHasItsOwn() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("TODO.md", example)
        _ = try folder.write(".tick.toml", "[colors]\nHome = \"#2e8b57\"\n")
        let list = try TickProcess.run(["list", "--color", "always"], in: folder.url)
        #expect(list.stdout.contains("\u{1B}[1;38;2;46;139;87mHome / Groceries" + reset), "\(list.stdout)")
        #expect(try TickProcess.run(["group", "color", "Groceries"], in: folder.url).stdout == "Home/Groceries: #2e8b57 (its parent's)\n")
        _ = try TickProcess.run(["group", "color", "Groceries", "bright-yellow"], in: folder.url)
        #expect(try TickProcess.run(["list", "--color", "always"], in: folder.url).stdout.contains("\u{1B}[1;93mHome / Groceries"))
        #expect(try TickProcess.run(["group", "color", "Groceries"], in: folder.url).stdout == "Home/Groceries: bright-yellow\n")
    }

    @Test func settingAgainReplacesTheEntryAndNoneRemovesIt() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("TODO.md", example)
        // The user's comments, order and other sections stay byte for byte.
        let config = "# mine\r\n[lint]\r\noverdue = \"off\"   # noisy\r\n\r\n[colors]\r\ngroceries = red\r\n\"Work\" = \"green\" # job\r\n\r\n[fmt]\r\neol = \"crlf\"\r\n"
        let path = try folder.write(".tick.toml", config)
        let set = try TickProcess.run(["group", "color", "Home/Groceries", "cyan"], in: folder.url)
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set.stderr)")
        #expect(try String(contentsOf: path, encoding: .utf8) == config.replacingOccurrences(of: "groceries = red", with: "\"Home/Groceries\" = \"cyan\""))
        let removed = try TickProcess.run(["group", "color", "Work", "none"], in: folder.url)
        #expect(removed.stdout == "Work: no colour (.tick.toml)\n")
        #expect(try String(contentsOf: path, encoding: .utf8) == config
            .replacingOccurrences(of: "groceries = red", with: "\"Home/Groceries\" = \"cyan\"")
            .replacingOccurrences(of: "\"Work\" = \"green\" # job\r\n", with: ""))
        let added = try TickProcess.run(["group", "color", "Home", "magenta"], in: folder.url)
        #expect(added.status == 0)
        #expect(try String(contentsOf: path, encoding: .utf8).contains("\"Home/Groceries\" = \"cyan\"\r\n\"Home\" = \"magenta\"\r\n\r\n[fmt]"))
    }

    @Test func mistakesAreOneLineAndChangeNothing() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("TODO.md", example)
        let colour = try TickProcess.run(["group", "color", "Work", "blu"], in: folder.url)
        #expect(colour.status == 2 && colour.stderr.hasPrefix("tick: ") && colour.stderr.contains("#rrggbb"), "\(colour.stderr)")
        let group = try TickProcess.run(["group", "color", "Wrok", "blue"], in: folder.url)
        #expect(group.status == 2 && group.stderr.contains("did you mean 'Work'"), "\(group.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".tick.toml").path))
        _ = try folder.write(".tick.toml", "[colors]\nWork = \"mauve\"\n")
        let broken = try TickProcess.run(["list"], in: folder.url)
        #expect(broken.status == 2 && broken.stderr.contains(".tick.toml:2: 'mauve' is not a colour"), "\(broken.stderr)")
    }
}
