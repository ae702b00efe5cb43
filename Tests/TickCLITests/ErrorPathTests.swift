import Foundation
import Testing
import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Every way tick can fail, walked end to end: each prints exactly one line on stderr, starting
/// with `tick:` and saying what is wrong and where; nothing on stdout; exit status 2 (tick(1),
/// EXIT STATUS); and the file keeps every byte. A guard checks that each error case declared in
/// the sources has a row here, so a new error cannot go untested.
@Suite struct ErrorPathTests {
    /// The `--json` reference block of `Pay rent` (dates left out).
    static let rentReference: String = {
        let document = Document("# Bills\n\n- [ ] Pay rent due:2026-12-01\n")
        return TaskFingerprint.short(TaskFingerprint.block(document.tasks[0], in: document))
    }()

    static let todo = """
        # Home

        - [ ] buy milk
        - [ ] buy bread
        - [x] call mom

        # Work

        - [ ] report due:2026-11-20

        """

    struct Row: CustomTestStringConvertible, Sendable {
        /// The error cases this row reaches, as `Type.case`.
        let covers: [String]
        let arguments: [String]
        var file = ErrorPathTests.todo
        var environment: [String: String] = [:]
        /// Runs before tick, in the folder (the file is `TODO.md`).
        var prepare: @Sendable (URL) throws -> Void = { _ in }
        /// Text the one line must contain.
        let says: String

        var testDescription: String { covers.joined(separator: ", ") }
    }

