/// One change to a document: the lines `lines` (a possibly empty range of line indices) are
/// replaced by `replacement`, given as line contents without endings.
///
/// Every edit tick makes is a list of splices, so an edit can only touch the lines it names;
/// everything else is copied through byte for byte.
package struct Splice: Sendable, Equatable {
    package var lines: Range<Int>
    package var replacement: [[UInt8]]
    /// A change of an ordered item's number alone, to this one, that the edit makes for the
    /// sake of another line (an ordered list's new first item taking the number of the one
    /// that went: `OrderedNumbers`). It gives way to any other splice of the same edit on its
    /// line (`resolvingYields`), which has its own reason to write it: a splice that rewrites
    /// just that line takes the number along.
    package var renumbers: Int?

    var yields: Bool { renumbers != nil }

    package init(lines: Range<Int>, replacement: [[UInt8]]) {
        self.lines = lines
        self.replacement = replacement
    }

    /// `splices` without the yielding ones that touch a line another splice touches (as
    /// `applying` sees it: an insertion clashes with a splice only strictly inside its lines):
    /// the edit's other parts, done together (`tick done 3 4` on an ordered list's first
    /// items), may write that line themselves.
    package static func resolvingYields(_ splices: [Splice]) -> [Splice] {
        guard splices.contains(where: \.yields) else { return splices }
        var kept = splices.filter { !$0.yields }
        for splice in splices where splice.yields {
            func inside(_ position: Int, _ lines: Range<Int>) -> Bool { lines.lowerBound < position && position < lines.upperBound }
            let clashing = kept.indices.filter { index in
                let other = kept[index].lines
                return other.overlaps(splice.lines) || (other.isEmpty && inside(other.lowerBound, splice.lines))
                    || (splice.lines.isEmpty && inside(splice.lines.lowerBound, other))
            }
            if clashing.isEmpty {
                kept.append(splice)
            } else if clashing.count == 1, let number = splice.renumbers, kept[clashing[0]].lines == splice.lines,
                      !kept[clashing[0]].replacement.isEmpty {
                kept[clashing[0]].replacement[0] = OrderedNumbers.renumbering(kept[clashing[0]].replacement[0], to: number)
            }
        }
        return kept
    }

    package static func replace(line: Int, with content: [UInt8]) -> Splice {
        Splice(lines: line..<(line + 1), replacement: [content])
    }

    package static func insert(_ contents: [[UInt8]], before line: Int) -> Splice {
        Splice(lines: line..<line, replacement: contents)
    }

    package static func delete(_ lines: Range<Int>) -> Splice {
        Splice(lines: lines, replacement: [])
    }

    /// The splices from one version of a file to another, for a diff of them: a run of changed
    /// lines each (`ChangeHunks.changedLines`, as the journal finds them). Empty when they are
    /// the same.
    package static func between(_ before: Document, _ after: Document) -> [Splice] {
        guard before.bytes != after.bytes else { return [] }
        // A run starts and ends a line in both versions: its lines by binary search.
        func lines(_ document: Document, _ range: Range<Int>) -> Range<Int> {
            document.lines.partitionPoint { $0.start >= range.lowerBound }..<document.lines.partitionPoint { $0.start >= range.upperBound }
        }
        return ChangeHunks.changedLines(before.bytes, after.bytes).map { run in
            Splice(lines: lines(before, run.old), replacement: lines(after, run.new).map { Array(after.content(ofLine: $0)) })
        }
    }

    /// The lines that differ between two versions of a file, in each: what is left when the
    /// lines they share at the start and at the end (endings included) are set aside. Nil
    /// when they are the same.
    static func changedLines(from before: Document, to after: Document) -> (old: Range<Int>, new: Range<Int>)? {
        func same(_ a: Int, _ b: Int) -> Bool {
            before.bytes[before.lines[a].fullRange].elementsEqual(after.bytes[after.lines[b].fullRange])
        }
        let shorter = min(before.lines.count, after.lines.count)
        var prefix = 0
        while prefix < shorter, same(prefix, prefix) { prefix += 1 }
        if prefix == before.lines.count, prefix == after.lines.count { return nil }
        var suffix = 0
        while suffix < shorter - prefix, same(before.lines.count - 1 - suffix, after.lines.count - 1 - suffix) { suffix += 1 }
        return (prefix..<(before.lines.count - suffix), prefix..<(after.lines.count - suffix))
    }
}

