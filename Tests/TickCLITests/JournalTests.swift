import Foundation
import Testing

/// `tick undo` and `tick redo` walk the journal across files, restoring every byte at every step.
@Suite struct JournalTests {
    /// `undo --list` shows each command as typed, quoted for the shell: pasted back, it is the
    /// same command (a `\` in it stays one).
    @Test func theListShowsCommandsAsTyped() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Someday/Maybe\n\n- [ ] x\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        #expect(try TickProcess.run(["add", "-g", "Someday\\/Maybe", "learn piano"], in: folder.url, environment: state).status == 0)
        let list = try TickProcess.run(["undo", "--list"], in: folder.url, environment: state)
        #expect(list.stdout.contains("tick add -g 'Someday\\/Maybe' 'learn piano'"), "\(list.stdout)")
    }

    struct Snapshot: Equatable {
        let a: Data?
        let b: Data?
    }

    /// Random operations on two files (one created by `archive --to` on the way), then undo all
    /// the way back and redo all the way forward: each step gives back the exact bytes of the
    /// state it returns to.
    @Test(arguments: [1, 2, 3])
    func undoAndRedoRestoreEveryByte(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        let a = try folder.write("a.md", "# Inbox\r\n\r\n- [ ] one\r\n- [x] two\r\n  - [ ] two.a\r\n- [ ] three")
        let b = folder.url.appendingPathComponent("b.md")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func snapshot() -> Snapshot { Snapshot(a: FileManager.default.contents(atPath: a.path), b: FileManager.default.contents(atPath: b.path)) }
        var random = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        var states = [snapshot()]
        for step in 0..<14 {
            let file = next(3) == 0 && FileManager.default.fileExists(atPath: b.path) ? "b.md" : "a.md"
            let operations: [[String]] = [
                ["done", "-f", file, "--all", "--yes"], ["reopen", "-f", file, "--all", "--yes"],
                ["add", "-f", file, "task \(step)"], ["add", "-f", file, "--top", "first \(step)"],
                ["rm", "-f", file, "--yes", "task"], ["archive", "-f", "a.md", "--to", "b.md"],
                ["fmt", file], ["star", "-f", file, "--all", "--yes"],
            ]
            let arguments = operations[next(operations.count)]
            let result = try TickProcess.run(arguments, in: folder.url, environment: state)
            if result.status == 0, snapshot() != states.last! { states.append(snapshot()) }
        }
        try #require(states.count >= 4, "too few operations changed anything")
        for expected in states.dropLast().reversed() {
            let undo = try TickProcess.run(["undo"], in: folder.url, environment: state)
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(snapshot() == expected, "undo: \(undo.stdout)")
        }
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: state).stderr == "tick: nothing to undo\n")
        for expected in states.dropFirst() {
            let redo = try TickProcess.run(["redo"], in: folder.url, environment: state)
            #expect(redo.status == 0, "\(redo.stderr)")
            #expect(snapshot() == expected, "redo: \(redo.stdout)")
        }
    }

    /// `archive --to` is one operation over two files: undo restores the source and removes the
    /// file it created; `-f` picks the latest operation on one file; a new edit ends redo.
    /// A record a kill or a full disk cut short (its meta never written, or a change record
    /// that does not decode) is left out with one warning: every other operation stays
    /// undoable, and the next edit, a minute on, removes the remains.
    @Test func aRecordCutShortLeavesTheOthersUndoable() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# H\n\n- [ ] a\n- [ ] x\n\n# Other\n\n- [ ] z\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        _ = try tick(["add", "-g", "Other", "b"])
        _ = try tick(["done", "x"])
        _ = try tick(["star", "a"])
        let journal = folder.url.appendingPathComponent(".state/tick/journal")
        let operations = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix("op-") }.sorted()
        try #require(operations.count == 3)
        // The second: killed before its meta; the third: a change record cut in half.
        try FileManager.default.removeItem(at: journal.appendingPathComponent(operations[1]).appendingPathComponent("meta"))
        let change = journal.appendingPathComponent(operations[2]).appendingPathComponent("change-000001")
        try Data(try Data(contentsOf: change).prefix(10)).write(to: change)
        let list = try tick(["undo", "--list"])
        #expect(list.status == 0 && list.stdout.contains("tick add -g Other b") && !list.stdout.contains("tick star a"), "\(list.stdout)")
        #expect(list.stderr.hasPrefix("tick: warning: the undo record ") && list.stderr.contains("(and 1 more) is damaged"), "\(list.stderr)")
        let undo = try tick(["undo", "1"])
        #expect(undo.status == 0 && undo.stdout.hasPrefix("undid 'tick add -g Other b'"), "\(undo.stdout)\(undo.stderr)")
        // With only damaged records left, why there is nothing to undo is one line.
        let nothing = try tick(["undo"])
        #expect(nothing.status == 2 && nothing.stderr.hasPrefix("tick: nothing to undo: the undo record ")
                && nothing.stderr.split(separator: "\n").count == 1, "\(nothing.stderr)")
        // Remains older than a minute go with the next edit.
        for name in operations.dropFirst() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: journal.appendingPathComponent(name).path)
        }
        _ = try tick(["add", "d"])
        let left = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix("op-") }
        #expect(!left.contains(operations[1]), "\(left)")
    }

    /// `kill -9` in the middle of an operation's record (its `meta` written, its file change
    /// not): `undo --list` and `undo` of the operations before it still work, the cut record is
    /// said once, and an operation made after the kill is undone exactly.
    @Test func aKillInTheJournalWriteLeavesUndoWorking() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# H\n\n- [ ] a\n\n# Other\n\n- [ ] b\n- [ ] c\n")
        let environment = ["TICK_TODAY": "2026-11-22", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments + ["-f", file.path], environment: environment) }
        #expect(try tick(["star", "a"]).status == 0)
        let pause = folder.url.appendingPathComponent("paused").path
        let process = Process()
        process.executableURL = TickProcess.binary
        process.arguments = ["done", "c", "-f", file.path]
        process.environment = environment.merging(["TICK_TEST_PAUSE_IN_JOURNAL": pause]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<1000 where access(pause, F_OK) != 0 { usleep(10_000) }
        try #require(access(pause, F_OK) == 0, "the edit reached its journal write")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect((try String(contentsOf: file, encoding: .utf8)) == "# H\n\n- [ ] * a\n\n# Other\n\n- [ ] b\n- [x] c\n")
        let list = try tick(["undo", "--list"])
        #expect(list.status == 0 && list.stdout.contains("tick star a") && !list.stdout.contains("tick done c"), "\(list.stdout)\(list.stderr)")
        #expect(list.stderr.split(separator: "\n").count <= 1, "\(list.stderr)")
        // The operation before the cut record is undone; the killed edit's change stays.
        let undo = try tick(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("tick star a"), "\(undo.stdout)\(undo.stderr)")
        #expect((try String(contentsOf: file, encoding: .utf8)) == "# H\n\n- [ ] a\n\n# Other\n\n- [ ] b\n- [x] c\n")
        #expect(try tick(["add", "d"]).status == 0)
        let again = try tick(["undo"])
        #expect(again.status == 0 && again.stdout.contains("tick add"), "\(again.stdout)\(again.stderr)")
        #expect((try String(contentsOf: file, encoding: .utf8)) == "# H\n\n- [ ] a\n\n# Other\n\n- [ ] b\n- [x] c\n")
    }

    /// Each file of a folder's `fmt` costs the same however many the operation (or the journal)
    /// already holds: four times the files take about four times as long (not sixteen, as a
    /// record that looked through the operation's other records would), and a second run over
    /// a journal holding the first takes no longer than it.
    @Test func formattingAFolderIsLinearInItsFiles() throws {
        let folder = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func timed(_ count: Int, _ name: String) throws -> Double {
            for index in 0..<count { try folder.write("\(name)/n\(index).md", "# A\n- [ ] x   \n") }
            return try TickProcess.seconds {
                let result = try TickProcess.run(["fmt", name], in: folder.url, environment: state)
                #expect(result.status == 0, "\(result.stderr.prefix(200))")
            }
        }
        let (linear, small, large) = try TickProcess.growsLessThan(8, small: { try timed(200, "a") }, large: { try timed(800, "b") })
        #expect(linear, "200 files: \(small) s, 800: \(large) s")
        let (again, first, second) = try TickProcess.growsLessThan(2, small: { try timed(800, "c") }, large: { try timed(800, "c") })
        #expect(again, "800 files again: \(second) s, first \(first) s")
    }

    /// Removing n done tasks (`archive --to`, `archive`, `rm --done`) costs about n, the echo
    /// of every task and the journal record included: twelve times the tasks take about twelve
    /// times as long, well under the 144 of a cost per task that grows with n.
    @Test(arguments: [["archive", "--to", "ARCHIVE.md"], ["archive"], ["rm", "--done"]])
    func removingDoneTasksIsLinear(_ command: [String]) throws {
        let folder = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func timed(_ count: Int) throws -> Double {
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("ARCHIVE.md"))
            try folder.write("TODO.md", "# Work\n\n" + (0..<count).map { "- [x] task \($0) done:2026-11-01\n" }.joined() + "- [ ] open\n")
            let seconds = try TickProcess.seconds {
                let result = try TickProcess.run(command + ["--yes"], in: folder.url, environment: state)
                #expect(result.status == 0, "\(result.stderr.prefix(200))")
            }
            let work = try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8).components(separatedBy: "# Done")[0]
            #expect(!work.contains("- [x]"), "the done tasks left Work")
            return seconds
        }
        let (linear, small, large) = try TickProcess.growsLessThan(18, small: { try timed(4_000) }, large: { try timed(48_000) })
        #expect(linear, "\(command.joined(separator: " ")): 4,000 tasks \(small) s, 48,000: \(large) s")
    }

    @Test func archiveToIsOneOperation() throws {
        let folder = try TemporaryDirectory()
        let text = "# Inbox\n\n- [x] done one\n- [ ] open\n"
        let source = try folder.write("TODO.md", text)
        let other = try folder.write("other.md", "- [ ] it's x\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick(["archive", "--to", "ARCHIVE.md"]).status == 0)
        #expect(try tick(["done", "-f", "other.md", "it's x"]).status == 0)
        let list = try tick(["undo", "--list"])
        #expect(list.stdout.contains("tick done -f other.md 'it'\\''s x'  · other.md (1 task)"), "\(list.stdout)")
        #expect(list.stdout.contains("tick archive --to ARCHIVE.md  · ARCHIVE.md (1 task), TODO.md"), "\(list.stdout)")
        let undo = try tick(["undo", "-f", "TODO.md"])
        #expect(undo.stdout == "undid 'tick archive --to ARCHIVE.md' (ARCHIVE.md removed, TODO.md)\n", "\(undo.stdout)\(undo.stderr)")
        #expect(try String(contentsOf: source, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ARCHIVE.md").path))
        #expect(try String(contentsOf: other, encoding: .utf8) == "- [x] it's x\n", "the other file's later edit stands")
        #expect(try tick(["redo"]).stdout == "redid 'tick archive --to ARCHIVE.md' (ARCHIVE.md created, TODO.md)\n")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ARCHIVE.md").path))
        #expect(try tick(["undo"]).status == 0)
        #expect(try tick(["add", "new"]).status == 0)
        #expect(try tick(["redo"]).stderr.hasPrefix("tick: nothing to redo"))
    }

    /// `archive --to` killed between its two writes leaves the tasks in both files (nothing is
    /// lost), and `tick undo` takes its first write back; every other operation stays undoable.
    @Test func archiveToKilledBetweenItsWritesIsUndone() throws {
        let folder = try TemporaryDirectory()
        let text = "# Inbox\n\n- [x] done one\n- [ ] open\n"
        let source = try folder.write("TODO.md", text)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick(["add", "before"]).status == 0)
        let pause = folder.url.appendingPathComponent("paused")
        let (process, _) = try TickProcess.start(["archive", "--to", "ARCHIVE.md"], in: folder.url,
                                                 environment: state.merging(["TICK_TEST_PAUSE_BEFORE_WRITE": pause.path]) { $1 })
        for write in 1...2 {
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: pause.path), Date() < deadline { usleep(2_000) }
            try #require(FileManager.default.fileExists(atPath: pause.path), "tick never paused before write \(write)")
            if write == 2 { kill(process.processIdentifier, SIGKILL) }
            try FileManager.default.removeItem(at: pause)
            while write == 1, FileManager.default.fileExists(atPath: pause.path) { usleep(1_000) }
        }
        process.waitUntilExit()
        let archive = folder.url.appendingPathComponent("ARCHIVE.md")
        #expect(try String(contentsOf: archive, encoding: .utf8) == "# Done\n\n## Inbox\n\n- [x] done one\n")
        #expect(try String(contentsOf: source, encoding: .utf8) == text + "- [ ] before\n")
        let undo = try tick(["undo"])
        #expect(undo.stdout == "undid 'tick archive --to ARCHIVE.md' (ARCHIVE.md removed)\n", "\(undo.stdout)\(undo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: archive.path))
        #expect(try tick(["undo"]).stdout == "undid 'tick add before' (TODO.md)\n")
        #expect(try String(contentsOf: source, encoding: .utf8) == text)
    }

    /// `tick undo N` reverts the operation on line N of `tick undo --list` alone, keeping the
    /// newer ones, so a refused undo does not block the older ones; `tick redo N` applies an
    /// undone one again.
    @Test func anOperationIsUndoneByItsNumber() throws {
        let folder = try TemporaryDirectory()
        let text = "# A\n\n- [ ] one\n- [ ] two\n- [ ] three\n- [ ] four\n- [ ] five\n- [ ] six\n- [ ] seven\n"
        let file = try folder.write("TODO.md", text)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        func contents() throws -> String { try String(contentsOf: file, encoding: .utf8) }
        for arguments in [["done", "-f", "TODO.md", "9"], ["done", "-f", "TODO.md", "3"], ["star", "-f", "TODO.md", "4"]] {
            #expect(try tick(arguments).status == 0)
        }
        let list = try tick(["undo", "--list"]).stdout
        #expect(list.split(separator: "\n").map { $0.prefix(3) } == ["1  ", "2  ", "3  "] && list.contains("  tick done -f TODO.md 9  "), "\(list)")
        #expect(try tick(["undo", "--list", "--json"]).stdout.contains("{\"number\":2,"))
        // The newest is refused (a line next to it changed by hand): it says how to reach the others.
        try (try contents()).replacingOccurrences(of: "- [ ] three", with: "- [ ] three (edited)").write(to: file, atomically: false, encoding: .utf8)
        let refused = try tick(["undo"])
        #expect(refused.status == 2 && refused.stderr.contains("'tick undo N' takes another, leaving this one as it is"), "\(refused.stderr)")
        let second = try tick(["undo", "3"])
        #expect(second.stdout == "undid 'tick done -f TODO.md 9' (TODO.md); the file's other changes are kept\n", "\(second.stdout)\(second.stderr)")
        #expect(try contents() == "# A\n\n- [x] one\n- [ ] * two\n- [ ] three (edited)\n- [ ] four\n- [ ] five\n- [ ] six\n- [ ] seven\n")
        #expect(try tick(["undo", "--list"]).stdout.contains("3  2026-") && (try tick(["undo", "--list"]).stdout.contains("(undone) tick done -f TODO.md 9")))
        let again = try tick(["undo", "3"])
        #expect(again.status == 2 && again.stderr == "tick: operation 3, 'tick done -f TODO.md 9', is undone already; 'tick redo 3' applies it again\n", "\(again.stderr)")
        #expect(try tick(["undo", "4"]).stderr == "tick: there is no operation 4 to undo: 'tick undo --list' shows 3\n")
        #expect(try tick(["redo", "1"]).stderr == "tick: operation 1, 'tick star -f TODO.md 4', is not undone; nothing to redo\n")
        #expect(try tick(["undo", "0"]).status == 2)
        #expect(try tick(["redo", "3"]).status == 0)
        #expect(try contents() == "# A\n\n- [x] one\n- [ ] * two\n- [ ] three (edited)\n- [ ] four\n- [ ] five\n- [ ] six\n- [x] seven\n")
    }

    /// `undo -n` and `redo -n` print the lines the step changes, not the whole file.
    @Test func aStepsDiffIsTheLinesItChanges() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] d\n- [ ] e\n- [ ] f\n- [ ] g\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick(["done", "-q", "f"]).status == 0)
        let diff = try tick(["undo", "-n"]).stdout
        #expect(diff == "--- a/TODO.md\n+++ b/TODO.md\n@@ -5,5 +5,5 @@\n - [ ] c\n - [ ] d\n - [ ] e\n-- [x] f\n+- [ ] f\n - [ ] g\n", "\(diff)")
    }

    /// A command that holds single quotes of its own is named in double quotes: the message
    /// reads as the command was typed, not as quotes within quotes.
    @Test func aQuotedCommandIsNamedInDoubleQuotes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Work\n\n- [ ] a\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        func tick(_ arguments: [String]) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder.url, environment: state) }
        #expect(try tick(["add", "ship docs", "-g", "Work"]).status == 0)
        #expect(try tick(["undo"]).stdout == "undid \"tick add 'ship docs' -g Work\" (TODO.md)\n")
        #expect(try tick(["redo"]).stdout == "redid \"tick add 'ship docs' -g Work\" (TODO.md)\n")
    }

    /// Undo steps through this folder's operations (its git work tree, or the file tick edits
    /// here): a second undo in one project does not revert another project's edit, and says
    /// how to reach it.
    @Test func undoStaysInThisFolder() throws {
        let top = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": top.url.appendingPathComponent(".state").path]
        let a = top.url.appendingPathComponent("a"), b = top.url.appendingPathComponent("b")
        for folder in [a, b] { try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true) }
        try FileManager.default.createDirectory(at: a.appendingPathComponent(".git"), withIntermediateDirectories: false)
        try top.write("a/TODO.md", "- [ ] a1\n")
        try top.write("b/TODO.md", "- [ ] b1\n")
        func tick(_ arguments: [String], in folder: URL) throws -> TickProcess.Result { try TickProcess.run(arguments, in: folder, environment: state) }
        #expect(try tick(["add", "a2"], in: a).status == 0)
        #expect(try tick(["add", "b2"], in: b).status == 0)
        // From a subfolder of the repository: its operation.
        #expect(try tick(["undo"], in: a.appendingPathComponent("sub")).stdout.hasPrefix("undid 'tick add a2'"))
        let elsewhere = try tick(["undo"], in: a)
        #expect(elsewhere.status == 2 && elsewhere.stderr.contains("the latest operation elsewhere is 'tick add b2'")
                && elsewhere.stderr.hasSuffix("b/TODO.md, or --all\n"), "\(elsewhere.stderr)")
        #expect(try String(contentsOf: b.appendingPathComponent("TODO.md"), encoding: .utf8) == "- [ ] b1\n- [ ] b2\n")
        #expect(try tick(["undo", "--list"], in: a).stdout.contains("(undone) tick add a2"))
        #expect(!(try tick(["undo", "--list"], in: a).stdout.contains("b2")))
        let all = try tick(["undo", "--all"], in: a).stdout
        #expect(all.hasPrefix("undid 'tick add b2' (") && all.hasSuffix("b/TODO.md)\n"), "\(all)")
        // TICK_FILE is this folder's file wherever it is.
        let named = try TickProcess.run(["redo"], in: top.url, environment: state.merging(["TICK_FILE": b.appendingPathComponent("TODO.md").path]) { $1 })
        #expect(named.stdout == "redid 'tick add b2' (b/TODO.md)\n", "\(named.stdout)\(named.stderr)")
        // An edit in one project leaves another project's redo.
        #expect(try tick(["add", "b3"], in: b).status == 0)
        let redo = try tick(["redo"], in: a)
        #expect(redo.stdout.hasPrefix("redid 'tick add a2'"), "\(redo.stdout)\(redo.stderr)")
    }

    /// A git work tree inside a plain folder is another project: undo in the folder passes
    /// over its operations.
    @Test func aNestedRepositoryIsAnotherProject() throws {
        let home = try TemporaryDirectory()
        let state = ["XDG_STATE_HOME": home.url.appendingPathComponent(".state").path]
        let project = home.url.appendingPathComponent("proj")
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try home.write("TODO.md", "- [ ] home task\n")
        try home.write("proj/TODO.md", "- [ ] proj task\n")
        #expect(try TickProcess.run(["done", "home task"], in: home.url, environment: state).status == 0)
        #expect(try TickProcess.run(["done", "proj task"], in: project, environment: state).status == 0)
        let undo = try TickProcess.run(["undo"], in: home.url, environment: state)
        #expect(undo.stdout == "undid \"tick done 'home task'\" (TODO.md)\n", "\(undo.stdout)\(undo.stderr)")
        #expect(try String(contentsOf: project.appendingPathComponent("TODO.md"), encoding: .utf8) == "- [x] proj task\n")
    }

    /// The journal keeps TICK_UNDO_KEEP operations, and a record of a small edit of a large
    /// file is small.
    @Test func theJournalIsBoundedAndSmall() throws {
        let folder = try TemporaryDirectory()
        let big = (0..<20000).map { "- [ ] task \($0)\n" }.joined()
        try folder.write("TODO.md", big)
        let state = folder.url.appendingPathComponent(".state")
        let environment = ["XDG_STATE_HOME": state.path, "TICK_UNDO_KEEP": "3"]
        for number in 0..<5 { #expect(try TickProcess.run(["done", "task 1000\(number)"], in: folder.url, environment: environment).status == 0) }
        let journal = state.appendingPathComponent("tick/journal")
        let operations = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix("op-") }
        #expect(operations.count == 3)
        for operation in operations {
            let size = try FileManager.default.attributesOfItem(atPath: journal.appendingPathComponent(operation + "/change-000001").path)[.size] as? Int
            #expect((size ?? .max) < 500, "a one-task edit of a \(big.utf8.count)-byte file is recorded in \(size ?? -1) bytes")
        }
    }

    /// The journal's size limit holds with the newest record in it: room is made before it is
    /// written (the journal grew to the limit plus the newest record), and an operation of
    /// several files is not pruned while it is written.
    @Test func theJournalStaysWithinItsSize() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n\n" + (0..<60).map { "- [ ] task number \($0)\n" }.joined())
        let state = folder.url.appendingPathComponent(".state")
        let limit = 6_000
        let environment = ["XDG_STATE_HOME": state.path, "TICK_TEST_JOURNAL_LIMIT": String(limit)]
        let journal = state.appendingPathComponent("tick/journal")
        func journalSize() throws -> (bytes: Int, operations: Int) {
            let operations = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix("op-") }
            var bytes = 0
            for operation in operations {
                let folder = journal.appendingPathComponent(operation)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                    bytes += (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0
                }
            }
            return (bytes, operations.count)
        }
        var largest = 0
        for step in 0..<8 {
            let before = (try? FileManager.default.contentsOfDirectory(atPath: journal.path))?.count ?? 0
            let result = try TickProcess.run([step % 2 == 0 ? "done" : "reopen", "--all", "--yes"], in: folder.url, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let (bytes, operations) = try journalSize()
            largest = max(largest, bytes)
            #expect(bytes <= limit && operations >= 1, "step \(step): \(bytes) bytes in \(operations) operations (\(before) before)")
        }
        #expect(largest > limit / 2, "the records are too small to reach the limit")
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: environment).status == 0, "the newest operation is kept")
    }
}

