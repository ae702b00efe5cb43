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
    ]

    /// The groups (files, as Dataview shows TASK results) and the first two words of each task.
    func run(_ lines: [String]) -> [String] {
        guard let query = DataviewQuery.read(lines, today: today) else { return ["not a TASK query"] }
        #expect(query.problems.isEmpty, "\(lines): \(query.problems)")
        let result = query.run(sources, today: today)
        return result.groups.map { group in
            group.names.joined(separator: " > ") + ": " + group.items.map { place in
                let item = result.items[place]
                let document = sources[item.source].document
                return document.text(of: document.tasks[item.task]).split(separator: " ").prefix(2).joined(separator: " ")
            }.joined(separator: ", ")
        }
    }

    @Test(arguments: [
        (["TASK"], ["Home/chores: buy milk, call mom", "Work/projects: plan sprint, ship release, review PR, write notes"]),
        (["TASK FROM \"Work\"", "WHERE completed"], ["Work/projects: write notes"]),
        (["TASK FROM \"Home\" OR \"Work/projects.md\"", "WHERE !completed", "LIMIT 2"], ["Work/projects: plan sprint, ship release"]),
        (["TASK", "WHERE !completed AND due <= date(today) + dur(1 day)"], ["Home/chores: buy milk", "Work/projects: ship release"]),
        (["TASK WHERE due > date(2026-11-21)", "SORT due DESC"], ["Home/chores: buy milk", "Work/projects: review PR"]),
        (["TASK", "WHERE due", "SORT due ASC", "GROUP BY section"], ["(No heading): buy milk", "Work: ship release, review PR"]),
        (["TASK", "WHERE contains(tags, \"#errands\") OR contains(text, \"PR\")"], ["Home/chores: buy milk", "Work/projects: review PR"]),
        (["TASK", "WHERE contains(text, \"Release\")"], []),
        (["TASK", "WHERE icontains(text, \"Release\")"], ["Work/projects: ship release"]),
        (["TASK", "WHERE !(completed OR due)", "  AND contains(file.folder, \"Home\")"], ["Home/chores: call mom"]),
        (["TASK", "WHERE checked"], ["Work/projects: plan sprint, write notes"]),
        (["TASK", "WHERE scheduled = date(2026-11-24)"], ["Work/projects: plan sprint"]),
    ] as [([String], [String])])
    func queriesShowTheTasksDataviewShows(lines: [String], expected: [String]) {
        #expect(run(lines) == expected, "\(lines)")
    }

    @Test func whatTickDoesNotReadIsSaid() {
        #expect(DataviewQuery.read(["LIST FROM \"Work\""], today: today) == nil)
        let query = DataviewQuery.read(["TASK FROM #project", "WHERE priority = \"high\"", "SORT priority", "FLATTEN x", "GROUP BY priority",
                                        "WHERE due < date(someday)", "LIMIT lots"], firstLine: 4, today: today)!
        #expect(query.problems.map(\.line) == [4, 5, 6, 7, 8, 9, 10], "\(query.problems)")
        #expect(query.problems[0].message.contains("not tags or links"))
        #expect(query.problems[1].message == "tick does not read 'priority' in a Dataview query")
        #expect(query.problems[5].message.hasPrefix("tick reads date(today)"))
    }
}
