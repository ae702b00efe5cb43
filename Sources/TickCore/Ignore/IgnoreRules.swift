/// The patterns of one ignore file (`.gitignore`, `.git/info/exclude`, `.tickignore`), with
/// gitignore(5)'s rules:
///
/// - blank lines and `#` comments are skipped (`\#` is a literal `#`); trailing spaces are
///   dropped unless escaped (`\ `);
/// - `!` re-includes what an earlier pattern excluded (`\!` is a literal `!`);
/// - a trailing `/` matches only folders;
/// - a pattern with a `/` at its start or in its middle is relative to the file's folder;
///   one without matches a name at any depth;
/// - `*` and `?` do not match `/`; `[a-z]`, `[!a-z]` match one character of a class;
///   `**/` matches any number of folders, `/**` everything inside, `a/**/b` zero or more
///   folders between.
///
/// Pure: paths are given relative to the folder the file is in, with `/` separators.
package struct IgnoreRules: Sendable {
    struct Rule: Sendable {
        let negated: Bool
        let directoryOnly: Bool
        /// Matched against the whole relative path; otherwise against the last name only.
        let anchored: Bool
        let pattern: [UInt8]
        /// How the pattern can be matched without the general matcher.
        let form: Form

        enum Form: Sendable {
            case literal
            /// `*` then a literal without glob characters: `*.log`.
            case suffix([UInt8])
            case glob
        }
    }

    let rules: [Rule]

    package var isEmpty: Bool { rules.isEmpty }

    /// Parses the text of an ignore file.
    package init(_ text: [UInt8]) {
        var rules: [Rule] = []
        for var line in text.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.last == 0x0D { line = line.dropLast() }
            // Trailing spaces go, unless the last is escaped.
            while line.last == Byte.space, !(line.count >= 2 && line[line.endIndex - 2] == Byte.backslash) { line = line.dropLast() }
            guard let first = line.first, first != Byte.hash else { continue }
            var negated = false
            if first == 0x21 {
                negated = true
                line = line.dropFirst()
            } else if first == Byte.backslash, line.count >= 2, line[line.startIndex + 1] == 0x21 || line[line.startIndex + 1] == Byte.hash {
                line = line.dropFirst()
            }
            var directoryOnly = false
            if line.last == Byte.slash {
                directoryOnly = true
                line = line.dropLast()
            }
            guard !line.isEmpty else { continue }
            let anchored = line.contains(Byte.slash)
            if line.first == Byte.slash { line = line.dropFirst() }
            guard !line.isEmpty else { continue }
            let pattern = Array(line)
            rules.append(Rule(negated: negated, directoryOnly: directoryOnly, anchored: anchored, pattern: pattern, form: Self.form(of: pattern)))
        }
        self.rules = rules
    }

    private static func form(of pattern: [UInt8]) -> Rule.Form {
        func isGlob(_ byte: UInt8) -> Bool { byte == 0x2A || byte == 0x3F || byte == Byte.leftBracket || byte == Byte.backslash }
        if !pattern.contains(where: isGlob) { return .literal }
        if pattern.first == 0x2A, pattern.count > 1, !pattern.dropFirst().contains(where: isGlob), !pattern.contains(Byte.slash) {
            return .suffix(Array(pattern.dropFirst()))
        }
        return .glob
    }

    /// What the file says of `path` (relative to its folder; `name` its last component):
    /// true ignored, false re-included, nil no pattern matches. The last matching pattern wins.
    package func verdict(path: ArraySlice<UInt8>, name: ArraySlice<UInt8>, isDirectory: Bool) -> Bool? {
        for rule in rules.reversed() where !rule.directoryOnly || isDirectory {
            let subject = rule.anchored ? path : name
            let matched: Bool
            switch rule.form {
            case .literal: matched = subject.elementsEqual(rule.pattern)
            case .suffix(let suffix):
                matched = subject.count >= suffix.count && subject.suffix(suffix.count).elementsEqual(suffix)
                    && !subject.dropLast(suffix.count).contains(Byte.slash)
            case .glob: matched = Glob.matches(rule.pattern[...], subject)
            }
            if matched { return !rule.negated }
        }
        return nil
    }
}
