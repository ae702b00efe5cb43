import Foundation
import Testing
@testable import TickCore

/// Task files in the dialects people use read as their authors mean them: each task's status
/// type, dates, priority and recurrence, as the file's own conventions (and, for 025, the
/// status set it documents) give them. Checked on the quirk fixtures, and on the real files of
/// `TICK_CORPUS` when it is set (files found by their number, `009-`, in either folder).
@Suite struct FileMeaningTests {
    static let folders = [Paths.fixtures.appendingPathComponent("quirks")] + (Paths.corpus.map { [$0] } ?? [])
    let today = CivilDate(year: 2026, month: 11, day: 23)!

    func document(_ prefix: String, in folder: URL, statuses: StatusSet = .default) throws -> Document {
        let url = try #require(Paths.files(in: folder, suffix: ".md").first { $0.lastPathComponent.hasPrefix(prefix) }, "\(folder.path)/\(prefix)")
        return Document(bytes: try bytes(of: url), statuses: statuses)
    }

    func task(_ text: String, in document: Document) throws -> Task {
        try #require(document.tasks.first { document.text(of: $0).hasPrefix(text) }, "no task '\(text)'")
    }

    func date(_ kind: TaskField.Kind, of task: Task, in document: Document) -> String? {
        document.fields(of: task).date(kind, in: document.textBytes(of: task))?.description
    }

    func rule(of task: Task, in document: Document) -> String? {
        document.fields(of: task).first(.recurrence).map { TaskFields.value($0, in: document.textBytes(of: task)) }
    }

    /// 009: `[~]` is its author's "in progress": open work by default, doing once configured.
    @Test(arguments: folders) func tildeInProgress(_ folder: URL) throws {
        let plain = try document("009-", in: folder)
        let tilde = plain.tasks.filter { $0.status == .other("~") }
        #expect(tilde.count == 5 && tilde.allSatisfy { $0.statusType == .todo && !$0.isClosed })
        var set = StatusSet()
        set.set("~", to: .doing)
        let configured = try document("009-", in: folder, statuses: set)
        #expect(configured.tasks.filter { $0.statusType == .doing }.map(configured.text(of:)) == ["edit", "settings", "task view", "settings view", "documentation website"])
        #expect(try task("init", in: configured).statusType == .done)
    }

    /// 011: Obsidian Tasks' emoji fields at the end of the text; Kanban's wiki-link dates are not ISO dates.
    @Test(arguments: folders) func obsidianKanban(_ folder: URL) throws {
        let document = try document("011-", in: folder)
        let rent = try task("Rent", in: document)
        #expect(date(.due, of: rent, in: document) == "2024-07-01" && date(.created, of: rent, in: document) == "2024-06-10" && rule(of: rent, in: document) == "every month")
        let mobile = try task("T-Mobile", in: document)
        #expect(date(.due, of: mobile, in: document) == "2024-06-15" && rule(of: mobile, in: document) == "every month")
        let converted = try task("Convert to individual plan", in: document)
        #expect(converted.statusType == .done && date(.done, of: converted, in: document) == "2024-06-10")
        #expect(converted.due == nil, "🗓️ [[2024-07-08]] is a link, not a date Obsidian Tasks reads")
        #expect(try task("1Password Renews", in: document).due == CivilDate(iso: "2025-06-08"))
    }

    /// 022: one real recurring task (the fenced ones are examples); done, it moves a week on.
    @Test(arguments: folders) func obsidianRecurrence(_ folder: URL) throws {
        let document = try document("022-", in: folder)
        #expect(document.tasks.map(document.text(of:)) == ["Example weekly task 🔁 every week 📅 2025-01-07"])
        let weekly = document.tasks[0]
        #expect(rule(of: weekly, in: document) == "every week" && weekly.due == CivilDate(iso: "2025-01-07"))
        let next = NextOccurrence.of(weekly, in: document, today: today, dialect: .obsidian)
        #expect(next == .lines([Array("- [ ] Example weekly task 🔁 every week 📅 2025-01-14".utf8)]))
        // The fenced examples' rules are rules tick reads.
        for example in ["every week on Sunday", "every month on 1st", "every 3 months"] {
            #expect(Recurrence(example, dialect: .obsidian) != nil, "\(example)")
        }
    }

    /// 023: todo.txt's `(A)`–`(D)` at the start of the text, on tick's one priority scale.
    @Test(arguments: folders) func todoTxtPriorities(_ folder: URL) throws {
        let document = try document("023-", in: folder)
        func priority(_ text: String) throws -> Priority? {
            let task = try task(text, in: document)
            return document.fields(of: task).priority(in: document.textBytes(of: task))
        }
        #expect(try priority("(A) This one is important") == .highest)
        #expect(try priority("(B) You're probably reading") == .high)
        #expect(try priority("(C) This one has been delegated") == .medium)
        #expect(try priority("(D) Review it") == .low)
        #expect(try task("(B) This is an example", in: document).statusType == .done)
    }

    /// 025: a theme vault's statuses, with the meanings its own text gives them.
    @Test(arguments: folders) func themeVaultStatuses(_ folder: URL) throws {
        let plain = try document("025-", in: folder)
        #expect(try task("- canceled", in: plain).statusType == .cancelled)
        #expect(try task("> deferred/forwarded", in: plain).statusType == .todo, "by default any other character is work to do")
        #expect(!plain.tasks.contains { plain.text(of: $0).hasPrefix("`R` for review") }, "a letter is no status unless configured")
        let config = try ProjectConfig(parsing: """
            [statuses]
            "<" = "todo"       # scheduling
            ">" = "cancelled"  # deferred or forwarded: closed, not done
            "X" = "cancelled"  # Sanctum: failure
            "1" = "done"       # success
            "W" = "done"       # win
            "R" = "todo"       # review
            "!" = "todo"
            "?" = "todo"
            """)
        let configured = try document("025-", in: folder, statuses: config.statuses)
        #expect(try task("> deferred/forwarded", in: configured).statusType == .cancelled)
        #expect(try task("`1` for Success", in: configured).statusType == .done)
        #expect(try task("`R` for review", in: configured).statusType == .todo)
        let failure = try task("`X` for failure", in: configured)
        #expect(failure.statusType == .cancelled && failure.status == .other("X"))
        #expect(try task("x complete/done", in: configured).statusType == .done)
        // fmt keeps the failure's [X]; without the status set it writes [x].
        #expect(Formatter.format(configured).bytes.split(separator: 0x0A).contains { $0.elementsEqual("\t- [X] `X` for failure".utf8) })
        #expect(Formatter.format(plain).bytes.split(separator: 0x0A).contains { $0.elementsEqual("\t- [x] `X` for failure".utf8) })
        #expect(configured.serialized() == plain.serialized())
    }
}