    static let rows: [Row] = [
        Row(covers: ["TickError.cannotRead"], arguments: ["done", "1", "-f", "nothing.md"], says: "nothing.md: no such file"),
        Row(covers: ["TickError.noTodoFile"], arguments: ["list"], prepare: { try FileManager.default.removeItem(at: $0.appendingPathComponent("TODO.md")) },
            says: "no TODO.md (nor todo.md, TASKS.md, ...) in"),
        Row(covers: ["TickError.usage", "UsageError.unknownCommand"], arguments: ["lsit"], says: "unknown command 'lsit'; did you mean 'list'? (see 'tick --help')"),
        Row(covers: [], arguments: ["-v"], says: "unknown command '-v'; did you mean '--version'?"),
        Row(covers: [], arguments: ["--help", "dne"], says: "unknown command 'dne'; did you mean 'done'?"),
        Row(covers: [], arguments: ["init", "README"], says: "README is not a Markdown or text file by its name (.md, .markdown, .txt)"),
        Row(covers: [], arguments: ["init", "newdir/"], says: "cannot create newdir/TODO.md: there is no folder newdir"),
        Row(covers: [], arguments: ["done", "1-0"], says: "TODO.md: '1-0' is no range: line numbers start at 1"),
        Row(covers: [], arguments: ["done", "--with-subtasks", "1"], file: "- [ ] parent\n  - [ ] s1\n  - [ ] s2\n",
            says: "TODO.md: there is no terminal to ask 'Mark 3 tasks done?'; add --yes to go ahead"),
        Row(covers: ["UsageError.unknownOption"], arguments: ["list", "--colour"], says: "unknown option '--colour'"),
        Row(covers: ["UsageError.missingValue"], arguments: ["add", "x", "--due"], says: "option '--due' needs a value"),
        Row(covers: ["UsageError.optionAsValue"], arguments: ["archive", "--to", "--yes"],
            says: "option '--to' needs a value, and '--yes' is an option; for a value spelled so, write '--to=--yes'"),
        Row(covers: [], arguments: ["add", "x", "-g", "-q"],
            says: "option '-g' needs a value, and '-q' is an option; for a value spelled so, write '--group=-q'"),
        Row(covers: [], arguments: ["board", "-w", "9999999999999"],
            says: "invalid value '9999999999999' for '--width': expected a number of columns from 1 to 2000"),
        Row(covers: [], arguments: ["add", "x", "-g=Work"],
            says: "invalid value '=Work' for '-g': expected -g Work or --group=Work (a short option takes no '=')"),
        Row(covers: [], arguments: ["group", "add"], says: "missing group name (\"\" for an untitled one)"),
        Row(covers: [], arguments: ["group", "rename", "Home"], says: "missing the new group name"),
        Row(covers: ["UsageError.unexpectedValue"], arguments: ["list", "--all=yes"], says: "option '--all' takes no value"),
        Row(covers: ["UsageError.invalidValue"], arguments: ["list", "--sort", "size"], says: "invalid value 'size' for '--sort'"),
        Row(covers: ["UsageError.unexpectedOperand"], arguments: ["undo", "1", "extra"], says: "unexpected argument 'extra'"),
        Row(covers: ["UsageError.optionNeedsOption"], arguments: ["undo", "-n", "--json"], says: "option '--json' goes with '--list'"),
        Row(covers: ["UsageError.missingOperand"], arguments: ["done"], says: "missing"),
        Row(covers: ["TickError.invalidToday"], arguments: ["today"], environment: ["TICK_TODAY": "2026-13-01"],
            says: "TICK_TODAY='2026-13-01' is not a date"),
        Row(covers: ["TickError.invalidSetting"], arguments: ["done", "3"], environment: ["TICK_LOCK_TIMEOUT": "5s"],
            says: "TICK_LOCK_TIMEOUT='5s' is not a number of seconds up to 86400, such as 10 or 0.5"),
        Row(covers: [], arguments: ["list"], environment: ["TICK_LOCK_TIMEOUT": "0x10"], says: "TICK_LOCK_TIMEOUT='0x10' is not a number of seconds"),
        Row(covers: [], arguments: ["list"], environment: ["TICK_UNDO_KEEP": "0"],
            says: "TICK_UNDO_KEEP='0' is not a whole number of operations from 1 to 10000"),
        Row(covers: [], arguments: ["list"], environment: ["TICK_JOBS": "-1"], says: "TICK_JOBS='-1' is not a whole number of threads from 1 to 256"),
        Row(covers: ["TickError.cannotWrite"], arguments: ["done", "3"],
            prepare: { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: $0.appendingPathComponent("TODO.md").path) },
            says: "TODO.md: cannot write: the file is read-only; the file is unchanged"),
        Row(covers: ["TickError.edit", "EditError.noSuchLine"], arguments: ["done", "99"], says: "TODO.md: line 99 is past the end of the file"),
        Row(covers: ["EditError.notATask"], arguments: ["done", "1"], says: "TODO.md: line 1 is not a task"),
        Row(covers: ["EditError.noMatch"], arguments: ["done", "zebra"], says: "TODO.md: no task matches 'zebra'"),
        Row(covers: ["EditError.wordsAreOneReference"], arguments: ["done", "milk", "call mom"],
            says: "TODO.md: no task matches 'milk call mom': words next to each other are one reference; 'milk' and 'call mom' each name a task, so give their lines: 3 5"),
        // An unset variable in a script (`tick rm "$TASK"`): an empty word is in every text.
        Row(covers: ["EditError.emptyReference"], arguments: ["rm", ""], file: "# A\n\n- [ ] only task\n",
            says: "TODO.md: an empty reference names no task; give a task's line number, a range such as 3-7, or words of its text"),
        Row(covers: [], arguments: ["done", " ", "\t"], file: "# A\n\n- [ ] only task\n", says: "TODO.md: an empty reference names no task"),
        Row(covers: [], arguments: ["add", "--after", "", "new"], file: "# A\n\n- [ ] only task\n", says: "TODO.md: an empty reference names no task"),
        Row(covers: ["EditError.ambiguous"], arguments: ["done", "buy"], says: "TODO.md: 'buy' matches 2 tasks (3 buy milk; 4 buy bread); use a line number"),
        Row(covers: ["EditError.invalidDate"], arguments: ["due", "3", "someday"], says: "TODO.md: 'someday' is not a date"),
        Row(covers: ["EditError.invalidFieldDate"], arguments: ["add", "report due:dec 15"], says: "TODO.md: 'dec' is not a date; a field's date is one word"),
        Row(covers: ["EditError.noSuchGroup"], arguments: ["move", "3", "--to", "Garden"], says: "TODO.md: no group 'Garden'"),
        Row(covers: ["EditError.ambiguousGroup"], arguments: ["group", "rm", "Later", "--yes"],
            file: "# Home\n\n## Later\n\n# Work\n\n## Later\n", says: "TODO.md: 'Later' names 2 groups"),
        Row(covers: ["EditError.cannotMove"], arguments: ["group", "move", "B", "--after", "C"], file: "# A\n\n## B\n\n- [ ] x\n\n# C\n",
            says: "TODO.md: there, 'B' (level 2) would be a subgroup of another group, not a group beside 'C' (level 1)"),
        Row(covers: ["EditError.invalidText"], arguments: ["edit", "3", "* shout"], says: "TODO.md: the task text cannot start with '* '"),
        Row(covers: ["EditError.unclosedIndentedBlock"], arguments: ["add", "new"], file: "Notes\n\n  ```\n- [ ] in the code\n",
            says: "TODO.md: the file ends in an indented code fence or HTML block that is never closed (line 3)"),
        Row(covers: ["EditError.changesLinesBelow"], arguments: ["edit", "1", "text"], file: "- [ ] \n\n    - [ ] in code\n",
            says: "TODO.md: the edit would change what the indented lines below line 1 are"),
        Row(covers: ["EditError.deletionChangesOtherLines"], arguments: ["rm", "1"], file: "-  - [ ] a\n    - [ ] b\n",
            says: "TODO.md: deleting the task on line 1 would change how the lines around it read"),
        // Moving the first task away makes the `---` rule below it open the file: with a `#`
        // line (a YAML comment) and another `---`, group A would become front matter.
        Row(covers: ["EditError.changesOtherLines"], arguments: ["move", "1", "--to", "B"], file: "- [ ] a\n---\n# A\n    code\n---\n# B\n",
            says: "TODO.md: the edit would change how line 3 reads (a task, heading or note there would change, appear or go), so nothing was written"),
        Row(covers: ["EditError.subtaskInNote"], arguments: ["note", "--clear", "a"],
            file: "# A\n\n- [ ] a\n\n  second para\n  - plain bullet\n    - [ ] nested in bullet\n  - [ ] sub\n- [ ] b\n",
            says: "TODO.md: the subtask on line 7 is nested in the note on line 6; without it the subtask would move, so nothing was cleared"),
        Row(covers: ["EditError.insideOpenBlock"], arguments: ["add", "--under", "1", "new"], file: "- [ ] a\n  ```\n  code\n",
            says: "TODO.md: the task's notes end in a code fence or HTML block that opens on line 2 and is not closed"),
        Row(covers: ["TickError.nothingToUndo"], arguments: ["undo"], says: "nothing to undo"),
        Row(covers: ["TickError.nothingToRedo"], arguments: ["redo"], says: "nothing to redo"),
        Row(covers: ["TickError.journalStale"], arguments: ["undo"], prepare: { folder in
            let result = try TickProcess.run(["done", "3"], in: folder, environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
            try #require(result.status == 0)
            let file = folder.appendingPathComponent("TODO.md")
            // The line after the task, edited in an editor: the undo would put back bytes next
            // to a change it cannot know the meaning of.
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "buy bread", with: "buy rye bread").write(to: file, atomically: false, encoding: .utf8)
        }, says: "TODO.md changed since 'tick done 3' in or next to the lines it changed, or both above and below them (another program or a later edit); nothing undone"),
        Row(covers: ["EditError.notListed"], arguments: ["done", "1"], prepare: { folder in
            try tick(["list"], in: folder)
            try tick(["add", "--top", "-g", "Home", "first"], in: folder)
        }, says: "TODO.md: line 1 was not in the last listing of this file, and lines have moved since"),
        Row(covers: ["EditError.notListedAfterOutsideChange"], arguments: ["done", "5"], prepare: { folder in
            try tick(["list"], in: folder)
            // Another program puts a line above the listed tasks: line 5 was 'call mom' when
            // listed and is 'buy bread' now, so the number means neither with certainty.
            let file = folder.appendingPathComponent("TODO.md")
            try ("- [ ] typed in an editor\n" + String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: false, encoding: .utf8)
        }, says: "TODO.md: line 5 was not in the last listing of this file, and another program has changed the file since"),
        Row(covers: ["EditError.listedTaskGone"], arguments: ["done", "3"], prepare: { folder in
            try tick(["list"], in: folder)
            try tick(["rm", "3"], in: folder)
        }, says: "TODO.md: the task the last listing showed on line 3 ('buy milk') is gone: removed by 'tick rm 3'"),
        Row(covers: ["EditError.listedTaskMoved"], arguments: ["done", "3"], prepare: { folder in
            try tick(["list"], in: folder)
            let file = folder.appendingPathComponent("TODO.md")
            // Another program adds a second task just like it: which one was listed is unknowable.
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "- [ ] buy milk\n", with: "- [ ] buy milk\n- [ ] buy milk\n").write(to: file, atomically: false, encoding: .utf8)
        }, says: "TODO.md: the file changed since the last listing showed 'buy milk' on line 3 (another program edited it), and that task cannot be found with certainty"),
        Row(covers: ["EditError.otherFileListed"], arguments: ["done", "3"], prepare: { folder in
            try "- [ ] elsewhere\n".write(to: folder.appendingPathComponent("other.md"), atomically: false, encoding: .utf8)
            try tick(["list", "other.md"], in: folder)
        }, says: "TODO.md: the last listing showed another file (other.md), so line 3 does not say which file; name it, as in other.md:3"),
        Row(covers: ["EditError.listedThroughLink"], arguments: ["done", "3", "-f", "TODO.md"], prepare: { folder in
            // TODO.md is a link when listed; then `sed -i` saves a file of its own in its place,
            // a line above the tasks: line 3 is not the 'buy milk' the listing showed.
            let file = folder.appendingPathComponent("TODO.md"), notes = folder.appendingPathComponent("notes.md")
            try FileManager.default.moveItem(at: file, to: notes)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "notes.md")
            try tick(["list"], in: folder)
            try FileManager.default.removeItem(at: file)
            try ("- [ ] inserted\n" + ErrorPathTests.todo).write(to: file, atomically: false, encoding: .utf8)
        }, says: "TODO.md: this name led to notes.md through a link when it was listed, and leads to another file now"),
        Row(covers: ["EditError.listingUnreadable"], arguments: ["done", "3"], prepare: { folder in
            try tick(["list"], in: folder)
            let state = folder.appendingPathComponent("state/tick")
            for name in try FileManager.default.contentsOfDirectory(atPath: state.path) where name.hasPrefix("listing-") && name != "listing-index" {
                try Data("damaged".utf8).write(to: state.appendingPathComponent(name))
            }
        }, says: "TODO.md: the last listing of this file cannot be read back from tick's state folder (damaged, removed, or not kept when it was made), so what line 3 showed is not known"),
        Row(covers: ["EditError.aliked"], arguments: ["done", "4@" + rentReference], file: "# Bills\n\n- [ ] Pay rent due:2026-11-01\n- [ ] Pay rent due:2026-12-01\n",
            prepare: { folder in
                // Another program puts a line above them: line 4 now holds November's.
                let file = folder.appendingPathComponent("TODO.md")
                try "# Bills\n\n- [ ] Water\n- [ ] Pay rent due:2026-11-01\n- [ ] Pay rent due:2026-12-01\n".write(to: file, atomically: false, encoding: .utf8)
            }, says: "TODO.md: reference 4@\(rentReference): 2 tasks are alike but for their dates (4 'Pay rent due:2026-11-01', 5 'Pay rent due:2026-12-01')"),
        Row(covers: ["EditError.staleReference"], arguments: ["done", "3@0123abcd"],
            says: "TODO.md: reference 3@0123abcd: the task on that line now ('buy milk') is not the one listed, or has changed since (its text, group, notes or subtasks), and no other task is the one listed"),
        Row(covers: ["EditError.staleReference"], arguments: ["done", "1@0123abcd"],
            says: "TODO.md: reference 1@0123abcd: no task is on that line now, and no other task is the one listed"),
        Row(covers: ["EditError.rangeForOneTask"], arguments: ["edit", "3-4", "new"],
            says: "TODO.md: '3-4' names the lines from 3 to 4; this takes one task: name it by its line or text"),
        Row(covers: ["EditError.reversedRange"], arguments: ["done", "4-3"],
            says: "TODO.md: '4-3' is a range written backwards; lines run from the lower number: 3-4"),
        Row(covers: ["EditError.noTaskInRange"], arguments: ["done", "1-2"],
            says: "TODO.md: no task on lines 1-2; 'tick list --all TODO.md' shows task line numbers"),
        Row(covers: ["TickError.refused"], arguments: ["add", "* shout"], says: "the task text cannot start with '* ', which marks a task important; use 'tick star', or --star when adding"),
        Row(covers: ["TickError.refused"], arguments: ["group", "rm", "Home"], says: "TODO.md: there is no terminal to ask 'Remove group 'Home' with 3 tasks?'; add --yes to go ahead"),
        Row(covers: ["EditError.containsNUL"], arguments: ["done", "1"], file: "- [ ] a\u{0}b\n", says: "TODO.md: contains NUL bytes"),
        Row(covers: ["EditError.unresolvedConflict"], arguments: ["done", "1"], file: "- [ ] a\n<<<<<<< ours\n- [ ] b\n=======\n- [x] b\n>>>>>>> theirs\n",
            says: "TODO.md: line 2 opens an unresolved merge conflict (<<<<<<< ... >>>>>>>); resolve it first"),
        Row(covers: [], arguments: ["add", "-f", "setup.py", "x"], prepare: { try Data("print(1)\n".utf8).write(to: $0.appendingPathComponent("setup.py")) },
            says: "setup.py is not a Markdown or text file by its name (.md, .markdown, .txt); add --force to add to it anyway"),
        Row(covers: [], arguments: ["add", "-f", "todo.txt", "x"], prepare: { try Data("(A) Call mom +family\n".utf8).write(to: $0.appendingPathComponent("todo.txt")) },
            says: "todo.txt holds no Markdown task (- [ ] ...), as a todo.txt file would, and tick does not read todo.txt lines; add --force to add to it anyway"),
        Row(covers: ["EditError.closeToGroup"], arguments: ["add", "-g", "wrk", "Call back"],
            says: "TODO.md: no group 'wrk'; did you mean 'Work'? (add --create to make a new group 'wrk')"),
    ] + [["done"], ["reopen"], ["start"], ["cancel"], ["star"], ["unstar"], ["due", "tomorrow"], ["rm", "--done"]].map { command in
        // An edit by filter with a group the file does not have says so, as the views do.
        Row(covers: [], arguments: command + ["-g", "Wrk", "--yes"], says: "TODO.md: no group 'Wrk' (did you mean 'Work'?); 'tick groups' lists them")
    }

    /// Runs tick in a row's folder with the row's state folder, for `prepare`.
    static func tick(_ arguments: [String], in folder: URL) throws {
        let result = try TickProcess.run(arguments, in: folder, environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
    }

    @Test(arguments: rows)
    func failsWithOneLineAndTouchesNothing(_ row: Row) throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        let file = try folder.write("TODO.md", row.file)
        var environment = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        environment.merge(row.environment) { $1 }
        try row.prepare(folder.url)
        let before = FileManager.default.contents(atPath: file.path)
        let result = try TickProcess.run(row.arguments, in: folder.url, environment: environment)
        #expect(result.status == 2, "tick \(row.arguments.joined(separator: " ")) exits \(result.status)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty && lines[0].hasPrefix("tick: "), "not one line: \(result.stderr)")
        #expect(result.stderr.contains(row.says), "\(result.stderr) does not say \(row.says)")
        #expect(FileManager.default.contents(atPath: file.path) == before, "the file changed")
    }

    /// Each `case` of TickError, UsageError and EditError has a row above.
    @Test func everyErrorCaseHasARow() throws {
        // changedDuringEdit needs a pause between read and write: fileChangedBetweenReadAndWrite.
        let covered = Set(Self.rows.flatMap(\.covers) + ["EditError.changedDuringEdit"])
        let sources = [("TickError", "Sources/tick/TickError.swift"), ("UsageError", "Sources/tick/Arguments/UsageError.swift"),
                       ("EditError", "Sources/TickCore/Editing/EditError.swift")]
        for (type, path) in sources {
            let text = try String(contentsOf: TickProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
            let cases = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.trimmingCharacters(in: .whitespaces)
                guard words.hasPrefix("case "), !words.hasPrefix("case ."), !words.contains("=") else { return nil }
                return String(words.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
            }
            #expect(!cases.isEmpty, "no cases found in \(path)")
            for name in cases { #expect(covered.contains("\(type).\(name)"), "no error-path row reaches \(type).\(name)") }
        }
    }

    /// The file changed, replaced or deleted between tick's read and its write: tick notices,
    /// and starts again from the other program's version (a deleted file is not recreated).
    /// A file that keeps changing for longer than TICK_LOCK_TIMEOUT is left to the other
    /// program: one line, exit 2, its version stands.
    @Test(arguments: ["changed", "replaced", "deleted", "keeps changing"])
    func fileChangedBetweenReadAndWrite(_ change: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let pause = folder.url.appendingPathComponent("paused")
        let (process, stderr) = try TickProcess.start(["done", "3"], in: folder.url, environment: [
            "TICK_TEST_PAUSE_BEFORE_WRITE": pause.path, "TICK_LOCK_TIMEOUT": "1", "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        var theirs = Self.todo
        var round = 0
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline {
            guard FileManager.default.fileExists(atPath: pause.path) else { usleep(2_000); continue }
            // Each attempt pauses; the other program changes the file at the first (at every
            // one, when it keeps changing).
            if round > 0, change != "keeps changing" {
                try FileManager.default.removeItem(at: pause)
                continue
            }
            theirs += "- [ ] added by an editor \(round)\n"
            switch change {
            case "replaced":
                try folder.write("new.md", theirs)
                try #require(rename(folder.url.appendingPathComponent("new.md").path, file.path) == 0)
            case "deleted":
                try FileManager.default.removeItem(at: file)
            default:
                try Data(theirs.utf8).write(to: file)
            }
            round += 1
            try FileManager.default.removeItem(at: pause)
        }
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch change {
        case "deleted":
            #expect(process.terminationStatus == 2 && message == "tick: TODO.md: no such file\n", "\(message)")
            #expect(!FileManager.default.fileExists(atPath: file.path), "tick recreated a file that was deleted")
        case "keeps changing":
            #expect(process.terminationStatus == 2)
            #expect(message == "tick: TODO.md: kept changing while tick edited it (another program is writing it); nothing written\n")
            #expect(FileManager.default.contents(atPath: file.path) == Data(theirs.utf8), "the other program's version was lost")
            #expect(round > 1)
        default:
            #expect(process.terminationStatus == 0, "\(message)")
            let expected = theirs.replacingOccurrences(of: "- [ ] buy milk", with: "- [x] buy milk")
            #expect(FileManager.default.contents(atPath: file.path) == Data(expected.utf8), "the other program's version was lost")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tick") || $0.contains(".tick-") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
}
