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

    /// Room for `length` more bytes, written by `body` from the returned position; `body`
    /// returns how many it wrote.
    @inline(__always) mutating func write(upTo length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - count < length { grow(length) }
        count &+= body(base + count)
    }

    /// A number's decimal digits, written in place from the right (no reversal, no temporary):
    /// what text output, JSON numbers and task references share.
    mutating func appendDecimal(_ value: UInt) {
        if value < 10 { return append(0x30 + UInt8(value)) }
        var digits = 1, rest = value
        while rest >= 10 { rest /= 10; digits += 1 }
        write(upTo: digits) { pointer in
            var rest = value, index = digits
            repeat {
                index -= 1
                pointer[index] = 0x30 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            return digits
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
