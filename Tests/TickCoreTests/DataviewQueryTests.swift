import Testing
@testable import TickCore

/// Dataview's TASK queries as tick reads them: the part that reads the same as an Obsidian
/// Tasks query, on the vault of `TasksQueryTests`; what tick does not read is a problem of its
/// line.
@Suite struct DataviewQueryTests {
    let today = CivilDate(iso: "2026-11-22")!
    let sources = [
        SourceDocument(path: "Work/projects.md", document: Document("""
            # Work

            - [ ] ship release 📅 2026-11-21 ⏫ #urgent
            - [x] write notes ✅ 2026-11-20
            - [ ] review PR [due:: 2026-11-25] [priority:: low]
            - [/] plan sprint ⏳ 2026-11-24 🔁 every week

            """)),
        SourceDocument(path: "Home/chores.md", document: Document("- [ ] buy milk due:2026-11-23 #errands\n- [ ] call mom\n")),
        SourceDocument(path: "Home/parent.md", document: Document("- [x] parent task\n  - [ ] kid task\n- [-] dropped task #errands/town\n")),
    ]

    /// The first two words of each task, a line per group (its names first) or one line.
    func run(_ lines: [String]) -> [String] {
        guard let query = DataviewQuery.read(lines, today: today) else { return ["not a TASK query"] }
        #expect(query.problems.isEmpty, "\(lines): \(query.problems)")
        let result = query.run(sources, today: today)
        return result.groups.filter { !$0.items.isEmpty }.map { group in
            (group.names.isEmpty ? "" : group.names.joined(separator: " > ") + ": ") + group.items.map { place in
                let item = result.items[place]
                let document = sources[item.source].document
                return document.text(of: document.tasks[item.task]).split(separator: " ").prefix(2).joined(separator: " ")
            }.joined(separator: ", ")
        }
    }

    /// As Dataview shows them: file order where the query sorts none, each task with its
    /// subtasks under it, no groups unless it
    /// groups them, a blank date before any date, `completed` for done alone, `checked` for
    /// any box but a space, `contains` of tags in each tag.
    @Test(arguments: [
        (["TASK"], ["ship release, write notes, review PR, plan sprint, buy milk, call mom, parent task, kid task, dropped task"]),
        (["TASK FROM \"Work\"", "WHERE completed"], ["write notes"]),
        (["TASK FROM \"Home/chores.md\" OR \"Work/projects.md\"", "WHERE !completed", "LIMIT 2"], ["ship release, review PR"]),
        (["TASK", "WHERE !completed AND due <= date(today) + dur(1 day)"],
         ["ship release, plan sprint, buy milk, call mom, kid task, dropped task"]),
        (["TASK WHERE due > date(2026-11-21)", "SORT due DESC"], ["review PR, buy milk"]),
        (["TASK FROM \"Work\" where !completed sort due asc limit 2 // the next two"], ["plan sprint, ship release"]),
        (["TASK", "WHERE due", "SORT due ASC", "GROUP BY section"], ["(No heading): buy milk", "Work: ship release, review PR"]),
        (["TASK", "WHERE contains(tags, \"#errands\") OR contains(text, \"PR\")"], ["review PR, buy milk, dropped task"]),
        (["TASK", "WHERE econtains(tags, \"#errands\")"], ["buy milk"]),
        (["TASK", "WHERE contains(text, \"Release\")"], []),
        (["TASK", "WHERE icontains(text, \"Release\")"], ["ship release"]),
        (["TASK", "WHERE !(completed OR due)", "  AND contains(file.folder, \"Home\") // by hand"], ["call mom, kid task, dropped task"]),
        // A task's subtasks show under it, whether they match or not, once.
        (["TASK", "WHERE checked"], ["write notes, plan sprint, parent task, kid task, dropped task"]),
        (["TASK", "WHERE completed"], ["write notes, parent task, kid task"]),
        (["TASK", "WHERE fullyCompleted"], ["write notes"]),
        (["TASK", "WHERE scheduled = date(2026-11-24)"], ["plan sprint"]),
        // Grouped, too: in each group, a task and its subtasks under it.
        (["TASK", "WHERE completed", "GROUP BY file.name"], ["parent: parent task, kid task", "projects: write notes"]),
    ] as [([String], [String])])
    func queriesShowTheTasksDataviewShows(lines: [String], expected: [String]) {
        #expect(run(lines) == expected, "\(lines)")
    }

    /// The subtasks shown under a task without matching are the result's context, grouped or not.
    @Test func subtasksShownUnmatchedAreContext() throws {
        for lines in [["TASK", "WHERE completed"], ["TASK", "WHERE completed", "GROUP BY file.name"]] {
            let query = try #require(DataviewQuery.read(lines, today: today))
            let result = query.run(sources, today: today)
            let texts = result.context.map { place in
                let item = result.items[place]
                return sources[item.source].document.text(of: sources[item.source].document.tasks[item.task])
            }
            #expect(texts == ["kid task"] && result.subtasks == 1 && result.matched == 2, "\(lines): \(texts)")
        }
    }

    @Test func whatTickDoesNotReadIsSaid() {
        #expect(DataviewQuery.read(["LIST FROM \"Work\""], today: today) == nil)
        #expect(DataviewQuery.kind(of: ["// a list", "TABLE due FROM \"Work\""]) == "TABLE")
        let query = DataviewQuery.read(["TASK FROM #project", "WHERE priority = \"high\"", "WHERE due < date(someday)", "SORT priority",
                                        "FLATTEN x", "GROUP BY priority", "LIMIT lots", "WHERE completed"],
                                       firstLine: 4, today: today)!
        #expect(query.problems.map(\.line) == [4, 5, 6, 7, 8, 9, 10, 11], "\(query.problems)")
        #expect(query.problems[0].message.contains("not tags or links"))
        #expect(query.problems[1].message == "tick does not read 'priority' in a Dataview query")
        #expect(query.problems[2].message.hasPrefix("tick reads date(today)"))
        #expect(query.problems[7].message == "tick runs WHERE before SORT and LIMIT; write it before them")
        let field = DataviewQuery.read(["TASK WHERE file.name = \"x\""], today: today)!
        #expect(field.problems.map(\.message) == ["tick reads file.name only in contains(file.name, \"...\")"])
    }
}
