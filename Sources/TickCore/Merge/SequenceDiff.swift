/// The longest common subsequence of two sequences of hashes (lines or words), as the pairs of
/// indexes that match, in order: Myers' O(ND) difference algorithm after the common start and
/// end are taken off. Past `maximumDistance` edits, only the elements that occur once in each
/// sequence are matched (patience diff's anchors), so a hostile input costs O(n log n), not
/// O(n²) memory.
package enum SequenceDiff {
    package static let maximumDistance = 1_000

    package static func matches(_ a: [UInt64], _ b: [UInt64]) -> [(Int, Int)] {
        var exact = true
        return matches(a, b, exact: &exact)
    }

    /// `exact` turns false when the sequences differ in more than `maximumDistance` places.
    package static func matches(_ a: [UInt64], _ b: [UInt64], exact: inout Bool) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var result = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        let middle: [(Int, Int)]
        if let found = myers(middleA, middleB) {
            middle = found
        } else {
            exact = false
            middle = unique(middleA, middleB)
        }
        result += middle.map { ($0.0 + prefix, $0.1 + prefix) }
        result += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        return result
    }

    /// Myers' greedy algorithm with the furthest-reaching paths of every step kept for the
    /// walk back; nil past `limit` edits.
    static func myers(_ a: [UInt64], _ b: [UInt64], limit: Int = maximumDistance) -> [(Int, Int)]? {
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return [] }
        let limit = min(n + m, limit)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var reached = false
        for d in 0...limit {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { reached = true; break }
                k += 2
            }
            if reached { break }
        }
        guard reached else { return nil }
        // Walk back through the steps, collecting the diagonals (matches).
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                pairs.append((x, y))
            }
            if d > 0 { x = previousX; y = previousY }
        }
        return pairs.reversed()
    }

    /// The pairs of a shortest edit (`myers`) when it takes at most `limit` edits; else the
    /// elements that occur once in each (`unique`), with the shortest edit of each gap between
    /// them that takes at most `limit`, as a patience diff has it: a change of many scattered
    /// lines (fmt's, one per task) still pairs the lines between.
    static func patience(_ a: [UInt64], _ b: [UInt64], limit: Int) -> [(Int, Int)] {
        if let exact = myers(a, b, limit: limit) { return exact }
        var result: [(Int, Int)] = []
        var from = (0, 0)
        for anchor in unique(a, b) + [(a.count, b.count)] {
            if anchor.0 > from.0, anchor.1 > from.1,
               let inner = myers(Array(a[from.0..<anchor.0]), Array(b[from.1..<anchor.1]), limit: limit) {
                result += inner.map { ($0.0 + from.0, $0.1 + from.1) }
            }
            if anchor.0 < a.count { result.append(anchor) }
            from = (anchor.0 + 1, anchor.1 + 1)
        }
        return result
    }

    /// The elements that occur exactly once in each sequence, paired, then the longest run of
    /// those pairs in order in both (a longest increasing subsequence, O(n log n)).
    static func unique(_ a: [UInt64], _ b: [UInt64]) -> [(Int, Int)] {
        var countA: [UInt64: Int] = [:], countB: [UInt64: Int] = [:], indexB: [UInt64: Int] = [:]
        for value in a { countA[value, default: 0] += 1 }
        for (index, value) in b.enumerated() { countB[value, default: 0] += 1; indexB[value] = index }
        let candidates = a.indices.compactMap { index -> (Int, Int)? in
            let value = a[index]
            guard countA[value] == 1, countB[value] == 1, let other = indexB[value] else { return nil }
            return (index, other)
        }
        return longestIncreasing(candidates)
    }

    /// The longest run of `candidates` (pairs in increasing order of their first index) whose
    /// second indexes increase too: patience sorting, O(n log n).
    static func longestIncreasing(_ candidates: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = [], previous = [Int](repeating: -1, count: candidates.count)
        for (position, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[tails[middle]].1 < candidate.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: [(Int, Int)] = []
        var position = tails.last ?? -1
        while position >= 0 {
            result.append(candidates[position])
            position = previous[position]
        }
        return result.reversed()
    }
}
