/// Inline switches in HTML comments, which GitHub does not show:
/// `<!-- tick-lint-disable RULE... -->` (to the end of the file or a matching
/// `<!-- tick-lint-enable RULE... -->`) and `<!-- tick-lint-disable-next-line RULE... -->`.
/// Without rule names they apply to every rule.
struct Suppressions {
    /// The lines every rule is off in, and those each rule is: in order and disjoint, so that a
    /// finding's line is found by bisection (a scan of every range per finding would make
    /// many switches and many findings quadratic).
    private var everyRule: [Range<Int>] = []
    private var byRule: [LintRule: [Range<Int>]] = [:]

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
        everyRule = Self.merged(everyRule)
        for rule in byRule.keys { byRule[rule] = Self.merged(byRule[rule]!) }
    }

    private mutating func add(_ name: String, _ lines: Range<Int>) {
        if name.isEmpty {
            everyRule.append(lines)
        } else if let rule = LintRule(rawValue: name) {
            byRule[rule, default: []].append(lines)
        }
    }

    func suppresses(_ rule: LintRule, line: Int) -> Bool {
        Self.covers(everyRule, line) || Self.covers(byRule[rule] ?? [], line)
    }

    /// The same lines as `ranges`, as disjoint ranges in order.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Whether one of `ranges` (disjoint, in order) holds `line`: the last one starting at or
    /// before it, found by bisection.
    private static func covers(_ ranges: [Range<Int>], _ line: Int) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 && ranges[low - 1].contains(line)
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
