import Foundation
import Testing
@testable import TickCore

/// The three dialects of task fields (tick(5), DIALECTS): what each reads as, and how edits
/// write them back.
@Suite struct DialectTests {
    let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// Each field as (kind, dialect, value).
    func fields(_ text: String) -> [String] {
        let bytes = Array(text.utf8)[...]
        return TaskFields(bytes).fields.map { "\($0.kind.rawValue) \($0.dialect.rawValue) \(TaskFields.value($0, in: bytes))" }
    }

    @Test func readsEveryDialect() {
        #expect(fields("Pay rent due:2026-12-01 t:2026-11-20 rec:+1m created:2026-11-01")
                == ["due tick 2026-12-01", "start tick 2026-11-20", "recurrence tick +1m", "created tick 2026-11-01"])
        #expect(fields("(A) Call mom") == ["priority tick A"])
        #expect(fields("Rent 🔁 every month ➕ 2024-06-10 📅 2024-07-01")
                == ["recurrence obsidian every month", "created obsidian 2024-06-10", "due obsidian 2024-07-01"])
        #expect(fields("Feed the cat ⏫ ⏳ 2024-06-01 🛫 2024-05-30 ✅ 2024-06-02 ❌ 2024-06-03")
                == ["priority obsidian ⏫", "scheduled obsidian 2024-06-01", "start obsidian 2024-05-30",
                    "done obsidian 2024-06-02", "cancelled obsidian 2024-06-03"])
        #expect(fields("Emoji with a selector 📅\u{FE0F} 2024-01-01") == ["due obsidian 2024-01-01"])
        #expect(fields("Inline [due:: 2026-11-25] (scheduled:: 2026-11-20) [priority:: high] [repeat:: every week] [completion:: 2026-11-21]")
                == ["due dataview 2026-11-25", "scheduled dataview 2026-11-20", "priority dataview high",
                    "recurrence dataview every week", "done dataview 2026-11-21"])
        #expect(fields("Inline field due:: 2026-11-23") == ["due dataview 2026-11-23"])
        // Not fields: inside code, in a URL, an unknown key, a time.
        #expect(fields("Run `due:2026-01-01` at 12:30 see https://x.y/due:1 and foo:bar").isEmpty)
    }

    /// Obsidian Tasks reads its emoji fields from the end of the text back, passing tags and a
    /// block link among them, and tick reads them as it does: a field that other text follows
    /// (prose, or a field of another dialect) is text, kept apart as unread. Found in corpus
    /// 014 and 011, where reading them anywhere made `reopen` cut "✅ 2026-07-18" out of a
    /// sentence and "✅  Collect" out of another, and `done` write emoji dates into the file.
    @Test func obsidianFieldsAreReadOnlyAtTheEnd() {
        func unread(_ text: String) -> [String] {
            let bytes = Array(text.utf8)[...]
            return TaskFields(bytes).unread.map { "\($0.kind.rawValue) \(TaskFields.value($0, in: bytes))" }
        }
        #expect(fields("Rent 🔁 every month ➕ 2024-06-10 📅 2024-07-01 #bills ^abc1 ")
                == ["recurrence obsidian every month", "created obsidian 2024-06-10", "due obsidian 2024-07-01"])
        #expect(fields("Rent #bills 📅 2024-07-01 #home") == ["due obsidian 2024-07-01"])
        #expect(fields("**Doc** — ✅ 2026-07-18 rebuilt by hand").isEmpty)
        #expect(unread("**Doc** — ✅ 2026-07-18 rebuilt by hand") == ["done 2026-07-18"])
        #expect(fields("2024-03-22 16:28 ✅  Collect $ for Hulu").isEmpty)
        #expect(fields("Pay 📅 2026-11-20 (call first)").isEmpty)
        #expect(fields("Pay 📅 2026-11-20.") == ["due obsidian 2026-11-20."])
        // A field of another dialect after it is text to Obsidian Tasks; before it, nothing.
        #expect(fields("Pay 📅 2026-11-20 due:2026-12-01") == ["due tick 2026-12-01"])
        #expect(fields("Pay ⏫ [due:: 2026-12-01]") == ["due dataview 2026-12-01"])
        #expect(fields("(A) Pay due:2026-12-01 ⏫ ⏳ 2026-11-30")
                == ["priority tick A", "due tick 2026-12-01", "priority obsidian ⏫", "scheduled obsidian 2026-11-30"])
        // Only the fields after the last text are read.
        #expect(fields("a ⏫ b 📅 2026-12-01 ✅ 2026-12-02") == ["due obsidian 2026-12-01", "done obsidian 2026-12-02"])
        #expect(unread("a ⏫ b 📅 2026-12-01 ✅ 2026-12-02") == ["priority ⏫"])
        // A wiki link to a daily note is not a date: the marker is text, as the link is.
        #expect(fields("Call 📅 [[2026-11-25]]").isEmpty && unread("Call 📅 [[2026-11-25]]") == ["due [[2026-11-25]]"])
        #expect(unread("Call ⏫ 📅 [[2026-11-25]]") == ["priority ⏫", "due [[2026-11-25]]"])
        #expect(fields("Notes 📅 [[2026-11-25]] 📅 2026-12-01") == ["due obsidian 2026-12-01"])
        // A block link is letters, digits and `-`: with other bytes it is text, and the
        // fields before it are too.
        #expect(fields("Pay 📅 2026-11-25 ^a_b").isEmpty && fields("Pay 📅 2026-11-25 ^a-1 ") == ["due obsidian 2026-11-25"])
        // In the parse: no due, no kinds (the unread one is noted, for lint), no usage.
        let document = Document("- [x] **Doc** — ✅ 2026-07-18 rebuilt\n- [ ] Pay 📅 2026-11-20 (call first)\n")
        #expect(document.tasks.map(\.due) == [nil, nil])
        #expect(document.tasks.allSatisfy { $0.fieldKinds.holdsUnread && !$0.fieldKinds.hasDate })
        #expect(!document.fieldUsage.records(.done) && !document.fieldUsage.records(.due))
    }

    /// Obsidian Tasks reads a task as its first line: the fields that end it are read
    /// whatever the lines the paragraph wraps onto say (a description, a lazy line), a rule
    /// ends with the line, and lint finds nothing unread; the parse's due date is theirs. On a
    /// later line, fields that text follows stay text.
    @Test func theFirstLineOfAWrappedTaskEndsItsObsidianFields() throws {
        let today = CivilDate(year: 2026, month: 11, day: 29)!
        for text in ["- [ ] call mom 📅 2026-12-01 🔁 every week\nabout the visit\n",
                     "- [ ] call mom 📅 2026-12-01 🔁 every week\n  about the visit\n  and more\n",
                     "> - [ ] call mom 📅 2026-12-01 🔁 every week  \n> about the visit\n"] {
            ReferenceBuilderTests.agree(Array(text.utf8), text)
            let document = Document(text)
            let task = try #require(document.tasks.first)
            let fields = document.fields(of: task)
            #expect(task.due == CivilDate(year: 2026, month: 12, day: 1), "\(text)")
            let rule = try #require(fields.first(.recurrence), "\(text)")
            #expect(TaskFields.value(rule, in: document.textBytes(of: task)) == "every week", "\(text)")
            #expect(fields.unread.isEmpty, "\(text)")
            #expect(Linter.lint(document, today: today).allSatisfy { $0.rule != .unreadField }, "\(text)")
        }
        let later = Document("- [ ] call mom\n  about 📅 2026-12-01 the visit\n  and more\n")
        #expect(later.tasks[0].due == nil && later.fields(of: later.tasks[0]).unread.count == 1)
    }

    /// A task whose text wraps: an Obsidian field at the end of a line ends the text when each
    /// line after it holds only Obsidian fields, tags and block links. Random wrapped tasks of
    /// such pieces and of words agree with the reference builder (which asks it of every line
    /// after each, where the engine goes from the last line back once); the parse's due date
    /// is the one the joined text reads; a due date set on each reads back, with every other
    /// field read as before. (A rule, `🔁 every week`, and a marker with no value, `📅`, are
    /// left out here: in the joined text their value runs on over the line break, where line
    /// by line it ends with the line, as for a code span that runs over one.)
    @Test func wrappedTasksReadTheirEndAsOneText() throws {
        let pieces = ["word", "📅 2026-12-01", "✅ 2026-12-02", "⏫", "#tag", "^id1", "due:2026-12-03", "[start:: 2026-12-04]",
                      "text.", "⏳ 2026-12-05"]
        var random = SeededGenerator(seed: 5)
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        var read = 0, unreadSeen = 0
        for _ in 0..<3_000 {
            var text = "- [ ] first"
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                text += Int.random(in: 0..<3, using: &random) == 0 ? "\n  " : " "
                text += pieces.randomElement(using: &random)!
            }
            text += "\n"
            ReferenceBuilderTests.agree(Array(text.utf8), text)
            let document = Document(text)
            let task = try #require(document.tasks.first)
            let fields = document.fields(of: task)
            read += fields.fields.count
            unreadSeen += fields.unread.count
            // The parse's due is the first the text reads.
            #expect(task.due == fields.date(.due, in: document.textBytes(of: task)), "\(text)")
            for dialect in TaskField.Dialect.allCases {
                guard let splices = try? TaskEdits.setDue(task, to: today, in: document, dialect: dialect),
                      EditCheck.firstChangedLine(splices, in: document) == nil else { continue }
                let dated = Document(bytes: document.applying(splices))
                let datedTask = try #require(dated.tasks.first)
                #expect(datedTask.due == today, "\(text) \(dialect)")
                let after = dated.fields(of: datedTask)
                #expect(after.fields.filter { $0.kind != .due }.count == fields.fields.filter { $0.kind != .due }.count,
                        "\(text) \(dialect): another field's reading changed")
            }
        }
        // Both outcomes are drawn often.
        #expect(read > 3_000 && unreadSeen > 1_000, "\(read) \(unreadSeen)")
        // A word that is not an Obsidian field, written on the last line, would make the ⏫
        // that ends the line above it text: refused, and nothing written. The first line ends
        // the task as Obsidian Tasks reads it, whatever follows: its ⏫ stays read.
        let mixed = Document("- [ ] Pay\n  due:2026-12-01 t:2026-11-01 ⏫\n  #home\n")
        #expect(mixed.tasks.count == 1 && mixed.fields(of: mixed.tasks[0]).first(.priority) != nil)
        #expect(throws: EditError.self) {
            try TaskEdits.setField(.done, of: mixed.tasks[0], to: Array("2026-11-26".utf8), in: mixed, dialect: .tick)
        }
        let first = Document("- [ ] Pay due:2026-12-01 t:2026-11-01 ⏫\n  #home\n")
        let done = try TaskEdits.setField(.done, of: first.tasks[0], to: Array("2026-11-26".utf8), in: first, dialect: .tick)
        let written = Document(bytes: first.applying(done))
        #expect(String(decoding: written.bytes, as: UTF8.self) == "- [ ] Pay due:2026-12-01 t:2026-11-01 ⏫\n  #home done:2026-11-26\n")
        #expect(written.fields(of: written.tasks[0]).first(.priority) != nil)
        // A rule that ends a line, with a word on the next: the 📅 above it is read line by
        // line (the rule ends its line), and the engine agrees with the reference.
        ReferenceBuilderTests.agree(Array("- [ ] a 📅\n  🔁 every week\n  ⏳ 2026-12-05\n".utf8), "a rule that ends a line")
    }

    /// The usage counted during the parse is what reading every task's fields again gives.
    @Test(arguments: Paths.allInputs + [Paths.fixtures.appendingPathComponent("dialects")].flatMap { Paths.files(in: $0, suffix: ".md") })
    func fieldUsageCountedDuringTheParse(_ url: URL) throws {
        let document = Document(bytes: try bytes(of: url))
        var counts: [TaskField.Dialect: Int] = [:]
        var kinds: Set<TaskField.Kind> = []
        for task in document.tasks {
            for field in document.fields(of: task).fields {
                counts[field.dialect, default: 0] += 1
                kinds.insert(field.kind)
            }
        }
        let usage = document.fieldUsage
        for kind in TaskField.Kind.allCases { #expect(usage.records(kind) == kinds.contains(kind), "\(kind)") }
        if let most = counts.values.max() {
            #expect(counts[usage.dialect()] == most)
        } else {
            #expect(usage.dialect(fallback: .dataview) == .dataview)
        }
    }

    /// Every Obsidian Tasks marker is read as its kind, with or without the emoji selector.
    @Test func everyEmojiMarkerIsRead() {
        // 📅 📆 🗓 due, ⏳ ⌛ scheduled, 🛫 start, ➕ created, ✅ done, ❌ cancelled, 🔁 recurrence,
        // 🔺 ⏫ 🔼 🔽 ⏬ priority, 🆔 id, ⛔ depends on, as Obsidian Tasks' documentation lists them.
        let markers: [([UInt8], TaskField.Kind)] = [
            ([0xF0, 0x9F, 0x93, 0x85], .due), ([0xF0, 0x9F, 0x93, 0x86], .due), ([0xF0, 0x9F, 0x97, 0x93], .due),
            ([0xE2, 0x8F, 0xB3], .scheduled), ([0xE2, 0x8C, 0x9B], .scheduled), ([0xF0, 0x9F, 0x9B, 0xAB], .start),
            ([0xE2, 0x9E, 0x95], .created), ([0xE2, 0x9C, 0x85], .done), ([0xE2, 0x9D, 0x8C], .cancelled),
            ([0xF0, 0x9F, 0x94, 0x81], .recurrence), ([0xF0, 0x9F, 0x94, 0xBA], .priority), ([0xE2, 0x8F, 0xAB], .priority),
            ([0xF0, 0x9F, 0x94, 0xBC], .priority), ([0xF0, 0x9F, 0x94, 0xBD], .priority), ([0xE2, 0x8F, 0xAC], .priority),
            ([0xF0, 0x9F, 0x86, 0x94], .id), ([0xE2, 0x9B, 0x94], .dependsOn), ([0xF0, 0x9F, 0x8F, 0x81], .onCompletion),
        ]
        for (marker, kind) in markers {
            for selector in [[], [0xEF, 0xB8, 0x8F] as [UInt8]] {
                // A value, where the field takes one (a priority has none, and text after it
                // would make it text: Obsidian Tasks reads its fields only at the end).
                let value = kind == .priority ? "" : kind == .recurrence ? " every day" : " 2026-01-02"
                let text = Array("Task ".utf8) + marker + selector + Array(value.utf8)
                let fields = TaskFields(text[...])
                #expect(fields.fields.map(\.kind) == [kind], "\(String(decoding: marker, as: UTF8.self)) \(selector)")
            }
        }
        // 🏁 takes one word, and the fields before it are read (they were text before it).
        let ending = TaskFields(Array("water 🔁 every week 🏁 delete 📅 2026-11-20".utf8)[...])
        #expect(ending.fields.map(\.kind) == [.recurrence, .onCompletion, .due] && ending.unread.isEmpty)
        #expect(TaskFields(Array("a [onCompletion:: keep]".utf8)[...]).fields.map(\.kind) == [.onCompletion])
        // Letters of other scripts (lead bytes 0xE3 and up) hold no marker.
        #expect(TaskFields(Array("買い物リスト 2026-01-02 항목".utf8)[...]).fields.isEmpty)
    }

    /// A file the due-date prefilter rules out holds no due (or scheduled) date in any
    /// dialect; every way of writing one is seen.
    @Test func dueDatePrefilterMissesNone() throws {
        let inputs = Paths.allInputs + Paths.files(in: Paths.fixtures.appendingPathComponent("dialects"), suffix: ".md")
        var ruledOut = 0
        for url in inputs {
            let bytes = try bytes(of: url)
            guard !TaskFields.mayHoldDate(bytes, scheduled: true) else { continue }
            ruledOut += 1
            let document = Document(bytes: bytes)
            #expect(document.tasks.allSatisfy { $0.due == nil && document.fields(of: $0).first(.scheduled) == nil }, "\(url.lastPathComponent)")
        }
        #expect(ruledOut > 0)
        for (text, scheduled) in [("- [ ] a due:2026-01-02", false), ("- [ ] a DUE:2026-01-02", false), ("- [ ] a [due:: 2026-01-02]", false),
                                  ("- [ ] a 📅 2026-01-02", false), ("- [ ] a 📆 2026-01-02", false), ("- [ ] a 🗓 2026-01-02", false),
                                  ("- [ ] a ⏳ 2026-01-02", true), ("- [ ] a ⌛ 2026-01-02", true), ("- [ ] a Scheduled:2026-01-02", true),
                                  ("- [ ] a [scheduled:: 2026-01-02]", true)] {
            let bytes = Array(text.utf8)
            #expect(TaskFields.mayHoldDate(bytes, scheduled: true), "\(text)")
            #expect(TaskFields.mayHoldDate(bytes, scheduled: false) == !scheduled, "\(text)")
            let document = Document(bytes: bytes)
            let task = try #require(document.tasks.first)
            #expect(task.due != nil || document.fields(of: task).first(.scheduled) != nil, "\(text) holds no date")
        }
        #expect(!TaskFields.mayHoldDate(Array("- [ ] buy milk\n- [x] dune\n".utf8), scheduled: true))
    }

    /// The prefilter against the plainest reading of what it looks for (each key with its
    /// colon and each marker tried at every offset), and against the parse (a task of the
    /// bytes that the prefilter rules out has no due or scheduled date), on random runs of the
    /// keys, their parts, colons, brackets, markers, cases and other bytes.
    @Test func dueDatePrefilterIsTheByteByByteOne() {
        let dueMarkers: [[UInt8]] = [[0xF0, 0x9F, 0x93, 0x85], [0xF0, 0x9F, 0x93, 0x86], [0xF0, 0x9F, 0x97, 0x93]]
        let scheduledMarkers: [[UInt8]] = [[0xE2, 0x8F, 0xB3], [0xE2, 0x8C, 0x9B]]
        func byteByByte(_ bytes: [UInt8], scheduled: Bool) -> Bool {
            func word(_ word: String, at index: Int) -> Bool {
                let letters = Array(word.utf8)
                return index + letters.count <= bytes.count && letters.indices.allSatisfy { bytes[index + $0] | 0x20 == letters[$0] | 0x20 }
            }
            func marker(_ marker: [UInt8], at index: Int) -> Bool { Array(bytes[index...].prefix(marker.count)) == marker }
            for index in bytes.indices {
                if word("due:", at: index) || (scheduled && word("scheduled:", at: index)) { return true }
                if dueMarkers.contains(where: { marker($0, at: index) }) { return true }
                if scheduled, scheduledMarkers.contains(where: { marker($0, at: index) }) { return true }
            }
            return false
        }
        let pieces: [[UInt8]] = [Array("due".utf8), Array("DuE".utf8), Array("du".utf8), Array("ue".utf8), Array("u".utf8),
                                 Array("scheduled".utf8), Array("SCHEDULE".utf8), Array("cheduled".utf8), Array("sched".utf8),
                                 Array(":".utf8), Array("::".utf8), Array("[".utf8), Array("]".utf8), Array("(".utf8),
                                 Array("2026-01-02".utf8), Array("`".utf8),
                                 [0xE2, 0x8F], [0xF0, 0x9F, 0x93], [0xE2, 0x9C, 0x85], [0xEF, 0xB8, 0x8F], [0x55], [0x75], [0x20], [0x20],
                                 Array("ab".utf8), Array("d".utf8), Array("e".utf8), Array("s".utf8)] + dueMarkers + scheduledMarkers
        var random = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            for scheduled in [false, true] {
                let passes = TaskFields.mayHoldDate(bytes, scheduled: scheduled)
                #expect(passes == byteByByte(bytes, scheduled: scheduled), "\(bytes) scheduled: \(scheduled)")
                guard !passes else { continue }
                let document = Document(bytes: Array("- [ ] ".utf8) + bytes)
                let task = document.tasks.first
                #expect(task?.due == nil && (!scheduled || task.map { document.fields(of: $0) }?.first(.scheduled) == nil), "\(bytes) scheduled: \(scheduled)")
            }
        }
        // Prose that says "due" without a key's colon is ruled out.
        #expect(!TaskFields.mayHoldDate(Array("- [ ] pay the rent, due on Friday\n".utf8), scheduled: true))
    }

    @Test func priorityIsOneScale() {
        func priority(_ text: String) -> Priority? { let bytes = Array(text.utf8)[...]; return TaskFields(bytes).priority(in: bytes) }
        #expect(priority("(A) x") == .highest && priority("(C) x") == .medium && priority("(F) x") == .lowest)
        #expect(priority("x 🔺") == .highest && priority("x 🔽") == .low && priority("x [priority:: high]") == .high)
        #expect(priority("x") == nil)
        #expect(Priority.highest < .medium && Priority.medium < .none && Priority.none < .low)
    }

    @Test func dueComesFromAnyDialectAndIsShownAsADate() {
        let document = Document("- [ ] Rent 🔁 every month 📅 2026-11-25\n- [ ] Tax [due:: 2026-11-20] now\n- [ ] Old due:: 2026-11-23\n- [ ] Bad 📅 2026-13-01\n")
        #expect(document.tasks.map(\.due?.description) == ["2026-11-25", "2026-11-20", "2026-11-23", nil])
        // An invalid date is not a due date: it stays in the text, where it can be seen.
        #expect(document.tasks.map { ListView.displayText($0, in: document) } == ["Rent 🔁 every month", "Tax now", "Old", "Bad 📅 2026-13-01"])
        #expect(document.dueValue(of: document.tasks[3]) == "2026-13-01")
    }

    func set(_ text: String, due: CivilDate?, dialect: TaskField.Dialect = .tick) throws -> String {
        let document = Document(text)
        return String(decoding: document.applying(try TaskEdits.setDue(document.tasks[0], to: due, in: document, dialect: dialect)), as: UTF8.self)
    }

    @Test func dueIsWrittenInTheTasksDialect() throws {
        let date = CivilDate(year: 2026, month: 11, day: 27)!
        #expect(try set("- [ ] Rent 🔁 every month ➕ 2024-06-10 📅 2024-07-01\n", due: date) == "- [ ] Rent 🔁 every month ➕ 2024-06-10 📅 2026-11-27\n")
        #expect(try set("- [ ] Tax [due:: 2026-11-20] now\n", due: date) == "- [ ] Tax [due:: 2026-11-27] now\n")
        #expect(try set("- [ ] Tax (due:: 2026-11-20)\n", due: date) == "- [ ] Tax (due:: 2026-11-27)\n")
        // A task without a due date: its other fields' dialect, else the file's.
        #expect(try set("- [ ] Rent ➕ 2024-06-10\n", due: date) == "- [ ] Rent ➕ 2024-06-10 📅 2026-11-27\n")
        #expect(try set("- [ ] Tax [created:: 2026-11-01]\n", due: date) == "- [ ] Tax [created:: 2026-11-01] [due:: 2026-11-27]\n")
        #expect(try set("- [ ] Plain\n", due: date, dialect: .obsidian) == "- [ ] Plain 📅 2026-11-27\n")
        #expect(try set("- [ ] Plain\n", due: date) == "- [ ] Plain due:2026-11-27\n")
        // An Obsidian rule ends the text and would read a word after it as its own (`every week
        // due` before the colon): the field goes before the Obsidian fields (found by the edits
        // fuzzer).
        #expect(try set("- [ ] Water t:2026-11-01 🔁 every week\n", due: date) == "- [ ] Water t:2026-11-01 due:2026-11-27 🔁 every week\n")
        #expect(try set("- [ ] Water 🔁 every week\n", due: date) == "- [ ] Water 🔁 every week 📅 2026-11-27\n")
        #expect(try set("- [ ] Water t:2026-11-01 x🔁 every week\n", due: date) == "- [ ] Water t:2026-11-01 x due:2026-11-27 🔁 every week\n")
        // Removing takes every due field, whatever its dialect.
        #expect(try set("- [ ] Both 📅 2026-11-20 due:2026-11-21\n", due: nil) == "- [ ] Both\n")
        #expect(try set("- [ ] Tax [due:: 2026-11-20] now\n", due: nil) == "- [ ] Tax now\n")
    }

    @Test func theFilesDialectIsItsMostUsed() {
        let usage = Document("- [ ] a 📅 2026-01-01\n- [ ] b ⏫\n- [ ] c due:2026-01-01 ✅ 2026-01-02\n").fieldUsage
        #expect(usage.dialect() == .obsidian && usage.records(.done) && !usage.records(.created))
        #expect(Document("- [ ] a\n").fieldUsage.dialect() == .tick)
        #expect(Document("- [ ] a\n").fieldUsage.dialect(fallback: .dataview) == .dataview)
    }

    /// A new field goes in the dialect the file writes that kind in; a kind it has none of,
    /// in the file's most used.
    @Test func aNewFieldFollowsItsKind() {
        let usage = Document("- [ ] a 📅 2026-12-01\n- [ ] b [priority:: high]\n- [ ] c [priority:: low]\n- [ ] d [priority:: high]\n").fieldUsage
        #expect(usage.dialect(for: .due) == .obsidian && usage.dialect(for: .priority) == .dataview)
        #expect(usage.dialect(for: .done) == .dataview && usage.dialect() == .dataview)
        // Tied: the first of tick, Obsidian, Dataview.
        #expect(Document("- [ ] a due:2026-12-01\n- [ ] b 📅 2026-12-01\n").fieldUsage.dialect(for: .due) == .tick)
        #expect(Document("- [ ] a\n").fieldUsage.dialect(for: .due, fallback: .obsidian) == .obsidian)
        // A kind past the counts' room would be counted in another's lanes.
        #expect(TaskField.Kind.allCases.count <= FieldUsage.kindCapacity)
    }

    @Test func urgencyGrowsWithAge() {
        let document = Document("- [ ] new ➕ 2026-11-21\n- [ ] old created:2025-06-01\n- [ ] ancient [created:: 2020-01-01]\n- [ ] undated\n")
        let scores = document.tasks.map { Urgency.of($0, in: document, today: today) }
        #expect(abs(scores[0] - scores[3] - 2.0 / 365) < 1e-9, "a day old")
        #expect(scores[1] - scores[3] == 2 && scores[2] - scores[3] == 2, "a year old or more: the full 2")
    }

    @Test func statusTypes() {
        let document = Document("- [ ] a\n- [x] b\n- [/] c\n- [-] d\n- [>] e\n- [~] f\n- [X] g\n")
        #expect(document.tasks.map(\.statusType) == [.todo, .done, .doing, .cancelled, .todo, .todo, .done])
        #expect(document.tasks.map(\.isClosed) == [false, true, false, true, false, false, true])
    }

    @Test func closedTasksAreNeverOverdue() {
        let document = Document("- [x] paid due:2026-11-01\n- [ ] late due:2026-11-01\n")
        let sources = [SourceDocument(path: "a.md", document: document)]
        var query = TaskQuery()
        query.statuses = nil
        let text = ListView.render(ViewItem.select(sources, query: query, today: today), in: sources, order: .file, today: today, style: .plain)
        #expect(text == "  1  [x] paid  due 2026-11-01\n  2  [ ] late  21 days overdue\n")
    }
}

