/// Undo and redo of one file's change: on the version the change was made for, the recorded
/// bytes are put back where they were; on a version another program (or a hand in an editor)
/// changed since, they are put back where the lines around them still read as the change left
/// them, and every other change is kept, as `patch` applies a hunk whose context matches.
extension JournalOperation.FileChange {
    /// A version that undoing or redoing a change gives.
    public struct Replay: Sendable, Equatable {
        public var bytes: [UInt8]
        /// The file had other changes since, and `bytes` keeps them.
        public var keepsOtherChanges: Bool
    }

    /// The file as it was before the operation, from the file as the operation left it, or
    /// from a later version whose changes leave the changed lines and their context alone;
    /// nil when `current` is neither.
    public func undone(_ current: [UInt8]) -> Replay? {
        replay(current, expecting: afterHash, take: new, put: old, result: beforeHash)
    }

    /// The file as the operation left it, from the file as it was before (or a later version,
    /// as for `undone`); nil when `current` is neither.
    public func redone(_ current: [UInt8]) -> Replay? {
        replay(current, expecting: beforeHash, take: old, put: new, result: afterHash)
    }

    private func replay(_ current: [UInt8], expecting: UInt64, take: [UInt8], put: [UInt8], result: UInt64) -> Replay? {
        if version(of: current) == expecting {
            // The version the change names: the bytes at `offset` are put back, and the result
            // must be the other version it names.
            guard ByteComparison.holds(current, take, at: offset) else { return nil }
            let bytes = Self.splice(current, at: offset, take: take.count, put: put)
            return version(of: bytes) == result ? Replay(bytes: bytes, keepsOtherChanges: false) : nil
        }
        guard let context, let start = context.place(of: take, in: current, expected: offset - context.before.count) else { return nil }
        return Replay(bytes: Self.splice(current, at: start + context.before.count, take: take.count, put: put), keepsOtherChanges: true)
    }

    private static func splice(_ bytes: [UInt8], at offset: Int, take: Int, put: [UInt8]) -> [UInt8] {
        var spliced: [UInt8] = []
        spliced.reserveCapacity(bytes.count - take + put.count)
        spliced += bytes[..<offset]
        spliced += put
        spliced += bytes[(offset + take)...]
        return spliced
    }

    private func version(of bytes: [UInt8]) -> UInt64 {
        formerHashes ? ContentHash.of(bytes) : ContentDigest.version(of: bytes)
    }
}

extension JournalOperation.FileChange.Context {
    /// More than this on either side (a line of many kilobytes) and a change keeps no context:
    /// it applies only to its own versions.
    static let maximumSize = 16_384

    /// The context of the bytes at `changed` in `bytes`; nil when it would be larger than
    /// `maximumSize` on a side.
    init?(around changed: Range<Int>, in bytes: [UInt8]) {
        let newline = Byte.lf
        // Back to the start of the line the change starts in, then `lines` whole lines more.
        func lineStart(before end: Int) -> Int {
            var index = end
            while index > 0, bytes[index - 1] != newline { index -= 1 }
            return index
        }
        // Past the end of the line holding `start`.
        func lineEnd(from start: Int) -> Int {
            var index = start
            while index < bytes.count, bytes[index] != newline { index += 1 }
            return min(index + 1, bytes.count)
        }
        // The file's start or end is part of the context when it holds fewer whole lines.
        var first = lineStart(before: changed.lowerBound), linesBefore = 0
        while linesBefore < Self.lines, first > 0 {
            first = lineStart(before: first - 1)
            linesBefore += 1
        }
        var last = changed.upperBound, linesAfter = 0
        if last > 0, last < bytes.count, bytes[last - 1] != newline { last = lineEnd(from: last) }
        while linesAfter < Self.lines, last < bytes.count {
            last = lineEnd(from: last)
            linesAfter += 1
        }
        guard changed.lowerBound - first <= Self.maximumSize, last - changed.upperBound <= Self.maximumSize else { return nil }
        self.init(before: Array(bytes[first..<changed.lowerBound]), after: Array(bytes[changed.upperBound..<last]),
                  startsFile: linesBefore < Self.lines, endsFile: linesAfter < Self.lines)
    }

    /// Where the context with `middle` between its two sides starts in `bytes`: at `expected`,
    /// where the change left it, when it is there; else the one place it is, starting a line
    /// (at the file's start or end, when the context reached them). Nil when it is nowhere,
    /// or in more than one place: the change cannot be told to apply to one of them.
    func place(of middle: [UInt8], in bytes: [UInt8], expected: Int) -> Int? {
        let needle = before + middle + after
        func fits(_ start: Int) -> Bool {
            let end = start + needle.count
            return start >= 0 && end <= bytes.count
                && (startsFile ? start == 0 : start == 0 || bytes[start - 1] == Byte.lf)
                && (endsFile ? end == bytes.count : end == bytes.count || bytes[end - 1] == Byte.lf)
                && ByteComparison.holds(bytes, needle, at: start)
        }
        if fits(expected) { return expected }
        guard !needle.isEmpty else { return nil }
        // Every place the bytes are, in one pass however the file repeats itself (a search
        // that compared at each line would take the file's size times the bytes' on a file of
        // one line over and over).
        var found: Int?, twice = false
        Self.forEachOccurrence(of: needle, in: bytes) { end in
            guard fits(end - needle.count) else { return true }
            twice = found != nil
            found = end - needle.count
            return !twice
        }
        return twice ? nil : found
    }

    /// Calls `body` with where each occurrence of `needle` in `bytes` ends, in order, until it
    /// returns false (Knuth–Morris–Pratt: linear in both counts).
    static func forEachOccurrence(of needle: [UInt8], in bytes: [UInt8], _ body: (Int) -> Bool) {
        // failure[i]: the length of the longest proper prefix of needle[...i] that ends it.
        var failure = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = failure[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            failure[index] = length
        }
        length = 0
        for index in bytes.indices {
            while length > 0, bytes[index] != needle[length] { length = failure[length - 1] }
            if bytes[index] == needle[length] { length += 1 }
            if length == needle.count {
                guard body(index + 1) else { return }
                length = failure[length - 1]
            }
        }
    }
}
