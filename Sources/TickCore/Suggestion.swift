/// "Did you mean …?": the closest candidate by edit distance, when it is close enough to help.
package enum Suggestion {
    /// `tolerance`: the share of the word's length that may differ (a third by default: command
    /// names are short and distinct; names people give their groups vary more).
    package static func nearest(to word: String, among candidates: [String], tolerance: Int = 3) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= max(1, target.count / tolerance), best.map({ distance < $0.1 }) ?? true {
                best = (candidate, distance)
            }
            if candidate.lowercased().hasPrefix(word.lowercased()), !word.isEmpty, best == nil {
                best = (candidate, target.count)
            }
        }
        return best?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent
    /// transpositions ("lsit" is one edit from "list") each cost 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