/// The field scan that classes a text's bytes first (`FieldScanner.scan`) finds exactly the
/// fields the scan of every byte does, on random runs of keys, colons, values, spaces, tabs,
/// URLs, Dataview rules and the bytes that send a text to the full scan; and the classes
/// themselves are what the plain reading of their definitions says.
@Test func fieldScanByWordsIsTheByteByByteOne() {
    let pieces: [String] = ["due", "DUE", "t", "rec", "scheduled", "start", "repeat", "priority", "x", "ab_c", "a-b", "-", "_", "repeat:: ", "é",
                            ":", ":", "::", ": ", ":/", "//", "2026-11-25", "every week", "when done", "1", ".", ",",
                            " ", " ", " ", "\t", "  ", "(", ")", "[", "]", "`", "(A) ", "📅 ", "⏳", "#tag", "+p", "@c"]
    var random = SeededGenerator(seed: 21)
    var byClass = [0, 0, 0]
    for _ in 0..<40_000 {
        var text = ""
        for _ in 0..<Int.random(in: 0...14, using: &random) { text += pieces.randomElement(using: &random)! }
        var bytes = Array(text.utf8)
        let classed = bytes.withUnsafeBufferPointer { FieldScanner.scan($0, into: FieldList()).fields }
        let every = bytes.withUnsafeBufferPointer { buffer in
            var scanner = FieldScanner(sink: FieldList())
            scanner.scanByteByByte(buffer)
            return scanner.sink.fields
        }
        #expect(classed == every, "\(text)")
        let textBytes = bytes.withUnsafeBufferPointer { FieldScanner<FieldList>.TextBytes.of($0) }
        let special = bytes.contains { [0x28, 0x5B, 0x60, 0xE2, 0xF0].contains($0) }
        switch textBytes {
        case .any: #expect(special, "\(text)"); byClass[2] += 1
        case .wordsOnly: #expect(!special && bytes.contains(0x3A), "\(text)"); byClass[1] += 1
        case .noField: #expect(!special && !bytes.contains(0x3A) && every.isEmpty, "\(text)"); byClass[0] += 1
        }
        bytes.removeAll()
    }
    // Every class is drawn often.
    #expect(byClass.allSatisfy { $0 > 2_000 }, "\(byClass)")
}

