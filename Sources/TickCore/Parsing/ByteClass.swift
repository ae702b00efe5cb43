/// ASCII byte classes used by the scanners. Everything tick recognises in Markdown's block
/// structure is ASCII, so the parser never decodes UTF-8 on its hot path.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21
    static let percent: UInt8 = 0x25
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let apostrophe: UInt8 = 0x27
    static let leftParen: UInt8 = 0x28
    static let rightParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let less: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let caret: UInt8 = 0x5E
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let pipe: UInt8 = 0x7C
    static let tilde: UInt8 = 0x7E

    @inline(__always) static func isSpaceOrTab(_ b: UInt8) -> Bool { b == space || b == tab }
    /// CommonMark's whitespace after a list marker: space, tab, vertical tab, form feed.
    @inline(__always) static func isSpaceChar(_ b: UInt8) -> Bool { b == space || b == tab || b == 0x0B || b == 0x0C }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isAlnum(_ b: UInt8) -> Bool { isAlpha(b) || isDigit(b) }
    /// ASCII punctuation: what a backslash escapes in CommonMark.
    @inline(__always) static func isPunctuation(_ b: UInt8) -> Bool { b > space && b < 0x7F && !isAlnum(b) }
    /// Columns the bytes take on a line, tabs advancing to the next multiple of 4 (CommonMark's
    /// tab stops). Meant for indentation and markers, which are ASCII.
    static func columns(of bytes: some Sequence<UInt8>) -> Int {
        var column = 0
        for byte in bytes { column = byte == tab ? column + 4 - column % 4 : column + 1 }
        return column
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { isAlpha(b) ? b | 0x20 : b }
}
