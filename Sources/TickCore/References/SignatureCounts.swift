/// How many times each 64-bit signature was added: an open-addressing table over two flat
/// arrays, sized once for the number of signatures it will hold.
///
/// Not a `[UInt64: Int]`: a listing counts the blocks of the groups it shows on every run of
/// `tick list`, and the first `Dictionary` keyed by a type costs the run a runtime lookup of
/// that type's `Hashable` conformance (~80 000 instructions in a statically linked binary).
struct SignatureCounts {
    private var keys: [UInt64]
    /// 0 for an empty slot.
    private var counts: [Int]
    private let mask: Int

    /// A table for at most `capacity` distinct signatures.
    init(capacity: Int) {
        let size = OpenAddressing.slotCount(forCapacity: capacity)
        keys = [UInt64](repeating: 0, count: size)
        counts = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    mutating func add(_ signature: UInt64) {
        let slot = self.slot(of: signature)
        keys[slot] = signature
        counts[slot] += 1
    }

    func count(of signature: UInt64) -> Int { counts[slot(of: signature)] }

    /// The signature's slot, or the empty slot where it would go. Signatures are hashes
    /// already: their low bits pick the first slot.
    private func slot(of signature: UInt64) -> Int {
        var slot = OpenAddressing.firstSlot(signature, mask: mask)
        while counts[slot] != 0, keys[slot] != signature { slot = (slot + 1) & mask }
        return slot
    }
}