extension Document {
    /// The bytes of the document with `splices` applied. Splices must not overlap; insertions
    /// at the same position keep their order.
    ///
    /// Line endings: a replaced line keeps its own ending; a new line takes the file's dominant
    /// ending; and a file without a final newline still ends without one.
    package func applying(_ splices: [Splice]) -> [UInt8] {
        let ordered = splices.enumerated().sorted {
            ($0.element.lines.lowerBound, $0.element.lines.upperBound, $0.offset)
                < ($1.element.lines.lowerBound, $1.element.lines.upperBound, $1.offset)
        }.map(\.element)
        // Read from every line, so only when a line needs it (an edit in place needs none).
        lazy var newEnding = dominantLineEnding.bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.replacement.reduce(0) { $0 + $1.count + 2 } })
        var line = 0
        // Whether the last line written still needs an ending before more lines follow.
        var pendingEnding = false
        // A lone `\r` ending followed by `\n` (an empty line after it) would fuse into one
        // `\r\n`: the lines on either side of an edit could merge. The `\r` becomes `\r\n`.
        func write<C: Collection<UInt8>>(_ bytes: C) {
            if out.last == Byte.cr, bytes.first == Byte.lf { out.append(Byte.lf) }
            out += bytes
        }
        func copyLines(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if pendingEnding { write(newEnding); pendingEnding = false }
            write(bytes[lines[range.lowerBound].start..<lines[range.upperBound - 1].end])
            pendingEnding = !lines[range.upperBound - 1].hasEnding
        }
        for splice in ordered {
            precondition(splice.lines.lowerBound >= line, "overlapping splices")
            copyLines(line..<splice.lines.lowerBound)
            for (offset, content) in splice.replacement.enumerated() {
                if pendingEnding { write(newEnding) }
                write(content)
                // A replaced line keeps its ending; new lines get the dominant one when another
                // line follows them (or the file ends with a newline).
                let original = splice.lines.lowerBound + offset
                if original < splice.lines.upperBound, let ending = ending(ofLine: original) {
                    write(ending.bytes)
                    pendingEnding = false
                } else {
                    pendingEnding = true
                }
            }
            line = splice.lines.upperBound
        }
        copyLines(line..<lines.count)
        if pendingEnding, endsWithNewline, !out.isEmpty { write(newEnding) }
        if !endsWithNewline, !out.isEmpty {
            // Keep the file's "no final newline" state whatever the last line now is.
            for ending in [LineEnding.crlf, .lf, .cr] where out.count >= ending.bytes.count {
                if Array(out.suffix(ending.bytes.count)) == ending.bytes {
                    out.removeLast(ending.bytes.count)
                    break
                }
            }
        }
        return out
    }
}

extension Splice {
    /// One change made of two: `first` turns a document of `lineCount` lines into a second,
    /// `second` turns that into `result`; the splices returned turn the first into `result`
    /// directly. A line both leave untouched stays untouched; every other stretch between such
    /// lines is replaced by the lines of `result` between them.
    package static func composed(_ first: [Splice], then second: [Splice], from lineCount: Int, to result: Document) -> [Splice] {
        let firstMap = LineMap(first), secondMap = LineMap(second)
        var splices: [Splice] = []
        var old = 0, new = 0
        func replace(upTo oldEnd: Int, _ newEnd: Int) {
            if old < oldEnd || new < newEnd {
                splices.append(Splice(lines: old..<oldEnd, replacement: (new..<newEnd).map { Array(result.content(ofLine: $0)) }))
            }
        }
        for line in 0..<lineCount where !firstMap.touchesOld(line) {
            guard let middle = firstMap.newLine(ofOld: line), !secondMap.touchesOld(middle),
                  let kept = secondMap.newLine(ofOld: middle) else { continue }
            replace(upTo: line, kept)
            old = line + 1
            new = kept + 1
        }
        replace(upTo: lineCount, result.lines.count)
        return splices
    }
}
