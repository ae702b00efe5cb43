/// Undo and redo of one file's change. On the version the change was made for, each hunk's
/// bytes are put back where they were. On a version another program (or a hand in an editor)
/// changed since, each hunk is found by the unchanged bytes on one side of it: from the file's
/// start while the bytes before each hunk are as the change left them, and from the file's end
/// while the bytes after each are; the hunk and its two lines of context on each side must read
/// exactly as the change left them there, and the two walks must agree where both reach. So
/// the other changes may be anywhere but in a hunk, its context, or on both sides of one hunk;
/// they are kept. A hunk is only ever placed where the bytes around it put it (a search of the
/// file only looks for copies that make that place doubtful), and refused when a copy of it
/// could stand where the walk looks.
extension JournalOperation.FileChange {
    /// Whether the change can be undone and redone over other changes made since (a record of
    /// one in a former format cannot: it has no context).
    package var appliesOverOtherChanges: Bool { !gaps.contains { $0.digest == nil } }

    /// A version that undoing or redoing a change gives.
    package struct Replay: Sendable, Equatable {
        package var bytes: [UInt8]
        /// The file had other changes since, and `bytes` keeps them.
        package var keepsOtherChanges: Bool
        /// The file already is the version the step gives (put back by hand): nothing to write.
        package var alreadyThere = false
    }

    /// Why a change cannot be undone or redone on a file.
    package enum Refusal: Error, Sendable, Equatable {
        /// The file is not the version the change names, and the change keeps no context.
        case otherVersion
        /// Some hunk or its context changed, or the bytes on both sides of it did.
        case changedNearby
        /// A hunk's lines are in more than one place where the bytes around them allow.
        case ambiguous
    }

    /// The file as it was before the operation, from the file as the operation left it or a
    /// later version of it (see above).
    package func undone(_ current: [UInt8]) -> Result<Replay, Refusal> {
        replay(current, expecting: afterHash, result: beforeHash, undo: true)
    }

    /// The file as the operation left it, from the file as it was before or a later version
    /// of it.
    package func redone(_ current: [UInt8]) -> Result<Replay, Refusal> {
        replay(current, expecting: beforeHash, result: afterHash, undo: false)
    }

