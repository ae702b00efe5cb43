/// Bytes appended through a pointer: what JSON output is built in, a few bytes per call and
/// hundreds of calls per task.
///
/// Noncopyable, so it has one owner and an append is a capacity check and a store: no
/// copy-on-write check, no generic path for a run of bytes, as `[UInt8]` has.
struct ByteBuffer: ~Copyable, @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if capacity - count < length { grow(length) }
        (base + count).update(from: source, count: length)
        count &+= length
    }

    /// `length` bytes at `source`, which do not overlap the buffer (a static string's).
    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        append(UnsafeBufferPointer(start: source, count: length))
    }

    /// `,"name":` (without the comma unless `afterComma`): a JSON key that needs no escape, in
    /// one reservation.
    @inline(__always) mutating func appendKey(_ name: StaticString, afterComma: Bool) {
        let length = name.utf8CodeUnitCount
        if capacity - count < length + 4 { grow(length + 4) }
        var pointer = base + count
        if afterComma { pointer.pointee = 0x2C; pointer += 1 }
        pointer.pointee = 0x22
        (pointer + 1).update(from: name.utf8Start, count: length)
        pointer[length + 1] = 0x22
        pointer[length + 2] = 0x3A
        count = base.distance(to: pointer) + length + 3
    }

    /// Room for `length` more bytes, written by `body` from the returned position; `body`
    /// returns how many it wrote.
    @inline(__always) mutating func write(upTo length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - count < length { grow(length) }
        count &+= body(base + count)
    }

    /// A number's decimal digits, written in place from the right two at a time (no reversal,
    /// no temporary): what text output, JSON numbers and task references share.
    mutating func appendDecimal(_ value: UInt) {
        if value < 10 { return append(0x30 + UInt8(value)) }
        let digits = Self.decimalDigits(value)
        write(upTo: digits) { pointer in
            // "00" to "99": a static string's bytes are a constant address (a `static let`
            // array would cost a `swift_once` check per call).
            let pairs = Self.digitPairs.utf8Start
            var rest = value, index = digits
            while rest >= 100 {
                let pair = Int(rest % 100)
                rest /= 100
                index -= 2
                pointer[index] = pairs[2 * pair]
                pointer[index + 1] = pairs[2 * pair + 1]
            }
            if rest >= 10 {
                pointer[index - 2] = pairs[2 * Int(rest)]
                pointer[index - 1] = pairs[2 * Int(rest) + 1]
            } else {
                pointer[index - 1] = 0x30 + UInt8(rest)
            }
            return digits
        }
    }

    /// How many digits `appendDecimal` writes: four at a time, then by comparison.
    @inline(__always) static func decimalDigits(_ value: UInt) -> Int {
        var digits = 1, rest = value
        while rest >= 10_000 { rest /= 10_000; digits += 4 }
        if rest >= 1_000 { return digits + 3 }
        if rest >= 100 { return digits + 2 }
        return rest >= 10 ? digits + 1 : digits
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        write(upTo: count) { pointer in
            pointer.initialize(repeating: Byte.space, count: count)
            return count
        }
    }

    /// Doubles the room (at least `needed` more bytes): appends stay linear overall.
    @inline(never) private mutating func grow(_ needed: Int) {
        let newCapacity = max(count + needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Empties the buffer, keeping its room.
    mutating func removeAll() { count = 0 }

    /// Drops what was written after the first `length` bytes.
    mutating func truncate(to length: Int) {
        precondition(length >= 0 && length <= count)
        count = length
    }

    /// The bytes written so far, without a copy.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes, copied out.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
