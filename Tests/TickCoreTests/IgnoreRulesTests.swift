import Foundation
import Testing
@testable import TickCore

/// gitignore(5)'s patterns, case by case; the walk is checked against git itself in
/// IgnoreWalkTests.
@Suite struct IgnoreRulesTests {
    func ignored(_ patterns: String, _ path: String, directory: Bool = false) -> Bool? {
        let rules = IgnoreRules(Array(patterns.utf8))
        let bytes = Array(path.utf8)
        let name = bytes.split(separator: 0x2F).last ?? bytes[...]
        return rules.verdict(path: bytes[...], name: name, isDirectory: directory)
    }

    @Test func patterns() {
        #expect(ignored("*.log", "a/b/c.log") == true)
        #expect(ignored("*.log", "a.log/x") == nil, "a name pattern is matched against the last name only")
        #expect(ignored("build/", "build", directory: true) == true)
        #expect(ignored("build/", "build") == nil, "a trailing slash matches folders only")
        #expect(ignored("/vendor", "vendor", directory: true) == true)
        #expect(ignored("/vendor", "src/vendor", directory: true) == nil, "a leading slash anchors")
        #expect(ignored("doc/frotz", "doc/frotz") == true)
        #expect(ignored("doc/frotz", "a/doc/frotz") == nil, "a middle slash anchors")
        #expect(ignored("**/foo", "a/b/foo") == true && ignored("**/foo", "foo") == true)
        #expect(ignored("a/**/b", "a/b") == true && ignored("a/**/b", "a/x/y/b") == true && ignored("a/**/b", "a/xb") == nil)
        #expect(ignored("abc/**", "abc/x/y") == true && ignored("abc/**", "abc") == nil)
        #expect(ignored("a*b", "axxb") == true && ignored("a/*.md", "a/b/c.md") == nil, "a star stops at a slash")
        #expect(ignored("?.md", "é.md") == true, "? is one character, not one byte")
        #expect(ignored("[a-c].md", "b.md") == true && ignored("[!a-c].md", "b.md") == nil && ignored("[!a-c].md", "d.md") == true)
        #expect(ignored("*.md\n!keep.md", "keep.md") == false, "the last matching pattern wins")
        #expect(ignored("\\#notes.md", "#notes.md") == true && ignored("#notes.md", "#notes.md") == nil)
        #expect(ignored("\\!bang.md", "!bang.md") == true)
        #expect(ignored("trail.md   ", "trail.md") == true && ignored("space\\ ", "space ") == true)
        #expect(ignored("x.md\r\n", "x.md") == true, "CRLF ignore files")
    }

    @Test func aHostilePatternCostsLittle() {
        let pattern = String(repeating: "*a", count: 40) + "b"
        let name = String(repeating: "a", count: 2000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(ignored(pattern, name) == nil) }
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
