/// A regular expression as Obsidian Tasks writes one in a query: `/pattern/flags`, everything
/// between the first and the last slash, with `i` for any case (the others JavaScript allows
/// change nothing on one line of text). The pattern is read in the syntax Swift's `Regex`
/// shares with JavaScript's: classes, groups, alternation, anchors, quantifiers, lookaround.
package struct TextPattern: Sendable, CustomStringConvertible {
    let pattern: String
    let flags: String
    private let compiled: Compiled

    /// The compiled expression, which the standard library does not declare `Sendable`; it is
    /// only ever read.
    private final class Compiled: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
    }

    init(_ text: String) throws(TasksQuery.Unread) {
        guard text.hasPrefix("/"), let last = text.lastIndex(of: "/"), last > text.startIndex else {
            throw TasksQuery.Unread("a regular expression is written /pattern/ or /pattern/i")
        }
        pattern = String(text[text.index(after: text.startIndex)..<last])
        flags = String(text[text.index(after: last)...])
        guard !pattern.isEmpty else { throw TasksQuery.Unread("the regular expression between the slashes is empty") }
        if let unknown = flags.first(where: { !"imsgu".contains($0) }) {
            throw TasksQuery.Unread("'\(unknown)' is no flag of a regular expression; 'i' matches any case")
        }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(pattern)
        } catch {
            throw TasksQuery.Unread("cannot read the regular expression /\(pattern)/: \(error)")
        }
        compiled = Compiled(flags.contains("i") ? regex.ignoresCase() : regex)
    }

    func matches(_ text: String) -> Bool {
        (try? compiled.regex.firstMatch(in: text)) != nil
    }

    package var description: String { "/\(pattern)/\(flags)" }
}
