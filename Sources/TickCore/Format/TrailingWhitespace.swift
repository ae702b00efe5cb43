/// The trailing spaces and tabs `tick fmt` removes, line by line. `tick lint` reports exactly
/// these, so a finding it calls fixable is one the formatter fixes.
struct TrailingWhitespace {
    enum Fix: Equatable {
        /// Remove the bytes from this offset to the end of the line's content.
        case remove(from: Int)
        /// Two trailing spaces that make a hard line break: replace them, from this offset, by `\`.
        case hardBreak(from: Int)

        var offset: Int {
            switch self {
            case .remove(let offset), .hardBreak(let offset): return offset
            }
        }
    }

    private let document: Document
    /// Per line (dense arrays: one entry per line, no hashing on the hot path):
    /// whether the line continues the paragraph (or setext title) above it;
    private let continues: [Bool]
    /// for a task line, the offset the content must reach: an empty task needs the space after
    /// its checkbox (`- [ ]` alone is not a task); 0 elsewhere;
    private let floors: [Int]
    /// whether the line is task text: a hard break there stays as written, so the text is unchanged;
    private let taskText: [Bool]
    /// whether the line is a lazy continuation that keeps its indentation: after a backslash
    /// break GitHub shows those spaces, after a two-space break it does not. Empty when none is.
    private let indentedLazy: [Bool]

    init(_ document: Document) {
        self.document = document
        let count = document.lines.count
        var continues = [Bool](repeating: false, count: count + 1)
        for line in document.paragraphContinuations { continues[line] = true }
        // The title lines of a setext heading go on too.
        for line in 1..<max(1, count) where document.kinds[line] == .setextText && document.kinds[line - 1] == .setextText {
            continues[line] = true
        }
        var floors = [Int](repeating: 0, count: count)
        var taskText = [Bool](repeating: false, count: count)
        for task in document.tasks {
            floors[task.line] = task.checkboxEnd + 1
            for line in task.line...task.textLastLine { taskText[line] = true }
        }
        self.continues = continues
        self.floors = floors
        self.taskText = taskText
        indentedLazy = Self.flags(document.indentedLazyLines, count: count + 1)
        spanned = Self.spanned(document, continues: continues)
        holdingItemsOpen = Self.flags(Self.linesHoldingItemsOpen(document), count: count)
    }

    /// A dense per-line flag array for a few lines; empty (nothing to allocate) when there are none.
    private static func flags(_ lines: [Int], count: Int) -> [Bool] {
        guard !lines.isEmpty else { return [] }
        var flags = [Bool](repeating: false, count: count)
        for line in lines { flags[line] = true }
        return flags
    }

    /// Whether line `index` is whitespace only (quote markers allowed) right after an item with
    /// nothing after its marker, or after its drawn checkbox: such an item stays open across a
    /// blank line only when the line's spaces reach its content (`-` / `⇥` / `⇥- nested`), and an
    /// empty line would end it. The line stays as written, and is never merged with other blank
    /// lines.
    func holdsItemOpen(_ index: Int) -> Bool {
        !holdingItemsOpen.isEmpty && holdingItemsOpen[index]
    }

    private let holdingItemsOpen: [Bool]

    private static func linesHoldingItemsOpen(_ document: Document) -> [Int] {
        let bytes = document.bytes
        var lines: [Int] = []
        for item in document.items {
            let line = document.lines[item.line]
            // A checkbox GitHub draws is no content either: `- [ ] ` is as empty as `-`.
            let drawn = item.checkboxStart >= 0 && item.checkboxEnd - item.checkboxStart == 3
                && Checkbox.isGitHub(bytes[item.checkboxStart + 1])
            let rest = drawn ? item.checkboxEnd : item.markerStart + item.markerLength
            guard bytes[rest..<line.contentEnd].allSatisfy(Byte.isSpaceOrTab) else { continue }
            var next = item.line + 1
            while next < document.lines.count {
                let text = document.content(ofLine: next)
                guard text.last.map(Byte.isSpaceOrTab) == true,
                      text.allSatisfy({ Byte.isSpaceOrTab($0) || $0 == Byte.greater }) else { break }
                lines.append(next)
                next += 1
            }
        }
        return lines
    }

    /// Per line, whether an inline that keeps spaces across line breaks could be open at its end:
    /// the line, or an earlier line of its paragraph, holds a byte that opens one. Empty when no
    /// line has trailing whitespace before a continuation (the common case: nothing to scan).
    private let spanned: [Bool]

