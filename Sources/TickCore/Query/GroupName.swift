/// How every command names a group (`-g`, `--to`, `group rename`, ...), one grammar:
///
/// 1. a group whose title is the whole text wins (`Someday/Maybe` names a heading titled so);
/// 2. else the text is a path, titles separated by `/` (`\/` is a `/` inside a title), that
///    matches the end of a group's path (`groceries` and `home/groceries` both name
///    `Home / Groceries`);
/// 3. else the text matches the end of a group's titles joined by `/`, so that a path through a
///    title with a slash needs no escape (`Home/Someday/Maybe`);
/// 4. else rules 2 and 3 with each title read from its first letter or digit, so that an emoji
///    or a mark before the words need not be typed (`today` names `📆 Today`);
/// 5. else the start of one group's title, read so, names that group (`someday` names
///    `Someday/Maybe`, `home/gar` names `Home / Garden & Yard`), or the groups of one title
///    (`groc` names `Groceries` and the archive's `Done / Groceries`, as `groceries` does);
///    the start of several titles names none;
/// 6. a name typed without accents reads titles without theirs too: after rule 4 fails, rule 4
///    so (`epicerie` names `Épicerie` before `Epicerie fine` by its start), and after rule 5,
///    rule 5 so (`epi`).
///
/// Titles compare without case and surrounding spaces.
public struct GroupName: Sendable, Equatable {
    package let text: String
    /// The text as one title, unescaped.
    let title: String
    /// The text as a path of titles.
    let path: [String]
    /// The titles of the path as written (trimmed, `\/` read as `/`): what a new group is called.
    package let titles: [String]