/// Recurrence rules, and the task a recurring task becomes when it is done.
/// The bytes a field key is made of, held as two masks, are every byte the plain reading
/// names: ASCII letters, digits, `_` and `-`.
@Test func keyBytesAreLettersDigitsUnderscoreAndHyphen() {
    for value in 0...255 {
        let byte = UInt8(value)
        let plain = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0x30...0x39).contains(value)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        #expect(TaskFields.isKeyByte(byte) == plain, "byte \(value)")
    }
}

@Suite struct RecurrenceTests {
    let today = CivilDate(year: 2026, month: 11, day: 23)!  // a Monday
    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    /// Obsidian Tasks' documented rule forms, and todo.txt's `rec:`.
    @Test(arguments: [
        ("every day", "obsidian", "2026-11-25", "2026-11-26"),
        ("every 3 days", "obsidian", "2026-11-25", "2026-11-28"),
        ("every week", "obsidian", "2026-11-25", "2026-12-02"),
        ("every 2 weeks", "obsidian", "2026-11-25", "2026-12-09"),
        ("every monday", "obsidian", "2026-11-25", "2026-11-30"),
        ("every monday, friday", "obsidian", "2026-11-25", "2026-11-27"),
        ("every week on sunday", "obsidian", "2026-11-25", "2026-11-29"),
        ("every weekday", "obsidian", "2026-11-27", "2026-11-30"),
        ("every month", "obsidian", "2026-01-31", "2026-02-28"),
        ("every month on the 1st", "obsidian", "2026-11-25", "2026-12-01"),
        ("every month on the last", "obsidian", "2026-11-25", "2026-11-30"),
        ("every month on the last", "obsidian", "2026-11-30", "2026-12-31"),
        ("every month on the 15th", "obsidian", "2026-11-25", "2026-12-15"),
        ("every 3 months", "obsidian", "2026-11-25", "2027-02-25"),
        ("every year", "obsidian", "2028-02-29", "2029-02-28"),
        ("1w", "tick", "2026-11-25", "2026-12-02"),
        ("+2d", "tick", "2026-11-25", "2026-11-27"),
        ("1m", "tick", "2026-11-25", "2026-12-25"),
        ("3b", "tick", "2026-11-27", "2026-12-02"),
    ])
    func rules(_ rule: String, _ dialect: String, _ from: String, _ next: String) throws {
        let recurrence = try #require(Recurrence(rule, dialect: TaskField.Dialect(rawValue: dialect)!))
        #expect(recurrence.next(after: date(from))?.description == next, "\(rule) after \(from)")
    }

