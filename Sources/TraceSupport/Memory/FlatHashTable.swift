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

/// A hash map of plain keys to plain values, each key and value side by side in one flat array:
/// the package's one hash table, which the interner's slots and the analysis's indexes are built on.
///
/// Index policy: no key indexes the slots; a key only hashes to a slot masked into the table, so a
/// key from input cannot reach outside it. A `Position` comes only from this table (a probe's
/// walk) and stays inside it, as the table never shrinks; `insert(_:_:at:)` traps in every build
/// on a position that holds a key. In builds with `TRACER_INTERNAL_CHECKS`, an insertion checks
/// the slot it wrote and a growth the whole table (`_checkInvariants()`).
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

    /// A slot of the table: where a probe is, what `key(at:)`, `next(after:)` and
    /// `insert(_:_:at:)` take. Valid until the next insertion, which may move every key.
    @usableFromInline package struct Position {
        @usableFromInline let index: Int

        @inlinable init(index: Int) {
            self.index = index
        }
    }

    // NB: unchecked exclusivity: readers in other modules inline the look-ups, and a dynamic
    // access check per probe would cost more than the probe; a table has one owner.
    @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) @usableFromInline var mask: Int
    @exclusivity(unchecked) @usableFromInline var storedCount = 0

    /// An empty table with room for `capacity` keys before it grows.
    package init(capacity: Int = 128) {
        // NB: at most half full (see `insert`), and a power of two.
        mask = 255
        while mask < 2 * capacity { mask = mask * 2 + 1 }
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

    /// The number of keys stored.
    ///
    /// NB: read through this accessor, so that the unchecked exclusivity of the stored count holds
    /// in the modules that inline it too.
    @inlinable package var count: Int { storedCount }

    /// The bytes the slots take.
    package var memoryBytes: Int { (mask + 1) * MemoryLayout<Slot>.stride }

    /// The first slot a probe for a key of hash `hash` looks at: its home.
    ///
    /// NB: a probe walks `next(after:)` from there until `key(at:)` is the key it looks for, or nil:
    /// the empty slot where that key would go. A look-up by something other than the whole key
    /// (the interner's bytes) walks it itself; `position(of:)` walks it for a whole key.
    @inlinable @inline(__always)
    package func home(of hash: UInt64) -> Position {
        Position(index: Int(truncatingIfNeeded: hash) & mask)
    }

    /// The slot after `position` in a probe.
    @inlinable @inline(__always)
    package func next(after position: Position) -> Position {
        Position(index: (position.index + 1) & mask)
    }

    /// The key at `position`, nil for an empty slot.
    @inlinable @inline(__always)
    package func key(at position: Position) -> Key? {
        internalCheck(position.index >= 0 && position.index <= mask, "a position outside the slots")
        let stored = slots[position.index].key
        return stored == Key() ? nil : stored
    }

    /// The slot of `key`, or the empty slot where it would go.
    @inlinable @inline(__always)
    func position(of key: Key) -> (position: Position, found: Bool) {
        var index = Int(truncatingIfNeeded: key.flatHash) & mask
        while true {
            let stored = slots[index].key
            internalCheck(index >= 0 && index <= mask, "probe outside the slots")
            if stored == key { return (Position(index: index), true) }
            if stored == Key() { return (Position(index: index), false) }
            index = (index + 1) & mask
        }
    }

    /// The value stored for `key` (never the zero key), storing `make()` first when it is new.
    @inlinable @inline(__always)
    package func value(for key: Key, orInsert make: () -> Value) -> Value {
        let (position, found) = position(of: key)
        if found { return slots[position.index].value }
        let value = make()
        insert(key, value, at: position)
        return value
    }

    /// The value stored for `key` (never the zero key), `defaultValue` while it has none.
    @inlinable @inline(__always)
    package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get {
            let (position, found) = position(of: key)
            return found ? slots[position.index].value : defaultValue()
        }
        _modify {
            var (position, found) = position(of: key)
            if !found {
                insert(key, defaultValue(), at: position)
                position = self.position(of: key).position
            }
            yield &slots[position.index].value
        }
    }

    /// Stores `key` (never the zero key) and its value in the empty slot a probe for it stopped
    /// at, growing the table when it is more than half full.
    @inlinable
    package func insert(_ key: Key, _ value: Value, at position: Position) {
        precondition(key != Key(), "the zero key marks empty slots")
        precondition(slots[position.index].key == Key(), "a key stored over another")
        slots[position.index] = Slot(key: key, value: value)
        storedCount += 1
        // NB: at most half full, so probes stay short.
        if count * 2 > mask {
            grow()
        } else {
            internalCheckInvariants(violations(at: position.index) + loadViolations(), of: "FlatHashTable")
        }
    }

    @inlinable
    func grow() {
        let old = slots
        let oldMask = mask
        mask = mask * 2 + 1
        slots = Self.allocateSlots(mask + 1)
        for index in 0...oldMask where old[index].key != Key() {
            slots[position(of: old[index].key).position.index] = old[index]
        }
        Self.deallocateSlots(old, oldMask + 1)
        internalCheckInvariants(_checkInvariants(), of: "FlatHashTable")
    }

    /// What is wrong with the table, empty when nothing is: a size that is not a power of two, a
    /// key not found at its slot (an empty slot between it and its home, or the key twice), a
    /// count that is not the number of keys stored, more than half the slots full. Costs a probe
    /// per key: called after every growth, which costs as much.
    @usableFromInline package func _checkInvariants() -> [String] {
        var violations = loadViolations()
        if (mask + 1) & mask != 0 { violations.append("a size of \(mask + 1), not a power of two") }
        var stored = 0
        for index in 0...mask where slots[index].key != Key() {
            stored += 1
            violations += self.violations(at: index)
        }
        if stored != count { violations.append("\(stored) keys stored and \(count) counted") }
        return violations
    }

    /// What is wrong at `index`, which holds a key: the key not found there (the check of the
    /// slot an insertion wrote).
    @usableFromInline func violations(at index: Int) -> [String] {
        let found = position(of: slots[index].key)
        return found.found && found.position.index == index ? [] : ["a key at slot \(index) not found there"]
    }

    /// What is wrong with the table's load: more than half the slots full.
    @usableFromInline func loadViolations() -> [String] {
        count * 2 > mask + 1 ? ["\(count) keys in \(mask + 1) slots, more than half full"] : []
    }

    /// Breaks what `_checkInvariants()` checks: moves a key that sits at its home slot one slot
    /// on, into an empty slot, where a probe from its home no longer reaches it. For the test that
    /// shows it is reported.
    package func _corruptForTesting() {
        for index in 0...mask where slots[index].key != Key() {
            let next = (index + 1) & mask
            if Int(truncatingIfNeeded: slots[index].key.flatHash) & mask == index && slots[next].key == Key() {
                slots[next] = slots[index]
                UnsafeMutableRawPointer(slots + index).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Slot>.stride)
                return
            }
        }
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
    /// The keys not yet counted, fewer than `batchSize`.
    @exclusivity(unchecked) @usableFromInline var pending = FlatArray<Key>(capacity: batchSize)
    @usableFromInline static var batchSize: Int { 16 }

    /// No counts.
    package init() {}

    /// Counts one more for `key` (never the zero key).
    @inlinable @inline(__always)
    package func increment(_ key: Key) {
        pending.append(key)
        if pending.count == Self.batchSize { addPending() }
    }

    @inlinable
    func addPending() {
        for index in 0..<pending.count { counts[pending[index], default: 0] += 1 }
        pending.count = 0
    }

    /// Calls `body` with every key and its count.
    @inlinable
    package func forEach(_ body: (Key, Int) -> Void) {
        addPending()
        counts.forEach(body)
    }
}
