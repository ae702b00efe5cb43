/// The arithmetic the flat hash tables share (`HashTable`, `PathTable`): a power-of-two
/// number of slots at least twice the entries, and a first slot from a 64-bit hash, probing
/// on one slot at a time from there.
enum OpenAddressing {
    /// Slots for `capacity` entries: a power of two, at least 16 and twice the entries.
    static func slotCount(forCapacity capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        return size
    }

    /// Where a hash's probe starts; `mask` is the slot count minus one. Its high bits are
    /// folded in: signatures and FNV hashes differ there as much as in their low bits.
    static func firstSlot(_ hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 31)) & mask
    }
}
