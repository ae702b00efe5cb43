import Foundation
import Testing

/// `tick merge` as git's merge driver, in real repositories: branches, commits and `git merge`,
/// each compared with what git's own merge makes of the same branches.
@Suite struct GitMergeTests {
    let example = try! String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8)

    /// A repository whose main branch holds `base` as TODO.md, with the driver set up when `driver`.
    final class Repository {
        let folder: TemporaryDirectory
        var path: String

        init(_ base: String, driver: Bool) throws {
            folder = try TemporaryDirectory()
            path = TickProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
            try git("init", "-q", "-b", "main")
            try git("config", "user.email", "test@example.com")
            try git("config", "user.name", "Test")
            try folder.write("TODO.md", base)
            if driver {
                let setup = try TickProcess.run(["git", "setup"], in: folder.url, environment: ["PATH": path])
                #expect(setup.status == 0, "\(setup.stderr)")
            }
            try git("add", "-A")
            try git("commit", "-q", "-m", "base")
        }

        @discardableResult
        func git(_ arguments: String...) throws -> TickProcess.Result {
            try TickProcess.run(arguments, in: folder.url, environment: ["PATH": path], executable: URL(fileURLWithPath: "/usr/bin/git"))
        }

        /// Commits `text` as TODO.md on `branch` (created from main).
        func commit(_ text: String, on branch: String) throws {
            try git("checkout", "-q", "-B", branch, "main")
            try folder.write("TODO.md", text)
            try git("commit", "-q", "-am", branch)
        }

        /// Merges `theirs` into `ours`: git's exit status and the file it leaves.
        func merge(_ ours: String, _ theirs: String) throws -> (status: Int32, text: String) {
            try git("checkout", "-q", ours)
            let result = try git("merge", "-q", "-m", "merge", theirs)
            return (result.status, try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8))
        }
    }

    func both(_ ours: String, _ theirs: String, base: String) throws -> (git: (status: Int32, text: String), tick: (status: Int32, text: String)) {
        var results: [(Int32, String)] = []
        for driver in [false, true] {
            let repository = try Repository(base, driver: driver)
            try repository.commit(ours, on: "ours")
            try repository.commit(theirs, on: "theirs")
            results.append(try repository.merge("ours", "theirs"))
        }
        return (results[0], results[1])
    }

    @Test func neighbouringTicksConflictInGitButNotWithTick() throws {
        let ours = example.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        let theirs = example.replacingOccurrences(of: "- [ ] Coffee beans", with: "- [x] Coffee beans")
        let (git, tick) = try both(ours, theirs, base: example)
        #expect(git.status != 0 && git.text.contains("<<<<<<<"), "git alone conflicts on neighbouring checkboxes")
        #expect(tick.status == 0 && tick.text == ours.replacingOccurrences(of: "- [ ] Coffee beans", with: "- [x] Coffee beans"), "\(tick.text)")
    }

    @Test func editsOfOneTaskAndNewTasksOnBothSidesMerge() throws {
        let ours = example.replacingOccurrences(of: "- [ ] Write the quarterly report due:2026-12-01", with: "- [x] Write the quarterly report due:2026-12-01")
            .replacingOccurrences(of: "- [x] Book the team lunch\n", with: "- [x] Book the team lunch\n- [ ] Plan the offsite\n")
        let theirs = example.replacingOccurrences(of: "quarterly report due:2026-12-01", with: "yearly report due:2026-12-08")
            .replacingOccurrences(of: "- [x] Book the team lunch\n", with: "- [x] Book the team lunch\n- [ ] Order badges\n")
        let (git, tick) = try both(ours, theirs, base: example)
        #expect(git.status != 0)
        #expect(tick.status == 0)
        #expect(tick.text.contains("- [x] Write the yearly report due:2026-12-08\n  - Draft is in docs/q4.md"), "\(tick.text)")
        #expect(tick.text.contains("- [x] Book the team lunch\n- [ ] Plan the offsite\n- [ ] Order badges\n"), "\(tick.text)")
    }

    @Test func aDeletedTaskThatTheOtherSideCompletedIsTheOnlyConflict() throws {
        let ours = example.replacingOccurrences(of: "- [ ] Milk\n", with: "").replacingOccurrences(of: "- [x] Call the plumber", with: "- [ ] Call the plumber")
        let theirs = example.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        let repository = try Repository(example, driver: true)
        try repository.commit(ours, on: "ours")
        try repository.commit(theirs, on: "theirs")
        let (status, text) = try repository.merge("ours", "theirs")
        #expect(status != 0)
        #expect(text.components(separatedBy: "<<<<<<<").count == 2, "one conflict: \(text)")
        #expect(text.contains("## Groceries\n\n<<<<<<< ours\n=======\n- [x] Milk\n>>>>>>> theirs\n- [ ] Coffee beans"), "\(text)")
        #expect(text.contains("- [ ] Call the plumber\n"), "the rest merged")
    }

    /// The conflict labels git 2.44 passes (%X, %Y: the branches) are written after the
    /// markers; the placeholders an older git passes as written give the defaults (the test
    /// above merges through this machine's git).
    @Test func conflictMarkersNameTheBranches() throws {
        let folder = try TemporaryDirectory()
        try folder.write("base.md", "- [ ] buy milk today\n")
        try folder.write("theirs.md", "- [ ] buy soy milk today\n")
        for (labels, expected) in [(["-X", "HEAD", "-Y", "feature"], ("HEAD", "feature")), (["-X", "%X", "-Y", "%Y"], ("ours", "theirs"))] {
            try folder.write("ours.md", "- [ ] buy oat milk today\n")
            let result = try TickProcess.run(["merge"] + labels + ["base.md", "ours.md", "theirs.md"], in: folder.url)
            let merged = try String(contentsOf: folder.url.appendingPathComponent("ours.md"), encoding: .utf8)
            #expect(result.status == 1 && merged.hasPrefix("<<<<<<< \(expected.0)\n") && merged.contains(">>>>>>> \(expected.1)\n"), "\(merged)")
        }
    }

    @Test func setupRegistersTheDriverOnceAndPrintsWhatItDid() throws {
        let repository = try Repository(example, driver: true)
        let binary = TickProcess.binary.resolvingSymlinksInPath().path
        let driver = try repository.git("config", "merge.tick.driver").stdout
        #expect(driver.hasPrefix("\(binary) merge -L %L -P %P -X %X -Y %Y %O %A %B || "), "\(driver)")
        let again = try TickProcess.run(["git", "setup"], in: repository.folder.url, environment: ["PATH": repository.path])
        #expect(again.status == 0 && again.stdout.contains("is there already"))
        #expect(try String(contentsOf: repository.folder.url.appendingPathComponent(".gitattributes"), encoding: .utf8) == "TODO.md merge=tick\n")
        let check = try TickProcess.run(["git", "setup", "--check"], in: repository.folder.url)
        #expect(check.status == 0 && check.stdout.hasSuffix("ok: git merges these files with tick\n"), "\(check.stdout)\(check.stderr)")
        let outside = try TemporaryDirectory()
        let refused = try TickProcess.run(["git", "setup"], in: outside.url)
        #expect(refused.status == 2 && refused.stderr.hasPrefix("tick: not in a git repository"), "\(refused.stderr)")
        let printed = try TickProcess.run(["git", "setup", "--print", "--pattern", "*.md"], in: outside.url)
        #expect(printed.stdout.contains("echo '*.md merge=tick' >> .gitattributes"))
    }

    /// Through git, with the driver set up and git run with a PATH that has no tick (as a GUI
    /// client runs it): a task re-worded beside a new one is a conflict around it, and the new
    /// task is not given the other side's tick; a task that keeps a word takes the tick.
    @Test func aTickNeverLandsOnANewTaskThroughGit() throws {
        let base = "# Home\n\n- [ ] call mom\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n"
        let ours = "# Home\n\n- [ ] phone mother about the visit\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n- [ ] call dentist\n"
        let theirs = "# Home\n\n- [x] call mom\n- [ ] buy milk\n\n# Work\n\n- [ ] send report\n"
        for (mine, expected) in [(ours, nil), (ours.replacingOccurrences(of: "phone mother", with: "phone mom"), ours.replacingOccurrences(of: "[ ] phone mother", with: "[x] phone mom"))] {
            let repository = try Repository(base, driver: true)
            try repository.commit(mine, on: "ours")
            try repository.commit(theirs, on: "theirs")
            repository.path = "/usr/bin:/bin"
            let (status, text) = try repository.merge("ours", "theirs")
            if let expected {
                #expect(status == 0 && text == expected, "\(text)")
            } else {
                #expect(status != 0 && text.contains("- [x] call mom\n>>>>>>> theirs") && text.contains("- [ ] call dentist\n"), "\(text)")
            }
        }
    }

    /// The merges users expect clean, and the ones where a guess would put a change on the
    /// wrong task, through git with the driver `tick git setup` registered.
    @Test(arguments: [
        // A postponement and a completion of one task, in each dialect.
        ("- [ ] A 📅 2026-12-01\n- [ ] B\n", "- [ ] A 📅 2026-12-05\n- [ ] B\n", "- [x] A 📅 2026-12-01 ✅ 2026-12-02\n- [ ] B\n",
         "- [x] A 📅 2026-12-05 ✅ 2026-12-02\n- [ ] B\n"),
        ("- [ ] A due:2026-12-01\n- [ ] B\n", "- [ ] A due:2026-12-05\n- [ ] B\n", "- [x] A due:2026-12-01 done:2026-12-02\n- [ ] B\n",
         "- [x] A due:2026-12-05 done:2026-12-02\n- [ ] B\n"),
        // Neighbouring deletions.
        ("- [ ] A\n- [ ] B\n- [ ] C\n", "- [ ] B\n- [ ] C\n", "- [ ] A\n- [ ] C\n", "- [ ] C\n"),
        // Twins: each tick stays, or a conflict is marked (never a lost tick with exit 0).
        ("- [ ] Eggs\n- [ ] Eggs\n- [ ] Tea\n", "- [x] Eggs\n- [ ] Eggs\n- [x] Tea\n", "- [ ] Eggs\n- [x] Eggs\n- [ ] Tea\n", nil),
        // Re-worded beside a new task with the words of the old: a conflict, not a wrong tick.
        ("- [ ] pay the rent\n- [ ] water\n", "- [ ] transfer money to landlord\n- [ ] pay the gas bill\n- [ ] water\n",
         "- [x] pay the rent\n- [ ] water\n", nil),
    ] as [(String, String, String, String?)])
    func mergesThroughGit(_ base: String, _ ours: String, _ theirs: String, _ expected: String?) throws {
        let repository = try Repository(base, driver: true)
        try repository.commit(ours, on: "ours")
        try repository.commit(theirs, on: "theirs")
        let (status, text) = try repository.merge("ours", "theirs")
        if let expected {
            #expect(status == 0 && text == expected, "\(text)")
        } else {
            #expect(status != 0 && text.contains("<<<<<<< ") && !text.contains("[x] pay the gas bill"), "\(text)")
        }
    }

    /// A driver whose binary is gone still marks the conflicts (git's line merge) and says why:
    /// git would otherwise keep this branch's file, the other side's edits lost unmarked.
    @Test func aDriverThatCannotRunFallsBackToMarkedConflicts() throws {
        let repository = try Repository(example, driver: true)
        let driver = try repository.git("config", "merge.tick.driver").stdout.dropLast()
        let binary = TickProcess.binary.resolvingSymlinksInPath().path
        try repository.git("config", "merge.tick.driver", driver.replacingOccurrences(of: binary, with: "/nonexistent/tick"))
        try repository.commit(example.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk"), on: "ours")
        try repository.commit(example.replacingOccurrences(of: "- [ ] Milk", with: "- [ ] Oat milk"), on: "theirs")
        try repository.git("checkout", "-q", "ours")
        let merge = try repository.git("merge", "-q", "-m", "merge", "theirs")
        let text = try String(contentsOf: repository.folder.url.appendingPathComponent("TODO.md"), encoding: .utf8)
        #expect(merge.status != 0 && text.contains("<<<<<<< ours\n- [x] Milk\n=======\n- [ ] Oat milk\n>>>>>>> theirs\n"), "\(text)")
        #expect(merge.stderr.contains("tick merge driver: /nonexistent/tick did not run (exit 127); merged line by line"), "\(merge.stderr)")
        let check = try TickProcess.run(["git", "setup", "--check"], in: repository.folder.url)
        #expect(check.status == 1 && check.stderr.contains("/nonexistent/tick, which is missing"), "\(check.stderr)")
    }

    /// --check asks git what it makes of the files: a later line or a folder's .gitattributes
    /// that gives them another driver is a problem; a pattern git reads as a comment is refused.
    @Test func checkSeesADriverOverriddenByGit() throws {
        let repository = try Repository(example, driver: true)
        #expect(try TickProcess.run(["git", "setup", "--check"], in: repository.folder.url).status == 0)
        let attributes = repository.folder.url.appendingPathComponent(".gitattributes")
        try Data("TODO.md merge=tick\n*.md merge=union\n".utf8).write(to: attributes)
        let check = try TickProcess.run(["git", "setup", "--check"], in: repository.folder.url)
        #expect(check.status == 1 && check.stderr.contains("git merges TODO.md (merge=union) otherwise"), "\(check.stderr)")
        let comment = try TickProcess.run(["git", "setup", "--pattern", "#notes.md"], in: repository.folder.url)
        #expect(comment.status == 2 && comment.stderr.contains("does not start with '#'"), "\(comment.stderr)")
    }

    /// A cloned repository's .gitattributes that is a link out of it is never written through.
    @Test func setupRefusesAnAttributesLinkOutOfTheRepository() throws {
        let repository = try Repository(example, driver: false)
        let outside = try TemporaryDirectory()
        try outside.write("gitconfig", "[user]\n")
        try FileManager.default.createSymbolicLink(atPath: repository.folder.url.appendingPathComponent(".gitattributes").path,
                                                   withDestinationPath: outside.url.appendingPathComponent("gitconfig").path)
        let refused = try TickProcess.run(["git", "setup"], in: repository.folder.url)
        #expect(refused.status == 2 && refused.stderr.contains("outside the repository; tick git setup writes nothing through it"), "\(refused.stderr)")
        #expect(try String(contentsOf: outside.url.appendingPathComponent("gitconfig"), encoding: .utf8) == "[user]\n")
        #expect(try repository.git("config", "merge.tick.driver").stdout.isEmpty)
    }

    /// After a merge with conflicts, edits refuse the file (they would break the conflict),
    /// views show its tasks with a warning, and `tick resolve` takes a side.
    @Test func conflictMarkersStopEditsUntilResolved() throws {
        let folder = try TemporaryDirectory()
        let conflicted = "# Home\n\n- [ ] a\n<<<<<<< HEAD\n- [ ] b due:2026-12-01\n=======\n- [ ] b due:2026-12-09\n>>>>>>> feature\n- [ ] c\n"
        try folder.write("TODO.md", conflicted)
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let done = try TickProcess.run(["done", "--date", "2026-12-07", "c"], in: folder.url, environment: state)
        #expect(done.status == 2 && done.stderr == "tick: TODO.md: line 4 opens an unresolved merge conflict (<<<<<<< ... >>>>>>>); resolve it first (tick resolve, or in an editor)\n", "\(done.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == conflicted)
        let list = try TickProcess.run(["list"], in: folder.url, environment: state)
        #expect(list.status == 0 && list.stdout.contains("[ ] c") && list.stderr.components(separatedBy: "\n").count == 2
                && list.stderr.hasPrefix("tick: warning: TODO.md:4: an unresolved merge conflict"), "\(list.stderr)")
        // A marker line right below a task would read as a line of its text (a lazy
        // continuation): no view, JSON or query takes it for one.
        #expect(list.stdout.contains("  3  [ ] a\n") && !["<<<", "===", ">>>"].contains(where: list.stdout.contains), "\(list.stdout)")
        for view in [["board"], ["list", "--json"], ["query", "-e", "description includes HEAD"]] {
            let shown = try TickProcess.run(view, in: folder.url, environment: state).stdout
            #expect(!["<<<", "===", ">>>", "HEAD"].contains(where: shown.contains), "\(view): \(shown)")
        }
        let shown = try TickProcess.run(["resolve"], in: folder.url, environment: state)
        #expect(shown.stdout.hasPrefix("TODO.md:4: conflict\n  ours:\n    - [ ] b due:2026-12-01\n  theirs:\n    - [ ] b due:2026-12-09\n"), "\(shown.stdout)")
        let resolved = try TickProcess.run(["resolve", "--theirs"], in: folder.url, environment: state)
        #expect(resolved.status == 0 && resolved.stdout == "TODO.md: resolved 1 conflict keeping theirs\n", "\(resolved.stdout)\(resolved.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == "# Home\n\n- [ ] a\n- [ ] b due:2026-12-09\n- [ ] c\n")
        #expect(try TickProcess.run(["done", "c"], in: folder.url, environment: state).status == 0)
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: state).status == 0)
        #expect(try TickProcess.run(["undo"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == conflicted)
    }

    /// Resolving one conflict of several says where the others start now: the lines that
    /// `tick resolve` listed moved.
    @Test func resolvingOneConflictSaysWhereTheOthersAreNow() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# TODO\n\n<<<<<<< ours\n- [x] a\n=======\n- [ ] a due:2026-12-05\n>>>>>>> theirs\n- [ ] b\n"
                                    + "<<<<<<< ours\n- [ ] c\n=======\n- [x] c\n>>>>>>> theirs\n")
        let state = ["XDG_STATE_HOME": folder.url.appendingPathComponent(".state").path]
        let first = try TickProcess.run(["resolve", "--ours", "3"], in: folder.url, environment: state)
        #expect(first.stdout == "TODO.md: resolved 1 conflict keeping ours; 1 left, on line 5\n", "\(first.stdout)\(first.stderr)")
        #expect(try TickProcess.run(["resolve", "--theirs", "5"], in: folder.url, environment: state).status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("TODO.md"), encoding: .utf8) == "# TODO\n\n- [x] a\n- [ ] b\n- [x] c\n")
    }
}
