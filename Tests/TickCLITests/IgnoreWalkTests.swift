import Foundation
import Testing
import TickCore

/// Folder walks skip what git ignores: random trees and ignore files, each compared with
/// `git ls-files --others --exclude-standard` in the same repository.
@Suite struct IgnoreWalkTests {
    static let names = ["a", "b", "docs", "x.md", "y.md", "a.md", "[b].md"]
    static let patterns = ["a", "b/", "/a", "*.md", "!x.md", "x.md", "a*", "?.md", "[ab].md", "**/b", "a/**", "a/**/x.md",
                           "docs/*.md", "!docs/", "/docs/a.md", "*/x.md", "!a", "b/**/y.md", "\\[b\\].md", "#x.md", "y.md/"]

    @Test(arguments: 0..<24)
    func walkMatchesGit(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let folder = try TemporaryDirectory()
        let git = try TickProcess.run(["/usr/bin/git", "init", "-q", folder.url.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(git.status == 0, "git is needed (.ci/run installs it)")
        // A tree of folders and Markdown files, each holding one task.
        var folders = [""]
        for _ in 0..<6 {
            let parent = folders.randomElement(using: &random)!
            guard parent.split(separator: "/").count < 3 else { continue }
            let name = ["a", "b", "docs"].randomElement(using: &random)!
            folders.append(parent + name + "/")
        }
        for path in Set(folders) {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
            for name in Self.names where name.hasSuffix(".md") && Bool.random(using: &random) {
                try folder.write(path + name, "- [ ] task\n")
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                let lines = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.patterns.randomElement(using: &random)! }
                try folder.write(path + ".gitignore", lines.joined(separator: "\n") + "\n")
            }
        }
        if Bool.random(using: &random) {
            try folder.write(".git/info/exclude", Self.patterns.randomElement(using: &random)! + "\n")
        }
        let listed = try TickProcess.run(["/usr/bin/git", "-C", folder.url.path, "ls-files", "--others", "--exclude-standard"],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"))
        let expected = Set(listed.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".md") })
        let json = try TickProcess.run(["list", "--all", "--json", "."], in: folder.url)
        let found = Set(json.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "{\"file\":\"")?.upperBound, let end = line[start...].firstIndex(of: "\"") else { return nil }
            return String(line[start..<end]).replacingOccurrences(of: "./", with: "")
        })
        let ignores = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".gitignore") || $0.hasSuffix("exclude") }
        let described = try ignores.map { "\($0): " + (try String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8)) }
        #expect(found == expected, "tick read \(found.sorted()), git lists \(expected.sorted()); \(described)")
    }

    @Test func tickignoreNoIgnoreAndNamedFiles() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        for path in ["TODO.md", "build/out.md", "docs/plan.md", "docs/old/x.md"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try folder.write(path, "- [ ] in \(path)\n")
        }
        try folder.write(".gitignore", "build/\nold\n")
        try folder.write(".tickignore", "TODO.md\n")
        func files(_ arguments: [String], in directory: String = "") throws -> [String] {
            let result = try TickProcess.run(arguments + ["--all", "--json"], in: folder.url.appendingPathComponent(directory))
            return result.stdout.split(separator: "\n").compactMap { line in
                line.range(of: "\"text\":\"in ").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
            }
        }
        #expect(try files(["list", "."]) == ["docs/plan.md"])
        #expect(try files(["list", "--no-ignore", "."]) == ["TODO.md", "build/out.md", "docs/old/x.md", "docs/plan.md"])
        #expect(try files(["list", "build"]) == ["build/out.md"], "a folder named on the command line is read")
        #expect(try files(["list", "build/out.md", "TODO.md"]) == ["build/out.md", "TODO.md"])
        #expect(try files(["list", "."], in: "docs") == ["docs/plan.md"], "the root's .gitignore holds in a subfolder's walk")
        let lint = try TickProcess.run(["lint", "--strict", "."], in: folder.url)
        #expect(lint.status == 0, "ignored files are not linted: \(lint.stdout)")
    }
    /// A file found both as itself and through links to it is listed once, under its own name
    /// (even when a link sorts first); two links to one file outside the folder, once.
    @Test func aFileReachedThroughLinksIsListedOnce() throws {
        let folder = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try folder.write("TODO.md", "- [ ] in TODO.md\n")
        try outside.write("shared.md", "- [ ] in shared.md\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("notes"), withIntermediateDirectories: false)
        let links = [("A.md", "TODO.md"), ("notes/TODO.md", "../TODO.md"),
                     ("b.md", outside.url.appendingPathComponent("shared.md").path),
                     ("notes/c.md", outside.url.appendingPathComponent("shared.md").path)]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let result = try TickProcess.run(["list", "."], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "TODO.md\n  1  [ ] in TODO.md\nb.md\n  1  [ ] in shared.md\n")
        let named = try TickProcess.run(["list", "-f", "A.md", "-f", "TODO.md"], in: folder.url)
        #expect(named.stdout == "  1  [ ] in TODO.md\n")
    }
}
