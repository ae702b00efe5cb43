import Testing
@testable import TickCore

/// Obsidian Tasks' query language as tick reads it: each documented filter form on a small
/// vault in its three dialects, booleans, sorting instructions, and the lines tick does not
/// read, said per line.
@Suite struct TasksQueryTests {
    let today = CivilDate(iso: "2026-11-22")!  // a Sunday
    let document = Document("""
        # Work

        - [ ] ship release 📅 2026-11-21 ⏫ #urgent
        - [x] write notes ✅ 2026-11-20
        - [ ] review PR [due:: 2026-11-25] [priority:: low]
        - [/] plan sprint ⏳ 2026-11-24 🔁 every week

        ## Later

        - [-] old idea ❌ 2026-11-01
        - [ ] read book due:2026-12-10 #reading

        """)

    /// The texts of the tasks a query of `lines` shows, in file order.
    func shown(_ lines: [String], path: String = "Work/projects.md") -> [String] {
        let query = TasksQuery(lines, today: today)
        #expect(query.problems.isEmpty, "\(lines): \(query.problems)")
        return document.tasks.filter { query.matches($0, in: document, path: path) }.map { String(document.text(of: $0).prefix { $0 != " " }) + " " + String(document.text(of: $0).split(separator: " ")[1]) }
    }

    @Test(arguments: [
        (["not done"], ["ship release", "review PR", "plan sprint", "read book"]),
        (["done"], ["write notes", "old idea"]),
        (["due before tomorrow"], ["ship release"]),
        (["due after 2026-11-24"], ["review PR", "read book"]),
        (["due on 2026-11-25"], ["review PR"]),
        (["due 2026-11-25"], ["review PR"]),
        (["due in next week"], ["review PR"]),
        (["has due date", "not done"], ["ship release", "review PR", "read book"]),
        (["no due date"], ["write notes", "plan sprint", "old idea"]),
        (["scheduled before today"], []),
        (["scheduled on or before 2026-11-24"], ["plan sprint"]),
        (["happens before 2026-11-25"], ["ship release", "plan sprint"]),
        (["done on 2026-11-20"], ["write notes"]),
        (["cancelled before 2 days ago"], ["old idea"]),
        (["priority is high"], ["ship release"]),
        (["priority is above none"], ["ship release"]),
        (["priority is below none"], ["review PR"]),
        (["priority is not none", "not done"], ["ship release", "review PR"]),
        (["is recurring"], ["plan sprint"]),
        (["is not recurring", "not done"], ["ship release", "review PR", "read book"]),
        (["status.type is IN_PROGRESS"], ["plan sprint"]),
        (["status.type is CANCELLED"], ["old idea"]),
        (["status.type is not TODO", "not done"], ["plan sprint"]),
        (["tags include #urgent"], ["ship release"]),
        (["tag does not include reading", "not done"], ["ship release", "review PR", "plan sprint"]),
        (["description includes PR"], ["review PR", "plan sprint"]),
        (["description does not include o", "not done"], ["ship release", "review PR", "plan sprint"]),
        (["description includes 2026"], []),
        (["description includes #urgent"], ["ship release"]),
        (["heading includes later"], ["old idea", "read book"]),
        (["path includes work"], ["ship release", "write notes", "review PR", "plan sprint", "old idea", "read book"]),
        (["path does not include Work"], []),
        (["filename includes projects", "done"], ["write notes", "old idea"]),
        (["root includes work/", "root does not include Home", "status.type is CANCELLED"], ["old idea"]),
        (["root includes projects"], []),
        (["(due before 2026-11-22) OR (is recurring)"], ["ship release", "plan sprint"]),
        (["NOT (done)", "(has due date) AND (tags include #reading)"], ["read book"]),
        (["(not done) AND ((priority is high) OR (priority is low))"], ["ship release", "review PR"]),
        (["NOT (heading includes Later) AND (not done)"], ["ship release", "review PR", "plan sprint"]),
        (["(not done) AND NOT (has due date)"], ["plan sprint"]),
        (["(is recurring) XOR (status.type is IN_PROGRESS)"], []),
        (["(done) XOR (has due date)"], ["ship release", "write notes", "review PR", "old idea", "read book"]),
        (["(not done) OR NOT (has tags)"], ["ship release", "write notes", "review PR", "plan sprint", "old idea", "read book"]),
        (["has tags"], ["ship release", "read book"]),
        (["no tags", "not done"], ["review PR", "plan sprint"]),
        (["folder includes work/"], ["ship release", "write notes", "review PR", "plan sprint", "old idea", "read book"]),
        (["folder does not include projects"], ["ship release", "write notes", "review PR", "plan sprint", "old idea", "read book"]),
        (["description regex matches /^re/"], ["review PR", "read book"]),
        (["description regex matches /^RE/"], []),
        (["description regex matches /^RE/i"], ["review PR", "read book"]),
        (["description regex does not match /e/", "not done"], ["plan sprint"]),
        (["description regex matches /\\d|PR$/"], ["review PR"]),
        (["tags regex matches /^#r/"], ["read book"]),
        (["heading regex matches /^Lat/"], ["old idea", "read book"]),
        (["path regex matches /Work\\/projects\\.md$/"], ["ship release", "write notes", "review PR", "plan sprint", "old idea", "read book"]),
        (["filename regex matches /^proj/", "done"], ["write notes", "old idea"]),
    ] as [([String], [String])])
    func filtersShowTheDocumentedTasks(lines: [String], expected: [String]) {
        #expect(shown(lines) == expected, "\(lines)")
    }

