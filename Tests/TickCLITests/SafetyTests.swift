import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// tick's promise under attack (tick(1), SAFETY): other programs writing the same file, hostile
/// folders and names, other users, output that cannot be written. Each test hashes every file
/// involved before and after. Tests that act as another user run tick through
/// `setpriv --reuid=65534` and need root; they are skipped otherwise.
@Suite struct SafetyTests {
    static let todo = "# Inbox\n\n- [ ] Milk\n- [ ] Bread\n- [x] Eggs\n"
    static let isRoot = getuid() == 0

    /// Runs a shell script with `$TICK` set to the binary, in `folder`.
    @discardableResult
    static func sh(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> TickProcess.Result {
        var env = ["TICK": TickProcess.binary.path, "XDG_STATE_HOME": folder.appendingPathComponent(".state").path]
        env.merge(environment) { $1 }
        return try TickProcess.run(["-c", script], in: folder, environment: env, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    static func contents(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    /// Starts tick paused before its write (or after its swap), runs `during` in the pause, and
    /// lets it go on; returns its exit status and stderr.
    static func paused(_ arguments: [String], in folder: URL, at stage: String = "TICK_TEST_PAUSE_BEFORE_WRITE",
                       also second: (stage: String, action: () throws -> Void)? = nil, environment extra: [String: String] = [:],
                       during: () throws -> Void) throws -> (status: Int32, stderr: String) {
        let pause = folder.appendingPathComponent("paused"), pause2 = folder.appendingPathComponent("paused2")
        let process = Process()
        process.executableURL = TickProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment[stage] = pause.path
        if let second { environment[second.stage] = pause2.path }
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent(".state").path
        environment["TICK_TODAY"] = "2026-11-22"
        environment.merge(extra) { $1 }
        process.environment = environment
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        func waitFor(_ url: URL) throws {
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: url.path), Date() < deadline { usleep(2_000) }
            try #require(FileManager.default.fileExists(atPath: url.path), "tick never paused at \(url.lastPathComponent)")
        }
        try waitFor(pause)
        try during()
        try FileManager.default.removeItem(at: pause)
        if let second {
            try waitFor(pause2)
            try second.action()
            try FileManager.default.removeItem(at: pause2)
        }
        // Later attempts pause again: let them through.
        while process.isRunning {
            for url in [pause, pause2] where FileManager.default.fileExists(atPath: url.path) { try? FileManager.default.removeItem(at: url) }
            usleep(2_000)
        }
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    // MARK: Other programs writing the same file

    /// An editor that saves in place (truncate, then write) between tick's read and its write:
    /// tick sees the change, reads again and edits the editor's version; nothing is lost.
    @Test func inPlaceSaveBetweenReadAndWriteIsKept() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let theirs = Self.todo + "- [ ] saved by an editor\n"
        let result = try Self.paused(["done", "Milk"], in: folder.url) {
            let fd = open(file.path, O_WRONLY | O_TRUNC)
            _ = Array(theirs.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.contents(file) == Data(theirs.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
    }

    /// A `chmod` or `touch -r` changes no bytes but does change the file's change time: tick
    /// reads again, and the mode the user just set stays.
    @Test func modeChangeBetweenReadAndWriteIsKept() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let result = try Self.paused(["done", "Milk"], in: folder.url) { chmod(file.path, 0o600) }
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        stat(file.path, &info)
        #expect(info.st_mode & 0o777 == 0o600, "the mode set during the edit was lost")
        #expect(Self.contents(file) == Data(Self.todo.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
    }

    /// Without a lease (another user's file, a file system without leases): an editor that
    /// opened the file before tick's swap and writes after it writes into the file tick swapped
    /// out; tick sees that, swaps back and edits the editor's version. (With a lease, the
    /// editor's open breaks it before the swap, and tick waits for the editor to finish:
    /// `anOpenWriterIsWaitedFor`.)
    @Test func writeIntoTheSwappedOutFileIsKept() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let theirs = Self.todo + "- [ ] saved by an editor\n"
        var fd: Int32 = -1
        let result = try Self.paused(["done", "Milk"], in: folder.url, also: ("TICK_TEST_PAUSE_AFTER_SWAP", {
            _ = ftruncate(fd, 0)
            _ = Array(theirs.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
        }), environment: ["TICK_TEST_NO_LEASE": "1"]) {
            fd = open(file.path, O_WRONLY)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.contents(file) == Data(theirs.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tick") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    /// Without a lease, an editor that truncates the file and stalls before writing the rest
    /// (up to a second) never loses its save: a file changed in the last moments is trusted
    /// only once it has been unchanged for longer than that, so tick edits the editor's
    /// version. Measured for stalls of 0.1 to 1 s, truncated to nothing, to half a line and to
    /// whole lines (which a read cannot tell from a finished save). Run as root, tick runs as
    /// another user (who gets no lease on the owner's file) as well.
    enum Cut: Sendable { case empty, midLine, lineEnd }
    @Test(arguments: [(0.1, Cut.empty, false), (0.5, .midLine, false), (0.9, .empty, false), (0.5, .lineEnd, false), (1.0, .lineEnd, false),
                      (0.5, .empty, true), (0.9, .midLine, true), (1.0, .lineEnd, true)])
    func aStalledSaveWithoutALeaseIsKept(stall: Double, cut: Cut, otherUser: Bool) throws {
        guard !otherUser || Self.isRoot else {
            print("skipped: a stalled save by another user needs root to run tick as that user")
            return
        }
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        if otherUser {
            chmod(folder.url.path, 0o777)
            chmod(file.path, 0o666)
        }
        let theirs = Self.todo + "- [ ] saved by an editor\n"
        let half = Array(theirs.utf8).prefix(theirs.utf8.count / 2)
        let lines = half.lastIndex(of: 0x0A).map { half.prefix(through: $0) } ?? []
        let fd = open(file.path, O_WRONLY | O_TRUNC)
        let first = cut == .empty ? [] : cut == .midLine ? half.dropLast() : lines
        _ = first.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let writer = Thread {
            usleep(UInt32(stall * 1e6))
            _ = Array(theirs.utf8).dropFirst(first.count).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let result = otherUser ? try Self.asNobody("\"$TICK\" add -f TODO.md 'added by tick'", in: folder.url, environment: state)
            : try TickProcess.run(["add", "added by tick"], in: folder.url, environment: state.merging(["TICK_TEST_NO_LEASE": "1"]) { $1 })
        while fcntl(fd, F_GETFD) != -1 { usleep(10_000) }
        #expect(result.status == 0, "\(result.stderr)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.hasPrefix(theirs) && after.hasSuffix("- [ ] added by tick\n") && after.utf8.count == theirs.utf8.count + 20,
                "stalled \(stall) s: \(after.suffix(120))")
    }

    /// A program that has the file open for writing (a save in progress) holds tick off until
    /// it closes the file; one that keeps it open past TICK_LOCK_TIMEOUT makes tick give up.
    @Test(arguments: [0.5, 3.0])
    func anOpenWriterIsWaitedFor(seconds: Double) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let theirs = Self.todo + "- [ ] saved by an editor\n"
        let fd = open(file.path, O_WRONLY | O_TRUNC)
        let writer = Thread {
            usleep(UInt32(seconds * 1e6))
            _ = Array(theirs.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let result = try TickProcess.run(["done", "Milk"], in: folder.url, environment: [
            "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path, "TICK_LOCK_TIMEOUT": "2",
        ])
        while fcntl(fd, F_GETFD) != -1 { usleep(10_000) }
        if seconds < 2 {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.contents(file) == Data(theirs.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
        } else {
            #expect(result.status == 2)
            #expect(result.stderr.hasSuffix("tick: TODO.md: cannot write: another program still has it open for writing after 2 s (TICK_LOCK_TIMEOUT); the file is unchanged\n"), "\(result.stderr)")
            #expect(Self.contents(file) == Data(theirs.utf8))
        }
    }

    /// A file whose times are in the future (clock skew, `touch -d`): without a lease, the
    /// quiet period is waited once, not until that time (nor past UInt32's range, a crash).
    @Test(arguments: ["2038-01-01", "+40 seconds"])
    func futureFileTimesAreNotWaitedFor(_ time: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let start = Date()
        let result = try Self.sh("touch -d '\(time)' TODO.md && \"$TICK\" done Milk", in: folder.url, environment: ["TICK_TEST_NO_LEASE": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(Self.contents(file) == Data(Self.todo.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
    }

    /// A reader holding a lock: tick waits a bounded time, names the holder, and gives up
    /// with the file untouched.
    @Test func aLockHeldElsewhereIsNamedAndBounded() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let result = try Self.sh("""
            flock -s TODO.md sleep 5 & holder=$!
            sleep 0.3
            "$TICK" done Milk; status=$?
            kill $holder 2>/dev/null; wait
            exit $status
            """, in: folder.url, environment: ["TICK_LOCK_TIMEOUT": "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("tick: TODO.md: cannot write: still locked by process"), "\(result.stderr)")
        #expect(result.stderr.contains("(sleep)") || result.stderr.contains("(flock)"), "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// A program holding tick's state folder: the edit is made, tick says after a second what
    /// it waits for, and past TICK_LOCK_TIMEOUT warns that the listing could not be kept. The
    /// numbers the edit printed are not recorded, so every number is refused until the next
    /// listing (the one before would take them for what it showed).
    @Test func aHeldStateFolderIsNamedAndBounded() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let result = try Self.sh("""
            "$TICK" list > /dev/null
            flock "$XDG_STATE_HOME/tick/lock" sleep 5 & holder=$!
            sleep 0.3
            "$TICK" add --top First > /dev/null; status=$?
            kill $holder 2>/dev/null; wait
            exit $status
            """, in: folder.url, environment: ["TICK_LOCK_TIMEOUT": "1.5", "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        #expect(result.status == 0, "\(result.stderr)")
        let added = Self.todo.replacingOccurrences(of: "# Inbox\n\n", with: "# Inbox\n\n- [ ] First\n")
        #expect(Self.contents(file) == Data(added.utf8))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("tick: waiting for process ") == true && lines.first?.hasSuffix("to release tick's state folder \(folder.url.path)/state/tick...") == true,
                "\(result.stderr)")
        #expect(lines.last?.hasPrefix("tick: warning: cannot keep the listing's line numbers: tick's state folder \(folder.url.path)/state/tick is still locked by process ") == true
                && lines.last?.hasSuffix("after 1.5 s (TICK_LOCK_TIMEOUT); line numbers are refused until the next listing") == true, "\(result.stderr)")
        // The add printed 3 for First; the listing before showed another task there.
        let refused = try TickProcess.run(["done", "3"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path])
        #expect(refused.status == 2 && refused.stderr.contains("cannot be read back"), "\(refused.stderr)")
        #expect(Self.contents(file) == Data(added.utf8))
    }

    /// Text that would take over the terminal: escapes and C1 controls in a task, and a
    /// right-to-left override that would reverse how the rest of a row reads, are shown as
    /// U+FFFD in views and an edit's row, and as `\xNN` in a message.
    @Test func tasksCannotTakeOverTheTerminal() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# T\n\n- [ ] pay \u{202E}tnuocca\u{1B}[2J\u{9B}31m due:2026-11-20\n- [ ] pay bill\n")
        func tick(_ arguments: [String]) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path, "TICK_TODAY": "2026-11-26"])
        }
        // (Both open: the words name neither, and the message quotes both.)
        let refused = try tick(["note", "pay", "a note"])
        #expect(refused.stderr.contains("pay \\xe2\\x80\\xaetnuocca\\x1b[2J\\xc2\\x9b31m"), "\(refused.stderr)")
        for view in [["list"], ["today"], ["board", "-w", "120"], ["show", "3"], ["done", "3"]] {
            let output = try tick(view).stdout
            #expect(output.contains("pay \u{FFFD}tnuocca\u{FFFD}[2J\u{FFFD}31m"), "\(view): \(output)")
            #expect(!output.unicodeScalars.contains { [0x1B, 0x9B, 0x202E].contains($0.value) }, "\(view)")
        }
        // What a message quotes from the file: an edit's "was:", a lint finding's field.
        let edited = try tick(["edit", "3", "pay", "rent"]).stdout
        #expect(edited.contains("was: pay \u{FFFD}tnuocca\u{FFFD}[2J\u{FFFD}31m"), "\(edited)")
        try folder.write("L.md", "# T\n\n- [ ] a due:2026-11-26 due:\u{1B}]0;PWNED\u{7}\u{202E}\n")
        for format in ["text", "github"] {
            let lint = try tick(["lint", "--format", format, "L.md"]).stdout
            #expect(lint.contains("due:\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}"), "\(format): \(lint)")
        }
        for output in [edited] + (try ["text", "github"].map { try tick(["lint", "--format", $0, "L.md"]).stdout }) {
            #expect(!output.unicodeScalars.contains { [0x07, 0x1B, 0x9B, 0x202E].contains($0.value) })
        }
    }

    // MARK: Hostile names and files

    /// A folder whose name is not UTF-8: tick finds, lists and edits the TODO.md in it, not the
    /// parent's; a name with a newline in it survives an edit and its undo.
    @Test func namesThatAreNotUTF8OrHoldNewlines() throws {
        let folder = try TemporaryDirectory()
        let parent = try folder.write("TODO.md", Self.todo)
        let result = try Self.sh("""
            mkdir "$(printf 'd\\377')" && cd "$(printf 'd\\377')" && printf '# Here\\n\\n- [ ] inside\\n' > TODO.md &&
            "$TICK" list && "$TICK" done inside && cat TODO.md && cd .. &&
            mkdir "$(printf 'new\\nline')" && printf '# N\\n\\n- [ ] x\\n' > "$(printf 'new\\nline')/TODO.md" &&
            "$TICK" done x -f "$(printf 'new\\nline')/TODO.md" && "$TICK" undo -f "$(printf 'new\\nline')/TODO.md" &&
            cat "$(printf 'new\\nline')/TODO.md"
            """, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("inside") && result.stdout.contains("- [x] inside"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("# N\n\n- [ ] x\n"), "undo restored the exact bytes: \(result.stdout)")
        #expect(Self.contents(parent) == Data(Self.todo.utf8), "the parent's TODO.md was edited")
        // Messages escape such names onto one line.
        let missing = try Self.sh("\"$TICK\" list \"$(printf 'no\\nsuch\\377.md')\"", in: folder.url)
        #expect(missing.stderr == "tick: no\\nsuch\\xff.md: no such file\n", "\(missing.stderr)")
    }

    /// A FIFO as the file, in a walked folder, or as `.tick.toml`, and `/dev/zero`: refused at
    /// once, never read (a FIFO with no writer would hang; /dev/zero never ends).
    @Test func fifosAndDevicesAreRefusedWithoutReading() throws {
        let folder = try TemporaryDirectory()
        try folder.write("notes/a.md", Self.todo)
        #expect(mkfifo(folder.url.appendingPathComponent("notes/pipe.md").path, 0o644) == 0)
        #expect(mkfifo(folder.url.appendingPathComponent("TODO.md").path, 0o644) == 0)
        let start = Date()
        let named = try TickProcess.run(["done", "1", "-f", "TODO.md"], in: folder.url)
        #expect(named.status == 2 && named.stderr == "tick: TODO.md: is a FIFO (named pipe), not a regular file\n", "\(named.stderr)")
        let list = try TickProcess.run(["list", "-f", "TODO.md"], in: folder.url)
        #expect(list.status == 2, "\(list.stderr)")
        let walked = try TickProcess.run(["list", "notes"], in: folder.url)
        #expect(walked.status == 0 && walked.stdout.contains("Milk"), "\(walked.stderr)")
        let zero = try TickProcess.run(["list", "/dev/zero"], in: folder.url)
        #expect(zero.status == 2 && zero.stderr == "tick: /dev/zero: is a device, not a regular file\n", "\(zero.stderr)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("TODO.md"))
        try folder.write("TODO.md", Self.todo)
        #expect(mkfifo(folder.url.appendingPathComponent(".tick.toml").path, 0o644) == 0)
        let lint = try TickProcess.run(["lint"], in: folder.url)
        #expect(lint.status == 2 && lint.stderr.contains(".tick.toml: is a FIFO"), "\(lint.stderr)")
        #expect(Date().timeIntervalSince(start) < 10, "a FIFO made tick wait")
    }

    /// A name of 255 bytes (the most a name may have) can be edited: the temporary file's name
    /// is shortened, not overflowed.
    @Test func theLongestNameCanBeEdited() throws {
        let folder = try TemporaryDirectory()
        let name = String(repeating: "n", count: 252) + ".md"
        let file = try folder.write(name, Self.todo)
        let result = try TickProcess.run(["done", "Milk", "-f", name], in: folder.url,
                                         environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
    }

    /// `fmt` over 3,000 files on 64 threads (a folder this size crashed tick when each edit
    /// scanned the folder for stale temporary files): every file formatted, no temporary file
    /// left, exit 0; and an edit in that folder does not read the folder at all.
    @Test func manyFilesOnManyThreads() throws {
        let folder = try TemporaryDirectory()
        let messy = "# A\n- [ ] x   \n"
        for index in 0..<3000 { try folder.write("notes/\(String(repeating: "n", count: 60))-\(index).md", messy) }
        let result = try TickProcess.run(["fmt", "notes"], in: folder.url, environment: [
            "TICK_JOBS": "64", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("notes").path)
        #expect(names.count == 3000, "temporary files left: \(names.filter { !$0.hasSuffix(".md") }.prefix(3))")
        let unformatted = names.filter { Self.contents(folder.url.appendingPathComponent("notes/\($0)")) == Data(messy.utf8) }
        #expect(unformatted.isEmpty, "\(unformatted.count) files not formatted")
    }

    // MARK: Undo records

    /// A damaged or cut-short undo record is left out with a warning, not restored; the file
    /// keeps its bytes.
    @Test(arguments: ["flipped byte", "cut short", "extra byte"])
    func damagedUndoRecordsAreRefused(_ damage: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        #expect(try Self.sh("\"$TICK\" done Milk", in: folder.url).status == 0)
        let journal = folder.url.appendingPathComponent(".state/tick/journal")
        let operation = try #require(try FileManager.default.contentsOfDirectory(atPath: journal.path).first { $0.hasPrefix("op-") })
        let record = journal.appendingPathComponent(operation + "/change-000001")
        var bytes = try #require(Self.contents(record))
        switch damage {
        case "flipped byte": bytes[bytes.count / 2] ^= 0x01
        case "cut short": bytes = bytes.prefix(bytes.count - 30)
        default: bytes.append(0x0A)
        }
        try bytes.write(to: record)
        let edited = Self.contents(file)
        let result = try Self.sh("\"$TICK\" undo", in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tick: nothing to undo: the undo record ")
                && result.stderr.hasSuffix("\(operation) is damaged (a write cut short by a kill or a full disk, or changed since); its operation cannot be undone, every other one can\n")
                && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Self.contents(file) == edited)
    }

    /// `fmt` and `lint --fix` leave an undo record like every other edit.
    @Test func fmtAndLintFixCanBeUndone() throws {
        let folder = try TemporaryDirectory()
        let messy = "# Inbox\n- [ ] Milk   \n*   [ ] Bread\n"
        let file = try folder.write("TODO.md", messy)
        for command in ["fmt", "lint --fix"] {
            let result = try Self.sh("\"$TICK\" \(command) >/dev/null; \"$TICK\" undo", in: folder.url)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(Self.contents(file) == Data(messy.utf8), "\(command) was not undone")
        }
    }

    // MARK: archive --to

    /// `archive --to` the file itself, by any name, is refused before anything is written.
    @Test(arguments: ["TODO.md", "./TODO.md", "link.md"])
    func archiveToTheSameFileIsRefused(_ destination: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        symlink("TODO.md", folder.url.appendingPathComponent("link.md").path)
        let result = try TickProcess.run(["archive", "--to", destination], in: folder.url,
                                         environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(result.status == 2 && result.stderr.contains("is the file being archived"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// A source that cannot be rewritten is found out before the destination is written.
    @Test(arguments: ["read-only", "NUL bytes"])
    func archiveChecksTheSourceFirst(_ fault: String) throws {
        let folder = try TemporaryDirectory()
        let text = fault == "NUL bytes" ? Self.todo + "\u{0}\n" : Self.todo
        let file = try folder.write("TODO.md", text)
        if fault == "read-only" { chmod(file.path, 0o444) }
        let result = try TickProcess.run(["archive", "--to", "ARCHIVE.md"], in: folder.url,
                                         environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ARCHIVE.md").path), "the destination was written")
        #expect(Self.contents(file) == Data(text.utf8))
    }

    /// `archive --to NEW.md --dry-run` shows the file it would create.
    @Test func archiveDryRunToANewFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", Self.todo)
        let result = try TickProcess.run(["archive", "--to", "NEW.md", "--dry-run"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("+- [x] Eggs") && result.stdout.contains("-- [x] Eggs"), "\(result.stdout)")
        #expect(result.stdout.hasPrefix("--- /dev/null\n+++ b/NEW.md\n"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("NEW.md").path))
        // The diff is one `git apply` takes: it creates the file and edits the other.
        try folder.write("archive.diff", result.stdout)
        let apply = try TickProcess.run(["apply", "archive.diff"], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("NEW.md"), encoding: .utf8).contains("- [x] Eggs"))
        #expect(try !String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8).contains("- [x] Eggs"))
    }

    // MARK: Output

    /// Output that cannot be written (a full disk) is an error, never a silent success.
    @Test(arguments: ["\"$TICK\" list > /dev/full", "\"$TICK\" fmt - < TODO.md > /dev/full", "\"$TICK\" list --json > /dev/full"])
    func outputWriteErrorsFail(_ script: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", Self.todo)
        let result = try Self.sh(script, in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "tick: cannot write to standard output: no space left on the device\n", "\(result.stderr)")
    }

    /// Output past `ulimit -f` is reported as that, not as a file too large to read.
    @Test func outputPastTheFileSizeLimitFails() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# G\n\n" + String(repeating: "- [ ] a task to make the output long\n", count: 400))
        let result = try Self.sh("ulimit -f 4 && \"$TICK\" fmt - < TODO.md > out.txt", in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "tick: cannot write to standard output: file too large (past the file size limit, ulimit -f, or the file system's)\n", "\(result.stderr)")
    }

    /// The file to edit is tick's own standard output: refused at once, not waited on (tick's
    /// own descriptor would hold off its lease until the timeout).
    @Test func theFileThatIsTheOutputIsRefusedAtOnce() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let start = Date()
        let result = try Self.sh("\"$TICK\" add more -f /dev/stdout >> TODO.md", in: folder.url)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(result.status == 2)
        #expect(result.stderr == "tick: /dev/stdout is tick's own standard output; tick does not edit a file it writes its messages to, so send them elsewhere\n", "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// A closed standard output is an output that cannot be written, not a silent success.
    @Test func aClosedStandardOutputFails() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", Self.todo)
        let result = try Self.sh("\"$TICK\" list >&-", in: folder.url)
        #expect(result.status == 2 && result.stderr.hasPrefix("tick: cannot write to standard output: "), "\(result.status) \(result.stderr)")
        // Nothing to print: nothing fails (and the edit is made).
        let quiet = try Self.sh("\"$TICK\" done Milk -q >&-", in: folder.url)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.status) \(quiet.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8).contains("- [x] Milk"))
    }

    /// An edit whose output cannot be written has still written the file: status 3, not the
    /// 2 that says the file is untouched (a script that retried `add` made a duplicate).
    @Test func anEditWhoseOutputFailsSaysItWasWritten() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", "- [ ] a\n")
        let result = try Self.sh("\"$TICK\" add b > /dev/full", in: folder.url)
        #expect(result.status == 3 && result.stderr.contains("; the change was written ('tick undo' takes it back)"), "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "- [ ] a\n- [ ] b\n")
    }

    // MARK: Walks

    /// `tick fmt .` does not write through a link to a file outside the folder.
    /// A folder swapped for a link to another folder while `fmt` (or `lint --fix`) walks a
    /// tree never sends a write out of the tree: each file is reached again from the folder
    /// named, one folder at a time without following a link. Swapped at the first write, in the
    /// middle of a folder's writes and late, in a walk of 400 files; the files under the link
    /// are refused, one line each, and the outside folder is untouched.
    @Test(arguments: [(1, "b", "fmt"), (150, "a", "fmt"), (300, "b", "fmt"), (120, "b", "lint")])
    func aFolderSwappedForALinkMidWalkIsNotFollowed(_ moment: Int, _ swapped: String, _ command: String) throws {
        let folder = try TemporaryDirectory()
        let unformatted = "# A\n- [ ] x   \n"
        for name in ["a", "b"] {
            for index in 0..<200 { try folder.write("team/\(name)/n\(1000 + index).md", unformatted) }
        }
        for index in 0..<200 { try folder.write("private/n\(1000 + index).md", unformatted) }
        let pause = folder.url.appendingPathComponent("paused")
        let (process, stderr) = try TickProcess.start(command == "fmt" ? ["fmt", "team"] : ["lint", "--fix", "team"], in: folder.url, environment: [
            "TICK_TEST_PAUSE_BEFORE_WRITE": pause.path, "TICK_JOBS": "1", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ])
        var pauses = 0
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline {
            guard FileManager.default.fileExists(atPath: pause.path) else { usleep(500); continue }
            pauses += 1
            if pauses == moment {
                let target = folder.url.appendingPathComponent("team/\(swapped)")
                try FileManager.default.moveItem(at: target, to: folder.url.appendingPathComponent("moved-\(swapped)"))
                try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: folder.url.appendingPathComponent("private").path)
            }
            try FileManager.default.removeItem(at: pause)
        }
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(pauses >= moment, "tick paused \(pauses) times")
        let rewritten = try (0..<200).filter { try String(contentsOf: folder.url.appendingPathComponent("private/n\(1000 + $0).md"), encoding: .utf8) != unformatted }
        #expect(rewritten.isEmpty, "\(rewritten.count) files outside the tree rewritten")
        #expect(process.terminationStatus == 2, "\(message.prefix(300))")
        let lines = message.split(separator: "\n").filter { !$0.hasPrefix("tick: note: ") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("tick: team/\(swapped)/n1") && $0.contains("is no longer the folder the walk read") },
                "\(message.prefix(300))")
    }

    /// A TODO.md that a cloned repository tracks as a link out of itself is not edited through
    /// (it could lead to ~/.bashrc); named with -f, or a link git does not track, it is.
    @Test func editsRefuseATrackedLinkOutOfTheRepository() throws {
        let folder = try TemporaryDirectory()
        let outside = try folder.write("outside/private.md", "export X=1\n")
        let repository = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        symlink("../outside/private.md", repository.appendingPathComponent("TODO.md").path)
        func git(_ arguments: String...) throws {
            _ = try TickProcess.run(arguments, in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        }
        try git("init", "-q", "-b", "main")
        try git("add", "TODO.md")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let refused = try TickProcess.run(["add", "hello"], in: repository, environment: state)
        #expect(refused.status == 2 && refused.stderr.contains("TODO.md is a link git tracks, to ") && refused.stderr.contains("outside the repository; tick does not edit through it"),
                "\(refused.stderr)")
        #expect(Self.contents(outside) == Data("export X=1\n".utf8))
        #expect(try TickProcess.run(["list"], in: repository, environment: state).status == 0)
        #expect(try TickProcess.run(["add", "-f", "TODO.md", "named"], in: repository, environment: state).status == 0)
        try git("rm", "-q", "--cached", "TODO.md")
        #expect(try TickProcess.run(["add", "untracked"], in: repository, environment: state).status == 0)
    }

    /// An undo writes the file the journal recorded, by its real path: a folder on that path
    /// swapped for a link since (to a file that reads as the edit left it) is not written
    /// through, and the file it leads to stays as it was.
    @Test func undoNeverWritesThroughALinkPutInItsWay() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("project/TODO.md", "# Work\n\n- [ ] write report\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let project = folder.url.appendingPathComponent("project")
        #expect(try TickProcess.run(["done", "report"], in: project, environment: state).status == 0)
        let edited = Self.contents(project.appendingPathComponent("TODO.md"))
        try FileManager.default.moveItem(at: project, to: folder.url.appendingPathComponent("project.moved"))
        let decoy = try folder.write("private/TODO.md", String(decoding: try #require(edited), as: UTF8.self))
        symlink("private", project.path)
        let refused = try TickProcess.run(["undo"], in: folder.url, environment: state)
        #expect(refused.status != 0 && refused.stderr.contains("now leads to ") && refused.stderr.contains("through a link; undo writes only the file it recorded; nothing undone"),
                "\(refused.stderr)")
        #expect(Self.contents(decoy) == edited)
        // The link gone and the folder back, the undo goes ahead.
        unlink(project.path)
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("project.moved"), to: project)
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: state).status == 0)
        #expect(Self.contents(project.appendingPathComponent("TODO.md")) == Data("# Work\n\n- [ ] write report\n".utf8))
    }

    /// So is a .tick.toml the clone tracks as a link out of itself: a colour the group's
    /// rename carries, or `group color` sets, is not written through it.
    @Test func coloursAreNotWrittenThroughATrackedLinkOut() throws {
        let folder = try TemporaryDirectory()
        let config = "# mine\n[colors]\n\"Work\" = \"blue\"\n"
        let outside = try folder.write("outside/app.toml", config)
        let repository = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Data("# T\n\n## Work\n\n- [ ] a\n".utf8).write(to: repository.appendingPathComponent("TODO.md"))
        symlink("../outside/app.toml", repository.appendingPathComponent(".tick.toml").path)
        for arguments in [["init", "-q", "-b", "main"], ["add", "-A"]] {
            _ = try TickProcess.run(arguments, in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        }
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let renamed = try TickProcess.run(["group", "rename", "Work", "Job"], in: repository, environment: state)
        #expect(renamed.status == 0 && renamed.stderr.contains("is left as it was: .tick.toml is a link git tracks"), "\(renamed.stderr)")
        let colored = try TickProcess.run(["group", "color", "Job", "red"], in: repository, environment: state)
        #expect(colored.status == 2 && colored.stderr.hasPrefix("tick: .tick.toml is a link git tracks, to "), "\(colored.stderr)")
        #expect(Self.contents(outside) == Data(config.utf8))
    }

    /// What ticks killed after writing left beside the file (full copies with its permissions,
    /// under the temporary name and under the names taken when that one was) goes with the
    /// next edit; a file of the user's with a name alike, one changed in the last minute, and
    /// one a running tick holds locked stay.
    @Test func killedEditsLeftoversGoWithTheNextEdit() throws {
        let folder = try TemporaryDirectory()
        let text = "# H\n\n- [ ] a\n"
        try folder.write("TODO.md", text)
        let old = Date(timeIntervalSinceNow: -300)
        for name in [".TODO.md.tick", ".TODO.md.tick-1x9z", ".TODO.md.tick-notes.txt", ".TODO.md.tick-young", ".TODO.md.tick-held"] {
            let url = try folder.write(name, text)
            if name != ".TODO.md.tick-young" { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path) }
        }
        let held = Process()
        held.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        held.arguments = [folder.url.appendingPathComponent(".TODO.md.tick-held").path, "sleep", "30"]
        try held.run()
        defer { held.terminate() }
        usleep(300_000)
        let added = try TickProcess.run(["add", "b"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(added.status == 0, "\(added.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".TODO") })
        #expect(left == [".TODO.md.tick-notes.txt", ".TODO.md.tick-young", ".TODO.md.tick-held"], "\(left)")
    }

    /// An option that cannot be used is refused before a missing file is created for the task;
    /// a place the task cannot go in the new file leaves no file and no word of one.
    @Test(arguments: [["--color", "bogus"], ["--under", "5"], ["--after", "3"], ["-g", ""]])
    func addChecksItsOptionsBeforeCreatingTheFile(_ options: [String]) throws {
        let folder = try TemporaryDirectory()
        let result = try TickProcess.run(["add", "-f", "NEW.md"] + options + ["task"], in: folder.url)
        #expect(result.status == 2 && !result.stderr.contains("created") && result.stderr.components(separatedBy: "\n").count == 2, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("NEW.md").path))
    }

    @Test func fmtDoesNotWriteThroughLinksOutOfTheTree() throws {
        let folder = try TemporaryDirectory()
        let messy = "# Outside\n- [ ] a   \n"
        let outside = try folder.write("outside.md", messy)
        let inside = try folder.write("tree/inside.md", messy)
        let linked = try folder.write("tree/sub/real.md", messy)
        symlink("../outside.md", folder.url.appendingPathComponent("tree/notes.md").path)
        symlink("sub/real.md", folder.url.appendingPathComponent("tree/local.md").path)
        for command in [["fmt", "tree"], ["lint", "--fix", "tree"]] {
            try Data(messy.utf8).write(to: inside)
            let result = try TickProcess.run(command, in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
            #expect(result.stderr.contains("tree/notes.md: a link to a file outside the folder named; read, not written"), "\(result.stderr)")
            #expect(Self.contents(outside) == Data(messy.utf8), "\(command): the file outside the tree was written")
            #expect(Self.contents(inside) != Data(messy.utf8), "\(command): the file inside was not formatted")
            #expect(Self.contents(linked) != Data(messy.utf8), "\(command): the link inside the tree was not followed")
            // A warning, not a failure: the folder's own files are done (lint --fix names them first).
            #expect(result.status == 0 && result.stderr.contains("tick: warning: "), "\(command): \(result.status) \(result.stderr)")
        }
        // fmt --check holds against the folder only what fmt would write (it listed the link
        // out, which no fmt of the folder can fix).
        let check = try TickProcess.run(["fmt", "--check", "tree"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.contains("tree/notes.md: a link to a file outside the folder named"),
                "\(check.status) \(check.stdout) \(check.stderr)")
    }

    // MARK: Other users

    /// Runs a script as user 65534 (nobody) with an extra group 4242.
    static func asNobody(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> TickProcess.Result {
        var env = ["TICK": TickProcess.binary.path, "HOME": folder.path]
        env.merge(environment) { $1 }
        return try TickProcess.run(["--reuid=65534", "--regid=65534", "--groups=4242", "/bin/sh", "-c", script], in: folder,
                                   environment: env, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// A member of the file's group edits a 0660 group file: the group and mode stay, so the
    /// other members keep their access.
    @Test(.enabled(if: SafetyTests.isRoot)) func groupSharedFilesKeepTheirGroup() throws {
        let folder = try TemporaryDirectory()
        chmod(folder.url.path, 0o777)
        let shared = folder.url.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        chown(shared.path, 0, 4242)
        chmod(shared.path, 0o2770)
        let file = try folder.write("team/TODO.md", Self.todo)
        chown(file.path, 0, 4242)
        chmod(file.path, 0o660)
        let result = try Self.asNobody("\"$TICK\" done Milk -f team/TODO.md", in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        stat(file.path, &info)
        #expect(info.st_gid == 4242 && info.st_mode & 0o777 == 0o660, "group \(info.st_gid) mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(Self.contents(file) == Data(Self.todo.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
    }

    /// An edit keeps the file's extended attributes (ACLs, SELinux labels and `user.*` are all
    /// kept so): the new file gets each one the old had.
    @Test func extendedAttributesAreKept() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let attributes = ["user.origin": "phone", "user.empty": "", "user.binary": "\u{1}\u{0}x"]
        for (name, value) in attributes {
            let bytes = Array(value.utf8)
            #expect(Self.setAttribute(file.path, name, bytes) == 0, "setxattr \(name): \(errno)")
        }
        let result = try TickProcess.run(["done", "Milk"], in: folder.url, environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.replacingOccurrences(of: "[ ] Milk", with: "[x] Milk").utf8))
        for (name, value) in attributes {
            #expect(Self.attribute(file.path, name) == Array(value.utf8), "\(name)")
        }
    }

    /// `setxattr` and `getxattr`, which Swift's Glibc module does not export.
    static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) -> Int32 {
        typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        let set = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr")!, to: Set.self)
        return value.withUnsafeBytes { set(path, name, $0.baseAddress, $0.count, 0) }
    }

    static func attribute(_ path: String, _ name: String) -> [UInt8]? {
        typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        let get = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr")!, to: Get.self)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { get(path, name, $0.baseAddress, $0.count) }
        return count < 0 ? nil : Array(buffer.prefix(count))
    }

    /// A file the user may not write is refused even when its folder is writable.
    @Test(.enabled(if: SafetyTests.isRoot)) func readOnlyForTheUserIsRefused() throws {
        let folder = try TemporaryDirectory()
        chmod(folder.url.path, 0o777)
        let file = try folder.write("TODO.md", Self.todo)
        chmod(file.path, 0o644)
        let result = try Self.asNobody("\"$TICK\" done Milk -f TODO.md", in: folder.url)
        #expect(result.status == 2 && result.stderr == "tick: TODO.md: cannot write: the file is read-only for you; the file is unchanged\n", "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// A repository another user owns is one git refuses to use: tick says so and how to
    /// trust it, not that there is no repository.
    @Test(.enabled(if: SafetyTests.isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/git")))
    func aRepositoryGitRefusesIsNamed() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", Self.todo)
        #expect(try TickProcess.run(["/usr/bin/git", "init", "-q", "."], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/env")).status == 0)
        chown(folder.url.path, 65534, 65534)
        chown(folder.url.appendingPathComponent(".git").path, 65534, 65534)
        let path = folder.url.resolvingSymlinksInPath().path
        for arguments in [["changes"], ["git", "setup", "--check"]] {
            let result = try TickProcess.run(arguments, in: folder.url, environment: ["HOME": folder.url.path, "GIT_CONFIG_NOSYSTEM": "1"])
            #expect(result.status == 2 && result.stderr.hasPrefix("tick: git refuses the repository at \(path) as unsafe: another user owns it; "
                + "if you trust it: git config --global --add safe.directory \(path)"), "\(result.stderr)")
        }
    }

    /// A state folder another user controls is not used: planted links cannot make tick write
    /// elsewhere, and a forged record cannot be undone into the file.
    @Test(.enabled(if: SafetyTests.isRoot)) func anUntrustedStateFolderIsNotUsed() throws {
        let folder = try TemporaryDirectory()
        chmod(folder.url.path, 0o777)
        let victim = try folder.write("victim/.bashrc", "echo safe\n")
        let state = folder.url.appendingPathComponent("shared-state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        chmod(state.path, 0o1777)
        // The attacker (root here) plants tick/ as a link to the victim's folder.
        symlink(victim.deletingLastPathComponent().path, state.appendingPathComponent("tick").path)
        let file = try folder.write("TODO.md", Self.todo)
        chown(file.path, 65534, 65534)
        let result = try Self.asNobody("\"$TICK\" done Milk", in: folder.url, environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 0, "the edit stands: \(result.stderr)")
        #expect(result.stderr.contains("warning: cannot save undo state"), "\(result.stderr)")
        #expect(Self.contents(victim) == Data("echo safe\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.deletingLastPathComponent().path) == [".bashrc"])
        // A folder owned by someone else.
        try FileManager.default.removeItem(at: state.appendingPathComponent("tick"))
        try FileManager.default.createDirectory(at: state.appendingPathComponent("tick/journal"), withIntermediateDirectories: true)
        let undo = try Self.asNobody("\"$TICK\" undo", in: folder.url, environment: ["XDG_STATE_HOME": state.path])
        #expect(undo.status == 2 && undo.stderr.contains("nothing undone: cannot use the undo state") && undo.stderr.contains("belongs to another user"), "\(undo.stderr)")
    }

    /// With `fs.protected_symlinks=1`, a link another user planted in a sticky shared folder
    /// is refused by the kernel, and tick does not get around that.
    @Test(.enabled(if: SafetyTests.isRoot)) func protectedSymlinksAreHonoured() throws {
        let setting = "/proc/sys/fs/protected_symlinks"
        guard let old = try? String(contentsOfFile: setting, encoding: .utf8), (try? "1".write(toFile: setting, atomically: false, encoding: .utf8)) != nil else { return }
        defer { try? old.write(toFile: setting, atomically: false, encoding: .utf8) }
        let folder = try TemporaryDirectory()
        let victim = try folder.write("victim/TODO.md", Self.todo)
        let sticky = folder.url.appendingPathComponent("sticky")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: false)
        chmod(sticky.path, 0o1777)
        let link = sticky.appendingPathComponent("link.md")
        symlink(victim.path, link.path)
        lchown(link.path, 65534, 65534)
        let result = try TickProcess.run(["add", "owned", "-f", link.path], in: folder.url)
        #expect(result.status == 2 && result.stderr.contains("permission denied"), "\(result.stderr)")
        #expect(Self.contents(victim) == Data(Self.todo.utf8))
    }

    /// `.tick.toml` and TODO.md are not taken from a folder others may write, such as /tmp.
    @Test func theSearchStopsAtSharedFolders() throws {
        let folder = try TemporaryDirectory()
        let shared = folder.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared.appendingPathComponent("mine"), withIntermediateDirectories: true)
        chmod(shared.path, 0o1777)
        try folder.write("shared/.tick.toml", "[lint]\nnonsense = \"error\"\n")
        try folder.write("shared/TODO.md", Self.todo)
        try folder.write("shared/mine/empty.md", "")
        let result = try TickProcess.run(["lint", "empty.md"], in: shared.appendingPathComponent("mine"))
        #expect(result.status == 0, "a planted .tick.toml was read: \(result.stderr)")
        let list = try TickProcess.run(["list"], in: shared.appendingPathComponent("mine"))
        #expect(list.status == 2 && list.stderr.contains("no TODO.md"), "\(list.stderr)")
    }

    // MARK: Wrong answers

    @Test(arguments: [
        (["add", "x\u{9B}31m"], "the task text must be one line, without control characters"),
        (["group", "add", "g\u{9B}x"], "a group name must be one non-empty line"),
        (["group", "add", "a\n# Injected"], "a group name must be one non-empty line"),
        (["add", "-g", "", "x"], "a group name must be one non-empty line"),
        (["add", "-g", "ok\n- [x] forged", "x"], "a group name must be one non-empty line"),
        (["add", "ring\u{07}the bell"], "the task text must be one line"),
        (["done", "0"], "line 0 is not a line number"),
    ])
    func refusedArguments(_ arguments: [String], _ says: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let result = try TickProcess.run(arguments, in: folder.url)
        #expect(result.status == 2 && result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// Text that is not UTF-8 is refused, not written as U+FFFD.
    @Test func textArgumentsMustBeUTF8() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("TODO.md", Self.todo)
        let result = try Self.sh("\"$TICK\" add \"$(printf 'caf\\351')\"", in: folder.url)
        #expect(result.status == 2 && result.stderr == "tick: 'caf\\xe9' is not valid UTF-8; tick writes text as UTF-8\n", "\(result.stderr)")
        #expect(Self.contents(file) == Data(Self.todo.utf8))
    }

    /// A CRLF `.tick.toml` is read; a huge value is not echoed whole.
    @Test func configWithCRLFAndHugeValues() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# A\n\n- [ ] x due:2020-01-01\n")
        try folder.write(".tick.toml", "[lint]\r\noverdue = \"off\"\r\n")
        let lint = try TickProcess.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "\(lint.stderr)")
        try folder.write(".tick.toml", "[lint]\noverdue = \"" + String(repeating: "v", count: 5_000_000) + "\"\n")
        let huge = try TickProcess.run(["lint"], in: folder.url)
        #expect(huge.status == 2 && huge.stderr.count < 200, "\(huge.stderr.prefix(200))")
    }

    /// `-f /dev/stdin` from a pipe says what it is.
    @Test func standardInputPipeAsTheFile() throws {
        let folder = try TemporaryDirectory()
        let result = try TickProcess.run(["done", "1", "-f", "/dev/stdin"], in: folder.url, stdin: Self.todo)
        #expect(result.status == 2 && result.stderr == "tick: /dev/stdin: is a FIFO (named pipe), not a regular file\n", "\(result.stderr)")
    }
}
