/// How many tasks carry each `#tag`, `+project` and `@context`, as todo.txt's `lsprj` and
/// `lsc` list them: most used first, then by name (ignoring case); a token written in two
/// cases counts once, as it is first written.
package struct TokenTally: Sendable, Equatable {
    package let token: String
    package let count: Int

    package static func tally(_ items: [ViewItem], in sources: [SourceDocument]) -> [TokenTally] {
        var counts: [String: (token: String, count: Int, first: Int)] = [:]
        for item in items {
            let document = sources[item.source].document
            let tokens = TaskTokens(bytes: document.textBytes(of: document.tasks[item.task]))
            var seen = Set<String>()
            for token in tokens.tags.map({ "#" + $0 }) + tokens.projects.map({ "+" + $0 }) + tokens.contexts.map({ "@" + $0 }) {
                let key = token.lowercased()
                guard seen.insert(key).inserted else { continue }
                let order = counts.count
                counts[key, default: (token, 0, order)].count += 1
            }
        }
        return counts.values.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.token.lowercased() != $1.token.lowercased() ? $0.token.lowercased() < $1.token.lowercased() : $0.first < $1.first
        }.map { TokenTally(token: $0.token, count: $0.count) }
    }
}
