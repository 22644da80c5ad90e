import HairlineDiagnostics

/// Paths found by their UTF-8 bytes in a hash table: each path's position in the list the table was made from.
///
/// Made for the aliases of a large set, a lookup each: a binary search of 100,000 sorted paths compared 17 of
/// them for each alias, each comparison reaching into a string's storage somewhere in the heap (16–40 ms of a
/// compile); here a lookup hashes the alias's bytes and compares one path, where most probes compare only the
/// hashes the table holds. A table whose paths' hashes crowd together (made to, or by chance) is not made:
/// `init` gives nil when building it took more than a few probes for each path, and the caller searches the
/// sorted paths instead, so that no input makes the lookups quadratic.
struct PathTable {
    /// The table, a power of two long: 0 for an empty slot; else a path's hash in the high 32 bits and its
    /// position plus one in the low 32.
    private var slots: [UInt64]
    private let mask: Int

    /// At most this many probes for each path, on average, while the table is built.
    static let probesPerPath = 4

    /// A table of `paths`, which are all different; nil when building it took more than `probesPerPath` probes
    /// for each path (see the type's note), or there are too many for a 32-bit position.
    init?(_ paths: [String], probesPerPath: Int = Self.probesPerPath) {
        guard paths.count < Int(UInt32.max) else { return nil }
        var size = 16
        while size < paths.count * 2 { size *= 2 }
        mask = size - 1
        slots = [UInt64](repeating: 0, count: size)
        var probes = 0
        let budget = paths.count * probesPerPath
        let mask = self.mask
        let built = slots.withUnsafeMutableBufferPointer { slots -> Bool in
            for (position, path) in paths.enumerated() {
                let hash = path.withContiguousUTF8(Self.hash)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    probes += 1
                    if probes > budget { return false }
                    slot = (slot + 1) & mask
                }
                slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1)
            }
            return true
        }
        guard built else { return nil }
    }

    /// The position of the path whose bytes are `path`'s, in `paths`, the list the table was made from.
    func position(of path: String, in paths: [String]) -> Int? {
        path.withContiguousUTF8 { bytes in
            let hash = Self.hash(bytes)
            let high = hash & 0xFFFF_FFFF_0000_0000
            return slots.withUnsafeBufferPointer { slots -> Int? in
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let entry = slots[slot]
                    if entry & 0xFFFF_FFFF_0000_0000 == high {
                        let position = Int(entry & 0xFFFF_FFFF) - 1
                        if TokenSet.bytesEqual(paths[position], bytes) { return position }
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// A 64-bit hash of bytes, eight at a time: each word mixed in by a multiplication, then the whole mixed
    /// again so that both halves depend on every byte (the low bits pick the slot, the high ones are kept).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return hash ^ hash >> 32 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        if index < bytes.count {
            var word: UInt64 = 0
            for offset in index..<bytes.count { word = word << 8 | UInt64(bytes[offset]) }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        hash = (hash ^ hash >> 32) &* 0xD6E8_FEB8_6659_FD93
        return hash ^ hash >> 32
    }
}
