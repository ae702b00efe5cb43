/// Obsidian's name for a line: `^id` (letters, digits and `-`), the last word of a task's text
/// after a space. Obsidian links to the task by it, so it stays last when a field is added,
/// stays when the text is replaced, and is not copied into a recurring task's next occurrence
/// (a name belongs to one line).
enum BlockLink {
    /// The bytes of a link's name, after its `^`: letters, digits and `-` (`^a_b` is text).
    @inline(__always) static func isNameByte(_ byte: UInt8) -> Bool { Byte.isAlnum(byte) || byte == Byte.minus }

    /// Where the link that ends the text of `content` starts (its `^`), from `textStart`;
    /// trailing spaces are not part of the text. Nil when the text does not end in one. The
    /// space before it may be the one before the text (a wrapped line's indentation).
    static func start(in bytes: [UInt8], textStart: Int) -> Int? {
        var end = bytes.count
        while end > textStart, Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        var link = end
        while link > textStart, isNameByte(bytes[link - 1]) { link -= 1 }
        guard link < end, link > textStart, link >= 2, bytes[link - 1] == Byte.caret, Byte.isSpaceOrTab(bytes[link - 2]) else { return nil }
        return link - 1
    }

    /// `content` without the links (`^id` words) after `start`, each with the space before it.
    static func removedAmongFields(from content: [UInt8], after start: Int) -> [UInt8] {
        var result = Array(content[..<start])
        var index = start
        while index < content.count {
            var end = index
            while end < content.count, !Byte.isSpaceOrTab(content[end]) { end += 1 }
            let word = content[index..<end]
            let isLink = word.count > 1 && word.first == Byte.caret && word.dropFirst().allSatisfy(isNameByte)
            if isLink {
                while let last = result.last, Byte.isSpaceOrTab(last), result.count > start { result.removeLast() }
            } else {
                result += word
            }
            var spaces = end
            while spaces < content.count, Byte.isSpaceOrTab(content[spaces]) { spaces += 1 }
            result += content[end..<spaces]
            index = spaces
        }
        return result
    }

    /// `content` without the link that ends its text and the spaces before it.
    static func removed(from content: [UInt8], textStart: Int) -> [UInt8] {
        guard var cut = start(in: content, textStart: textStart) else { return content }
        var end = content.count
        while end > cut, Byte.isSpaceOrTab(content[end - 1]) { end -= 1 }
        while cut > textStart, Byte.isSpaceOrTab(content[cut - 1]) { cut -= 1 }
        return Array(content[..<cut]) + content[end...]
    }
}
