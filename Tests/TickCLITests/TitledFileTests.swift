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

    /// `--reverse` in a grouped view reverses groups and tasks as trees: each task's subtasks
    /// still below it and each group's subgroups below its own tasks (reversed among
    /// themselves), where a reversed list would print them above it.
    @Test func aReversedListKeepsSubtasksBelowTheirTask() throws {
        let expected = "Home\n  17  [ ] buy milk\nWork\n   9  [ ] call bob\n   5  [ ] send report  0/3\n   8    [ ] review\n   6    [ ] draft  0/1\n   7      [ ] outline\nWork / Later\n  13  [ ] plan\n"
        #expect(try run(["list", "-r"]) == expected)
        #expect(try run(["list", "-r", "--json"]).components(separatedBy: "\"line\":").dropFirst().map { $0.prefix(while: \.isNumber) }
                == ["17", "9", "5", "8", "6", "7", "13"])
        // Siblings reverse at every level; a group shown only through its subgroup still
        // comes where it would.
        let nested = "# A\n- [ ] a\n## A1\n- [ ] a1\n## A2\n- [ ] a2\n### A2x\n- [ ] a2x\n# B\n## B1\n- [ ] b1\n"
        #expect(try run(["list", "-r"], text: nested) == "B / B1\n  11  [ ] b1\nA\n   2  [ ] a\nA / A2\n   6  [ ] a2\nA / A2 / A2x\n   8  [ ] a2x\nA / A1\n   4  [ ] a1\n")
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
