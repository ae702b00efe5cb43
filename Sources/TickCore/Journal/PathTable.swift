/// A set of paths (byte strings), each found by a 64-bit hash of its bytes and then compared
/// byte for byte: open addressing over flat arrays.
///
/// Not a `Set<[UInt8]>`: the listing index looks through thousands of paths on every view, and
/// the standard hasher over each path's bytes cost more than reading and writing the index.
struct PathTable {
    /// Per slot, the member's position + 1; 0 for an empty slot.
    private var slots: [Int32]
    private var slotHashes: [UInt64]
    private(set) var members: [[UInt8]] = []
    private var mask: Int

    init(capacity: Int) {
        let size = OpenAddressing.slotCount(forCapacity: capacity)
        slots = [Int32](repeating: 0, count: size)
        slotHashes = [UInt64](repeating: 0, count: size)
        mask = size - 1
        members.reserveCapacity(capacity)
    }

    init(_ paths: some Sequence<[UInt8]>, capacity: Int) {
        self.init(capacity: capacity)
        for path in paths { insert(path) }
    }

    /// The position of `path` in `members`, or nil. A table of a few paths (a view of one
    /// file, asked about every path of the index) compares them without hashing.
    func position(of path: [UInt8]) -> Int? {
        if members.count <= 4 { return members.firstIndex(of: path) }
        let (slot, found) = find(path, hash: ContentHash.of(path))
        return found ? Int(slots[slot]) - 1 : nil
    }

    func contains(_ path: [UInt8]) -> Bool { position(of: path) != nil }

    /// Adds `path`; false when it was there already.
    @discardableResult
    mutating func insert(_ path: [UInt8]) -> Bool {
        let hash = ContentHash.of(path)
        let (slot, found) = find(path, hash: hash)
        if found { return false }
        slots[slot] = Int32(members.count + 1)
        slotHashes[slot] = hash
        members.append(path)
        if members.count * 2 > slots.count { grow() }
        return true
    }

    private func find(_ path: [UInt8], hash: UInt64) -> (slot: Int, found: Bool) {
        var slot = OpenAddressing.firstSlot(hash, mask: mask)
        while slots[slot] != 0 {
            if slotHashes[slot] == hash, members[Int(slots[slot]) - 1] == path { return (slot, true) }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }

    private mutating func grow() {
        let members = self.members
        self = PathTable(capacity: slots.count)
        for path in members { insert(path) }
    }
}
