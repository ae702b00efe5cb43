import Foundation
import Testing

/// A file whose lone first heading holds its groups (`# TODO` over `## Work` and `## Home`, as
/// most real task files start) is titled: views name its groups without the title.
@Suite struct TitledFileTests {
    static let text = "# TODO\n\n## Work\n\n- [ ] send report\n  - [ ] draft\n    - [ ] outline\n  - [ ] review\n- [ ] call bob\n\n### Later\n\n- [ ] plan\n\n## Home\n\n- [ ] buy milk\n"

    func run(_ arguments: [String], text: String = Self.text, files: [String] = ["TODO.md"]) throws -> String {
        let folder = try TemporaryDirectory()
        for file in files { try folder.write(file, text) }
        let result = try TickProcess.run(arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test func viewsNameGroupsWithoutTheTitle() throws {
        let list = try run(["list"])
        #expect(list.hasPrefix("Work\n   5  [ ] send report") && list.contains("\nWork / Later\n") && list.contains("\nHome\n"), "\(list)")
        let groups = try run(["groups"])
        #expect(groups.hasPrefix("Work ") && groups.contains("\n  Later ") && groups.contains("\nHome ") && groups.hasSuffix("3 groups\n")
                && !groups.contains("TODO"), "\(groups)")
        let flat = try run(["list", "--sort", "text"])
        #expect(flat.contains("[ ] plan  · Work / Later\n"), "\(flat)")
        #expect(try run(["show", "13"]).contains("group       Work / Later\n"))
        // The full path still names the group, and JSON keeps it whole.
        #expect(try run(["list", "-g", "TODO/Home"]).contains("buy milk"))
        #expect(try run(["list", "--json", "-g", "home"]).contains(#""group":["TODO","Home"]"#))
        // A colour is kept under the name views show, which a rename of the title leaves.
        let colored = try TemporaryDirectory()
        try colored.write("TODO.md", Self.text)
        let color = try TickProcess.run(["group", "color", "later", "blue"], in: colored.url)
        #expect(color.stdout == "Work/Later: blue (.tick.toml)\n", "\(color.stdout)\(color.stderr)")
        #expect(try String(contentsOf: colored.url.appendingPathComponent(".tick.toml"), encoding: .utf8) == "[colors]\n\"Work/Later\" = \"blue\"\n")
        // A suggestion names a group as views do.
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", Self.text)
        let typo = try TickProcess.run(["list", "-g", "latr"], in: folder.url)
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'Later'?") && !typo.stderr.contains("TODO/"), "\(typo.stderr)")
        // Tasks of its own make the first heading a group like the others.
        let owned = try run(["list"], text: "# TODO\n\n- [ ] loose\n\n## Work\n\n- [ ] a\n")
        #expect(owned == "TODO\n  3  [ ] loose\nTODO / Work\n  7  [ ] a\n", "\(owned)")
    }

    /// A heading with no text is a group all the same: its rows say so, or they would read as
    /// the group's above.
    @Test func anUntitledHeadingIsNamed() throws {
        #expect(try run(["list"], text: "# A\n\n- [ ] a\n\n## \n\n- [ ] b\n") == "A\n  3  [ ] a\nA / (untitled)\n  7  [ ] b\n")
    }

    /// `--reverse` in a grouped view reverses groups and tasks, each task's subtasks still
    /// below it (reversed among themselves): a reversed list printed them above it.
    @Test func aReversedListKeepsSubtasksBelowTheirTask() throws {
        let expected = "Home\n  17  [ ] buy milk\nWork / Later\n  13  [ ] plan\nWork\n   9  [ ] call bob\n   5  [ ] send report  0/3\n   8    [ ] review\n   6    [ ] draft  0/1\n   7      [ ] outline\n"
        #expect(try run(["list", "-r"]) == expected)
        // Several files: each file's rows the same way, the files in reverse.
        let folder = try run(["list", "-r", "."], files: ["a.md", "b.md"])
        #expect(folder.hasPrefix("b.md: Home\n") && folder.contains("b.md: Work\n   9  [ ] call bob\n   5  [ ] send report  0/3\n   8    [ ] review\n"), "\(folder)")
        // A flat list is reversed row by row.
        #expect(try run(["list", "-r", "--sort", "text"]).hasPrefix("   5  [ ] send report"))
        // Tasks above the first heading print first, under no heading, or they would read as
        // the last group's.
        #expect(try run(["list", "-r"], text: "- [ ] loose\n- [ ] free\n\n## H\n\n- [ ] b\n- [ ] c\n") == "  2  [ ] free\n  1  [ ] loose\nH\n  7  [ ] c\n  6  [ ] b\n")
        let two = try run(["list", "-r", "."], text: "- [ ] loose\n\n## H\n\n- [ ] b\n", files: ["a.md", "b.md"])
        #expect(two == "b.md\n  1  [ ] loose\nb.md: H\n  5  [ ] b\na.md\n  1  [ ] loose\na.md: H\n  5  [ ] b\n", "\(two)")
    }
}
