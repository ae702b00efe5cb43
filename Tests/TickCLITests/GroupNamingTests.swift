import Foundation
import Testing

/// One grammar names a group in every command (an exact title, else a path's end, `\/` for a
/// slash in a title); a name that matches nothing is an error everywhere; new groups go where
/// the path and the file's layout say.
@Suite struct GroupNamingTests {
    let example = try! String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)

    func run(_ arguments: [String], on text: String) throws -> (TickProcess.Result, String) {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", text)
        let result = try TickProcess.run(arguments, in: folder.url)
        return (result, try String(contentsOf: file, encoding: .utf8))
    }

    /// `group add Food` beside `🥕 Food`, which answered to `Food`: the new group keeps the
    /// name, and the note says which group the name means now (it said 'Food' existed).
    @Test func addingANameAnotherGroupAnsweredToSaysSo() throws {
        let (result, text) = try run(["group", "add", "Food"], on: "# 🥕 Food\n\n- [ ] carrots\n")
        #expect(result.status == 0 && text == "# 🥕 Food\n\n- [ ] carrots\n\n# Food\n")
        #expect(result.stderr == "tick: note: 'Food' named the group '🥕 Food' (line 1) until now; from now on it names the new group\n",
                "\(result.stderr)")
        // A rename onto such a name says so too.
        let (renamed, renamedText) = try run(["group", "rename", "Food", "Fruit"], on: text)
        #expect(renamed.status == 0 && renamedText.hasSuffix("# Fruit\n"), "\(renamed.stderr)")
        let (moved, _) = try run(["group", "rename", "fruit", "food"], on: "# 🥕 Food\n\n- [ ] carrots\n\n# Fruit\n")
        #expect(moved.stderr == "tick: note: 'food' named the group '🥕 Food' (line 1) until now; from now on it names this one\n", "\(moved.stderr)")
        // The emoji a title starts with stays when the new name has none of its own.
        let carrots = "# 🥕 Food\n\n- [ ] carrots\n"
        let (kept, keptText) = try run(["group", "rename", "food", "Vegetables"], on: carrots)
        #expect(kept.stdout == "renamed group 1 # 🥕 Vegetables  (1 task)\n" && keptText.hasPrefix("# 🥕 Vegetables\n"), "\(kept.stdout)\(kept.stderr)")
        let (replaced, replacedText) = try run(["group", "rename", "food", "🍎 Fruit"], on: carrots)
        #expect(replaced.status == 0 && replacedText.hasPrefix("# 🍎 Fruit\n"), "\(replacedText)")
        // Beside a group of that title but for its emoji, the name is kept as typed: with the
        // emoji it would name both.
        let (clash, clashText) = try run(["group", "rename", "launch", "later"], on: "# 🚀 Launch\n\n- [ ] a\n\n# 🗒 Later\n\n- [ ] b\n")
        #expect(clash.status == 0 && clashText.hasPrefix("# later\n"), "\(clash.stderr)\(clashText)")
        let (linked, linkedText) = try run(["group", "rename", "Link", "Other"], on: "# [[Link]]\n\n- [ ] a\n")
        #expect(linked.status == 0 && linkedText.hasPrefix("# Other\n"), "\(linkedText)")
        // A second group of one name is refused, the file untouched.
        let (again, twice) = try run(["group", "add", "food"], on: text)
        #expect(again.status == 2 && again.stderr == "tick: TODO.md: a group 'Food' is already there (line 5); choose another name\n" && twice == text,
                "\(again.stderr)\(twice)")
    }

    /// The start of one group's title names it; the start of two names neither, and the
    /// suggestion is each title as it can be typed (its slash unescaped).
    @Test func aUniqueStartOfATitleNamesIt() throws {
        let text = "# Work\n\n- [ ] a\n\n# Someday/Maybe\n\n- [ ] c\n\n## Sub\n\n- [ ] d\n"
        let (list, _) = try run(["list", "-g", "someday"], on: text)
        #expect(list.status == 0 && list.stdout.contains("[ ] c") && !list.stdout.contains("[ ] a"), "\(list.stdout)\(list.stderr)")
        let (done, after) = try run(["done", "-g", "wo"], on: text)
        #expect(done.status == 0 && after.contains("- [x] a"), "\(done.stderr)")
        let (two, _) = try run(["list", "-g", "s"], on: text)
        #expect(two.status == 2 && two.stderr == "tick: no group 's' in TODO.md (did you mean 'Someday/Maybe' or 'Sub'?); 'tick groups' lists them\n",
                "\(two.stderr)")
        let (edit, same) = try run(["done", "-g", "s", "--all", "-y"], on: text)
        #expect(edit.status == 2 && same == text
                && edit.stderr == "tick: TODO.md: no group 's' (did you mean 'Someday/Maybe' or 'Sub'?); 'tick groups' lists them\n", "\(edit.stderr)")
        let (one, _) = try run(["list", "-g", "wok"], on: text)
        #expect(one.stderr == "tick: no group 'wok' in TODO.md (did you mean 'Work'?); 'tick groups' lists them\n", "\(one.stderr)")
        // Groups of one title (a group and its archive) share a start as they share the
        // title: a view shows both, an edit takes the one nearer the top, by filters too.
        let archived = "# T\n\n## Groceries\n\n- [ ] a\n\n## Done\n\n### Groceries\n\n- [x] b\n"
        let (both, _) = try run(["list", "--all", "-g", "groc"], on: archived)
        #expect(both.status == 0 && both.stdout.contains("[ ] a") && both.stdout.contains("[x] b"), "\(both.stdout)\(both.stderr)")
        let (added, afterAdd) = try run(["add", "-g", "groc", "milk"], on: archived)
        #expect(added.status == 0 && afterAdd.hasPrefix("# T\n\n## Groceries\n\n- [ ] a\n- [ ] milk\n"), "\(added.stderr)\(afterAdd)")
        // An edit by filters takes one group as well: the archive keeps its record.
        let (removed, afterRemove) = try run(["rm", "--all", "-g", "groceries", "-y"], on: archived)
        #expect(removed.status == 0 && afterRemove == "# T\n\n## Groceries\n\n## Done\n\n### Groceries\n\n- [x] b\n", "\(removed.stderr)\(afterRemove)")
        // A view of the name shows the archive's group by its path, beside the group, not under it.
        let (groups, _) = try run(["groups", "-g", "groceries"], on: archived)
        #expect(groups.stdout.hasPrefix("Groceries         1 open") && groups.stdout.contains("\nDone / Groceries  0 open  1 done"), "\(groups.stdout)")
        // The name named the group already: renamed in other case, nothing is said to move.
        let (renamed, _) = try run(["group", "rename", "groceries", "GROCERIES"], on: archived)
        #expect(renamed.status == 0 && !renamed.stderr.contains("until now"), "\(renamed.stderr)")
        // A group already in place is said to be, on its own line.
        let meetings = "# T\n\n## Work\n\n### Meetings\n\n### Backend\n\n## Done\n\n### Work\n\n#### Meetings\n\n- [x] m\n"
        let (moved, _) = try run(["group", "move", "meetings", "--before", "backend"], on: meetings)
        #expect(moved.stdout == "unchanged 5 ### Meetings  (0 tasks) (already there)\n", "\(moved.stdout)")
    }

    /// Over several files, the strongest rule any file matches the name by decides: `work`
    /// shows `Work` and not, from another file, the `Workshop` it starts.
    @Test func aFolderViewMatchesGroupsByTheStrongestRule() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.md", "## Work\n\n- [ ] a\n")
        try folder.write("b.md", "## Workshop\n\n- [ ] d\n")
        let work = try TickProcess.run(["list", "-g", "work", "."], in: folder.url)
        #expect(work.status == 0 && work.stdout.contains("[ ] a") && !work.stdout.contains("[ ] d"), "\(work.stdout)\(work.stderr)")
        let start = try TickProcess.run(["list", "-g", "works", "."], in: folder.url)
        #expect(start.status == 0 && start.stdout.contains("[ ] d") && !start.stdout.contains("[ ] a"), "\(start.stdout)\(start.stderr)")
        // A name is a group's name by its words as by its path: both files show theirs.
        try folder.write("c.md", "## ⏳ Waiting\n\n- [ ] c\n")
        try folder.write("d.md", "## Work\n\n### Waiting\n\n- [ ] e\n")
        let waiting = try TickProcess.run(["list", "-g", "waiting", "."], in: folder.url)
        #expect(waiting.stdout.contains("[ ] c") && waiting.stdout.contains("[ ] e"), "\(waiting.stdout)\(waiting.stderr)")
    }

    /// A name typed without accents names the group whose title has them, whole or by its
    /// start; one typed with them, as typed; an exact title still wins.
    @Test func aNameTypedWithoutAccentsNamesTheGroup() throws {
        let text = "# Épicerie\n\n- [ ] lait\n\n# Öffentlich\n\n- [ ] x\n\n# Epicerie fine\n\n- [ ] y\n"
        for name in ["epicerie", "épicerie", "ÉPICERIE"] {
            let (list, _) = try run(["list", "-g", name], on: text)
            #expect(list.status == 0 && list.stdout.contains("[ ] lait") && !list.stdout.contains("[ ] y"), "\(name): \(list.stdout)\(list.stderr)")
        }
        let (start, _) = try run(["list", "-g", "offent"], on: text)
        #expect(start.status == 0 && start.stdout.contains("[ ] x"), "\(start.stderr)")
        let (moved, after) = try run(["move", "lait", "--to", "offentlich"], on: text)
        #expect(moved.status == 0 && after.contains("- [ ] x\n- [ ] lait\n"), "\(moved.stderr)")
        let (typed, _) = try run(["list", "-g", "öffentlichkeit"], on: text)
        #expect(typed.status == 2)
    }

    @Test func everyViewFindsASubgroupByItsTitle() throws {
        for command in ["list", "board", "progress", "important", "groups"] {
            let (result, _) = try run([command, "-g", "groceries"], on: example)
            #expect(result.status == 0 && (command == "important" || result.stdout.contains("Milk") || result.stdout.contains("Groceries")),
                    "\(command): \(result.stdout)\(result.stderr)")
        }
        let (missing, _) = try run(["list", "-g", "grocery"], on: example)
        #expect(missing.status == 2 && missing.stderr == "tick: no group 'grocery' in TODO.md (did you mean 'Groceries'?); 'tick groups' lists them\n", "\(missing.stderr)")
        let (part, _) = try run(["list", "-g", "Now/Pomodoro"], on: example + "\n## 🍅 Now/Pomodoro (1)\n\n- [ ] Focus\n")
        #expect(part.status == 2 && part.stderr.contains("(did you mean '🍅 Now/Pomodoro (1)'?)"), "\(part.stderr)")
        let (board, _) = try run(["board", "-g", "Garden"], on: example)
        #expect(board.status == 2 && board.stdout.isEmpty)
    }

    @Test func aTitleWithASlashIsNamedWholeOrEscaped() throws {
        let text = example + "\n## Someday/Maybe\n\n- [ ] Learn the piano\n"
        #expect(try run(["list", "-g", "Someday/Maybe"], on: text).0.stdout.contains("Learn the piano"))
        #expect(try run(["list", "-g", "work/someday/maybe"], on: text).0.stdout.contains("Learn the piano"))
        #expect(try run(["groups", "--names"], on: text).0.stdout == "Home\nHome/Groceries\nWork\nWork/Someday\\/Maybe\n")
        #expect(try run(["list", "-g", "Work/Someday\\/Maybe"], on: text).0.stdout.contains("Learn the piano"))
        let (added, after) = try run(["add", "-g", "Someday/Maybe", "Juggle"], on: text)
        #expect(added.status == 0 && after.hasSuffix("- [ ] Learn the piano\n- [ ] Juggle\n"), "\(added.stderr)")
    }

    @Test func aMissingPathIsCreatedUnderItsParent() throws {
        let (first, once) = try run(["add", "-g", "Work/Backend", "Fix the API"], on: example)
        #expect(first.status == 0 && once.hasSuffix("> - ask about the offsite\n\n## Backend\n\n- [ ] Fix the API\n"), "\(once)")
        let (_, twice) = try run(["add", "-g", "Work/Backend", "Add tests"], on: once)
        #expect(twice.hasSuffix("## Backend\n\n- [ ] Fix the API\n- [ ] Add tests\n"))
        let (_, nested) = try run(["add", "-g", "Home/Garden/Tools", "Buy a rake"], on: example)
        #expect(nested.contains("- [ ] Coffee beans +kitchen due:2026-11-25\n\n## Garden\n\n### Tools\n\n- [ ] Buy a rake\n\n# Work\n"), "\(nested)")
    }

    @Test func newGroupsGoWhereTheLayoutSays() throws {
        let versions = "# TODO\n\n## Version 1.0\n\n- [x] a\n\n### Version 1.1\n\n- [ ] b\n\n### Version 1.2\n\n- [ ] c\n"
        let (_, added) = try run(["group", "add", "Version 2.0"], on: versions)
        #expect(added == versions + "\n## Version 2.0\n", "a lone title over the groups is not their level")
        let (_, under) = try run(["group", "add", "--under", "Home", "Garden"], on: example)
        #expect(under.contains("due:2026-11-25\n\n## Garden\n\n# Work\n"), "\(under)")
        let (taken, twin) = try run(["group", "add", "Work"], on: example)
        #expect(taken.status == 2 && twin == example && taken.stderr.contains("a group 'Work' is already there"), "\(taken.stderr)")
        // Under a title too: `## Version 1.0` is where a new one would go. A group named as
        // the title would be under it, and the name would still name the title.
        let (titled, same) = try run(["group", "add", "Version 1.0"], on: versions)
        #expect(titled.status == 2 && same == versions, "\(titled.stderr)")
        let (asTitle, same4) = try run(["group", "add", "todo"], on: versions)
        #expect(asTitle.status == 2 && same4 == versions
                && asTitle.stderr == "tick: TODO.md: 'todo' would still name the group 'TODO' (line 1); choose another name\n", "\(asTitle.stderr)")
        // `tick init`'s lone `# TODO` takes the groups added under it.
        let (_, initial) = try run(["group", "add", "Work"], on: "# TODO\n")
        #expect(initial == "# TODO\n\n## Work\n", "\(initial)")
        // A name two subgroups have is a new top-level group, which the name names now.
        let twice = "# A\n\n## Tasks\n\n- [ ] a\n\n# B\n\n## Tasks\n\n- [ ] b\n"
        let (shared, addedTop) = try run(["group", "add", "tasks"], on: twice)
        #expect(shared.status == 0 && addedTop == twice + "\n# tasks\n" && shared.stderr.contains("'tasks' named the group 'A / Tasks' (line 3) until now"), "\(shared.stderr)")
        // A name alone is a top-level group, even when a subgroup has that name, which the
        // name no longer names.
        let nested = "# Home\n\n- [ ] a\n\n## Garden\n\n- [ ] b\n\n# Work\n\n- [ ] c\n"
        let (garden, top) = try run(["group", "add", "Garden"], on: nested)
        #expect(top == nested + "\n# Garden\n" && garden.stderr.contains("'Garden' named the group 'Home / Garden' (line 5) until now"), "\(top)\(garden.stderr)")
        let (underHome, same2) = try run(["group", "add", "--under", "Home", "garden"], on: nested)
        #expect(underHome.status == 2 && same2 == nested, "\(underHome.stderr)")
        let (sibling, same3) = try run(["group", "add", "Home/Garden"], on: nested)
        #expect(sibling.status == 2 && same3 == nested, "\(sibling.stderr)")
        let (rename, unchanged) = try run(["group", "rename", "Home", "work"], on: example)
        #expect(rename.status == 2 && rename.stderr.contains("a group 'Work' is already there (line 14)") && unchanged == example, "\(rename.stderr)")
    }
}
