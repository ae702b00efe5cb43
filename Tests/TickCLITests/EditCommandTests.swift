import Foundation
import Testing

/// End-to-end tests of the editing commands against the built binary, in scratch folders.
@Suite struct EditCommandTests {
    let base = """
    # Home

    - [ ] * Renew passport due:2026-11-20 #errands
    - [x] Call the plumber
    - [/] Paint the fence
      - [ ] Buy primer
      - [x] Sand the boards

    ## Groceries

    - [ ] Milk
    - [ ] Coffee beans

    """

    /// Runs tick in a folder holding TODO.md with `text`; returns the result and the new text.
    func edit(_ arguments: [String], _ text: String? = nil, stdin: String? = nil) throws -> (TickProcess.Result, String) {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", text ?? base)
        let result = try TickProcess.run(arguments, in: folder.url,
                                         environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        return (result, try String(contentsOf: file, encoding: .utf8))
    }

    func replacing(_ old: String, _ new: String) -> String { base.replacingOccurrences(of: old, with: new) }

    @Test(arguments: [
        (["done", "Milk"], "- [ ] Milk", "- [x] Milk"),
        (["done", "11"], "- [ ] Milk", "- [x] Milk"),
        (["done", "TODO.md:11"], "- [ ] Milk", "- [x] Milk"),
        (["reopen", "plumber"], "- [x] Call the plumber", "- [ ] Call the plumber"),
        (["start", "milk"], "- [ ] Milk", "- [/] Milk"),
        (["star", "Milk"], "- [ ] Milk", "- [ ] * Milk"),
        (["unstar", "passport"], "- [ ] * Renew", "- [ ] Renew"),
        (["due", "Milk", "2026-12-24"], "- [ ] Milk", "- [ ] Milk due:2026-12-24"),
        (["due", "Milk", "fri"], "- [ ] Milk", "- [ ] Milk due:2026-11-27"),
        (["due", "Milk", "+2w"], "- [ ] Milk", "- [ ] Milk due:2026-12-06"),
        (["due", "Milk", "eom"], "- [ ] Milk", "- [ ] Milk due:2026-11-30"),
        (["due", "passport", "none"], " due:2026-11-20 #errands", " #errands"),
        (["due", "passport", "tomorrow"], "due:2026-11-20", "due:2026-11-23"),
        // Line numbers before a date: `11 12 dec 5` is two tasks and December 5th, never `12 dec 5` of year 5.
        (["due", "11", "12", "dec", "5"], "- [ ] Milk\n- [ ] Coffee beans\n", "- [ ] Milk due:2026-12-05\n- [ ] Coffee beans due:2026-12-05\n"),
        (["edit", "passport", "Renew", "the", "ID"], "Renew passport due:2026-11-20 #errands", "Renew the ID due:2026-11-20 #errands"),
        (["note", "Milk", "oat", "milk"], "- [ ] Milk\n", "- [ ] Milk\n  - oat milk\n"),
        // A note that starts with '- ' is text, not an option (it was refused as '-' + ' ').
        (["note", "Milk", "- [ ] maybe"], "- [ ] Milk\n", "- [ ] Milk\n  - \\- [ ] maybe\n"),
        (["add", "--under", "Milk", "Check the date"], "- [ ] Milk\n", "- [ ] Milk\n  - [ ] Check the date\n"),
        (["add", "--after", "Milk", "Bread"], "- [ ] Milk\n", "- [ ] Milk\n- [ ] Bread\n"),
        (["add", "-g", "groceries", "--top", "--star", "Eggs"], "- [ ] Milk\n", "- [ ] * Eggs\n- [ ] Milk\n"),
        (["add", "Wash", "the", "car", "--due", "today"], "  - [x] Sand the boards\n", "  - [x] Sand the boards\n- [ ] Wash the car due:2026-11-22\n"),
        (["move", "Coffee", "up"], "- [ ] Milk\n- [ ] Coffee beans\n", "- [ ] Coffee beans\n- [ ] Milk\n"),
        (["move", "Paint", "--to", "Groceries"], "- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Sand the boards\n\n## Groceries\n\n- [ ] Milk\n- [ ] Coffee beans\n",
         "\n## Groceries\n\n- [ ] Milk\n- [ ] Coffee beans\n- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Sand the boards\n"),
        (["rm", "Paint", "--yes"], "- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Sand the boards\n", ""),
        (["done", "--with-subtasks", "Paint"], "- [/] Paint the fence\n  - [ ] Buy primer", "- [x] Paint the fence\n  - [x] Buy primer"),
        (["group", "rename", "Groceries", "Shopping"], "## Groceries", "## Shopping"),
        (["group", "add", "Errands"], "- [ ] Coffee beans\n", "- [ ] Coffee beans\n\n# Errands\n"),
        (["group", "rm", "Groceries", "--yes"], "\n\n## Groceries\n\n- [ ] Milk\n- [ ] Coffee beans\n", "\n"),
        (["move", "Coffee", "--before", "Milk"], "- [ ] Milk\n- [ ] Coffee beans\n", "- [ ] Coffee beans\n- [ ] Milk\n"),
        // --top and --bottom alone: in the task's own group, or among its sibling subtasks.
        (["move", "Coffee", "--top"], "- [ ] Milk\n- [ ] Coffee beans\n", "- [ ] Coffee beans\n- [ ] Milk\n"),
        (["move", "passport", "--bottom"], "- [ ] * Renew passport due:2026-11-20 #errands\n- [x] Call the plumber\n- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Sand the boards\n",
         "- [x] Call the plumber\n- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Sand the boards\n- [ ] * Renew passport due:2026-11-20 #errands\n"),
        (["move", "Sand", "--top"], "  - [ ] Buy primer\n  - [x] Sand the boards\n", "  - [x] Sand the boards\n  - [ ] Buy primer\n"),
        (["note", "--clear", "Paint"], "  - [x] Sand the boards\n", "  - [x] Sand the boards\n"),
    ])
    func commandChangesOnlyItsLines(_ arguments: [String], _ old: String, _ new: String) throws {
        let (result, text) = try edit(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(text == replacing(old, new), "\(arguments)")
    }

    /// An ordered list keeps the number it starts at when its first item goes (GitHub starts
    /// it at the first item's number), and neighbours that swap places swap numbers; a number
    /// that would change width on an item of several lines is left alone.
    @Test(arguments: [
        (["move", "3", "down"], "# T\n\n1. [ ] a\n2. [ ] b\n3. [ ] c\n", "# T\n\n1. [ ] b\n2. [ ] a\n3. [ ] c\n"),
        (["move", "5", "up"], "# T\n\n1. [ ] a\n2. [ ] b\n3. [ ] c\n", "# T\n\n1. [ ] a\n2. [ ] c\n3. [ ] b\n"),
        (["rm", "3"], "# T\n\n1. [ ] a\n2. [ ] b\n3. [ ] c\n", "# T\n\n1. [ ] b\n3. [ ] c\n"),
        (["rm", "3", "4", "--yes"], "# T\n\n1) [ ] a\n2) [ ] b\n3) [ ] c\n", "# T\n\n1) [ ] c\n"),
        (["move", "3", "--to", "U"], "# T\n\n1. [ ] a\n2. [ ] b\n\n# U\n\n- [ ] x\n", "# T\n\n1. [ ] b\n\n# U\n\n- [ ] x\n- [ ] a\n"),
        (["archive"], "# T\n\n1. [x] a\n2. [ ] b\n", "# T\n\n1. [ ] b\n\n# Done\n\n## T\n\n1. [x] a\n"),
        // A list that numbers every item the same keeps doing so.
        (["move", "3", "down"], "# T\n\n1. [ ] a\n1. [ ] b\n", "# T\n\n1. [ ] b\n1. [ ] a\n"),
        // 9 and 10 differ in width, and b has a second line: its number stays.
        (["move", "4", "down"], "# T\n\n8. [ ] a\n9. [ ] b\n   more of b\n10. [ ] c\n", "# T\n\n8. [ ] a\n10. [ ] c\n11. [ ] b\n    more of b\n"),
        // Another ordered list above, in the same group, is another list.
        (["rm", "10"], "# H\n\npara0\n\n1. [ ] one\n1. [ ] two\n\npara\n\n1. [ ] a\n2. [ ] b\n", "# H\n\npara0\n\n1. [ ] one\n1. [ ] two\n\npara\n\n1. [ ] b\n"),
        // `1.` interrupts the parent's text where `2.` could not: no blank line is needed.
        (["rm", "4"], "# A\n\n- [ ] b1\n  1. [ ] s1\n  2. [ ] s2\n- [ ] b2\n", "# A\n\n- [ ] b1\n  1. [ ] s2\n- [ ] b2\n"),
        // Done together with the item after it, a first item that deletes itself when done.
        (["done", "3", "4"], "# D\n\n1. [ ] a 🏁 delete\n2. [ ] b\n3. [ ] c\n", "# D\n\n1. [x] b\n3. [ ] c\n"),
        // --top and --bottom stay in the task's own list: not into a quote, nor out of it.
        (["move", "3", "--bottom"], "# H\n\n- [ ] one\n\n> 1. [ ] q-a\n> 2. [ ] q-b\n", "# H\n\n- [ ] one\n\n> 1. [ ] q-a\n> 2. [ ] q-b\n"),
        (["move", "6", "up"], "# H\n\n- [ ] one\n\n> 1. [ ] q-a\n> 2. [ ] q-b\n", "# H\n\n- [ ] one\n\n> 1. [ ] q-b\n> 2. [ ] q-a\n"),
        // A one-line item takes a number of another width (its content column moves, alone).
        (["rm", "5"], "# T\n\n- [ ] a\n\n  9. [ ] b\n     more\n  10. [ ] c\n", "# T\n\n- [ ] a\n\n  9. [ ] c\n"),
    ])
    func orderedListsKeepTheirNumbers(_ arguments: [String], _ old: String, _ new: String) throws {
        let (result, text) = try edit(arguments, old)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(text == new, "\(arguments)")
    }

    /// A task quoted above a group's list (from an email) is not where that list is: --top,
    /// up, add --top and move --to --top go to the list's own first place, never into the
    /// quote (with the same bullet and a blank line between, the quote's list looked like the
    /// same list); a group whose tasks are all quoted takes new ones into its quote.
    @Test(arguments: [
        (["move", "b", "--top"], "- [ ] b\n- [ ] a\n"),
        (["add", "-g", "Inbox", "--top", "X"], "- [ ] X\n- [ ] a\n- [ ] b\n"),
        (["move", "w", "--to", "Inbox", "--top"], "- [ ] w\n- [ ] a\n- [ ] b\n"),
        (["add", "-g", "Inbox", "Y"], "- [ ] a\n- [ ] b\n- [ ] Y\n"),
    ])
    func tasksStayOutOfAQuoteAbove(_ arguments: [String], _ list: String) throws {
        let quoted = "# Inbox\n\n> - [ ] from email: reply to Ann\n\n"
        let (result, text) = try edit(arguments, quoted + "- [ ] a\n- [ ] b\n\n# Other\n\n- [ ] w\n")
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let other = arguments.contains("w") ? "\n# Other\n" : "\n# Other\n\n- [ ] w\n"
        #expect(text == quoted + list + other, "\(arguments): \(text)")
    }

    /// A task added under another says whose subtask it is, and that number names the parent.
    @Test func anAddedSubtaskSaysWhose() throws {
        let (result, text) = try edit(["add", "--under", "Milk", "Check the date"], "# Shop\n\n- [ ] Milk\n")
        #expect(result.stdout == "added 4 [ ] Check the date  · Shop (a subtask of 3 Milk)\n" && text.hasSuffix("- [ ] Milk\n  - [ ] Check the date\n"),
                "\(result.stdout)\(result.stderr)")
    }

    /// A task already at the end of its list stays, and the edit says so as one that changes
    /// nothing does (exit 0); a quoted task above is not in its list.
    @Test func upStopsAtTheQuoteAbove() throws {
        let file = "# Inbox\n\n> - [ ] from email\n\n- [ ] a\n- [ ] b\n"
        let (result, text) = try edit(["move", "a", "up"], file)
        #expect(result.status == 0 && result.stdout == "unchanged 5 [ ] a  · Inbox (already the first in its list)\n", "\(result.stdout)\(result.stderr)")
        #expect(text == file)
        let (down, same) = try edit(["move", "b", "down"], file)
        #expect(down.status == 0 && down.stdout.contains("(already the last in its list)") && same == file, "\(down.stdout)")
        let (inQuote, quoted) = try edit(["add", "-g", "Q", "--top", "X"], "# Q\n\n> - [ ] q1\n> - [ ] q2\n")
        #expect(inQuote.status == 0 && quoted == "# Q\n\n> - [ ] X\n> - [ ] q1\n> - [ ] q2\n", "\(quoted)")
    }

    /// A plain bullet below a wide item (`-   [x] b`: its content four columns in) is an item
    /// of the outer list; with the item gone it would be a note of the task above (the edit
    /// check compared tasks, not what their blocks hold). Removing, archiving or moving the
    /// item away is refused, and the file is left as it was; a note that stays a note is fine.
    @Test(arguments: [
        (["rm", "Call Bob"], "# H\n\n- [ ] Buy milk\n-   [x] Call Bob\n  - not a note of Call Bob\n\n# Other\n"),
        (["archive", "--yes"], "# H\n\n- [ ] Buy milk\n-   [x] Call Bob\n  - not a note of Call Bob\n\n# Other\n"),
        (["move", "Call Bob", "--to", "Other"], "# H\n\n- [ ] Buy milk\n-   [x] Call Bob\n  - not a note of Call Bob\n\n# Other\n"),
        (["rm", "ten"], "9. [ ] nine\n10. [ ] ten\n   - plain\n"),
    ])
    func aPlainBulletBelowDoesNotBecomeANote(_ arguments: [String], _ file: String) throws {
        let (result, text) = try edit(arguments, file)
        #expect(result.status == 2 && result.stderr.contains("note"), "\(arguments): \(result.stderr)")
        #expect(text == file, "\(arguments): \(text)")
    }

    @Test func aNoteOfTheTaskAboveStaysItsNote() throws {
        let (result, text) = try edit(["rm", "b"], "# H\n\n- [ ] a\n  - note of a\n- [ ] b\n  - note of b\n- [ ] c\n")
        #expect(result.status == 0 && text == "# H\n\n- [ ] a\n  - note of a\n- [ ] c\n", "\(result.stderr)")
    }

    /// A move that would leave the moved task's note behind (after a task written with two
    /// markers, `- 1. [ ] s`, the note went out at the outer marker's column, an item of the
    /// list around) is refused, and the file is left as it was.
    @Test func aMoveKeepsTheTasksNotes() throws {
        let file = "# H\n\n- 1. [ ] s\n  tabbed\n* [ ] c\n  - plain2\n"
        let (result, text) = try edit(["move", "c", "up"], file)
        #expect(result.status == 2 && result.stderr.contains("the task's text or notes would read differently there"), "\(result.stderr)")
        #expect(text == file, "\(text)")
    }

    /// Two top-level groups of one name have no path of their own: an edit names one by the
    /// line of its heading, which the message about the two shows.
    @Test func aGroupIsNamedByItsHeadingsLine() throws {
        let file = "# Work\n\n- [ ] w1\n\n# Work\n\n- [ ] w2\n"
        let (ambiguous, _) = try edit(["group", "rename", "Work", "Job"], file)
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("'Work' names 2 groups (1 Work; 5 Work); use the full path, like 'Parent/Child', or the line of its heading, like '5'"),
                "\(ambiguous.stderr)")
        let (renamed, text) = try edit(["group", "rename", "5", "Job"], file)
        #expect(renamed.status == 0 && text == "# Work\n\n- [ ] w1\n\n# Job\n\n- [ ] w2\n", "\(renamed.stderr)")
        let (added, addedText) = try edit(["add", "-g", "5", "x"], file)
        #expect(added.status == 0 && addedText == file + "- [ ] x\n", "\(added.stderr)")
        // A number that is no heading's line is a name, as before: add creates the group.
        let (created, createdText) = try edit(["add", "-g", "3", "y"], file)
        #expect(created.status == 0 && createdText.contains("# 3\n\n- [ ] y\n"), "\(createdText)")
    }