    @Test func whenDoneAndStrictness() {
        #expect(Recurrence("every week when done", dialect: .obsidian)?.whenDone == true)
        #expect(Recurrence("every week", dialect: .obsidian)?.whenDone == false)
        #expect(Recurrence("1w", dialect: .tick)?.whenDone == true)
        #expect(Recurrence("+1w", dialect: .tick)?.whenDone == false)
        #expect(Recurrence("every full moon", dialect: .obsidian) == nil)
    }

    /// A rule in Obsidian Tasks' standard words (`group by recurrence`), whatever its dialect.
    @Test(arguments: [
        ("every Sunday", "obsidian", "every week on Sunday"), ("every 2 weeks", "obsidian", "every 2 weeks"),
        ("every weekday", "obsidian", "every weekday"), ("every monday and friday", "obsidian", "every week on Monday, Friday"),
        ("every month on the 22nd", "obsidian", "every month on the 22nd"), ("every month on the 11th", "obsidian", "every month on the 11th"),
        ("every month on the last", "obsidian", "every month on the last"), ("every year when done", "obsidian", "every year when done"),
        ("1w", "tick", "every week when done"), ("+3d", "tick", "every 3 days"), ("2b", "tick", "every 2 weekdays when done"),
    ])
    func ruleText(_ rule: String, _ dialect: String, _ text: String) throws {
        #expect(try #require(Recurrence(rule, dialect: TaskField.Dialect(rawValue: dialect)!)).text == text)
    }