    public init(_ text: String) {
        self.text = text
        var titles: [String] = [], current = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            if character == "\\", let escaped = characters.next() {
                if escaped == "/" || escaped == "\\" { current.append(escaped) } else { current += "\\" + String(escaped) }
            } else if character == "/" {
                titles.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        titles.append(current)
        self.titles = titles.map(\.trimmingSpaces).filter { !$0.isEmpty }
        path = self.titles.map { $0.lowercased() }
        title = titles.joined(separator: "/").trimmingSpaces.lowercased()
    }

    /// The groups (top-level headings) the name matches, by the first rule that matches any.
    public func groups(in document: Document) -> [Int] { matchingRule(in: Groups(document)).groups }

    /// The groups the name matches among `groups`, a document's read once for many names
    /// (the colours of `.tick.toml`, each matched against every view's file).
    package func groups(in groups: Groups) -> [Int] { matchingRule(in: groups).groups }

    /// A document's groups as names are compared with them: read once, matched by any
    /// number of names.
    package struct Groups {
        let document: Document
        /// The top-level headings.
        let indices: [Int]
        /// Each one's title, trimmed, without case (rule 1).
        let titles: [String]
        /// Each one's path as `comparedPaths` gives it, made when a name needs it.
        private(set) var paths: [[String]]?

        package init(_ document: Document) {
            self.document = document
            indices = document.headings.indices.filter { document.headings[$0].topLevel }
            titles = indices.map { document.headings[$0].title.trimmingSpaces.lowercased() }
        }

        /// The same groups with their `paths` made: for many names, most of which match no
        /// title whole.
        package func withPaths() -> Groups {
            var made = self
            if made.paths == nil { made.paths = GroupName.comparedPaths(of: indices, in: document) }
            return made
        }
    }

    /// The groups the name matches and how: 1 when it is their name (rules 1 to 4, and 6
    /// after 4), 2 when it is the start of their title (rule 5, and 6 after 5), 0 when it
    /// matches none. A view of several files keeps the files where it is the name when there
    /// are any (`Workshop` is not `work` where another file has `Work`).
    package func match(in document: Document) -> (tier: Int, groups: [Int]) {
        let (rule, groups) = matchingRule(in: Groups(document))
        return (rule == 0 ? 0 : rule <= 5 ? 1 : 2, groups)
    }

    /// Each group's path as names are compared with it: titles trimmed, without case.
    static func comparedPaths(of groups: [Int], in document: Document) -> [[String]] {
        groups.map { document.groupPath(ofHeading: $0).map { $0.trimmingSpaces.lowercased() } }
    }

    /// The groups the name matches and the rule that matched them, numbered in the order
    /// rules are tried (1 for a whole title; 0 with no groups).
    private func matchingRule(in read: Groups) -> (rule: Int, groups: [Int]) {
        let document = read.document, groups = read.indices
        guard !path.isEmpty else { return (0, []) }
        let exact = zip(groups, read.titles).filter { $0.1 == title }.map(\.0)
        if !exact.isEmpty { return (1, exact) }
        let paths = read.paths ?? Self.comparedPaths(of: groups, in: document)
        let byPath = zip(groups, paths).filter { $0.1.count >= path.count && Array($0.1.suffix(path.count)) == path }.map(\.0)
        if !byPath.isEmpty { return (2, byPath) }
        let byJoined = zip(groups, paths).filter { _, titles in
            let joined = titles.joined(separator: "/")
            return joined == title || joined.hasSuffix("/" + title)
        }.map(\.0)
        if !byJoined.isEmpty { return (3, byJoined) }
        // 6. A name typed without accents reads the titles without theirs too (`epicerie`
        // names `Épicerie`), as a word typed so finds a task's text: by rule 4, then 5.
        let unaccented = title.utf8.allSatisfy({ $0 < 0x80 }) ? paths.map { $0.map(FoldedWord.unaccented) } : nil
        let wordsPath = path.map(Self.words)
        guard !wordsPath.contains(where: \.isEmpty) else { return (0, []) }
        for (offset, paths) in [paths, unaccented].enumerated() {
            guard let paths else { continue }
            let found = byWords(wordsPath, groups, paths)
            if !found.isEmpty { return (4 + offset, found) }
        }
        for (offset, paths) in [paths, unaccented].enumerated() {
            guard let paths else { continue }
            let found = byStart(wordsPath, groups, paths, in: document)
            if !found.isEmpty { return (6 + offset, found) }
        }
        return (0, [])
    }

    /// Rule 4, on the groups' `paths` (lowercased titles).
    private func byWords(_ wordsPath: [Substring], _ groups: [Int], _ paths: [[String]]) -> [Int] {
        let wordsTitle = Self.words(title)
        return zip(groups, paths).filter { _, titles in
            if titles.count >= wordsPath.count && titles.suffix(wordsPath.count).map(Self.words) == wordsPath { return true }
            let joined = titles.map(Self.words).joined(separator: "/")
            return joined == wordsTitle || joined.hasSuffix("/" + wordsTitle)
        }.map(\.0)
    }

    /// Rule 5, on the groups' `paths` (lowercased titles).
    private func byStart(_ wordsPath: [Substring], _ groups: [Int], _ paths: [[String]], in document: Document) -> [Int] {
        let byStart = starting(wordsPath, groups, paths)
        let startTitles = Set(byStart.map { document.headings[$0].title.trimmingSpaces.lowercased() })
        return startTitles.count == 1 ? byStart : []
    }

    /// The groups whose path ends as typed but for the start of the last title.
    private func starting(_ wordsPath: [Substring], _ groups: [Int], _ paths: [[String]]) -> [Int] {
        zip(groups, paths).filter { _, titles in
            guard titles.count >= wordsPath.count, let last = titles.last, let typed = wordsPath.last else { return false }
            return titles.suffix(wordsPath.count).dropLast().map(Self.words) == wordsPath.dropLast()
                && Self.words(last).hasPrefix(typed)
        }.map(\.0)
    }

    /// A title from its first letter or digit on (`📆 today` → `today`).
    static func words(_ title: String) -> Substring {
        let start = title.firstIndex { $0.isLetter || $0.isNumber } ?? title.endIndex
        return title[start...]
    }

    /// A group's path as views show it: titles joined by ` / `. Appended, not `joined`: the
    /// generic join costs a run a runtime conformance lookup (~80 000 instructions statically
    /// linked) on the path of every `tick list`.
    package static func shown(_ path: [String]) -> String {
        var text = ""
        for (index, title) in path.enumerated() {
            if index > 0 { text += " / " }
            // A heading with no text (`## `) is a group all the same: named, or its tasks
            // would read as the group's above.
            text += title.isEmpty ? "(untitled)" : title
        }
        return text
    }

    /// A group's path as a name the grammar reads back to it: titles joined by `/`, a `/` or
    /// `\` inside a title escaped.
    package static func written(_ path: [String]) -> String {
        path.map { title in
            var escaped = ""
            for character in title {
                if character == "/" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: "/")
    }

    /// What "did you mean" offers for a name that names no group: the titles it is the start
    /// of, when it starts several (rule 5 names none of them), else the nearest group
    /// (`suggestion`).
    package func suggestions(in documents: [Document]) -> [String] {
        let wordsPath = path.map(Self.words)
        if !wordsPath.isEmpty, !wordsPath.contains(where: \.isEmpty) {
            var titles: [String] = []
            for document in documents {
                let groups = document.headings.indices.filter { document.headings[$0].topLevel }
                for index in starting(wordsPath, groups, Self.comparedPaths(of: groups, in: document)) {
                    // A whole title names its group as written (rule 1).
                    let title = document.headings[index].title.trimmingSpaces
                    if !titles.contains(where: { $0.lowercased() == title.lowercased() }) { titles.append(title) }
                }
            }
            if titles.count > 1 { return titles }
        }
        return suggestion(in: documents).map { [$0] } ?? []
    }

    /// Whether this name, which names no group, is most likely a typo of `group` (its
    /// `suggestion`) rather than a new group's: not when the two differ only in their digits
    /// (`Q2` beside `Q1`, `Week 3`, `v1.2`), nor when either is two characters or fewer
    /// (`QA` beside `Q1`, `B` beside `A`): names of a series.
    package func isLikelyTypo(of group: String) -> Bool {
        let typed = title, near = (GroupName(group).titles.last ?? group).trimmingSpaces.lowercased()
        if typed.count <= 2 || near.count <= 2 { return false }
        let letters = { (text: String) in text.filter { !$0.isNumber } }
        return letters(typed) != letters(near) || typed.filter(\.isNumber) == near.filter(\.isNumber)
    }

    /// ` (did you mean 'A' or 'B'?)`, or nothing.
    package static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (did you mean " + suggestions.map { "'\($0)'" }.spokenList("or") + "?)"
    }

    /// The closest group path to this name, for "did you mean".
    package func suggestion(in documents: [Document]) -> String? {
        var candidates: [String] = []
        for document in documents {
            for index in document.headings.indices where document.headings[index].topLevel {
                // Each as typed most simply: its title alone (a `/` in it unescaped) where
                // that names it, else its path as views show it (without the file's title).
                let path = document.shownGroupPath(ofHeading: index)
                if let last = path.last, GroupName(last).groups(in: document) == [index] { candidates.append(last) }
                candidates.append(Self.written(path))
                if let last = path.last { candidates.append(Self.written([last])) }
            }
        }
        // A group whose path holds the name (`Now/Pomodoro` in `🍅 Now/Pomodoro (1)`), else the nearest.
        let wanted = title
        return candidates.first { GroupName($0).title.contains(wanted) && !wanted.isEmpty }
            ?? Suggestion.nearest(to: text, among: candidates, tolerance: 2)
    }
}