    private func replay(_ current: [UInt8], expecting: UInt64, result: UInt64, undo: Bool) -> Result<Replay, Refusal> {
        func take(_ hunk: Hunk) -> [UInt8] { undo ? hunk.new : hunk.old }
        func put(_ hunk: Hunk) -> [UInt8] { undo ? hunk.old : hunk.new }
        let currentVersion = version(of: current)
        let exact = currentVersion == expecting
        if !exact, currentVersion == result { return .success(Replay(bytes: current, keepsOtherChanges: false, alreadyThere: true)) }
        guard exact || appliesOverOtherChanges else { return .failure(.otherVersion) }
        let starts: [Int]
        switch places(in: current, take: take, exact: exact) {
        case .success(let found): starts = found
        case .failure(let refusal): return .failure(exact ? .otherVersion : refusal)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(current.count + hunks.reduce(0) { $0 + put($1).count - take($1).count })
        var copied = 0
        for (hunk, start) in zip(hunks, starts) {
            let at = start + hunk.contextBefore.count
            bytes += current[copied..<at]
            bytes += put(hunk)
            copied = at + take(hunk).count
        }
        bytes += current[copied...]
        if exact { return version(of: bytes) == result ? .success(Replay(bytes: bytes, keepsOtherChanges: false)) : .failure(.otherVersion) }
        return .success(Replay(bytes: bytes, keepsOtherChanges: true))
    }

    /// Where each hunk (from its context before) starts in `current`, holding `take` between
    /// its contexts. `exact`: `current` is the version the change names, and the gaps are
    /// only counted.
    ///
    /// A hunk placed from one side only (the gap on its other side changed) is taken only
    /// when its lines are nowhere further that way: lines pasted next to the unchanged side
    /// would put a copy where the walk looks, and the hunk after (or before) it.
    private func places(in current: [UInt8], take: (Hunk) -> [UInt8], exact: Bool) -> Result<[Int], Refusal> {
        func pattern(_ hunk: Hunk) -> [UInt8] { hunk.contextBefore + take(hunk) + hunk.contextAfter }
        func length(_ hunk: Hunk) -> Int { hunk.contextBefore.count + take(hunk).count + hunk.contextAfter.count }
        // A hunk is whole lines: it starts a line, and ends one or the file (a record of tick
        // in a former format, whose hunk may be any bytes, applies only to its own version).
        func holds(_ hunk: Hunk, at start: Int) -> Bool {
            let end = start + length(hunk)
            return start >= 0 && end <= current.count
                && (exact || (start == 0 || current[start - 1] == Byte.lf) && (end == current.count || end > start && current[end - 1] == Byte.lf))
                && ByteComparison.holds(current, hunk.contextBefore, at: start)
                && ByteComparison.holds(current, take(hunk), at: start + hunk.contextBefore.count)
                && ByteComparison.holds(current, hunk.contextAfter, at: start + hunk.contextBefore.count + take(hunk).count)
        }
        func gapHolds(_ gap: Gap, _ range: Range<Int>) -> Bool {
            range.lowerBound >= 0 && range.upperBound <= current.count
                && (exact || ChangeHunks.digest(current, range) == gap.digest)
        }
        // From the start: the gap before each hunk as the change left it.
        var fromStart: [Int] = []
        var position = 0
        while fromStart.count < hunks.count {
            let index = fromStart.count
            let start = position + gaps[index].length
            guard gapHolds(gaps[index], position..<start), holds(hunks[index], at: start) else { break }
            fromStart.append(start)
            position = start + length(hunks[index])
        }
        if exact || fromStart.count == hunks.count && gapHolds(gaps[hunks.count], position..<current.count) {
            return fromStart.count == hunks.count ? .success(fromStart) : .failure(.changedNearby)
        }
        // From the end: the gap after each.
        var fromEnd = [Int?](repeating: nil, count: hunks.count)
        var end = current.count
        for index in hunks.indices.reversed() {
            let gap = gaps[index + 1]
            let start = end - gap.length - length(hunks[index])
            guard gapHolds(gap, (end - gap.length)..<end), holds(hunks[index], at: start) else { break }
            fromEnd[index] = start
            end = start
        }
        var starts: [Int] = []
        for index in hunks.indices {
            switch (index < fromStart.count ? fromStart[index] : nil, fromEnd[index]) {
            case (nil, nil): return .failure(.changedNearby)
            case let (.some(first), .some(last)) where first != last: return .failure(.ambiguous)
            case let (first, last): starts.append(first ?? last!)
            }
        }
        // The walks found each hunk somewhere: in order, apart (two hunks alike, each walk
        // placing one where the other's lines are, would put both in one place).
        for index in hunks.indices.dropFirst() where starts[index - 1] + length(hunks[index - 1]) > starts[index] {
            return .failure(.ambiguous)
        }
        // A hunk with fewer lines of context than it keeps at the file's start or end has the
        // file's edge for the rest: nothing may come before (or after) it.
        if let first = hunks.first, starts[0] != 0, gaps[0].length == 0, Self.lineCount(first.contextBefore) < Hunk.contextLines {
            return .failure(.changedNearby)
        }
        if let last = hunks.last, gaps[hunks.count].length == 0, Self.lineCount(last.contextAfter) < Hunk.contextLines,
           starts[hunks.count - 1] + length(last) != current.count {
            return .failure(.changedNearby)
        }
        // The one hunk each walk placed next to the changed gap: nowhere further that way.
        // (A hunk with no bytes, a whole file's lines taken away, stands anywhere.)
        if let last = fromStart.indices.last, fromEnd[last] == nil,
           ByteSearch.contains(pattern(hunks[last]), in: current, min(fromStart[last] + 1, current.count)..<current.count) { return .failure(.ambiguous) }
        if let first = fromEnd.firstIndex(where: { $0 != nil }), first >= fromStart.count, let start = fromEnd[first],
           ByteSearch.contains(pattern(hunks[first]), in: current, 0..<max(0, start + length(hunks[first]) - 1)) { return .failure(.ambiguous) }
        return .success(starts)
    }

    /// How many lines `bytes` holds, the last one with or without its newline.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == Byte.lf ? 1 : 0) } + (bytes.last.map { $0 == Byte.lf ? 0 : 1 } ?? 0)
    }

    private func version(of bytes: [UInt8]) -> UInt64 {
        formerHashes ? ContentHash.of(bytes) : ContentDigest.version(of: bytes)
    }
}