    func next(_ line: String) -> String? {
        let document = Document(line + "\n")
        switch NextOccurrence.of(document.tasks[0], in: document, today: today, dialect: .tick) {
        case .lines(let lines)?: return lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        case .unknown(let why)?: return "unknown: " + why
        case nil: return nil
        }
    }

    /// A task whose fields wrap onto the next line (corpus 011) repeats with both lines.
    @Test func aWrappedTaskRepeatsWithItsLines() {
        #expect(next("- [ ] Pay water bill\n  🔁 every month 📅 2026-11-20") == "- [ ] Pay water bill\n  🔁 every month 📅 2026-12-20")
        #expect(next("- [ ] Rent due:2026-11-20\n\tsplit with Sam rec:+1m") == "- [ ] Rent due:2026-12-20\n\tsplit with Sam rec:+1m")
    }

    /// A block link (`^id`) names one line: the done task keeps it, the next one has none.
    @Test func theNextTaskHasNoBlockLink() {
        #expect(next("- [ ] Water 🔁 every week 📅 2026-11-20 ^plants") == "- [ ] Water 🔁 every week 📅 2026-11-27")
        #expect(next("- [ ] Water 🔁 every week 📅 2026-11-20 ^plants  ") == "- [ ] Water 🔁 every week 📅 2026-11-27  ")
        // Alone on a wrapped line, the line goes with it (left blank, it would end the text).
        #expect(next("- [ ] Water 🔁 every week\n  📅 2026-11-20\n  ^plants") == "- [ ] Water 🔁 every week\n  📅 2026-11-27")
        // Among the fields (Obsidian reads a link only at the end; tick passes it there).
        #expect(next("- [ ] Water 🔁 every day ^abc 📅 2026-11-25") == "- [ ] Water 🔁 every day 📅 2026-11-26")
        #expect(next("- [ ] Pills 🔁 every day #health ^pl 📅 2026-11-25 #daily") == "- [ ] Pills 🔁 every day #health 📅 2026-11-26 #daily")
        // Not a link: no space before it, or other bytes in it.
        #expect(next("- [ ] Rent x^y rec:+1w due:2026-11-20") == "- [ ] Rent x^y rec:+1w due:2026-11-27")
        #expect(next("- [ ] Rent rec:+1w due:2026-11-20 ^a_b") == "- [ ] Rent rec:+1w due:2026-11-27 ^a_b")
    }

