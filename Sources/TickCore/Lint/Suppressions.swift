/// Inline switches in HTML comments, which GitHub does not show:
/// `<!-- tick-lint-disable RULE... -->` (to the end of the file or a matching
/// `<!-- tick-lint-enable RULE... -->`) and `<!-- tick-lint-disable-next-line RULE... -->`.
/// Without rule names they apply to every rule.
struct Suppressions {
    /// Per rule (nil: every rule), the line ranges it is off in.
    private var ranges: [(rule: LintRule?, lines: Range<Int>)] = []

    init(_ document: Document) {
        var open: [String: Int] = [:]  // rule name ("" for all) → line where it was disabled
        for index in document.lines.indices where document.kinds[index] == .html {
            let text = String(decoding: document.content(ofLine: index), as: UTF8.self)
            for (directive, names) in Self.directives(in: text) {
                let rules = names.isEmpty ? [""] : names
                for name in rules {
                    switch directive {
                    case "tick-lint-disable-next-line":
                        add(name, index + 1..<index + 2)
                    case "tick-lint-disable":
                        if open[name] == nil { open[name] = index }
                    case "tick-lint-enable":
                        if let start = open.removeValue(forKey: name) { add(name, start..<index + 1) }
                    default:
                        break
                    }
                }
            }
        }
        for (name, start) in open { add(name, start..<document.lines.count) }
    }

    private mutating func add(_ name: String, _ lines: Range<Int>) {
        if name.isEmpty {
            ranges.append((nil, lines))
        } else if let rule = LintRule(rawValue: name) {
            ranges.append((rule, lines))
        }
    }

    func suppresses(_ rule: LintRule, line: Int) -> Bool {
        ranges.contains { ($0.rule == nil || $0.rule == rule) && $0.lines.contains(line) }
    }

    /// `<!-- directive rule rule -->` comments on a line.
    static func directives(in text: String) -> [(String, [String])] {
        var result: [(String, [String])] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "<!--"), let close = rest[open.upperBound...].firstRange(of: "-->") {
            let inside: Substring = rest[open.upperBound..<close.lowerBound]
            let words: [String] = inside.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { String($0) }
            if let first = words.first, first.hasPrefix("tick-lint-") { result.append((first, Array(words.dropFirst()))) }
            rest = rest[close.upperBound...]
        }
        return result
    }
}
