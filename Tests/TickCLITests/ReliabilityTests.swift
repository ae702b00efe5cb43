import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// tick must never damage a file: on every fault the file keeps its exact bytes, a killed edit
/// leaves the old file or the new one, and concurrent edits lose nothing.
@Suite struct ReliabilityTests {
    static let todo = "# Inbox\n\n- [ ] Milk\n- [ ] Bread\n"

    static func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    /// Every fault gets exit status 2 and one line on stderr starting with `tick:` that names the
    /// file, and the file (when there is one) keeps its bytes.
    @Test(arguments: ["missing file", "dangling symlink", "symlink loop", "a folder", "binary file",
                      "read-only file", "read-only folder", "file size limit", "file over 2 GiB"])
    func faultsLeaveTheFileUntouched(_ fault: String) throws {
        let folder = try TemporaryDirectory()
        var file = try folder.write("TODO.md", Self.todo)
        var arguments = ["done", "Milk", "-f", "TODO.md"]
        var executable = TickProcess.binary
        var expected: String
        switch fault {
        case "missing file":
            arguments = ["done", "Milk", "-f", "nothing.md"]
            expected = "tick: nothing.md: no such file"
        case "dangling symlink":
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link.md").path, withDestinationPath: "gone.md")
            arguments = ["done", "Milk", "-f", "link.md"]
            expected = "tick: link.md: dangling symbolic link"
        case "symlink loop":
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("a.md").path, withDestinationPath: "b.md")
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("b.md").path, withDestinationPath: "a.md")
            arguments = ["done", "Milk", "-f", "a.md"]
            expected = "tick: a.md: too many levels of symbolic links"
        case "a folder":
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("dir.md"), withIntermediateDirectories: false)
            arguments = ["done", "Milk", "-f", "dir.md"]
            expected = "tick: dir.md: is a directory"
        case "binary file":
            file = try folder.write("TODO.md", Self.todo + "\u{0}\u{1}\u{2}\n")
            expected = "tick: TODO.md: contains NUL bytes"
        case "read-only file":
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
            expected = "tick: TODO.md: cannot write: the file is read-only"
        case "read-only folder":
            // No temporary file can be made beside the file. Root may write anywhere, so as root
            // tick runs as nobody on a file nobody owns, in a folder nobody may write.
            if getuid() == 0 {
                chown(file.path, 65534, 65534)
                chmod(folder.url.path, 0o755)
                arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", TickProcess.binary.path] + arguments
                executable = URL(fileURLWithPath: "/usr/bin/setpriv")
            } else {
                chmod(folder.url.path, 0o555)
            }
            expected = "tick: TODO.md: cannot write: cannot create a temporary file in"
        case "file size limit":
            // Disk full, as far as tick can tell: the write fails part-way (EFBIG under ulimit -f).
            file = try folder.write("TODO.md", Self.todo + String(repeating: "- [ ] filler task to make the file large\n", count: 4000))
            arguments = ["-c", "ulimit -f 64 && exec \"$0\" done Milk -f TODO.md", TickProcess.binary.path]
            executable = URL(fileURLWithPath: "/bin/sh")
            expected = "tick: TODO.md: cannot write: file too large (past the file size limit, ulimit -f, or the file system's); the file is unchanged"
        case "file over 2 GiB":
            // Sparse: no disk used. tick refuses from the size alone, without reading it.
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 3 << 30)
            try handle.close()
            expected = "tick: TODO.md: larger than 2 GiB, the most tick reads"
        default:
            Issue.record("unknown fault \(fault)")
            return
        }
        let before = Self.bytes(file)
        let result = try TickProcess.run(arguments, in: folder.url, environment: [
            "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ], executable: executable)
        chmod(folder.url.path, 0o755)
        #expect(result.status == 2, "\(fault): exit status")
        #expect(result.stderr.hasPrefix(expected), "\(fault): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(fault): one line")
        #expect(Self.bytes(file) == before, "\(fault): the file is unchanged")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tick") || $0.contains(".tick-") }
        #expect(leftovers.isEmpty, "\(fault): no temporary file is left")
    }

    /// `kill -9` at random moments of an edit of a 2.5 MB file: afterwards the file is exactly the
    /// old one or exactly the new one, and the next edit removes the dead process's half-written
    /// temporary file, never a file of the user's with the name.
    @Test func killedEditsLeaveTheOldOrTheNewFile() throws {
        let folder = try TemporaryDirectory()
        var text = "# Big\n\n"
        for index in 0..<60_000 { text += "- [ ] task number \(index) with some words\n" }
        let file = try folder.write("TODO.md", text)
        let old = Data(text.utf8)
        let new = Data(text.replacingOccurrences(of: "- [ ] task number 30000 ", with: "- [x] task number 30000 ").utf8)
        func start() throws -> Process {
            let process = Process()
            process.executableURL = TickProcess.binary
            process.arguments = ["done", "30003", "-f", file.path]
            process.environment = ["TICK_TODAY": "2026-11-22", "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        // The write comes at the end of a run: time one whole run, then kill in its second half,
        // so that kills land while the new bytes are being written, and some just after.
        let began = Date()
        let whole = try start()
        whole.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        #expect(Self.bytes(file) == new)
        try old.write(to: file)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<12 {
            let process = try start()
            usleep(UInt32(duration * 1e6 * Double.random(in: 0.5..<1.05, using: &generator)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = Self.bytes(file)
            #expect(now == old || now == new, "the file is the old or the new one, never a mix")
            try old.write(to: file)
        }
        // A temporary file a killed run left half-written (it has no permissions until it is
        // written) is removed by the next edit; a file of the user's under that name is kept.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tick") || $0.contains(".tick-") }
        }
        let killed = try leftovers()
        for name in killed {
            let path = folder.url.appendingPathComponent(name).path
            let info = try FileManager.default.attributesOfItem(atPath: path)
            let data = try Data(contentsOf: folder.url.appendingPathComponent(name))
            // A killed run leaves its half-written file (no permissions), or a whole one.
            #expect((info[.posixPermissions] as? Int) == 0 || data == old || data == new, "\(name): a leftover neither unfinished nor whole")
            // Whole ones are removed once unchanged for a minute: as if the kills were earlier.
            var times = [timespec(tv_sec: time(nil) - 120, tv_nsec: 0), timespec(tv_sec: time(nil) - 120, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
        }
        // The next edit removes every leftover of the killed runs, and only those.
        let mine = try folder.write("notes.md.tick", "a user's file")
        #expect(try TickProcess.run(["done", "30003", "-f", file.path], environment: ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]).status == 0)
        #expect(Self.bytes(file) == new)
        let left = try leftovers()
        #expect(left == ["notes.md.tick"], "left after \(killed.count) leftovers of killed runs: \(left)")
        try FileManager.default.removeItem(at: mine)
        try old.write(to: file)
        let stale = try folder.write(".TODO.md.tick", "half-writ")
        chmod(stale.path, 0)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        #expect(try TickProcess.run(["done", "30003", "-f", file.path], environment: state).status == 0)
        #expect(Self.bytes(file) == new)
        #expect(try leftovers().isEmpty, "a stale temporary file is removed")
        try folder.write(".TODO.md.tick", "mine")
        try old.write(to: file)
        #expect(try TickProcess.run(["done", "30003", "-f", file.path], environment: state).status == 0)
        #expect(Self.bytes(file) == new)
        #expect(try leftovers() == [".TODO.md.tick"] && String(contentsOf: folder.url.appendingPathComponent(".TODO.md.tick"), encoding: .utf8) == "mine")
    }

    /// Three processes, each adding, completing and moving its own tasks in one file at the same
    /// time: every edit is there at the end.
    @Test func concurrentMixedEditsLoseNothing() throws {
        let folder = try TemporaryDirectory()
        let workers = ["a", "b", "c"], edits = 12
        var text = "# Inbox\n\n"
        for worker in workers { for index in 1...edits { text += "- [ ] seed-\(worker)-\(index)\n" } }
        text += "\n# Later\n"
        let file = try folder.write("TODO.md", text)
        let script = """
        for i in $(seq 1 \(edits)); do
          "$TICK" add -g Inbox "new-$1-$i" || exit 1
          "$TICK" done "seed-$1-$i" || exit 1
          if [ $((i % 2)) -eq 0 ]; then "$TICK" move "seed-$1-$i" --to Later || exit 1; fi
        done
        """
        var processes: [Process] = []
        for worker in workers {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", worker]
            process.currentDirectoryURL = folder.url
            process.environment = ["TICK": TickProcess.binary.path, "TICK_TODAY": "2026-11-22", "PATH": "/usr/bin:/bin",
                                   "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
            try process.run()
            processes.append(process)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let later = lines.firstIndex(of: "# Later")!
        for worker in workers {
            for index in 1...edits {
                #expect(lines.filter { $0 == "- [ ] new-\(worker)-\(index)" }.count == 1, "new-\(worker)-\(index) added once")
                let seed = lines.indices.filter { lines[$0] == "- [x] seed-\(worker)-\(index)" }
                #expect(seed.count == 1, "seed-\(worker)-\(index) done, once")
                if let line = seed.first { #expect((line > later) == (index % 2 == 0), "seed-\(worker)-\(index) in its group") }
            }
        }
        #expect(lines.filter { $0.hasPrefix("- [") }.count == workers.count * edits * 2, "no task lost or duplicated")
    }

    /// A 10 MB line, invalid UTF-8, a BOM, CRLF endings and no final newline all survive an edit
    /// of another line byte for byte.
    @Test func hostileBytesElsewhereSurviveAnEdit() throws {
        let folder = try TemporaryDirectory()
        let long = Data(("- [ ] " + String(repeating: "x", count: 10_000_000)).utf8)
        var bytes = Data([0xEF, 0xBB, 0xBF]) + Data("# Inbox\r\n\r\n- [ ] Milk\r\n".utf8)
        bytes += Data("bad \u{FF}".utf8) + Data([0xFF, 0xFE, 0x80]) + Data(" bytes\r\n".utf8)
        bytes += long + Data("\r\n- [ ] last".utf8)
        let file = folder.url.appendingPathComponent("TODO.md")
        try bytes.write(to: file)
        let result = try TickProcess.run(["done", "Milk", "-f", file.path], environment: [
            "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        var expected = bytes
        let milk = expected.range(of: Data("- [ ] Milk".utf8))!
        expected.replaceSubrange(milk, with: Data("- [x] Milk".utf8))
        #expect(Self.bytes(file) == expected)
    }

    /// A range of 20 000 listed numbers in a 10 MB file costs about what the edit of as many
    /// tasks by a filter does: a number neither hashes the whole file nor looks through the
    /// tasks already named (either would make the range quadratic in its length and the file).
    /// Bounded generously, so that only that cost fails it.
    @Test func aLongRangeIsLinear() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("TODO.md")
        var text = "# Big\n\n" + (1...20_000).map { "- [ ] task \($0)\n" }.joined() + "\n```\n"
        text += String(repeating: String(repeating: "0123456789abcdef", count: 4_096) + "\n", count: 160) + "```\n"
        try Data(text.utf8).write(to: file)
        let environment = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        #expect(try TickProcess.run(["list", "-f", file.path], environment: environment).status == 0)
        let start = Date()
        let result = try TickProcess.run(["done", "1-20002", "--yes", "-q", "-f", file.path], environment: environment)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.components(separatedBy: "- [x] task ").count == 20_001 && !after.contains("- [ ] task"))
        #expect(seconds < 40, "done 1-20002 took \(seconds) s")
    }

    /// A 100 MB file: an edit in the middle changes that line and nothing else, the permissions
    /// stay, and a view still lists it. Most of the bytes are one large code block (cheap to
    /// parse even in a debug build); the tasks sit on both sides of it.
    @Test func hundredMegabyteFileIsEditedInPlace() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("TODO.md")
        let chunk = Data((String(repeating: "0123456789abcdef", count: 65_536) + "\n").utf8)  // 1 MiB + 1
        var bytes = Data("# Big\n\n- [ ] first\n- [ ] middle task\n\n```\n".utf8)
        for _ in 0..<100 { bytes += chunk }
        bytes += Data("```\n\n- [ ] last\n".utf8)
        try bytes.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let result = try TickProcess.run(["done", "middle", "-f", file.path], environment: [
            "XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        var expected = bytes
        expected.replaceSubrange(expected.range(of: Data("- [ ] middle".utf8))!, with: Data("- [x] middle".utf8))
        #expect(Self.bytes(file) == expected, "the 100 MB file changed beyond its task line")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let list = try TickProcess.run(["list", "-f", file.path])
        #expect(list.status == 0 && list.stdout.contains("first") && list.stdout.contains("last") && !list.stdout.contains("middle"))
    }
}