    @Test func theNextTaskMovesEveryDateWithTheRule() {
        #expect(next("- [ ] Rent 🔁 every month ⏳ 2026-11-20 📅 2026-11-25") == "- [ ] Rent 🔁 every month ⏳ 2026-12-20 📅 2026-12-25")
        // When done: from today; the other dates keep their distance to the due date.
        #expect(next("- [ ] Water 🔁 every week when done ⏳ 2026-11-20 📅 2026-11-22") == "- [ ] Water 🔁 every week when done ⏳ 2026-11-28 📅 2026-11-30")
        // Done and cancelled dates go; a created date becomes today; the status opens.
        #expect(next("- [x] Pay [repeat:: every 2 weeks] [due:: 2026-11-20] [created:: 2026-11-01] [completion:: 2026-11-21]")
                == "- [ ] Pay [repeat:: every 2 weeks] [due:: 2026-12-04] [created:: 2026-11-23]")
        #expect(next("- [ ] Plain rec:+1w due:2026-11-23 t:2026-11-20") == "- [ ] Plain rec:+1w due:2026-11-30 t:2026-11-27")
        // No date: from the day it is done, and the next one is due then, in the task's dialect.
        #expect(next("- [ ] Nothing to repeat from 🔁 every week") == "- [ ] Nothing to repeat from 🔁 every week 📅 2026-11-30")
        #expect(next("- [ ] Run 30 minutes rec:1d") == "- [ ] Run 30 minutes rec:1d due:2026-11-24")
        #expect(next("- [ ] Pay [repeat:: every month]") == "- [ ] Pay [repeat:: every month] [due:: 2026-12-23]")
        #expect(next("- [ ] Not recurring due:2026-11-23") == nil)
    }

    @Test func fingerprintsIgnoreDatesAndTheSpacesTheyLeave() {
        let document = Document("- [ ] Pay rent due:2026-11-23\n- [x] Pay rent ✅ 2026-11-23 📅 2026-11-20\n- [ ] Pay  rent\n- [ ] Pay rent now\n")
        let prints = document.tasks.map { TaskFingerprint.of($0, in: document) }
        #expect(prints[0] == prints[1] && prints[1] == prints[2] && prints[2] != prints[3])
    }
}
