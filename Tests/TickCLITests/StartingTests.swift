import Foundation
import Testing

/// Starting a list: `tick init`, `add` to a file that does not exist yet, and which file a
/// command finds when none is named.
@Suite struct StartingTests {
    func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        return folder
    }

    func contents(_ folder: TemporaryDirectory, _ name: String) -> String? {
        try? String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func initStartsAFileAndNeverTouchesOne() throws {
        let folder = try folder()
        let missing = try TickProcess.run(["add", "Buy milk"], in: folder.url)
        #expect(missing.status == 2 && missing.stderr.contains("start one with 'tick init'"), "\(missing.stderr)")
        let started = try TickProcess.run(["init"], in: folder.url)
        #expect(started.status == 0 && started.stdout.hasPrefix("created TODO.md"), "\(started.stdout)\(started.stderr)")
        #expect(contents(folder, "TODO.md") == "# TODO\n")
        #expect(try TickProcess.run(["add", "Buy milk"], in: folder.url).status == 0)
        #expect(contents(folder, "TODO.md") == "# TODO\n\n- [ ] Buy milk\n")
        let again = try TickProcess.run(["init"], in: folder.url)
        #expect(again.status == 2 && again.stderr == "tick: TODO.md already exists; tick init never changes a file (add to it with: tick add TEXT)\n", "\(again.stderr)")
        #expect(contents(folder, "TODO.md") == "# TODO\n\n- [ ] Buy milk\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("home"), withIntermediateDirectories: false)
        #expect(try TickProcess.run(["init", "--title", "Home", "home"], in: folder.url).status == 0)
        #expect(contents(folder, "home/TODO.md") == "# Home\n")
    }

    /// A task file of another usual name (todo.md, TASKS.md) is the folder's already: a
    /// TODO.md started beside it would be found first and hide its tasks.
    @Test func initLeavesAFolderWithATaskFileAlone() throws {
        let folder = try folder()
        _ = try folder.write("tasks.md", "- [ ] a\n")
        let refused = try TickProcess.run(["init"], in: folder.url)
        #expect(refused.status == 2 && refused.stderr.hasPrefix("tick: tasks.md is this folder's task file already"), "\(refused.stderr)")
        #expect(contents(folder, "TODO.md") == nil)
        #expect(try TickProcess.run(["init", "other.md"], in: folder.url).status == 0)
    }

    /// A folder named TODO.md, with no task file beside it: said, not sent round to `tick init`,
    /// which does not make TODO.md/TODO.md that nothing would find.
    @Test func aFolderNamedTODOIsSaid() throws {
        let folder = try folder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("TODO.md"), withIntermediateDirectories: false)
        let folderSaid = "tick: TODO.md: is a folder, not a task file; name a task file with -f FILE\n"
        for arguments in [["list"], ["add", "Buy milk"]] {
            let result = try TickProcess.run(arguments, in: folder.url)
            #expect(result.status == 2 && result.stderr == folderSaid, "\(arguments): \(result.stderr)")
        }
        let started = try TickProcess.run(["init"], in: folder.url)
        #expect(started.status == 2 && started.stderr.hasPrefix("tick: TODO.md here is a folder;"), "\(started.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("TODO.md").path).isEmpty)
        // Nor is a parent's task file taken instead of it.
        let inner = folder.url.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner.appendingPathComponent("TODO.md"), withIntermediateDirectories: true)
        try folder.write("todo.md", "- [ ] the parent's\n")
        let below = try TickProcess.run(["list"], in: inner)
        #expect(below.status == 2 && below.stderr == folderSaid && below.stdout.isEmpty, "\(below.stdout)\(below.stderr)")
        // Named, the folder is where the file goes.
        #expect(try TickProcess.run(["init", "TODO.md"], in: folder.url).status == 0)
        #expect(contents(folder, "TODO.md/TODO.md") == "# TODO\n")
    }

    @Test func addCreatesTheFileItNames() throws {
        let folder = try folder()
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let added = try TickProcess.run(["add", "-f", "notes.md", "-g", "Home", "Fix the door"], in: folder.url, environment: state)
        #expect(added.status == 0 && added.stderr == "tick: created notes.md\n", "\(added.stderr)")
        #expect(contents(folder, "notes.md") == "# Home\n\n- [ ] Fix the door\n")
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: state).status == 0)
        #expect(contents(folder, "notes.md") == nil, "undo takes the created file away")
        let nowhere = try TickProcess.run(["add", "-f", "nowhere/x.md", "hi"], in: folder.url)
        #expect(nowhere.status == 2 && nowhere.stderr == "tick: cannot create nowhere/x.md: there is no folder nowhere\n", "\(nowhere.stderr)")
        // A task text tick refuses leaves no empty file behind.
        let refused = try TickProcess.run(["add", "-f", "new.md", "--after", "9", "hi"], in: folder.url)
        #expect(refused.status == 2 && contents(folder, "new.md") == nil, "\(refused.stderr)")
    }

    @Test func theSearchFindsTheUsualNamesInOrder() throws {
        let folder = try folder()
        try folder.write("tasks.md", "- [ ] from tasks.md\n")
        #expect(try TickProcess.run(["list"], in: folder.url).stdout == "  1  [ ] from tasks.md\n")
        try folder.write("todo.md", "- [ ] from todo.md\n")
        #expect(try TickProcess.run(["list"], in: folder.url).stdout == "  1  [ ] from todo.md\n")
        // A folder named TODO.md is no task file: list walked it and edits failed on it.
        try folder.write("TODO.md/inner.md", "- [ ] inside a folder\n")
        #expect(try TickProcess.run(["list"], in: folder.url).stdout == "  1  [ ] from todo.md\n")
        #expect(try TickProcess.run(["done", "1"], in: folder.url).stdout == "done 1 [x] from todo.md\n")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("TODO.md"))
        try folder.write("todo.md", "- [ ] from todo.md\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("docs/deep"), withIntermediateDirectories: true)
        try folder.write("docs/plan.md", "- [ ] from the configured file\n")
        try folder.write(".tick.toml", "[tasks]\nfile = \"docs/plan.md\"\n")
        let deep = try TickProcess.run(["list", "--json"], in: folder.url.appendingPathComponent("docs/deep"))
        #expect(deep.stdout.contains("\"file\":\"../../docs/plan.md\"") && deep.stdout.contains("from the configured file"), "\(deep.stdout)\(deep.stderr)")
        let named = try TickProcess.run(["list"], in: folder.url, environment: ["TICK_FILE": "todo.md"])
        #expect(named.stdout == "  1  [ ] from todo.md\n", "TICK_FILE wins over .tick.toml")
        // A configuration cannot point tick at a file out of its folder, nor at one not Markdown:
        // a cloned repository must not have `tick add` append to ~/.bashrc.
        try folder.write("outside/bashrc", "export A=1\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        symlink("../outside", folder.url.appendingPathComponent("repo/link").path)
        for (file, says) in [("../outside/bashrc", "is outside the folder of .tick.toml"), (folder.url.path + "/outside/bashrc", "is outside the folder"),
                             ("notes.txt", "is not a Markdown file"), ("link/TODO.md", "leads out of the folder of .tick.toml through a link")] {
            try folder.write("repo/.tick.toml", "[tasks]\nfile = \"\(file)\"\n")
            let added = try TickProcess.run(["add", "evil"], in: folder.url.appendingPathComponent("repo"))
            #expect(added.status == 2 && added.stderr.contains(says), "\(file): \(added.stderr)")
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("outside/bashrc"), encoding: .utf8) == "export A=1\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("outside/TODO.md").path))
    }
}
