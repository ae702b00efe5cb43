/// "Did you mean …?": the closest candidate by edit distance, when it is close enough to help.
enum Suggestion {
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= max(1, target.count / 3), best.map({ distance < $0.1 }) ?? true {
                best = (candidate, distance)
            }
            if candidate.lowercased().hasPrefix(word.lowercased()), !word.isEmpty, best == nil {
                best = (candidate, target.count)
            }
        }
        return best?.0
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
