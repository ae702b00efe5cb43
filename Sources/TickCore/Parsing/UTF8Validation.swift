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

    /// The offset where the first ill-formed sequence starts, or nil when there is none.
    static func firstInvalidOffset(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        if isASCII(buffer) { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = buffer.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let count = buffer.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