    /// A group renamed takes its archive's name along (`Done / Work` becomes `Done / Job`),
    /// so that progress still counts what was archived from it; a subgroup of the archive,
    /// renamed itself, is no group's archive.
    @Test func aRenamedGroupKeepsItsArchive() throws {
        let file = "# Work\n\n- [ ] b\n\n# Done\n\n## Work\n\n- [x] a\n"
        let (renamed, text) = try edit(["group", "rename", "work", "Job"], file)
        #expect(renamed.status == 0 && text == "# Job\n\n- [ ] b\n\n# Done\n\n## Job\n\n- [x] a\n", "\(renamed.stderr)\(text)")
        #expect(renamed.stderr == "tick: note: its archive 'Done / Work' is renamed too, to 'Done / Job'\n", "\(renamed.stderr)")
        #expect(renamed.stdout == "renamed group 1 # Job  (1 task)\n", "\(renamed.stdout)")
        // The echo names the group renamed, not its archive above it.
        let (above, _) = try edit(["group", "rename", "work", "Job"], "# Done\n\n## Work\n\n- [x] a\n\n# Work\n\n- [ ] b\n")
        #expect(above.stdout == "renamed group 7 # Job  (1 task)\n", "\(above.stdout)\(above.stderr)")
        // An archive that has the new name already keeps the old one, and says so.
        let (kept, keptText) = try edit(["group", "rename", "work", "Job"], file + "\n## Job\n\n- [x] j\n")
        #expect(kept.status == 0 && keptText.hasPrefix("# Job\n") && keptText.contains("## Work\n\n- [x] a\n")
                && kept.stderr.contains("warning: its archive 'Done / Work' keeps its name: the archive has a group 'Job' already"), "\(kept.stderr)")
        let (inside, insideText) = try edit(["group", "rename", "Done/Work", "Old work"], file)
        #expect(inside.status == 0 && insideText == "# Work\n\n- [ ] b\n\n# Done\n\n## Old work\n\n- [x] a\n" && inside.stderr.isEmpty,
                "\(inside.stderr)\(insideText)")
    }

    /// A typed text that ends in Obsidian fields takes `--due` in Obsidian's way, in a file of
    /// tick's fields: written as `due:` after the rule, neither would be read.
    @Test func addedDatesFollowTheTypedFields() throws {
        let (result, text) = try edit(["add", "Weekly review 🔁 every week", "--due", "2026-11-27"], "# A\n\n- [ ] x due:2026-12-01\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text == "# A\n\n- [ ] x due:2026-12-01\n- [ ] Weekly review 🔁 every week 📅 2026-11-27\n")
    }

    /// `--all` never widens a status filter: `rm --done -a` deletes the done tasks alone.
    @Test func allKeepsTheStatusFilters() throws {
        let (result, text) = try edit(["rm", "--done", "-a", "-y"], "# H\n\n- [ ] open1\n- [x] done1\n- [ ] open2\n- [-] dropped\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text == "# H\n\n- [ ] open1\n- [ ] open2\n")
        let (listed, _) = try edit(["list", "--open", "-a"], "# H\n\n- [ ] open1\n- [x] done1\n- [ ] later start:2099-01-01\n")
        // Open tasks, the waiting one too, and not the done one.
        #expect(listed.stdout.contains("open1") && listed.stdout.contains("later") && !listed.stdout.contains("done1"), "\(listed.stdout)")
    }

    @Test func archiveMovesDoneTasksToADoneGroup() throws {
        let (result, text) = try edit(["archive"])
        #expect(result.status == 0)
        #expect(text == replacing("- [x] Call the plumber\n", "") + "\n# Done\n\n## Home\n\n- [x] Call the plumber\n")
    }

    /// The archive remembers where each task came from: a subgroup of Done named as its group
    /// (nested groups nested), which `-g` names only through Done, and which progress counts
    /// as the group's. A second archive adds to the same subgroups; tasks from no group, and
    /// cards on an Obsidian Kanban board, go into Done itself.
    @Test func archiveKeepsEachTaskUnderTheGroupItLeft() throws {
        let text = "# Work\n\n- [ ] a\n- [x] b\n\n## Backend\n\n- [x] c\n\n# Home\n\n- [x] d\n- [ ] e\n"
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "- [x] loose\n\n" + text)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path, "TICK_TODAY": "2026-11-20"]
        let before = try TickProcess.run(["progress"], in: folder.url, environment: state)
        let archived = try TickProcess.run(["archive", "--yes"], in: folder.url, environment: state)
        #expect(archived.status == 0, "\(archived.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n- [ ] a\n\n## Backend\n\n# Home\n\n- [ ] e\n\n"
                + "# Done\n\n- [x] loose\n\n## Work\n\n- [x] b\n\n### Backend\n\n- [x] c\n\n## Home\n\n- [x] d\n")
        #expect(archived.stdout.contains("[x] c  · Done / Work / Backend"), "\(archived.stdout)")
        let after = try TickProcess.run(["progress"], in: folder.url, environment: state)
        #expect(after.stdout.contains("Work       1/2   50%") && after.stdout.contains("  Backend  1/1  100%")
                && after.stdout.contains("Home       1/2   50%") && after.stdout.contains("Total      4/6   66%"), "\(after.stdout)")
        // The groups count what they counted before the archive.
        func rows(_ output: String) -> [String] {
            output.components(separatedBy: "\n").filter { !$0.hasPrefix("Done") && !$0.hasPrefix("(no") }
                .map { $0.split(separator: " ").joined(separator: " ") }
        }
        #expect(rows(after.stdout) == rows(before.stdout), "\(before.stdout)\(after.stdout)")
        #expect(!after.stdout.contains("Work / ") && after.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Done") }.count == 1,
                "\(after.stdout)")
        // `Work` names the group, not its archive; new work goes there.
        let added = try TickProcess.run(["add", "-g", "Work", "f"], in: folder.url, environment: state)
        #expect(added.status == 0 && added.stdout == "added 4 [ ] f  · Work\n", "\(added.stdout)\(added.stderr)")
        try folder.write("TODO.md", "# Work\n\n- [x] g\n\n# Done\n\n## Work\n\n- [x] b\n\n## Workshop\n\n- [x] w\n")
        _ = try TickProcess.run(["archive"], in: folder.url, environment: state)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n# Done\n\n## Work\n\n- [x] b\n- [x] g\n\n## Workshop\n\n- [x] w\n")
        let board = "---\nkanban-plugin: board\n---\n\n## Todo\n\n- [x] card\n- [ ] open\n"
        try folder.write("TODO.md", board)
        _ = try TickProcess.run(["archive"], in: folder.url, environment: state)
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\nkanban-plugin: board\n---\n\n## Todo\n\n- [ ] open\n\n## Done\n\n- [x] card\n")
        // A board with its own archive lane files cards there, and leaves those it holds.
        let archiving = "---\nkanban-plugin: board\n---\n\n## Todo\n\n- [x] card\n\n***\n\n## Archive\n\n- [x] old card\n"
        try folder.write("TODO.md", archiving)
        _ = try TickProcess.run(["archive"], in: folder.url, environment: state)
        #expect(try String(contentsOf: file, encoding: .utf8)
                == "---\nkanban-plugin: board\n---\n\n## Todo\n\n***\n\n## Archive\n\n- [x] old card\n- [x] card\n")
        // Under the file's title the archive is one of its groups, and the title is no origin;
        // a nested name names the group nearer the top. Headings nest six deep: a deeper
        // origin is cut to what fits.
        try folder.write("TODO.md", "# TODO\n\n## Work\n\n- [x] b\n\n### Backend\n\n- [x] c\n- [ ] c2\n")
        _ = try TickProcess.run(["archive"], in: folder.url, environment: state)
        #expect(try String(contentsOf: file, encoding: .utf8)
                == "# TODO\n\n## Work\n\n### Backend\n\n- [ ] c2\n\n## Done\n\n### Work\n\n- [x] b\n\n#### Backend\n\n- [x] c\n")
        let nested = try TickProcess.run(["add", "-g", "Backend", "d"], in: folder.url, environment: state)
        #expect(nested.stdout == "added 8 [ ] d  · Work / Backend\n", "\(nested.stdout)\(nested.stderr)")
        try folder.write("TODO.md", "# W\n\n## A\n\n### B\n\n#### C\n\n##### D\n\n###### E\n\n- [x] deep\n\n# H\n")
        _ = try TickProcess.run(["archive"], in: folder.url, environment: state)
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("# Done\n\n## W\n\n### A\n\n#### B\n\n##### C\n\n###### D\n\n- [x] deep\n"))
    }

    /// `-g` takes one group's done work, as it picks tasks for every other command; `--into`
    /// names the archive group. What an archive group holds stays where it is, whichever
    /// group is archived into and whether the archive goes to another file; a name close to
    /// an existing group's is refused as a typo unless `--create` is given.
    @Test func archiveTakesOneGroupAndNeverTheArchiveAgain() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Home\n\n- [x] h\n- [ ] open\n\n# Work\n\n- [x] w\n\n# Done\n\n## Work\n\n- [x] old\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let home = try TickProcess.run(["archive", "-g", "home"], in: folder.url, environment: state)
        #expect(home.status == 0 && home.stdout == "archived 17 [x] h  · Done / Home\n", "\(home.stdout)\(home.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8)
                == "# Home\n\n- [ ] open\n\n# Work\n\n- [x] w\n\n# Done\n\n## Work\n\n- [x] old\n\n## Home\n\n- [x] h\n")
        let typo = try TickProcess.run(["archive", "--into", "Dnoe"], in: folder.url, environment: state)
        #expect(typo.status == 2 && typo.stderr == "tick: TODO.md: no group 'Dnoe'; did you mean 'Done'? (add --create to make a new group 'Dnoe')\n",
                "\(typo.stderr)")
        // Said before the question three tasks ask (without a terminal, before asking for --yes).
        let many = try folder.write("many.md", "# Home\n\n- [x] a\n- [x] b\n- [x] c\n\n# Done\n")
        let typoOfMany = try TickProcess.run(["archive", "--into", "Dnoe", "-f", many.path], in: folder.url, environment: state)
        #expect(typoOfMany.status == 2 && typoOfMany.stderr.contains("no group 'Dnoe'; did you mean 'Done'?"), "\(typoOfMany.stderr)")
        let unknown = try TickProcess.run(["archive", "-g", "Wrk"], in: folder.url, environment: state)
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("tick: TODO.md: no group 'Wrk' (did you mean 'Work'?)"), "\(unknown.stderr)")
        // Into another group, the Done group's tasks stay in Done.
        let elsewhere = try TickProcess.run(["archive", "--into", "Archive 2026"], in: folder.url, environment: state)
        #expect(elsewhere.status == 0 && elsewhere.stdout == "archived 21 [x] w  · Archive 2026 / Work\n", "\(elsewhere.stdout)\(elsewhere.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("# Done\n\n## Work\n\n- [x] old\n\n## Home\n\n- [x] h\n"))
        // To another file, nothing archived before goes again.
        try folder.write("TODO.md", "# Work\n\n- [x] new\n\n# Done\n\n## Work\n\n- [x] old\n")
        let moved = try TickProcess.run(["archive", "--to", "DONE.md"], in: folder.url, environment: state)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("DONE.md"), encoding: .utf8) == "# Done\n\n## Work\n\n- [x] new\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Work\n\n# Done\n\n## Work\n\n- [x] old\n")
        // From under the file's title, filed as the group it left, as within the file.
        try folder.write("TODO.md", "# TODO\n\n## Home\n\n- [x] h2\n")
        #expect(try TickProcess.run(["archive", "--to", "DONE.md"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("DONE.md"), encoding: .utf8)
                == "# Done\n\n## Work\n\n- [x] new\n\n## Home\n\n- [x] h2\n")
        // Not into a file that is no task file by its name; a subgroup of the name asked is no typo.
        try folder.write("setup.py", "print(1)\n")
        try folder.write("TODO.md", "# Work\n\n- [x] w\n\n# Later\n\n## Archive\n\n- [ ] keep\n")
        let python = try TickProcess.run(["archive", "--to", "setup.py"], in: folder.url, environment: state)
        #expect(python.status == 2 && python.stderr.hasPrefix("tick: setup.py is not a Markdown or text file by its name"), "\(python.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("setup.py"), encoding: .utf8) == "print(1)\n")
        let same = try TickProcess.run(["archive", "--into", "Archive"], in: folder.url, environment: state)
        let archived = try String(contentsOf: file, encoding: .utf8)
        #expect(same.status == 0 && archived.hasSuffix("# Archive\n\n## Work\n\n- [x] w\n"), "\(same.stderr)\(archived)")
    }

    /// A file's own group for closed tasks (`✅ Completed`, `Archive`) is its archive when it
    /// has no `Done`: the closed tasks join it rather than a new group taking it in.
    @Test func archiveUsesTheFilesOwnCompletedGroup() throws {
        let (result, archived) = try edit(["archive"], "# Work\n\n- [x] shipped\n- [ ] open\n\n# ✅ Completed\n\n- [x] old\n")
        #expect(result.stdout == "archived 11 [x] shipped  · ✅ Completed / Work\n", "\(result.stdout)")
        #expect(archived == "# Work\n\n- [ ] open\n\n# ✅ Completed\n\n- [x] old\n\n## Work\n\n- [x] shipped\n", "\(archived)")
        // Under a title, beside the groups.
        let (_, titled) = try edit(["archive"], "# TODO\n\n## Work\n\n- [x] a\n\n## Archive\n")
        #expect(titled == "# TODO\n\n## Work\n\n## Archive\n\n### Work\n\n- [x] a\n", "\(titled)")
    }

    /// On an Obsidian Kanban board the `***` over the board's archive stays where it is: lanes
    /// move and go above it, a removed lane leaves it, and a new lane comes before it (after
    /// it, the plugin shows a lane as archived).
    @Test func aKanbanBoardKeepsItsArchiveLast() throws {
        let top = "---\n\nkanban-plugin: board\n\n---\n\n"
        let tail = "***\n\n## Archive\n\n- [x] old\n\n%% kanban:settings\n```\n{}\n```\n%%"
        let board = top + "## Todo\n\n- [ ] a\n\n\n## Complete\n\n- [x] b\n\n\n" + tail
        let (moved, movedText) = try edit(["group", "move", "Complete", "--before", "Todo"], board)
        #expect(moved.status == 0 && movedText.hasPrefix(top + "## Complete\n\n- [x] b\n\n\n## Todo\n\n- [ ] a\n") && movedText.hasSuffix(tail),
                "\(moved.stderr)\(movedText)")
        let (removed, removedText) = try edit(["group", "rm", "Complete", "--yes"], board)
        #expect(removed.status == 0 && removedText.hasSuffix("- [ ] a\n\n\n" + tail), "\(removed.stderr)\(removedText)")
        let (added, addedText) = try edit(["group", "add", "Later"], board)
        #expect(added.status == 0 && addedText.contains("## Later\n\n" + tail), "\(added.stderr)\(addedText)")
        let (card, cardText) = try edit(["add", "-g", "Car", "x"], board)
        #expect(card.status == 0 && cardText.contains("## Car\n\n- [ ] x") && cardText.hasSuffix(tail), "\(card.stderr)\(cardText)")
    }

    /// A group moved next to a group of a higher level would land inside another group: the
    /// move is refused, as one that would take in deeper groups is; `group mv` is `group move`.
    @Test func aGroupMovesBesideGroupsOfItsLevel() throws {
        let text = "# TODO\n\n## Home\n\n- [ ] a\n\n### Groceries\n\n- [x] Milk\n\n## Work\n\n- [x] b\n\n### Desk\n\n- [ ] d\n"
        let (refused, same) = try edit(["group", "move", "Groceries", "--after", "Work"], text)
        #expect(refused.status == 2 && same == text && refused.stderr.contains("would be a subgroup of another group, not a group beside 'Work'"),
                "\(refused.stderr)")
        let (moved, after) = try edit(["group", "mv", "Groceries", "--after", "Desk"], text)
        #expect(moved.status == 0 && after.hasSuffix("### Desk\n\n- [ ] d\n\n### Groceries\n\n- [x] Milk\n"), "\(moved.stderr)\(after)")
    }

    /// Two groups for closed tasks and no `Done`: which one is the archive is not guessed.
    @Test func archiveRefusesToChooseBetweenTwoArchives() throws {
        let text = "## Work\n\n- [x] a\n\n## 🏁 Completed\n\n- [x] old\n\n## Archive\n\n- [x] older\n"
        let (refused, same) = try edit(["archive", "--yes"], text)
        #expect(refused.status == 2 && same == text
                && refused.stderr.contains("the file has 2 groups for closed tasks, '🏁 Completed' (line 5) and 'Archive' (line 9); name the archive with --into"),
                "\(refused.stderr)")
        // Named with --into, the other keeps its tasks: it is an archive too.
        let (chosen, archived) = try edit(["archive", "--into", "🏁 Completed", "--yes"], text)
        #expect(chosen.status == 0 && archived.contains("## 🏁 Completed\n\n- [x] old\n\n### Work\n\n- [x] a\n")
                && archived.hasSuffix("## Archive\n\n- [x] older\n"), "\(chosen.stderr)\(archived)")
        // Nothing to archive names the archive the file has.
        let (nothing, _) = try edit(["archive"], "## Work\n\n- [ ] a\n\n## ✅ Completed\n\n- [x] b\n")
        #expect(nothing.stdout == "TODO.md: nothing to archive: no done or cancelled tasks outside '✅ Completed'\n", "\(nothing.stdout)")
        // Every group that keeps them is named.
        let (both, _) = try edit(["archive", "--into", "🏁 Completed"], "## Work\n\n- [ ] a\n\n## 🏁 Completed\n\n- [x] old\n\n## Archive\n\n- [x] older\n")
        #expect(both.stdout == "TODO.md: nothing to archive: no done or cancelled tasks outside '🏁 Completed' and 'Archive'\n", "\(both.stdout)")
    }

    /// Cancelled tasks are archived with done ones; a closed task whose block still holds a
    /// task to do stays, and the output says which and why, here and with `--to`.
    @Test func archiveKeepsAClosedTaskWithOpenSubtasks() throws {
        let text = "# Todo\n\n- [x] parent\n  - [ ] open child\n  - [x] done child\n- [-] cancelled\n- [ ] open\n"
        let (result, archived) = try edit(["archive"], text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(archived == "# Todo\n\n- [x] parent\n  - [ ] open child\n  - [x] done child\n- [ ] open\n\n# Done\n\n## Todo\n\n- [-] cancelled\n")
        #expect(result.stdout.contains("unchanged 3 [x] parent  1/2 (not archived: 1 subtask is not closed)"), "\(result.stdout)")
        #expect(result.stdout.contains("archived "), "\(result.stdout)")
        // Nothing to move: nothing is written, and the kept task is still named.
        let (alone, same) = try edit(["archive"], "- [x] parent\n  - [/] doing child\n")
        #expect(alone.status == 0 && same == "- [x] parent\n  - [/] doing child\n")
        #expect(alone.stdout.contains("unchanged 1 [x] parent  0/1 (not archived: 1 subtask is not closed)"), "\(alone.stdout)")
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", text)
        let to = try TickProcess.run(["archive", "--to", "DONE.md"], in: folder.url,
                                     environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        #expect(to.status == 0 && to.stdout.contains("unchanged TODO.md:3 [x] parent  1/2 (not archived: 1 subtask is not closed)"), "\(to.stdout)\(to.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# Todo\n\n- [x] parent\n  - [ ] open child\n  - [x] done child\n- [ ] open\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("DONE.md"), encoding: .utf8) == "# Done\n\n## Todo\n\n- [-] cancelled\n")
    }

    /// Archiving 3 tasks or more asks first, as every edit of 3 tasks does: without a
    /// terminal it needs --yes, here and with --to.
    @Test func archiveOfThreeTasksAsks() throws {
        let text = "# A\n\n- [x] one\n- [-] two\n- [x] three\n  - [x] under three\n- [ ] open\n"
        for extra in [[], ["--to", "DONE.md"]] {
            let (refused, same) = try edit(["archive"] + extra, text)
            #expect(refused.status == 2 && same == text)
            #expect(refused.stderr == "tick: TODO.md: there is no terminal to ask 'Archive 3 tasks\(extra.isEmpty ? "" : " to DONE.md")?'; add --yes to go ahead\n",
                    "\(refused.stderr)")
            let (done, archived) = try edit(["archive", "--yes"] + extra, text)
            #expect(done.status == 0 && archived.hasPrefix("# A\n\n- [ ] open\n"), "\(done.stderr)\(archived)")
        }
        let (two, _) = try edit(["archive"], "- [x] one\n- [x] two\n")
        #expect(two.status == 0, "\(two.stderr)")
        // The archive is the Done group at the top of the file: one inside another group is
        // a group like the others, and archived from.
        let twoDone = "# Work\n- [x] w1\n## Done\n- [x] old\n# Home\n- [ ] h1\n"
        let (archived, after) = try edit(["archive", "--yes"], twoDone)
        #expect(archived.status == 0 && after == "# Work\n## Done\n# Home\n- [ ] h1\n\n# Done\n\n## Work\n\n- [x] w1\n\n### Done\n\n- [x] old\n",
                "\(archived.stderr)\(after)")
    }

    /// `archive --to` names each archived task once, by its outermost task (its subtasks go
    /// with it), and the journal counts those.
    @Test func archiveToNamesEachBlockOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [x] one\n  - [-] child\n  - [x] other child\n- [x] two\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let result = try TickProcess.run(["archive", "--to", "DONE.md"], in: folder.url, environment: state)
        #expect(result.stdout == "archived to DONE.md: 3 [x] one  1/1  · Done\narchived to DONE.md: 6 [x] two  · Done\n", "\(result.stdout)\(result.stderr)")
        let list = try TickProcess.run(["undo", "--list"], in: folder.url, environment: state)
        #expect(list.stdout.contains("DONE.md (2 tasks)"), "\(list.stdout)")
    }

    @Test func archiveToAnotherFile() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", base)
        let result = try TickProcess.run(["archive", "--to", "ARCHIVE.md"], in: folder.url,
                                         environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == replacing("- [x] Call the plumber\n", ""))
        let archive = try String(contentsOf: folder.url.appendingPathComponent("ARCHIVE.md"), encoding: .utf8)
        #expect(archive == "# Done\n\n## Home\n\n- [x] Call the plumber\n")
    }

    @Test func groupMoveCarriesTheWholeSection() throws {
        let (result, text) = try edit(["group", "move", "B", "--before", "A"], "# A\n- [ ] a\n  - [ ] a1\n\n# B\n- [ ] b\n")
        #expect(result.status == 0)
        #expect(text == "# B\n- [ ] b\n\n# A\n- [ ] a\n  - [ ] a1\n")
        let (refused, unchanged) = try edit(["group", "move", "Groceries", "--before", "Home"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "tick: TODO.md: cannot move a group relative to its own subgroup or parent\n")
        #expect(unchanged == base)
        // Right before a deeper group, a group would take it in as a subgroup: refused.
        let nested = "# Top\n\n## Jobs\n\n### Jenkins\n\n- [ ] j\n\n### General\n\n- [ ] g\n\n## Backlog\n"
        let (adopting, same) = try edit(["group", "move", "Backlog", "--before", "Jenkins"], nested)
        #expect(adopting.status == 2 && adopting.stderr.contains("would take in 'Jenkins' (level 3)"), "\(adopting.stderr)")
        #expect(same == nested)
        let (sibling, moved) = try edit(["group", "move", "Backlog", "--before", "Jobs"], nested)
        #expect(sibling.status == 0, "\(sibling.stderr)")
        #expect(moved == "# Top\n\n## Backlog\n\n## Jobs\n\n### Jenkins\n\n- [ ] j\n\n### General\n\n- [ ] g\n")
    }

    /// `--after` a subtask makes the task a subtask of the same parent, and the echo says so;
    /// a subtask moved next to a top-level task is one; the same parent says nothing.
    @Test func moveNextToATaskSaysWhenItsParentChanges() throws {
        let (nested, text) = try edit(["move", "plumber", "--after", "primer"])
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(text == replacing("- [x] Call the plumber\n- [/] Paint the fence\n  - [ ] Buy primer\n",
                                  "- [/] Paint the fence\n  - [ ] Buy primer\n  - [x] Call the plumber\n"))
        #expect(nested.stdout == "moved 6 [x] Call the plumber  · Home (now a subtask of 4 Paint the fence)\n")
        let (outdented, _) = try edit(["move", "Sand", "--before", "Milk"])
        #expect(outdented.stdout == "moved 10 [x] Sand the boards  · Home / Groceries (now a top-level task)\n")
        let (sibling, _) = try edit(["move", "Sand", "--before", "primer"])
        #expect(sibling.stdout == "moved 6 [x] Sand the boards  · Home\n")
    }

    /// A removed group is named as it was, not as another group with its title.
    @Test func groupRemovalNamesTheGroupItRemoved() throws {
        let text = "# Home\n\n## Done\n\n- [x] a\n\n# Work\n\n## Done\n\n- [x] b\n- [x] c\n"
        let (result, after) = try edit(["group", "rm", "Work/Done", "--yes"], text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(after == "# Home\n\n## Done\n\n- [x] a\n\n# Work\n")
        #expect(result.stdout == "removed group 9 ## Done  (2 tasks)\n")
        let (json, _) = try edit(["group", "rm", "Work/Done", "--yes", "--json"], text)
        #expect(json.stdout.contains("\"group\":[\"Work\",\"Done\"],\"line\":9,\"tasks\":2"), "\(json.stdout)")
    }

    /// A group edit that leaves the file as it is says so, as a task move does: a group after
    /// itself or before the group it precedes, a group renamed to its own title.
    @Test(arguments: [
        (["group", "move", "B", "--after", "B"], "unchanged 5 # B  (1 task) (already there)\n"),
        (["group", "move", "A", "--before", "B"], "unchanged 1 # A  (1 task) (already there)\n"),
        (["group", "rename", "A", "A"], "unchanged 1 # A  (1 task) (already so named)\n"),
    ])
    func aGroupEditThatChangesNothingSaysSo(_ arguments: [String], _ echo: String) throws {
        let file = "# A\n\n- [ ] a\n\n# B\n\n- [ ] b\n"
        let (result, text) = try edit(arguments, file)
        #expect(result.status == 0 && result.stdout == echo, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(text == file)
        let moved = try edit(["group", "move", "A", "--after", "B"], file)
        #expect(moved.0.stdout == "moved group 5 # A  (1 task)\n", "\(moved.0.stdout)")
    }

    /// An edit works on one file: a second -f is refused, not dropped.
    @Test func anEditRefusesTwoFiles() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.md", "- [ ] a1\n")
        try folder.write("b.md", "- [ ] b1\n")
        let result = try TickProcess.run(["done", "1", "-f", "a.md", "-f", "b.md"], in: folder.url)
        #expect(result.status == 2 && result.stderr == "tick: -f names 2 files ('a.md', 'b.md'); this command works on one (a task in another file is named FILE:LINE)\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("b.md"), encoding: .utf8) == "- [ ] b1\n")
    }

    /// Two recurring tasks done at once: each next occurrence is printed once, beside its task.
    @Test func eachNextOccurrenceIsPrintedOnce() throws {
        let (result, text) = try edit(["done", "1", "3"], "- [ ] Rec due:2026-11-20 rec:1w\n- [ ] Bravo\n- [ ] Rec2 due:2026-11-21 rec:+1d\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text == "- [ ] Rec due:2026-11-29 rec:1w\n- [x] Rec due:2026-11-20 rec:1w\n- [ ] Bravo\n- [ ] Rec2 due:2026-11-22 rec:+1d\n- [x] Rec2 due:2026-11-21 rec:+1d\n")
        #expect(result.stdout.split(separator: "\n").map { String($0.prefix(6)) } == ["next 1", "done 2", "next 4", "done 5"], "\(result.stdout)")
    }

    /// A recurring task whose text wraps repeats whole: its next occurrence has both lines.
    @Test func aWrappedRecurringTaskRepeats() throws {
        let (result, text) = try edit(["done", "1"], "- [ ] Pay water bill\n  🔁 every month 📅 2026-11-20 ✅ 2026-10-20\n- [ ] Other\n")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(text == "- [ ] Pay water bill\n  🔁 every month 📅 2026-12-20\n- [x] Pay water bill\n  🔁 every month 📅 2026-11-20 ✅ 2026-11-22\n- [ ] Other\n")
        #expect(result.stdout.hasPrefix("next 1 [ ] Pay water bill 🔁 every month  in 28 days\ndone 3 [x] Pay water bill"), "\(result.stdout)")
    }

    /// `🏁 delete` (Obsidian Tasks' on-completion action): done deletes the task, a recurring
    /// one's next occurrence taking its line; `🏁 keep`, and a task with subtasks, stay done.
    @Test func onCompletionDeleteDeletesTheDoneTask() throws {
        let text = "- [ ] water 🔁 every week 🏁 delete 📅 2026-11-20\n- [ ] once 🏁 delete\n- [ ] kept 🏁 keep\n- [ ] parent [onCompletion:: delete]\n  - [x] child\n"
        let (recurring, afterRecurring) = try edit(["done", "1"], text)
        #expect(recurring.status == 0 && afterRecurring == text.replacingOccurrences(of: "2026-11-20", with: "2026-11-27"), "\(recurring.stderr)")
        // Shown as done (it is gone), its next occurrence with its group as in any `next` row.
        #expect(recurring.stdout.hasPrefix("done and deleted 1 [x] water 🔁 every week 🏁 delete  due 2026-11-20\nnext 1 [ ] water"),
                "\(recurring.stdout)")
        let (once, afterOnce) = try edit(["done", "2"], text)
        #expect(once.status == 0 && once.stdout == "done and deleted 2 [x] once 🏁 delete\n", "\(once.stdout)\(once.stderr)")
        let (json, _) = try edit(["done", "3", "--json"], "# G\n" + text)
        #expect(json.stdout.contains("\"change\":\"done and deleted\",\"line\":3,\"status\":\"done\"") && json.stdout.contains("\"group\":[\"G\"]"),
                "\(json.stdout)")
        #expect(afterOnce == text.replacingOccurrences(of: "- [ ] once 🏁 delete\n", with: ""))
        let (kept, afterKept) = try edit(["done", "3"], text)
        #expect(kept.status == 0 && afterKept == text.replacingOccurrences(of: "- [ ] kept", with: "- [x] kept"))
        let (parent, afterParent) = try edit(["done", "4"], text)
        #expect(parent.status == 0 && afterParent == text.replacingOccurrences(of: "- [ ] parent", with: "- [x] parent"), "\(parent.stdout)")
        let (lint, _) = try edit(["lint"], text)
        #expect(lint.status == 0 && lint.stdout == "TODO.md:1:7: warning: overdue by 2 days (due 2026-11-20) [overdue]\n", "\(lint.stdout)")
    }

    /// `tick due` reads a date phrase typed without quotes, leaving the words before it as the
    /// reference (TICK_TODAY is Sunday 2026-11-22).
    @Test func dueTakesAPhraseWithoutQuotes() throws {
        for (words, date) in [(["next", "week"], "2026-11-23"), (["in", "3", "days"], "2026-11-25"), (["dec", "5"], "2026-12-05"),
                              (["end", "of", "month"], "2026-11-30"), (["fri"], "2026-11-27")] {
            let (result, text) = try edit(["due", "buy", "milk"] + words, "- [ ] buy milk\n- [ ] call mom\n")
            #expect(result.status == 0 && text == "- [ ] buy milk due:\(date)\n- [ ] call mom\n", "\(words): \(result.stderr)\(text)")
        }
    }

    /// `postpone` moves a due date later from where it is, an overdue or missing one from
    /// today, in each task's dialect; `due due+N` moves it from where it is, overdue or not
    /// (TICK_TODAY is Sunday 2026-11-22).
    @Test func postponeMovesADueDateFromWhereItIs() throws {
        let text = "- [ ] rent due:2026-11-25\n- [ ] late due:2026-11-20\n- [ ] plain\n- [ ] emoji 📅 2026-11-30\n- [ ] dv [due:: 2026-11-30]\n"
        let cases: [(arguments: [String], line: String)] = [
            (["postpone", "rent"], "- [ ] rent due:2026-11-26"),
            (["postpone", "late"], "- [ ] late due:2026-11-23"),
            (["postpone", "plain", "3d"], "- [ ] plain due:2026-11-25"),
            (["postpone", "emoji", "2", "weeks"], "- [ ] emoji 📅 2026-12-14"),
            (["postpone", "emoji", "3 days"], "- [ ] emoji 📅 2026-12-03"),
            (["postpone", "rent", "a week"], "- [ ] rent due:2026-12-02"),
            // A unit alone is one of it; a number before it is the task's line.
            (["postpone", "1", "week"], "- [ ] rent due:2026-12-02"),
            (["postpone", "rent", "in", "a", "week"], "- [ ] rent due:2026-12-02"),
            (["postpone", "dv", "1m"], "- [ ] dv [due:: 2026-12-30]"),
            (["due", "late", "due+2d"], "- [ ] late due:2026-11-22"),
            (["due", "emoji", "due-1w"], "- [ ] emoji 📅 2026-11-23"),
        ]
        for (arguments, line) in cases {
            let (result, after) = try edit(arguments, text)
            #expect(result.status == 0 && after.split(separator: "\n").contains(Substring(line)), "\(arguments): \(result.stderr)\(after)")
            #expect(after.split(separator: "\n").count == 5)
        }
        // A number and a unit in the singular after a task: task and a unit, or a length?
        // Asked, the file untouched.
        let (ambiguous, kept) = try edit(["postpone", "1", "4", "week"], text)
        #expect(ambiguous.status == 2 && kept == text && ambiguous.stderr.contains("'4 week' could be task 4 and a week"), "\(ambiguous.stderr)")
        // A time that leaves no task is said to be read as the time.
        let (missing, unchanged) = try edit(["postpone", "2", "days"], text)
        #expect(missing.status == 2 && unchanged == text
                && missing.stderr.hasPrefix("tick: missing task reference before the time ('2 days' is the time to postpone by)"), "\(missing.stderr)")
        let (echo, _) = try edit(["postpone", "late"], text)
        // The date it had is said after the row.
        #expect(echo.stdout == "postponed 2 [ ] late  tomorrow (was: 2 days overdue)\n", "\(echo.stdout)")
        for time in ["-1d", "0d"] {
            let (refused, after) = try edit(["postpone", "rent", time], text)
            #expect(refused.status == 2 && refused.stderr.contains("a time to come") && after == text, "\(refused.stderr)")
        }
        // A date is for `due`, and said so.
        for date in ["next week", "fri"] {
            let (refused, after) = try edit(["postpone", "rent", date], text)
            #expect(refused.status == 2 && refused.stderr.contains("expected a length of time, such as 3d, '3 days' or 1w ('tick due REF DATE' sets a date)")
                    && after == text, "\(refused.stderr)")
        }
        // A mistyped length after a line number is said to be one, not looked for as a task.
        let (typo, same) = try edit(["postpone", "1", "3x"], text)
        #expect(typo.status == 2 && same == text && typo.stderr.contains("invalid value '3x' for 'time': expected a length of time"), "\(typo.stderr)")
    }

    /// rm says what went with the task: its subtasks and its lines of notes.
    @Test func removalSaysWhatWentWithTheTask() throws {
        let (notes, text) = try edit(["rm", "1"], "- [ ] Alpha\n  - note a1\n  - note a2\n\n  A paragraph note.\n- [ ] Bravo\n")
        #expect(notes.stdout == "removed 1 [ ] Alpha (and 3 lines of notes)\n" && text == "- [ ] Bravo\n", "\(notes.stdout)\(notes.stderr)")
        let (both, _) = try edit(["rm", "Paint", "--yes"], "- [/] Paint the fence\n  - bring gloves\n  - [ ] Buy primer\n")
        #expect(both.stdout == "removed 1 [/] Paint the fence  0/1 (and 1 subtask, 1 line of notes)\n", "\(both.stdout)\(both.stderr)")
    }

    /// The question before changing 3 or more tasks counts only the tasks it changes.
    @Test func bulkQuestionCountsOnlyChanges() throws {
        let (result, text) = try edit(["star", "1", "2", "3"], "- [ ] * a\n- [ ] b\n- [ ] c\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text == "- [ ] * a\n- [ ] * b\n- [ ] * c\n")
        let (asked, _) = try edit(["star", "1", "2", "3", "4"], "- [ ] * a\n- [ ] b\n- [ ] c\n- [ ] d\n")
        #expect(asked.status == 2 && asked.stderr.contains("'Star 3 tasks?'"), "\(asked.stderr)")
    }

    /// A task added after the first of a list numbered `1.` throughout is `1.` too (corpus
    /// 006); in a counted list it takes the next number.
    @Test func aNumberedListKeepsItsStyle() throws {
        let (lazy, text) = try edit(["add", "--after", "1", "new"], "1. [ ] one\n1. [ ] two\n")
        #expect(lazy.status == 0 && text == "1. [ ] one\n1. [ ] new\n1. [ ] two\n", "\(text)")
        let (_, counted) = try edit(["add", "--after", "2", "three"], "1. [ ] one\n2. [ ] two\n")
        #expect(counted == "1. [ ] one\n2. [ ] two\n3. [ ] three\n")
    }

    /// A note names its task's line as the edit leaves it: below a next occurrence written
    /// above it, one line lower.
    @Test func notesNameTheLineAfterTheEdit() throws {
        let (result, _) = try edit(["done", "1", "3", "--yes"], "- [ ] Rec due:2026-11-20 rec:1w\n- [ ] Bravo\n- [ ] Parent\n  - [ ] Kid\n")
        #expect(result.stderr == "tick: note: TODO.md: line 4 is done; it has 1 open subtask (--with-subtasks completes them)\n", "\(result.stderr)")
    }

    @Test func doneOnParentSaysSubtasksRemainOpen() throws {
        let (result, text) = try edit(["done", "Paint"])
        #expect(result.status == 0)
        #expect(result.stderr == "tick: note: TODO.md: line 5 is done; it has 1 open subtask (--with-subtasks completes them)\n")
        #expect(text == replacing("- [/] Paint", "- [x] Paint"))
    }

    /// A task whose text wraps: a date is set, changed and removed where its text has it (the
    /// edit touches only a wrapped line), and a new one ends the text, on its last line.
    @Test func datesOfAWrappedTask() throws {
        let wrapped = "- [ ] Call the plumber about the\n  kitchen sink due:2026-12-01\n- [ ] next\n"
        let (changed, moved) = try edit(["due", "1", "2026-12-05"], wrapped)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(moved == "- [ ] Call the plumber about the\n  kitchen sink due:2026-12-05\n- [ ] next\n")
        let (removed, undated) = try edit(["due", "1", "none"], wrapped)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(undated == "- [ ] Call the plumber about the\n  kitchen sink\n- [ ] next\n")
        let (done, dated) = try edit(["done", "--date", "1"], "- [ ] Call the plumber about the\n  kitchen sink\n")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(dated.hasPrefix("- [x] Call the plumber about the\n  kitchen sink done:"))
    }

    /// `edit` writes dates as `add` does and refuses an empty text.
    @Test func editWritesDatesAsAddDoes() throws {
        let (result, text) = try edit(["edit", "Milk", "Oat milk due:2026-11-31"])
        #expect(result.status == 2 && text == base)
        let (emptied, same) = try edit(["edit", "Milk", "  "])
        #expect(emptied.status == 2 && same == base && emptied.stderr.contains("new text"))
        let (worded, dated) = try edit(["edit", "Milk", "Oat milk due:tomorrow"])
        #expect(worded.status == 0, "\(worded.stderr)")
        #expect(!dated.contains("due:tomorrow") && dated.contains("- [ ] Oat milk due:20"))
    }

    /// A group renamed to another group's title is echoed as itself, not as the other one.
    @Test func renameEchoesTheRenamedGroup() throws {
        let (result, text) = try edit(["group", "rename", "Groceries", "Home"])
        #expect(text == replacing("## Groceries", "## Home"))
        #expect(result.stdout == "renamed group 9 ## Home  (2 tasks)\n", "\(result.stdout)")
        // In JSON its group is its path, an array, as a task's is.
        let (json, _) = try edit(["group", "rename", "Groceries", "Food", "--json"])
        #expect(json.stdout.contains("\"change\":\"renamed group\",\"group\":[\"Home\",\"Food\"],\"line\":9,\"tasks\":2"), "\(json.stdout)")
    }

    /// A dry run's diff of a CRLF file keeps the `\r` of each line, so that it applies to the
    /// file (patch(1) and `git apply` refused it as "different line endings").
    @Test func aDiffOfACRLFFileKeepsItsEndings() throws {
        let (result, text) = try edit(["done", "-n", "one"], "# A\r\n- [ ] one\r\n- [ ] two\r\n")
        #expect(text == "# A\r\n- [ ] one\r\n- [ ] two\r\n")
        #expect(result.stdout == "--- a/TODO.md\n+++ b/TODO.md\n@@ -1,3 +1,3 @@\n # A\r\n-- [ ] one\r\n+- [x] one\r\n - [ ] two\r\n")
        let (lf, _) = try edit(["fmt", "--diff", "--eol", "crlf", "TODO.md"], "- [ ] a\n")
        #expect(lf.stdout.contains("-- [ ] a\n+- [ ] a\r\n"), "\(lf.stdout)")
    }

    /// A dry run that would change nothing says so as the edit does (it printed nothing).
    @Test func aDryRunOfNothingSaysUnchanged() throws {
        let (result, text) = try edit(["done", "-n", "plumber"])
        #expect(text == base)
        #expect(result.status == 0 && result.stdout == "unchanged 4 [x] Call the plumber (already done)\n", "\(result.stdout)")
    }

    @Test func addCreatesAMissingGroup() throws {
        let (result, text) = try edit(["add", "-g", "Work", "Send invoice"])
        #expect(text == base + "\n# Work\n\n- [ ] Send invoice\n")
        #expect(result.stderr == "tick: note: created group 'Work' (no group had that name)\n")
        // A name close to a group's is a typo: refused with the group it likely means,
        // unless --create says otherwise.
        let (typo, unchanged) = try edit(["add", "-g", "Grocries", "Tea"])
        #expect(typo.status == 2 && unchanged == base)
        #expect(typo.stderr == "tick: TODO.md: no group 'Grocries'; did you mean 'Groceries'? (add --create to make a new group 'Grocries')\n", "\(typo.stderr)")
        let (created, withGroup) = try edit(["add", "-g", "Grocries", "--create", "Tea"])
        #expect(created.stderr == "tick: note: created group 'Grocries' (no group had that name)\n", "\(created.stderr)")
        #expect(withGroup == base + "\n# Grocries\n\n- [ ] Tea\n")
        // A title's emoji need not be typed: no group is created.
        let (emoji, added) = try edit(["add", "-g", "today", "Tea"], "# 📆 Today\n\n- [ ] a\n")
        #expect(emoji.stderr.isEmpty && added == "# 📆 Today\n\n- [ ] a\n- [ ] Tea\n")
    }

    @Test func keepsLineEndingsAndMissingFinalNewline() throws {
        let crlf = "# A\r\n- [ ] one\r\n- [ ] two"
        let (_, done) = try edit(["done", "two"], crlf)
        #expect(done == "# A\r\n- [ ] one\r\n- [x] two")
        let (_, added) = try edit(["add", "three"], crlf)
        #expect(added == "# A\r\n- [ ] one\r\n- [ ] two\r\n- [ ] three")
        let (_, removed) = try edit(["rm", "two"], crlf)
        #expect(removed == "# A\r\n- [ ] one")
    }

    @Test func dryRunPrintsADiffAndWritesNothing() throws {
        let (result, text) = try edit(["done", "--dry-run", "Milk"])
        #expect(text == base)
        #expect(result.stdout == """
        --- a/TODO.md
        +++ b/TODO.md
        @@ -8,5 +8,5 @@
         
         ## Groceries
         
        -- [ ] Milk
        +- [x] Milk
         - [ ] Coffee beans

        """)
        // With --json, what a script reads: the task as the edit would leave it, in the
        // JSON the edit prints, and still nothing written.
        let (json, unchanged) = try edit(["done", "--dry-run", "--json", "Milk"])
        #expect(unchanged == base && json.status == 0)
        #expect(json.stdout.hasPrefix("[\n{") && json.stdout.contains("\"change\":\"done\"") && json.stdout.contains("\"status\":\"done\"")
                && json.stdout.contains("\"text\":\"Milk\"") && json.stdout.hasSuffix("}\n]\n"), "\(json.stdout)")
    }

    @Test func undoRevertsAndRedoes() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", base)
        let env = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        try TickProcess.run(["done", "Milk"], in: folder.url, environment: env)
        #expect(try String(contentsOf: file, encoding: .utf8) == replacing("- [ ] Milk", "- [x] Milk"))
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: env).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == base)
        // A second undo goes further back: there is nothing before the first edit.
        let nothing = try TickProcess.run(["undo"], in: folder.url, environment: env)
        #expect(nothing.status == 2 && nothing.stderr == "tick: nothing to undo\n")
        #expect(try TickProcess.run(["redo"], in: folder.url, environment: env).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == replacing("- [ ] Milk", "- [x] Milk"))
        // After an outside change to the task's line, undo refuses and leaves the file alone.
        try Data((base + "extra\n").utf8).write(to: file)
        let stale = try TickProcess.run(["undo"], in: folder.url, environment: env)
        #expect(stale.status == 2)
        #expect(stale.stderr == "tick: TODO.md changed since 'tick done Milk' in or next to the lines it changed, or both above and below them (another program or a later edit); nothing undone\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == base + "extra\n")
        // After one elsewhere, undo puts the task back and keeps the other change, and says so.
        let done = replacing("- [ ] Milk", "- [x] Milk")
        let edited = "<!-- typed in an editor -->\n" + done.replacingOccurrences(of: "Paint the fence", with: "Paint the gate")
        try Data(edited.utf8).write(to: file)
        let kept = try TickProcess.run(["undo"], in: folder.url, environment: env)
        #expect(kept.status == 0 && kept.stderr == "")
        #expect(kept.stdout == "undid 'tick done Milk' (TODO.md); the file's other changes are kept\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "<!-- typed in an editor -->\n" + base.replacingOccurrences(of: "Paint the fence", with: "Paint the gate"))
        // And redo applies it again over the same changes.
        #expect(try TickProcess.run(["redo"], in: folder.url, environment: env).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == edited)
        // Put back by hand (the file as it was before the operation), an undo only marks the
        // operation undone, and an older one is next.
        let byHand = base
        try Data(byHand.utf8).write(to: file)
        let marked = try TickProcess.run(["undo"], in: folder.url, environment: env)
        #expect(marked.stdout == "undid 'tick done Milk' (TODO.md was already as before it)\n", "\(marked.stdout)\(marked.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == byHand)
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: env).stderr == "tick: nothing to undo\n")
    }

    /// What a deletion takes along is in its question: the subtasks and every note under the
    /// task or them. Quiet (-q), a new file is not said either.
    @Test func aDeletionSaysItsNotesAndQuietIsQuiet() throws {
        let (refused, text) = try edit(["rm", "parent"], "- [ ] parent\n  - a note\n  - [ ] child\n    - child note\n")
        #expect(refused.status == 2 && text.hasPrefix("- [ ] parent")
                && refused.stderr == "tick: TODO.md: there is no terminal to ask 'Delete 1 task and the 1 subtask under it, with 2 notes?'; add --yes to go ahead\n",
                "\(refused.stderr)")
        let folder = try TemporaryDirectory()
        let quiet = try TickProcess.run(["add", "-q", "-f", "new.md", "x"], in: folder.url,
                                        environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        // Nor its notes: a parent done with its subtask open.
        let (parent, _) = try edit(["done", "-q", "parent"], "- [ ] parent\n  - [ ] child\n")
        #expect(parent.status == 0 && parent.stdout.isEmpty && parent.stderr.isEmpty, "\(parent.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("new.md").path))
    }

    @Test(arguments: [
        (["done", "nothing here"], "tick: TODO.md: no task matches 'nothing here'; 'tick list --all TODO.md' shows every task\n"),
        (["done", "2"], "tick: TODO.md: line 2 is not a task; 'tick list --all TODO.md' shows task line numbers\n"),
        (["done", "99"], "tick: TODO.md: line 99 is past the end of the file (12 lines)\n"),
        (["due", "Milk", "someday"], "tick: TODO.md: 'someday' is not a date; use YYYY-MM-DD, today, tomorrow, a weekday, +3d, in 2 weeks, next week, dec 5 or end of month\n"),
        // A day a month does not have, typed without quotes: named whole, not its last word.
        (["due", "11", "12", "feb", "30"], "tick: TODO.md: 'feb 30' is not a date: February has 28 days, 29 in a leap year\n"),
        (["due", "Milk", "tomorow"], "tick: TODO.md: 'tomorow' is not a date (did you mean 'tomorrow'?); use YYYY-MM-DD, today, tomorrow, a weekday, +3d, in 2 weeks, next week, dec 5 or end of month\n"),
        (["move", "Milk", "--to", "Nowhere"], "tick: TODO.md: no group 'Nowhere'; 'tick groups' lists them\n"),
        (["group", "rm", "Groceries"], "tick: TODO.md: there is no terminal to ask 'Remove group 'Groceries' with 2 tasks?'; add --yes to go ahead\n"),
        (["add"], "tick: missing task text (see 'tick add --help')\n"),
        (["undo"], "tick: nothing to undo\n"),
    ])
    func errorsLeaveTheFileUntouched(_ arguments: [String], _ message: String) throws {
        let (result, text) = try edit(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(text == base)
    }

    /// Words shaped like `FILE:LINE` whose first part names no file are words of a task's text,
    /// never dropped: the task is edited, or the words are said to match none.
    @Test func wordsWithAColonAreText() throws {
        let (done, text) = try edit(["done", "standup:9"], "- [ ] prepare standup:9 notes\n- [ ] other\n")
        #expect(done.status == 0 && text == "- [x] prepare standup:9 notes\n- [ ] other\n", "\(done.stdout)\(done.stderr)")
        let (none, _) = try edit(["done", "Z:1@00000000"], "- [ ] other\n")
        #expect(none.status == 2 && none.stderr.contains("no task matches 'Z:1@00000000'"), "\(none.stderr)")
    }

    /// A refusal's advice to list the file again names the file the edit was of, quoted as
    /// a shell reads it: a bare `tick list` would show the default file instead.
    @Test func adviceListsTheFileEdited() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("TODO.md", "- [ ] default\n")
        _ = try folder.write("my notes/list.md", "# A\n\n- [ ] named\n")
        let env = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let refused = try TickProcess.run(["done", "1", "-f", "my notes/list.md"], in: folder.url, environment: env)
        #expect(refused.stderr == "tick: my notes/list.md: line 1 is not a task; 'tick list --all \"my notes/list.md\"' shows task line numbers\n")
        // The advice, run as the user would paste it, lists that file.
        let advice = try #require(refused.stderr.split(separator: "'").dropFirst().first).dropFirst("tick ".count)
        let listed = try TickProcess.run([], in: folder.url, environment: env, executable: URL(fileURLWithPath: "/bin/sh"),
                                         arguments: ["-c", "exec \"$0\" " + advice, TickProcess.binary.path])
        #expect(listed.stdout.contains("named") && !listed.stdout.contains("default"), "\(listed.stdout)\(listed.stderr)")
    }

    /// Removing a group asks only when something goes with it: tasks, or lines of the
    /// user's text (counted in the question); headings and blank lines alone go at once.
    @Test func removingAnEmptyGroupAsksNothing() throws {
        let text = "# A\n\n- [ ] x\n\n# Errands\n\n## Sub\n\n# Notes\n\nsome prose\n"
        let (empty, after) = try edit(["group", "rm", "Errands"], text)
        #expect(empty.status == 0 && after == "# A\n\n- [ ] x\n\n# Notes\n\nsome prose\n", "\(empty.stderr)")
        let (prose, kept) = try edit(["group", "rm", "Notes"], text)
        #expect(prose.status == 2 && kept == text)
        #expect(prose.stderr == "tick: TODO.md: there is no terminal to ask 'Remove group 'Notes' with 1 line of text?'; add --yes to go ahead\n")
    }

    @Test func ambiguousReferenceListsCandidates() throws {
        let (result, text) = try edit(["reopen", "the"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tick: TODO.md: 'the' matches 3 tasks (4 Call the plumber; 5 Paint the fence; 7 Sand the boards); use a line number"))
        #expect(text == base)
    }

    @Test func refusesBinaryAndReadOnlyFiles() throws {
        let (binary, text) = try edit(["done", "a"], "- [ ] a\u{0}\n")
        #expect(binary.status == 2)
        #expect(binary.stderr == "tick: TODO.md: contains NUL bytes; tick edits text files only\n")
        #expect(text == "- [ ] a\u{0}\n")

        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", base)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let readOnly = try TickProcess.run(["done", "Milk"], in: folder.url)
        #expect(readOnly.status == 2)
        #expect(readOnly.stderr == "tick: TODO.md: cannot write: the file is read-only; the file is unchanged\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == base)
        // The edit is worked out first: a wrong reference is reported as such, and an edit
        // that changes nothing needs no write.
        let wrong = try TickProcess.run(["done", "99"], in: folder.url)
        #expect(wrong.status == 2 && wrong.stderr.contains("line 99"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("read-only"))
        let same = try TickProcess.run(["done", "plumber"], in: folder.url)
        #expect(same.status == 0 && same.stdout == "unchanged 4 [x] Call the plumber (already done)\n", "\(same.stderr)")
    }

    @Test func editsTheTargetOfASymlinkAndKeepsPermissions() throws {
        let folder = try TemporaryDirectory()
        let real = try folder.write("notes/real.md", base)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("TODO.md").path,
                                                   withDestinationPath: "notes/real.md")
        #expect(try TickProcess.run(["done", "Milk"], in: folder.url).status == 0)
        #expect(try String(contentsOf: real, encoding: .utf8) == replacing("- [ ] Milk", "- [x] Milk"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("TODO.md").path)
        #expect(link == "notes/real.md")
        let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("notes").path)
        #expect(leftovers == ["real.md"], "no temporary files are left behind")
    }

    /// Two processes adding 200 tasks each to one file lose nothing: 400 tasks at the end.
    /// A repeating task named by its text after a completion: `done`, `start`, `star`, `due`
    /// and `edit` act on the one open occurrence, `reopen` on the one closed; of two closed,
    /// `reopen` still lists them.
    @Test func aTextReferencePrefersTheOpenOccurrence() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Work\n\n- [ ] Standup notes rec:+1b due:2026-11-23\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path, "TICK_TODAY": "2026-11-23"]
        func tick(_ arguments: String...) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick("done", "standup").status == 0)
        for command in [["start", "standup"], ["star", "standup"], ["due", "standup", "2026-11-27"], ["edit", "standup", "Standup notes rec:+1b due:2026-11-27 #team"]] {
            let result = try TickProcess.run(command, in: folder.url, environment: state)
            #expect(result.status == 0 && result.stdout.hasPrefix("\(command[0] == "due" ? "due" : command[0] == "edit" ? "edited" : command[0] == "star" ? "starred" : "started") 3 "),
                    "\(command): \(result.stdout)\(result.stderr)")
        }
        let reopened = try tick("reopen", "standup")
        #expect(reopened.status == 0 && reopened.stdout.hasPrefix("reopened 4 "), "\(reopened.stdout)\(reopened.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            # Work

            - [/] * Standup notes rec:+1b due:2026-11-27 #team
            - [ ] Standup notes rec:+1b due:2026-11-23

            """)
        #expect(try tick("done", "standup").stderr.contains("'standup' matches 2 tasks"), "two open: the list, as before")
        // One rule for every command that takes a task by its words.
        try folder.write("TODO.md", "# L\n\n- [x] Water the plants done:2026-11-22\n- [ ] Water the plants\n- [ ] Rake\n")
        for command in [["show", "water"], ["move", "water", "--top"], ["note", "water", "twice a week"], ["add", "--after", "water", "Feed"],
                        ["add", "--under", "water", "Ferns"], ["rm", "water"]] {
            let result = try TickProcess.run(command + ["--dry-run"].filter { _ in command[0] != "show" }, in: folder.url, environment: state)
            #expect(result.status == 0 && !result.stdout.contains("-- [x] Water") && !result.stdout.contains("[x] Water the plants  ·"),
                    "\(command): \(result.stdout)\(result.stderr)")
        }
        #expect(try tick("move", "water", "--top").stdout == "moved 3 [ ] Water the plants  · L\n")
    }

    /// A repeating task with no date repeats from the day it is done: the next one is due on
    /// its next date, in the task's dialect, so it is no twin of the done one, and lint finds
    /// nothing in what tick wrote.
    @Test func anUndatedRepeatingTaskGetsADueDate() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "- [ ] Run 30 minutes rec:1d\n- [ ] Water plants 🔁 every week\n- [ ] Pay [repeat:: every month]\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path, "TICK_TODAY": "2026-11-23"]
        for words in ["run", "water", "pay"] {
            let result = try TickProcess.run(["done", words], in: folder.url, environment: state)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            - [ ] Run 30 minutes rec:1d due:2026-11-24
            - [x] Run 30 minutes rec:1d
            - [ ] Water plants 🔁 every week 📅 2026-11-30
            - [x] Water plants 🔁 every week
            - [ ] Pay [repeat:: every month] [due:: 2026-12-23]
            - [x] Pay [repeat:: every month]

            """)
        let lint = try TickProcess.run(["lint"], in: folder.url, environment: state)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "\(lint.stdout)")
    }

    @Test func concurrentAddsLoseNothing() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# Inbox\n")
        let script = """
        for i in $(seq 1 200); do "$TICK" add "task $1-$i" || exit 1; done
        """
        var processes: [Process] = []
        for worker in ["a", "b"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", worker]
            process.currentDirectoryURL = folder.url
            var env = ProcessInfo.processInfo.environment
            env["TICK"] = TickProcess.binary.path
            env["TICK_TODAY"] = "2026-11-22"
            env["XDG_STATE_HOME"] = folder.url.appendingPathComponent("state").path
            env.removeValue(forKey: "TICK_FILE")
            process.environment = env
            try process.run()
            processes.append(process)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        let tasks = lines.filter { $0.hasPrefix("- [ ] task ") }
        #expect(tasks.count == 400)
        #expect(Set(tasks).count == 400)
        for worker in ["a", "b"] {
            let mine = tasks.filter { $0.hasPrefix("- [ ] task \(worker)-") }.map { Int($0.split(separator: "-").last!)! }
            #expect(mine == Array(1...200), "each process's tasks are all there, in order")
        }
    }

    /// An edit says what it replaced or left out where the file would not show it: a due
    /// value that was no date, a repeating task cancelled (no next occurrence), a date phrase
    /// typed without quotes.
    @Test func editsSayWhatTheyReplacedOrLeftOut() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# H\n\n- [ ] bad due:2026-13-45\n- [ ] chore 🔁 every week 📅 2026-12-01\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path, "TICK_TODAY": "2026-12-01"]
        let due = try TickProcess.run(["due", "3", "tomorrow"], in: folder.url, environment: state)
        #expect(due.stdout == "due 3 [ ] bad  tomorrow (was: '2026-13-45', not a date)\n", "\(due.stdout)")
        try folder.write("link.md", "- [ ] link 📅 [[2026-09-26]]\n")
        let link = try TickProcess.run(["due", "-f", "link.md", "1", "tomorrow"], in: folder.url, environment: state)
        #expect(link.stdout == "due 1 [ ] link  tomorrow (was: '[[2026-09-26]]', not a date)\n", "\(link.stdout)\(link.stderr)")
        let cancel = try TickProcess.run(["cancel", "4"], in: folder.url, environment: state)
        #expect(cancel.status == 0 && cancel.stderr == "tick: note: TODO.md: line 4 repeats; cancelled, it gets no next occurrence ('tick done' gives one)\n",
                "\(cancel.stderr)")
        for arguments in [["add", "--due", "next", "week", "dentist"], ["add", "dentist", "--due", "next", "week"]] {
            let phrase = try TickProcess.run(arguments, in: folder.url, environment: state)
            #expect(phrase.status == 2 && phrase.stderr.contains("a date of several words is quoted: --due 'next week'"), "\(phrase.stderr)")
        }
        // Before the first archive, its name is the group a typo of it is close to.
        try folder.write("TODO.md", "# H\n\n- [x] a\n- [x] b\n- [x] c\n")
        let typo = try TickProcess.run(["archive", "--into", "Dnoe"], in: folder.url, environment: state)
        #expect(typo.status == 2 && typo.stderr.contains("no group 'Dnoe'; did you mean 'Done'?"), "\(typo.stderr)")
    }

    /// An undo that tick's own later edit of the file blocks names that edit and its number,
    /// and taking that one back first lets this one go.
    @Test func anUndoBlockedByALaterEditNamesIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n\n- [ ] open windows\n- [ ] check colours\n- [ ] plan holiday\n- [ ] d\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        #expect(try TickProcess.run(["move", "open windows", "--bottom"], in: folder.url, environment: state).status == 0)
        #expect(try TickProcess.run(["move", "check colours", "--after", "plan holiday"], in: folder.url, environment: state).status == 0)
        let blocked = try TickProcess.run(["undo", "2"], in: folder.url, environment: state)
        #expect(blocked.status == 2 && blocked.stderr.hasSuffix(
            ": \"tick move 'check colours' --after 'plan holiday'\" (operation 1) changed it later; undo that one first, with 'tick undo 1'; nothing undone\n"),
                "\(blocked.stderr)")
        #expect(try TickProcess.run(["undo", "1"], in: folder.url, environment: state).status == 0)
        #expect(try TickProcess.run(["undo", "2"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8)
                == "# A\n\n- [ ] open windows\n- [ ] check colours\n- [ ] plan holiday\n- [ ] d\n")
    }
}
