import Foundation
import Testing

/// What tick says when a command is mistyped or half given: the help is about the command, an
/// unknown word people use for a command points to it, and a missing operand is named exactly.
@Suite struct WordsTests {
    func run(_ arguments: [String]) throws -> TickProcess.Result {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] Call the plumber\n- [ ] Pay rent\n- [ ] Walk\n")
        return try TickProcess.run(arguments, in: folder.url)
    }

    @Test(arguments: [
        (["remove", "3"], "tick: unknown command 'remove'; did you mean 'rm'? (see 'tick --help')\n"),
        (["complete", "3"], "tick: unknown command 'complete'; did you mean 'done'? (see 'tick --help')\n"),
        (["lsit"], "tick: unknown command 'lsit'; did you mean 'list'? (see 'tick --help')\n"),
        (["due", "3"], "tick: missing date (or none) (see 'tick due --help')\n"),
        (["due"], "tick: missing task reference and date (see 'tick due --help')\n"),
        (["edit", "3"], "tick: missing new text (see 'tick edit --help')\n"),
        (["done", "other.md:11"], "tick: other.md: no such file\n"),
    ])
    func mistakesAreNamed(_ arguments: [String], _ says: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2 && result.stderr == says, "\(arguments): \(result.stderr)")
    }

    @Test func helpIsAboutTheCommand() throws {
        #expect(try run(["help", "help"]).stdout.hasPrefix("tick "), "help help is the overview")
        let done = try run(["help", "done"]).stdout
        #expect(done.contains("Mark done the one task whose text contains these words."), "\(done)")
    }
}