    private static func spanned(_ document: Document, continues: [Bool]) -> [Bool] {
        let bytes = document.bytes, lines = document.lines
        let needed = lines.indices.contains { index in
            let line = lines[index]
            return line.contentEnd > line.start && Byte.isSpaceOrTab(bytes[line.contentEnd - 1]) && continues[index + 1]
        }
        guard needed else { return [] }
        var spanned = [Bool](repeating: false, count: lines.count)
        for index in lines.indices {
            let carried = index > 0 && spanned[index - 1] && continues[index]
            spanned[index] = carried || bytes[lines[index].contentRange].contains(where: opensSpan)
        }
        return spanned
    }

    /// What to do with line `index`'s trailing whitespace; nil when it has none or it must stay
    /// (code, HTML, front matter, a line holding an empty item open, or a hard break the
    /// formatter cannot rewrite safely).
    func fix(line index: Int) -> Fix? {
        let kind = document.kinds[index]
        switch kind {
        case .fenceContent, .indentedCode, .html, .frontMatter: return nil
        default: break
        }
        guard !holdsItemOpen(index) else { return nil }
        let bytes = document.bytes
        let line = document.lines[index]
        var end = line.contentEnd
        let floor = max(line.start, floors[index])
        while end > floor, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        guard end < line.contentEnd else { return nil }
        // A box with nothing after it that tick reads as no task may still be one to GitHub
        // (`- \f[x] `, or such a line under an item): without its whitespace it would not be.
        if end > line.start, bytes[end - 1] == Byte.rightBracket,
           Checkbox.matchesGitHubPattern(document.content(ofLine: index).dropFirst(document.byteOrderMark(ofLine: index).count)) {
            return nil
        }
        // (Counted past the floor: after a checkbox GitHub shows as text, `[X]  ` is a break.)
        let endsInHardBreak = line.contentEnd - line.start >= 2
            && bytes[line.contentEnd - 1] == Byte.space && bytes[line.contentEnd - 2] == Byte.space
        let followedByText = continues[index + 1]
        // Before a line break that the text goes on after, spaces are kept when they are inside
        // a code span, raw HTML or a link title that goes on too (`` `a  ``⏎``b` ``): leave them.
        if followedByText, spanned[index] { return nil }
        // `\` then spaces: removing the spaces would make the backslash a hard line break.
        if followedByText, end > line.start, bytes[end - 1] == Byte.backslash { return nil }
        guard endsInHardBreak && followedByText else { return .remove(from: end) }
        // A hard line break: written as a backslash, unless the backslash could be read as an
        // escape, it is a task's text, or the next line's indentation would then show.
        // A backslash also makes a table cell (not on a line with a pipe), joins a URL or
        // address that GitHub links by itself (not after one), and becomes the destination of a
        // link reference definition (`[x]:  ` / `url`), where the spaces are no break at all.
        // After `*`, `_` or `~` the backslash, punctuation where a space was, would let that
        // run open emphasis (`**  ` cannot, `**\` can).
        guard kind == .paragraph, !taskText[index], end > line.start, bytes[end - 1] != Byte.backslash,
              bytes[end - 1] != Byte.star, bytes[end - 1] != Byte.underscore, bytes[end - 1] != 0x7E,
              !bytes[line.start..<end].contains(Byte.pipe), !Self.endsInAutolink(bytes[line.start..<end]),
              indentedLazy.isEmpty || !indentedLazy[index + 1], !mayHoldLinkDefinition(index),
              // A next line that GitHub's tasklist pattern matches (`-\f[ ] `, text to tick) is
              // drawn one way after spaces and another after a backslash.
              !Checkbox.matchesGitHubPattern(document.content(ofLine: index + 1)) else { return nil }
        return .hardBreak(from: end)
    }

    /// Whether the paragraph holding line `index` may start with link reference definitions:
    /// its first line has a `[`. (Definitions come first in a paragraph, one after another, and
    /// a label may go on over lines: `[` then `x]:` on the next.)
    private func mayHoldLinkDefinition(_ index: Int) -> Bool {
        var first = index
        while first > 0, continues[first] { first -= 1 }
        return document.content(ofLine: first).contains(Byte.leftBracket)
    }

    /// Whether the last word could be a link GitHub makes without brackets (`www.`, `x://`,
    /// an email address).
    private static func endsInAutolink(_ text: ArraySlice<UInt8>) -> Bool {
        let word = text.reversed().prefix { !Byte.isSpaceOrTab($0) }.reversed()
        let lower = Array(word.map { $0 | 0x20 })
        return word.contains(Byte.at) || lower.starts(with: Array("www.".utf8))
            || lower.indices.contains { lower[$0...].starts(with: Array("://".utf8)) }
    }

    /// Bytes that can open an inline that spans lines and keeps its spaces: a code span, raw
    /// HTML, or a link title (`"`, `'`, `(`).
    private static func opensSpan(_ byte: UInt8) -> Bool {
        byte == Byte.backtick || byte == Byte.less || byte == 0x22 || byte == 0x27 || byte == 0x28
    }
}
