/// The hunks of a change between two versions of a file, as the journal keeps them: the lines
/// that differ, in as many places as the change made (`tick done 2 40` is two hunks, a move to
/// the end of a 36 MB file two hunks of a few hundred bytes, not the 36 MB between them), each
/// with two lines of context on each side, and the unchanged bytes between them by length and
/// digest.
package enum ChangeHunks {
    /// The shortest edit is looked for up to this many lines changed; past it, the versions
    /// are paired by the lines each has once, and the gaps between by their shortest edits
    /// (`SequenceDiff.patience`): fmt of a file with hundreds of scattered changes is as many
    /// small runs, not one from the first to the last.
    static let maximumDistance = 64

    typealias Hunk = JournalOperation.FileChange.Hunk
    typealias Gap = JournalOperation.FileChange.Gap

    /// The runs of whole lines that differ between two versions, as byte ranges in each, in
    /// order: what an editor is sent to turn one into the other. (Two equal versions give one
    /// empty run.)
    package static func changedLines(_ before: [UInt8], _ after: [UInt8]) -> [(old: Range<Int>, new: Range<Int>)] {
        let newline = Byte.lf
        // The bytes that differ, widened to whole lines: both versions share everything
        // before `start` and the last `suffix` bytes.
        let prefix = ByteComparison.commonPrefix(before, after)
        var suffix = ByteComparison.commonSuffix(before, after, limit: min(before.count, after.count) - prefix)
        var start = prefix
        while start > 0, before[start - 1] != newline { start -= 1 }
        // The shared end starts a line in both versions (past a newline in it, or where the
        // version starts).
        func startsLine(_ bytes: [UInt8], _ position: Int) -> Bool { position == 0 || bytes[position - 1] == newline }
        while suffix > 0, !startsLine(before, before.count - suffix) || !startsLine(after, after.count - suffix) { suffix -= 1 }
        let beforeLines = lines(before, start..<(before.count - suffix))
        let afterLines = lines(after, start..<(after.count - suffix))
        // Changed runs of lines, as ranges of line indexes into each version's middle.
        var runs: [(old: Range<Int>, new: Range<Int>)] = []
        if beforeLines.isEmpty || afterLines.isEmpty {
            runs = [(0..<beforeLines.count, 0..<afterLines.count)]
        } else {
            let hashes = (beforeLines.map { ContentHash.of(before[$0]) }, afterLines.map { ContentHash.of(after[$0]) })
            var old = 0, new = 0
            for (a, b) in SequenceDiff.patience(hashes.0, hashes.1, limit: maximumDistance) + [(beforeLines.count, afterLines.count)] {
                if a > old || b > new { runs.append((old..<a, new..<b)) }
                old = a + 1
                new = b + 1
            }
        }
        // Byte ranges, in each version.
        func position(_ lines: [Range<Int>], _ index: Int, end: Int) -> Int { index < lines.count ? lines[index].lowerBound : end }
        return runs.map { run in
            (position(beforeLines, run.old.lowerBound, end: before.count - suffix)..<position(beforeLines, run.old.upperBound, end: before.count - suffix),
             position(afterLines, run.new.lowerBound, end: after.count - suffix)..<position(afterLines, run.new.upperBound, end: after.count - suffix))
        }
    }

    static func between(_ before: [UInt8], _ after: [UInt8]) -> (hunks: [Hunk], gaps: [Gap]) {
        // Runs whose contexts would meet are one hunk, the lines between in both sides.
        var merged: [(old: Range<Int>, new: Range<Int>)] = []
        for run in changedLines(before, after) {
            if let last = merged.last, lineCount(before, last.old.upperBound..<run.old.lowerBound, below: 2 * Hunk.contextLines) < 2 * Hunk.contextLines {
                merged[merged.count - 1] = (last.old.lowerBound..<run.old.upperBound, last.new.lowerBound..<run.new.upperBound)
            } else {
                merged.append(run)
            }
        }
        var hunks: [Hunk] = [], gaps: [Gap] = []
        var gapStart = 0
        for (old, new) in merged {
            // Context, in the version before (the same bytes are in the other).
            var first = old.lowerBound
            for _ in 0..<Hunk.contextLines where first > gapStart { first = lineStart(before, before: first - 1) }
            var last = old.upperBound
            for _ in 0..<Hunk.contextLines where last < before.count { last = lineEnd(before, from: last) }
            gaps.append(gap(before, gapStart..<first))
            hunks.append(Hunk(old: Array(before[old]), new: Array(after[new]),
                              contextBefore: Array(before[first..<old.lowerBound]), contextAfter: Array(before[old.upperBound..<last])))
            gapStart = last
        }
        gaps.append(gap(before, gapStart..<before.count))
        return (hunks, gaps)
    }

    /// How many lines start in `range` of `bytes` (whole lines), counted up to `limit`.
    private static func lineCount(_ bytes: [UInt8], _ range: Range<Int>, below limit: Int) -> Int {
        var count = 0
        for index in range where bytes[index] == Byte.lf {
            count += 1
            if count >= limit { break }
        }
        return count
    }

    private static func gap(_ bytes: [UInt8], _ range: Range<Int>) -> Gap {
        Gap(length: range.count, digest: digest(bytes, range))
    }

    static func digest(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        bytes.withUnsafeBytes { ContentDigest.of(UnsafeRawBufferPointer(rebasing: $0[range])).version }
    }

    /// The lines of `bytes[range]`, which starts a line and ends one (or the file).
    static func lines(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = lineEnd(bytes, from: start)
            result.append(start..<min(end, range.upperBound))
            start = end
        }
        return result
    }

    /// Where the line ending before `end` starts.
    private static func lineStart(_ bytes: [UInt8], before end: Int) -> Int {
        var index = end
        while index > 0, bytes[index - 1] != Byte.lf { index -= 1 }
        return index
    }

    /// Past the newline of the line holding `start`, or the file's end.
    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count else { return buffer.count }
            var found = buffer.count
            _ = ByteSearch.anyOffset(of: Byte.lf, in: UnsafeBufferPointer(rebasing: buffer[start...])) { offset in
                found = start + offset + 1
                return true
            }
            return found
        }
    }
}
