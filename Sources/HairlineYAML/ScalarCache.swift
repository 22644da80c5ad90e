import Foundation

/// Scalars already made, found again by their bytes and style: for a reader that meets the same few keys and
/// values over and over (a screen's `role`, `value`, `caption`, `"{color.ink}"`), each made once a thread, not
/// once an event. Making a scalar builds its string and resolves it by the core schema; finding one is a hash
/// and a compare of at most four words.
///
/// One cache a thread (`forThisThread()`), kept for the thread's life: what one file read, the next file on the
/// thread finds. A slot holds one scalar of up to 32 bytes; a new scalar takes the slot its hash picks from
/// whatever held it. A thread's cache is only touched by that thread.
final class ScalarCache {
    /// A scalar's bytes, zero-padded to four words, and its length and style: equal keys, equal scalars.
    private struct Key: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// 0 for an empty slot, else the length plus one, and the style above it.
        var tag: UInt64 = 0

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.tag == rhs.tag && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3
        }
    }

    /// A key and its scalar side by side, so that a lookup touches one place in memory, not two.
    private struct Slot {
        var key = Key()
        /// An empty string where the key's tag is 0.
        var scalar = Scalar(text: "", style: .singleQuoted)
    }

    /// The longest scalar kept, in bytes.
    static let maxBytes = 32
    private static let slotBits = 10
    private let slots: UnsafeMutablePointer<Slot>

    private init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Slot(), count: 1 << Self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    /// The scalar for a raw scalar's bytes and style: found, or made and kept.
    func scalar(_ raw: EventReader.RawScalar) -> Scalar {
        let count = raw.bytes.count
        guard count <= Self.maxBytes else { return Scalar(raw) }
        var key = Key(tag: UInt64(count + 1) | UInt64(raw.style.tagBits) << 8)
        if let base = raw.bytes.baseAddress {
            withUnsafeMutableBytes(of: &key.words) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
        }
        var hash = key.words.0 &+ (key.words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (key.words.2 &* 0xC2B2_AE3D_27D4_EB4F)
        hash = (hash ^ key.words.3 ^ key.tag) &* 0x1656_67B1_9E37_79F9
        let slot = slots + Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        if slot.pointee.key == key { return slot.pointee.scalar }
        let made = Scalar(raw)
        slot.pointee.scalar = made
        slot.pointee.key = key
        return made
    }

    /// The cache of the calling thread, made the first time it asks.
    static func forThisThread() -> ScalarCache {
        if let cache = pthread_getspecific(threadKey) { return Unmanaged<ScalarCache>.fromOpaque(cache).takeUnretainedValue() }
        let cache = ScalarCache()
        pthread_setspecific(threadKey, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    /// The thread-specific slot; a thread's cache is released when the thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { cache in
            guard let cache else { return }
            Unmanaged<ScalarCache>.fromOpaque(cache).release()
        }
        return key
    }()
}

extension ScalarStyle {
    /// The style as a number, for a cache key.
    fileprivate var tagBits: UInt8 {
        switch self {
        case .plain: 0
        case .singleQuoted: 1
        case .doubleQuoted: 2
        case .literal: 3
        case .folded: 4
        }
    }
}