/// The question before a bulk or destructive edit, as a person sees it in a terminal (tmux).
@Suite(.serialized) struct ConfirmationTests {
    static let tmux = "/usr/bin/tmux"

    /// Runs tmux through the shell with its output in a file: the server it starts must not
    /// hold the test's pipes open.
    static func tmux(_ arguments: [String]) throws -> String {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        // Every descriptor past 2 is closed first: one another test's process left open would
        // be kept by the tmux server, and this run would wait for it to close as long as the
        // server lives (the session's tick waits for an answer that then never comes).
        let closing = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; "
        _ = try TickProcess.run(["-c", closing + "exec \(tmux) \(quoted) >'\(output.path)' 2>&1 </dev/null"],
                                executable: URL(fileURLWithPath: "/bin/bash"))
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// Runs `command` in a fresh tmux session, types `answer` once the question shows, and
    /// returns the screen.
    /// `meanwhile` runs once the question shows, before the answer (another program at work).
    static func answer(_ command: String, with answer: String, in folder: URL, meanwhile: () throws -> Void = {}) throws -> String {
        let session = "tick-\(UUID().uuidString.prefix(8))"
        let state = folder.appendingPathComponent(".state").path
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "120", "-y", "30", "-c", folder.path,
                      "env TICK_TODAY=2026-11-22 XDG_STATE_HOME=\(state) NO_COLOR=1 timeout --foreground 20 \(TickProcess.binary.path) \(command); echo EXIT=$?; sleep 30"])
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        var screen = ""
        for _ in 0..<100 where !screen.contains("[y/N]") {
            usleep(50_000)
            screen = try tmux(["capture-pane", "-p", "-t", session])
        }
        try meanwhile()
        _ = try tmux(["send-keys", "-t", session, answer, "Enter"])
        for _ in 0..<100 where !screen.contains("EXIT=") {
            usleep(50_000)
            screen = try tmux(["capture-pane", "-p", "-t", session])
        }
        return screen
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: tmux)))
    func askShowsTheTasksAndTakesTheAnswer() throws {
        let folder = try TemporaryDirectory()
        let example = try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)
        let file = try folder.write("TODO.md", example)
        let no = try Self.answer("rm 5", with: "n", in: folder.url)
        #expect(no.contains("Delete 1 task and the 2 subtasks under it? [y/N]") && no.contains("  5  [/] Paint the fence @weekend  1/2\n  6    [ ] Buy primer  today\n  7    [x] Sand the boards"), "\(no)")
        #expect(no.contains("tick: nothing changed") && no.contains("EXIT=2"), "\(no)")
        #expect(try String(contentsOf: file, encoding: .utf8) == example)
        let yes = try Self.answer("done --all --group Home", with: "y", in: folder.url)
        #expect(yes.contains("Mark 5 tasks done? [y/N]"), "\(yes)")
        #expect(yes.contains("done 3 [x] * Renew passport") && yes.contains("EXIT=0"), "\(yes)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("- [x] Buy primer"))
        // group rm shows what goes, as rm does.
        let group = try Self.answer("group rm Home", with: "n", in: folder.url)
        #expect(group.contains("Remove group 'Home' with 7 tasks? [y/N]") && group.contains("3  [x] * Renew passport") && group.contains("Home / Groceries"), "\(group)")
        #expect(group.contains("EXIT=2"), "\(group)")
    }

    /// A yes is for the tasks shown: a file another program changed while tick asked is left
    /// as that program wrote it (the number would now name another task).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: tmux)))
    func aFileChangedWhileAskingIsNotEdited() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "# A\n- [ ] Milk\n  - [ ] Skim\n- [ ] Eggs\n")
        let rewritten = "# A\n- [ ] Pay taxes\n  - [ ] receipts\n- [ ] Milk\n  - [ ] Skim\n- [ ] Eggs\n"
        let screen = try Self.answer("rm 2", with: "y", in: folder.url) { try Data(rewritten.utf8).write(to: file) }
        #expect(screen.contains("Delete 1 task and the 1 subtask under it? [y/N]") && screen.contains("changed while tick asked") && screen.contains("EXIT=2"),
                "\(screen)")
        #expect(try String(contentsOf: file, encoding: .utf8) == rewritten)
    }
}
