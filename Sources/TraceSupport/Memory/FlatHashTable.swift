/// A key of a `FlatHashTable`: plain bits, whose all-zero value (`init()`) is never stored.
@usableFromInline package protocol FlatHashKey: BitwiseCopyable, Equatable {
    /// The all-zero key, which marks an empty slot.
    init()
    /// A hash of the key whose low bits are well mixed (see `mixed(_:)`).
    var flatHash: UInt64 { get }
}

extension FlatHashKey {
    /// `bits` with every bit spread over the low ones, for keys made of a few small ids.
    @inlinable @inline(__always)
    package static func mixed(_ bits: UInt64) -> UInt64 {
        let product = bits &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29) ^ (product >> 41)
    }
}

/// A hash map of plain keys to plain values, each key and value side by side in one flat array.
///
/// NB: open addressing with linear probing over `ZeroedMemory` slots; a lookup reads one cache line
/// where parallel key and value arrays would read several (the cause table is larger than L2).
@usableFromInline package final class FlatHashTable<Key: FlatHashKey, Value: BitwiseCopyable> {
    @usableFromInline struct Slot {
        @usableFromInline var key: Key
        @usableFromInline var value: Value

        @inlinable init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    // NB: unchecked exclusivity: readers in other modules inline the look-ups, and a dynamic
    // access check per probe would cost more than the probe; a table has one owner.
    @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) @usableFromInline var mask: Int
    /// The number of keys stored.
    @exclusivity(unchecked) @usableFromInline package internal(set) var count = 0

    /// An empty table.
    package init() {
        mask = 255
        slots = Self.allocateSlots(mask + 1)
    }

    deinit { Self.deallocateSlots(slots, mask + 1) }

    @usableFromInline static func allocateSlots(_ count: Int) -> UnsafeMutablePointer<Slot> {
        // NB: keys land all over the table, so its pages are faulted in at once.
        ZeroedMemory.allocate(byteCount: count * MemoryLayout<Slot>.stride, paging: .now)
            .bindMemory(to: Slot.self, capacity: count)
    }

    @usableFromInline static func deallocateSlots(_ slots: UnsafeMutablePointer<Slot>, _ count: Int) {
        ZeroedMemory.deallocate(slots, byteCount: count * MemoryLayout<Slot>.stride)
    }

    /// The index of `key`'s slot, or of the empty slot where it would go.
    @inlinable @inline(__always)
    func index(of key: Key) -> (index: Int, found: Bool) {
        var index = Int(truncatingIfNeeded: key.flatHash) & mask
        while true {
            let stored = slots[index].key
            internalCheck(index >= 0 && index <= mask, "probe outside the slots")
            if stored == key { return (index, true) }
            if stored == Key() { return (index, false) }
            index = (index + 1) & mask
        }
    }

    /// The value stored for `key` (never the zero key), storing `make()` first when it is new.
    @inlinable @inline(__always)
    package func value(for key: Key, orInsert make: () -> Value) -> Value {
        let (index, found) = index(of: key)
        if found { return slots[index].value }
        let value = make()
        insert(key, value, at: index)
        return value
    }

    /// The value stored for `key` (never the zero key), `defaultValue` while it has none.
    @inlinable @inline(__always)
    package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get {
            let (index, found) = index(of: key)
            return found ? slots[index].value : defaultValue()
        }
        _modify {
            var (index, found) = index(of: key)
            if !found {
                insert(key, defaultValue(), at: index)
                index = self.index(of: key).index
            }
            yield &slots[index].value
        }
    }

    @inlinable
    func insert(_ key: Key, _ value: Value, at index: Int) {
        precondition(key != Key(), "the zero key marks empty slots")
        slots[index] = Slot(key: key, value: value)
        count += 1
        // NB: at most half full, so probes stay short.
        if count * 2 > mask { grow() }
        internalCheck(count * 2 <= mask + 1, "a flat hash table more than half full")
    }

    @inlinable
    func grow() {
        let old = slots
        let oldMask = mask
        mask = mask * 2 + 1
        slots = Self.allocateSlots(mask + 1)
        for index in 0...oldMask where old[index].key != Key() {
            slots[self.index(of: old[index].key).index] = old[index]
        }
        Self.deallocateSlots(old, oldMask + 1)
        _checkInvariants()
    }

    /// Checks that every key is found at its slot (no empty slot between it and its home), that
    /// `count` keys are stored and that the table is at most half full; in builds with
    /// `TRACER_INTERNAL_CHECKS` only. Called after every growth, which it costs as much as.
    @inlinable
    package func _checkInvariants() {
        #if TRACER_INTERNAL_CHECKS
        precondition((mask + 1) & mask == 0, "a flat hash table whose size is not a power of two")
        var stored = 0
        for index in 0...mask where slots[index].key != Key() {
            stored += 1
            let found = self.index(of: slots[index].key)
            precondition(found.found && found.index == index, "a key not found at its own slot")
        }
        precondition(stored == count, "a flat hash table holding \(stored) keys and counting \(count)")
        precondition(count * 2 <= mask + 1, "a flat hash table more than half full")
        #endif
    }

    /// Calls `body` with every key and its value.
    @inlinable
    package func forEach(_ body: (Key, Value) -> Void) {
        for index in 0...mask where slots[index].key != Key() { body(slots[index].key, slots[index].value) }
    }
}

/// Counts per key in a `FlatHashTable`, added in batches.
///
/// NB: the keys of a batch are looked up one after another with no other work in between, so
/// that the cache misses of their slots overlap instead of each stalling the reader on its own.
@usableFromInline package final class BatchedCounts<Key: FlatHashKey> {
    @usableFromInline let counts = FlatHashTable<Key, Int>()
    @usableFromInline let pending: UnsafeMutablePointer<Key>
    @exclusivity(unchecked) @usableFromInline var pendingCount = 0
    @usableFromInline static var batchSize: Int { 16 }

    /// No counts.
    package init() { pending = .allocate(capacity: Self.batchSize) }

    deinit { pending.deallocate() }

    /// Counts one more for `key` (never the zero key).
    @inlinable @inline(__always)
    package func increment(_ key: Key) {
        pending[pendingCount] = key
        pendingCount += 1
        if pendingCount == Self.batchSize { addPending() }
    }

    @inlinable
    func addPending() {
        for index in 0..<pendingCount { counts[pending[index], default: 0] += 1 }
        pendingCount = 0
    }

    /// Calls `body` with every key and its count.
    @inlinable
    package func forEach(_ body: (Key, Int) -> Void) {
        addPending()
        counts.forEach(body)
    }
}
