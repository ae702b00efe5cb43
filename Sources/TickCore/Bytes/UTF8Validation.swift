extension ArraySlice where Element == UInt8 {
    /// Whether the bytes are well-formed UTF-8. Pure ASCII, the common case, is checked fast.
    var allSatisfyValidUTF8: Bool { withUnsafeBufferPointer(UTF8Bytes.isWellFormed) }

    /// The offset (an index of the slice) where the first ill-formed UTF-8 sequence starts.
    var firstInvalidUTF8Offset: Int? {
        withUnsafeBufferPointer(UTF8Bytes.firstInvalidOffset).map { startIndex + $0 }
    }
}

enum UTF8Bytes {
    /// Whether the bytes are well-formed UTF-8, ASCII checked eight bytes at a time.
    static func isWellFormed(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(buffer) == nil
    }

    /// Whether a whole file is ASCII, and so well-formed UTF-8: asked once per parse, so that
    /// the typical file's tasks and lines need no check of their own. Thirty-two bytes at a
    /// time; a file with other bytes is not validated whole (most of it is not tasks, and its
    /// tasks are checked one by one).
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var index = 0
            while index + 32 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return false }
                index += 32
            }
            while index < count {
                if raw[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }

    /// The offset where the first ill-formed sequence starts, or nil when there is none.
    ///
    /// ASCII is skipped eight bytes at a time; each other sequence is checked by hand against
    /// the Unicode Standard's table of well-formed byte sequences (Table 3-7): no overlong
    /// forms, no surrogates, nothing above U+10FFFF. Where a sequence breaks off, the offset is
    /// its lead byte's, as the standard library's decoder reports it.
    static func firstInvalidOffset(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead; later bytes are 0x80...0xBF.
            let length: Int, low: UInt8, high: UInt8
            switch lead {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return index
            }
            guard index + length <= count else { return index }
            let second = base[index + 1]
            guard second >= low, second <= high else { return index }
            var next = index + 2
            while next < index + length {
                guard base[next] & 0xC0 == 0x80 else { return index }
                next += 1
            }
            index = next
        }
        return nil
    }
}
