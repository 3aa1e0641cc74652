/// A set of 64-bit hashes (already well mixed, e.g. FNV-1a of a key) for the one question asked
/// of every line of `stop_times.txt`: open addressing, linear probing, at most half full; no
/// second hashing as `Set` would do.
struct HashSet64 {
    private var slots: [UInt64]
    private let mask: Int
    /// Whether 0 is a member (0 marks an empty slot).
    private var hasZero = false

    init(_ hashes: some Collection<UInt64>) {
        var size = 16
        while size < hashes.count * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for hash in hashes { insert(hash) }
    }

    private mutating func insert(_ hash: UInt64) {
        guard hash != 0 else {
            hasZero = true
            return
        }
        var index = Self.slot(hash) & mask
        while slots[index] != 0 {
            if slots[index] == hash { return }
            index = (index + 1) & mask
        }
        slots[index] = hash
    }

    func contains(_ hash: UInt64) -> Bool {
        guard hash != 0 else { return hasZero }
        var index = Self.slot(hash) & mask
        while true {
            let slot = slots[index]
            if slot == hash { return true }
            if slot == 0 { return false }
            index = (index + 1) & mask
        }
    }

    /// FNV's low bits are weak; fold the high ones in.
    private static func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ (hash >> 29) ^ (hash >> 47)) }
}
