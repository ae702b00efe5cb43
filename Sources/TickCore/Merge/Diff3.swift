/// A three-way comparison of two versions with their common ancestor, as diff3 makes it: the
/// runs all three share (stable) and the runs between (unstable), where one side, the other,
/// or both changed the ancestor. Elements are hashes (of lines, or of words).
package enum Diff3 {
    package struct Chunk: Sendable, Equatable {
        package let base: Range<Int>
        package let ours: Range<Int>
        package let theirs: Range<Int>
        package let stable: Bool
    }

    /// What an unstable chunk is: a change on one side only, the same change on both, or a
    /// conflict.
    package enum Outcome: Sendable, Equatable { case ours, theirs, same, conflict }

    package static func chunks(base: [UInt64], ours: [UInt64], theirs: [UInt64]) -> [Chunk] {
        var exact = true
        return chunks(base: base, ours: ours, theirs: theirs, exact: &exact)
    }

    /// `exact` turns false when a side differs from the ancestor in more places than
    /// `SequenceDiff.maximumDistance` (its lines were then matched only where they occur once).
    package static func chunks(base: [UInt64], ours: [UInt64], theirs: [UInt64], exact: inout Bool) -> [Chunk] {
        var toOurs = [Int](repeating: -1, count: base.count), toTheirs = [Int](repeating: -1, count: base.count)
        for (a, b) in SequenceDiff.matches(base, ours, exact: &exact) { toOurs[a] = b }
        for (a, b) in SequenceDiff.matches(base, theirs, exact: &exact) { toTheirs[a] = b }
        var chunks: [Chunk] = []
        var b = 0, o = 0, t = 0
        while b < base.count || o < ours.count || t < theirs.count {
            // A run of lines all three share, each right after the last.
            var end = b
            while end < base.count, toOurs[end] == o + (end - b), toTheirs[end] == t + (end - b) { end += 1 }
            if end > b {
                let length = end - b
                chunks.append(Chunk(base: b..<end, ours: o..<(o + length), theirs: t..<(t + length), stable: true))
                (b, o, t) = (end, o + length, t + length)
                continue
            }
            // The next base element both sides kept ends the unstable run.
            var next = b
            while next < base.count, toOurs[next] < 0 || toTheirs[next] < 0 { next += 1 }
            let oursEnd = next < base.count ? toOurs[next] : ours.count
            let theirsEnd = next < base.count ? toTheirs[next] : theirs.count
            chunks.append(Chunk(base: b..<next, ours: o..<oursEnd, theirs: t..<theirsEnd, stable: false))
            (b, o, t) = (next, oursEnd, theirsEnd)
        }
        return chunks
    }

    package static func outcome(_ chunk: Chunk, base: [UInt64], ours: [UInt64], theirs: [UInt64]) -> Outcome {
        let oursSame = base[chunk.base].elementsEqual(ours[chunk.ours])
        let theirsSame = base[chunk.base].elementsEqual(theirs[chunk.theirs])
        if oursSame { return .theirs }
        if theirsSame { return .ours }
        return ours[chunk.ours].elementsEqual(theirs[chunk.theirs]) ? .same : .conflict
    }
}