    /// A week, month, quarter or year is a range of days, as Obsidian Tasks reads it: before it
    /// is before its first day, after it after its last, `in or before` up to its last day.
    /// Weeks start on Monday; 2026-11-22 is a Sunday.
    @Test(arguments: [
        ("due this week", "due date from 2026-11-16 to 2026-11-22"),
        ("due next week", "due date from 2026-11-23 to 2026-11-29"),
        ("due in last week", "due date from 2026-11-09 to 2026-11-15"),
        ("due next month", "due date from 2026-12-01 to 2026-12-31"),
        ("scheduled last month", "scheduled date from 2026-10-01 to 2026-10-31"),
        ("due this quarter", "due date from 2026-10-01 to 2026-12-31"),
        ("due next quarter", "due date from 2027-01-01 to 2027-03-31"),
        ("due last quarter", "due date from 2026-07-01 to 2026-09-30"),
        ("due next year", "due date from 2027-01-01 to 2027-12-31"),
        ("due after next week", "due date after 2026-11-29"),
        ("due before next month", "due date before 2026-12-01"),
        ("due in or before next week", "due date on or before 2026-11-29"),
        ("due in or after next month", "due date on or after 2026-12-01"),
        ("due on or before this week", "due date on or before 2026-11-22"),
        ("due 2026-W49", "due date from 2026-11-30 to 2026-12-06"),
        ("due in 2026-W53", "due date from 2026-12-28 to 2027-01-03"),
        ("done in 2026-12", "done date from 2026-12-01 to 2026-12-31"),
        ("created 2026-Q1", "created date from 2026-01-01 to 2026-03-31"),
        ("happens in 2027", "due, scheduled or start date from 2027-01-01 to 2027-12-31"),
        ("due 2026-12-01 2026-12-24", "due date from 2026-12-01 to 2026-12-24"),
        ("due after 2026-12-01 2026-12-24", "due date after 2026-12-24"),
        ("due in two weeks", "due date on 2026-12-06"),
        ("due before in two weeks", "due date before 2026-12-06"),
        ("due next friday", "due date on 2026-11-27"),
        ("due date is invalid", "due date is no date"),
    ] as [(String, String)])
    func datesAreDaysOrRanges(line: String, explanation: String) {
        let query = TasksQuery([line], today: today)
        #expect(query.problems.isEmpty, "\(line): \(query.problems)")
        #expect(query.explanation == "filter: " + explanation, "\(line)")
    }

