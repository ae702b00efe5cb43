import Testing
@testable import TickCore

/// Which operation `tick undo` and `tick redo` take, and what `tick undo --list` shows, read
/// from journal entries alone: no state folder, no file.
@Suite struct JournalHistoryTests {
    static func entry(_ name: String, _ command: String, paths: [String], undone: Int64 = 0, agent: String? = nil) -> JournalHistory.Entry {
        JournalHistory.Entry(name: name, operation: JournalOperation(time: 1_764_000_000, command: command, undoneStamp: undone, agent: agent),
                             changes: paths.map { JournalOperation.FileChange(path: Array($0.utf8), before: [], after: Array("- [ ] a\n".utf8), tasks: 1) })
    }

    static var here: JournalHistory.Scope { JournalHistory.Scope(place: .here(shown: "~/notes", contains: { $0.starts(with: Array("/notes/".utf8)) }), agent: nil) }

    static let entries = [
        entry("op-1", "tick add a", paths: ["/notes/TODO.md"]),
        entry("op-2", "tick add 'b'", paths: ["/work/TODO.md"]),
        entry("op-3", "tick done 1", paths: ["/notes/TODO.md"]),
        entry("op-4", "tick done 2", paths: ["/notes/TODO.md"], undone: 7),
    ]

    func taken(_ step: JournalHistory.Step) -> String? {
        if case .take(let entry, _) = step { return entry.name }
        return nil
    }

    @Test func undoTakesTheLatestStandingOperationOfTheFolder() {
        let history = JournalHistory(Self.entries, scope: Self.here)
        #expect(history.listed.map(\.name) == ["op-1", "op-3", "op-4"])
        #expect(taken(history.step(undo: true, number: nil, shown: { $0 })) == "op-3")
        #expect(taken(history.step(undo: false, number: nil, shown: { $0 })) == "op-4")
        // N counts the list, newest first.
        #expect(taken(history.step(undo: true, number: 3, shown: { $0 })) == "op-1")
        guard case .refused(let message) = history.step(undo: true, number: 1, shown: { $0 }) else { Issue.record("not refused"); return }
        #expect(message == "operation 1, 'tick done 2', is undone already; 'tick redo 1' applies it again")
        guard case .refused(let beyond) = history.step(undo: true, number: 4, shown: { $0 }) else { Issue.record("not refused"); return }
        #expect(beyond == "there is no operation 4 to undo: 'tick undo --list' shows 3")
    }

    @Test func nothingHereNamesTheLatestElsewhere() {
        let history = JournalHistory([Self.entries[1]], scope: Self.here)
        guard case .refused(let message) = history.step(undo: true, number: nil, shown: { "~" + $0 }) else { Issue.record("not refused"); return }
        #expect(message == "nothing to undo in ~/notes; the latest operation elsewhere is \"tick add 'b'\" (~/work/TODO.md): add -f ~/work/TODO.md, or --all")
        guard case .nothing = JournalHistory([], scope: Self.here).step(undo: true, number: nil, shown: { $0 }) else { Issue.record("not nothing"); return }
        // By number, of an empty list: the same.
        guard case .refused(let numbered) = history.step(undo: true, number: 1, shown: { "~" + $0 }) else { Issue.record("not refused"); return }
        #expect(numbered == message)
        #expect(history.emptyList(shown: { "~" + $0 })
                == "no operations to undo in ~/notes; the latest operation elsewhere is \"tick add 'b'\" (~/work/TODO.md): add -f ~/work/TODO.md, or --all")
        #expect(JournalHistory([], scope: Self.here).emptyList(shown: { $0 }) == "no operations to undo")
        // An agent's list names no other edit: they are not its to take back.
        let agent = JournalHistory(Self.entries, scope: JournalHistory.Scope(place: .all, agent: "s9"))
        #expect(agent.emptyList(shown: { $0 }).hasPrefix("no operations of this agent to undo here"))
        // Numbers start at 1.
        guard case .refused = JournalHistory(Self.entries, scope: Self.here).step(undo: true, number: 0, shown: { $0 }) else { Issue.record("0 taken"); return }
    }

    @Test func anAgentStepsOverOtherEdits() {
        let entries = Self.entries + [Self.entry("op-5", "tick add c", paths: ["/notes/TODO.md"], agent: "s1")]
        let agent = JournalHistory(entries, scope: JournalHistory.Scope(place: .all, agent: "s1"))
        #expect(taken(agent.step(undo: true, number: nil, shown: { $0 })) == "op-5")
        let other = JournalHistory(entries, scope: JournalHistory.Scope(place: .all, agent: "s2"))
        guard case .refused(let message) = other.step(undo: true, number: nil, shown: { $0 }) else { Issue.record("not refused"); return }
        #expect(message.hasPrefix("nothing to undo: this agent has made no edit here"))
    }

    @Test func theLaterEditOfAFileIsNamedWithItsNumber() {
        let history = JournalHistory(Self.entries, scope: Self.here)
        let later = history.laterEdit(after: Self.entries[0], of: Array("/notes/TODO.md".utf8))
        #expect(later?.command == "'tick done 1'" && later?.number == 2)
    }

    @Test func theListIsNumberedNewestFirst() {
        let history = JournalHistory(Self.entries, scope: Self.here)
        let text = String(decoding: history.list(style: .plain, time: { _ in "T" }, shown: { $0 }).bytes, as: UTF8.self)
        #expect(text == """
            1  T  (undone) tick done 2  · /notes/TODO.md (1 task)
            2  T  tick done 1  · /notes/TODO.md (1 task)
            3  T  tick add a  · /notes/TODO.md (1 task)

            """)
    }
}
