/// A positive number kept for each 64-bit hash (0: none): how many times a block signature
/// was seen, where a task with a hash first was. An open-addressing table over two flat
/// arrays, sized once for the number of hashes it will hold.
///
/// Not a `[UInt64: Int]`: a listing counts the blocks of the groups it shows on every run of
/// `tick list`, and the first `Dictionary` keyed by a type costs the run a runtime lookup of
/// that type's `Hashable` conformance (~80 000 instructions in a statically linked binary);
/// and the standard hasher (SipHash) costs more than the lint of a task it looks up.
struct HashTable {
    private var keys: [UInt64]
    /// 0 for an empty slot.
    private var values: [Int]
    private let mask: Int

    /// A table for at most `capacity` distinct hashes.
    init(capacity: Int) {
        let size = OpenAddressing.slotCount(forCapacity: capacity)
        keys = [UInt64](repeating: 0, count: size)
        values = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    /// The number kept for `hash`, 0 when there is none.
    subscript(hash: UInt64) -> Int { values[slot(of: hash)] }

    /// Adds `amount` (positive) to the number kept for `hash`.
    mutating func add(_ hash: UInt64, _ amount: Int = 1) {
        let slot = self.slot(of: hash)
        keys[slot] = hash
        values[slot] += amount
    }

    /// The hash's slot, or the empty slot where it would go. Keys are hashes already: their
    /// low bits pick the first slot.
    private func slot(of hash: UInt64) -> Int {
        var slot = OpenAddressing.firstSlot(hash, mask: mask)
        while values[slot] != 0, keys[slot] != hash { slot = (slot + 1) & mask }
        return slot
    }
}