    @Test func rangesThatNameNoDaysAreSaid() {
        let query = TasksQuery(["due 2025-W53", "due 2026-13", "due 2026-Q5", "due 2026-12-24 2026-12-01"], today: today)
        #expect(query.problems.map(\.message) == ["2025 has no week 53", "there is no month 13", "a year's quarters are Q1 to Q4",
                                                  "cannot read the dates '2026-12-24 2026-12-01'"])
        let invalid = Document("- [ ] a 📅 2026-13-45\n- [ ] b 📅 2026-12-01\n- [ ] c\n")
        let broken = TasksQuery(["due date is invalid"], today: today)
        #expect(invalid.tasks.filter { broken.matches($0, in: invalid, path: "a.md") }.map(\.line) == [0])
    }

    @Test func sortGroupLimitAndExplainAreRead() {
        let query = TasksQuery(["not done", "sort by priority", "sort by due reverse", "group by heading", "limit to 3 tasks", "explain"], today: today)
        #expect(query.problems.isEmpty && query.ignored.isEmpty)
        #expect(query.sorts.map(\.key) == [.priority, .due] && query.sorts.map(\.reverse) == [false, true])
        #expect(query.groups.map(\.key) == [.heading] && query.limit == 3 && query.explains)
        #expect(query.explanation == "filter: not done\nsort by priority\nsort by due, reversed\ngroup by heading\nlimit: 3 tasks")
    }

    /// What tick does not read is a problem of its line (the query is then not run); layout
    /// instructions are said and change nothing.
    @Test func linesTickDoesNotReadAreSaid() {
        let query = TasksQuery(["not done", "due soonish", "description regex matches /(/", "limit groups of 3", "(done) AND not done",
                                "group by function task.due.format('YYYY')", "hide due date", "short mode", "# a comment", "",
                                "description regex matches x", "path regex matches /a/x", "sort by function task.due", "ignore global query"],
                               firstLine: 10, today: today)
        #expect(query.problems.map(\.line) == [11, 12, 13, 14, 15, 20, 21, 22], "\(query.problems)")
        #expect(query.problems[0].message == "cannot read the date 'soonish'")
        #expect(query.problems[1].message.hasPrefix("cannot read the regular expression /(/"), "\(query.problems[1])")
        #expect(query.problems[4].message.hasPrefix("'group by function' runs JavaScript, which tick does not; group by one of due, scheduled"),
                "\(query.problems[4])")
        #expect(query.problems[5].message == "a regular expression is written /pattern/ or /pattern/i")
        #expect(query.problems[6].message == "'x' is no flag of a regular expression; 'i' matches any case")
        #expect(query.ignored.map(\.line) == [16, 17, 23])
    }

    /// A line ending in a backslash goes on on the next (two backslashes end a line in one);
    /// placeholders name the note the query is in, as a path in the vault, and inline
    /// comments vanish. A query in no note cannot use them, and an unknown one is said.
    @Test func lineContinuationsAndPlaceholders() {
        let joined = TasksQuery(["(priority is highest) OR \\", "   (due before 2026-11-22)", "explain"], today: today)
        #expect(joined.problems.isEmpty, "\(joined.problems)")
        #expect(joined.explanation == "filter: (priority is highest) OR (due date before 2026-11-22)")
        #expect(TasksQuery.continued(["a \\\\", "b \\", "c", "d \\"]).map(\.line) == ["a \\", "b c", "d "])
        #expect(TasksQuery.continued(["a \\", "b \\", "c", "d"]).map(\.offset) == [0, 3])
        let placed = TasksQuery(["path includes {{query.file.folder}}", "filename includes {{query.file.filenameWithoutExtension}} {{! the note's own name }}",
                                 "root includes {{ query.file.root }}", "path includes {{query.file.pathWithoutExtension}}"],
                                file: "Work/projects.md", today: today)
        #expect(placed.explanation.split(separator: "\n").prefix(4) == ["filter: path includes 'Work/'", "filter: filename includes 'projects'",
                                                                         "filter: root includes 'Work/'", "filter: path includes 'Work/projects'"],
                "\(placed.explanation)")
        #expect(document.tasks.filter { placed.matches($0, in: document, path: "Work/projects.md") }.count == document.tasks.count)
        #expect(document.tasks.filter { placed.matches($0, in: document, path: "Home/projects.md") }.isEmpty)
        let top = TasksQuery(["folder includes {{query.file.folder}}", "root includes {{query.file.root}}"], file: "Dashboard.md", today: today)
        #expect(top.explanation.hasPrefix("filter: folder includes '/'\nfilter: root includes '/'"), "\(top.explanation)")
        let alone = TasksQuery(["path includes {{query.file.path}}", "path includes {{query.file.size}}", "path includes {{query.file.path"], firstLine: 3, today: today)
        #expect(alone.problems.map(\.line) == [3, 4, 5])
        #expect(alone.problems[0].message.hasPrefix("{{query.file.path}} names the note a query is in"), "\(alone.problems[0])")
        #expect(alone.problems[1].message.hasPrefix("tick knows the placeholders {{query.file.path}}"), "\(alone.problems[1])")
        #expect(alone.problems[2].message == "'{{' opens a placeholder that no '}}' closes")
    }

    /// The texts of what a query of `lines` shows of the vault, a line per group: its names
    /// joined by ` > `, a colon, and its tasks' first two words.
    func run(_ lines: [String]) -> [String] {
        let query = TasksQuery(lines, today: today)
        #expect(query.problems.isEmpty, "\(lines): \(query.problems)")
        let sources = [SourceDocument(path: "Work/projects.md", document: document)]
        let result = query.run(sources, today: today)
        return result.groups.map { group in
            group.names.joined(separator: " > ") + ": " + group.items.map { place in
                let text = document.text(of: document.tasks[result.items[place].task])
                return text.split(separator: " ").prefix(2).joined(separator: " ")
            }.joined(separator: ", ")
        }
    }

    /// Sorting, grouping and limits as Obsidian Tasks documents them: a task without the value
    /// sorts last; groups go by name, dates oldest first and the tasks without one after them,
    /// priorities highest first, `(No heading)` and `(No tags)` where Obsidian puts them; a
    /// task with two tags is in both groups; `reverse` turns one level; `limit` cuts before
    /// grouping and `limit groups` each group.
    @Test(arguments: [
        (["sort by scheduled"], [": plan sprint, ship release, review PR, read book, write notes, old idea"]),
        (["sort by done reverse"], [": plan sprint, ship release, review PR, read book, old idea, write notes"]),
        (["sort by status.type", "sort by description"], [": plan sprint, read book, review PR, ship release, write notes, old idea"]),
        (["sort by heading", "sort by priority"], [": read book, old idea, ship release, plan sprint, write notes, review PR"]),
        (["sort by tag"], [": read book, ship release, plan sprint, review PR, write notes, old idea"]),
        (["sort by tag 2", "not done"], [": plan sprint, ship release, review PR, read book"]),
        (["sort by recurring", "limit 2"], [": plan sprint, ship release"]),
        (["not done", "group by due"], ["2026-11-21 Saturday: ship release", "2026-11-25 Wednesday: review PR",
                                        "2026-12-10 Thursday: read book", "No due date: plan sprint"]),
        (["not done", "group by due reverse"], ["No due date: plan sprint", "2026-12-10 Thursday: read book",
                                                "2026-11-25 Wednesday: review PR", "2026-11-21 Saturday: ship release"]),
        (["group by priority"], ["High priority: ship release", "Normal priority: plan sprint, read book, write notes, old idea",
                                 "Low priority: review PR"]),
        (["group by status", "group by heading"], ["Done > Later: old idea", "Done > Work: write notes",
                                                   "Todo > Later: read book", "Todo > Work: plan sprint, ship release, review PR"]),
        (["group by status.type"], ["IN_PROGRESS: plan sprint", "TODO: ship release, review PR, read book", "DONE: write notes",
                                    "CANCELLED: old idea"]),
        (["group by tags"], ["#reading: read book", "#urgent: ship release", "(No tags): plan sprint, review PR, write notes, old idea"]),
        (["group by recurring", "limit groups 1"], ["Not Recurring: ship release", "Recurring: plan sprint"]),
        (["group by status.name"], ["Cancelled: old idea", "Done: write notes", "In Progress: plan sprint",
                                    "Todo: ship release, review PR, read book"]),
        (["group by recurrence", "not done"], ["every week: plan sprint", "None: ship release, review PR, read book"]),
        // Obsidian's scores: 9.26 for a day overdue and 6.0 for high; 7.43 for due in three
        // days; 2.4 for due past two weeks and 1.95 for no priority; 0 for scheduled ahead.
        (["group by urgency", "not done"], ["15.26: ship release", "7.43: review PR", "4.35: read book", "1.95: plan sprint"]),
        (["group by urgency reverse", "not done", "limit 2"], ["1.95: plan sprint", "15.26: ship release"]),
        (["group by backlink", "not done"], ["projects > Later: read book", "projects > Work: plan sprint, ship release, review PR"]),
        (["group by folder", "group by filename", "group by root", "not done", "limit 1"], ["Work/ > projects > Work/: plan sprint"]),
    ] as [([String], [String])])
    func resultsAreSortedGroupedAndLimited(lines: [String], expected: [String]) {
        #expect(run(lines) == expected, "\(lines)")
    }

    /// Group names compare as people read them: numbers as numbers.
    @Test func groupNamesCompareNumbersAsNumbers() {
        let names = ["Week 10", "Week 9", "Week 09b", "week 1", "Week 100", "Week"]
        #expect(names.sorted(by: NaturalOrder.less) == ["Week", "Week 9", "Week 09b", "Week 10", "Week 100", "week 1"])
    }

    /// Blocks are found as Obsidian finds them: in a callout's quote too, with their lines; an
    /// example inside a longer fence is no query; tildes open fences as backticks do.
    @Test func blocksAreFoundWhereObsidianRunsThem() {
        let note = Array("""
            # Dashboard

            ```tasks
            not done
            ```

            > [!todo] Work
            > ```tasks
            > path includes Work
            > ```

            ````markdown
            ```tasks
            done
            ```
            ````

            ~~~tasks
            due today
            ~~~
            ```python
            x = 1
            ```

            """.utf8)
        let blocks = TasksQuery.blocks(in: note)
        #expect(blocks.map(\.line) == [3, 8, 18])
        #expect(blocks.map(\.lines) == [["not done"], ["path includes Work"], ["due today"]])
    }
}
