import Testing
@testable import TickCore

/// What an empty view says in place of rows.
@Suite struct EmptyViewTests {
    let file = EmptyView.File(path: "TODO.md", tasks: 3, named: false)

    @Test func aViewsOwnQuerySaysWhatItLookedFor() {
        #expect(EmptyView.note(command: "today", query: TaskQuery(), narrowed: false, file: file)
                == "nothing due today or overdue among the 3 tasks in TODO.md; 'tick list' shows the open ones")
        var since = TaskQuery()
        since.doneSince = CivilDate(year: 2026, month: 11, day: 23)
        #expect(EmptyView.note(command: "completed", query: since, narrowed: false, file: EmptyView.File(path: "a.md", tasks: 1, named: true))
                == "nothing done since 2026-11-23 among the 1 task in a.md; 'tick completed -f a.md' shows every done one")
        #expect(EmptyView.note(command: "list", query: TaskQuery(), narrowed: true, file: file)
                == "none of the 3 tasks in TODO.md match the filters given; without them, 'tick list --all' shows every task")
        // Filters that a task of a status the view hides matches: that task is named.
        let done = EmptyView.File(path: "TODO.md", tasks: 2, named: false, alsoMatching: 1, hidden: (9, "done", "milk"))
        #expect(EmptyView.note(command: "list", query: TaskQuery(), narrowed: true, file: done)
                == "no task the view shows matches the filters given, but the done task on line 9 does ('milk'); add --all to see it")
        #expect(EmptyView.note(command: "today", query: TaskQuery(), narrowed: false, file: EmptyView.File(path: "TODO.md", tasks: 0, named: false))
                == "no tasks in TODO.md; 'tick add TEXT' adds one")
        // Not read by a person: nothing said.
        #expect(EmptyView.note(command: "list", query: TaskQuery(), narrowed: false, file: nil) == nil)
    }

    @Test func wordsThatMatchNothingAreNamed() {
        var query = TaskQuery()
        query.words = ["TODO.mdx"]
        #expect(EmptyView.note(command: "list", query: query, narrowed: false, file: nil)
                == "no task matches 'TODO.mdx' (of the statuses shown; --all looks among every task); no file or folder has that name either")
        #expect(EmptyView.note(command: "list", query: query, narrowed: false, file: file)
                == "no task matches 'TODO.mdx' among the 3 tasks in TODO.md; no file or folder has that name either")
        let hidden = EmptyView.File(path: "TODO.md", tasks: 3, named: false, alsoMatching: 2)
        #expect(EmptyView.note(command: "list", query: query, narrowed: false, file: hidden)
                == "no task the view shows matches 'TODO.mdx', but 2 tasks of other statuses do; add --all to see them")
        let asked = EmptyView.File(path: "TODO.md", tasks: 3, named: false, alsoMatching: 1, hidden: (4, "open", "Beta"), statusesAsked: true)
        #expect(EmptyView.note(command: "list", query: query, narrowed: true, file: asked)
                == "no task the view shows matches 'TODO.mdx', but the open task on line 4 does ('Beta'); the statuses asked for leave it out")
    }
}
