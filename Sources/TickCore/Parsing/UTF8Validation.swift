extension ArraySlice where Element == UInt8 {
    /// Whether the bytes are well-formed UTF-8. Pure ASCII, the common case, is checked fast.
    var allSatisfyValidUTF8: Bool { firstInvalidUTF8Offset == nil }

    /// The offset (an index of the slice) where the first ill-formed UTF-8 sequence starts.
    var firstInvalidUTF8Offset: Int? {
        if allSatisfy({ $0 < 0x80 }) { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = makeIterator()
        var offset = startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
