/// Interns byte strings: the same bytes always get the same dense id (1, 2, …). The package's one
/// interner: the event parser's views and strings, the importers' names and threads, and the
/// xctrace reader's strings and element names are built on it.
///
/// Index policy: an id is the interner's own, never read from input (readers hand out the ids
/// their parser interned): `bytes(_:)` and `matches(_:_:_:)` trap in every build on 0 or an id
/// never handed out, `string(_:)` answers "" for them. The ids inside (the slots', the recent
/// strings') are held in range by the invariants: in builds with `TRACER_INTERNAL_CHECKS`, each
/// interning checks the new id and its slot, and a growth of the slots the whole interner
/// (`_checkInvariants()`), rather than each look-up checking what it reads.
///
/// NB: open addressing over a flat hash table of `(hash, id)` keys; the bytes live in one flat
/// arena. All of it is `ZeroedMemory`, returned to the system when outgrown or freed: a reader's
/// names are freed while other threads still allocate, and heap memory freed by one thread's
/// reader stays in the process.
/// Lookups read whole 8-byte words, so every input must have 8 readable bytes past its end
/// (the line buffer and the scratch buffer are padded for that, flat arrays always are).
/// `@usableFromInline`: a `package` type's `@inlinable` members (the lookups the event parser calls
/// per string) are inlined into other modules only when the type itself is; what they read is
/// `@usableFromInline` rather than private for the same reason.
@usableFromInline package struct ByteInterner: ~Copyable {
    /// A slot's key: an id and the hash of its bytes, as `hash << 32 | id` (the hash is never 0,
    /// so the zero key is an empty slot).
    @usableFromInline struct Entry: FlatHashKey {
        @usableFromInline var bits: UInt64

        /// The empty slot's key.
        @inlinable init() { bits = 0 }

        /// The key of `id`, whose bytes hash to `hash`.
        @inlinable init(hash: UInt32, id: Int) { bits = UInt64(hash) << 32 | UInt64(id) }

        @inlinable var hash: UInt32 { UInt32(truncatingIfNeeded: bits >> 32) }
        @inlinable var id: Int { Int(truncatingIfNeeded: bits & 0xFFFF_FFFF) }
        /// The hash without its lowest bit (always 1): mixed already.
        @inlinable var flatHash: UInt64 { bits >> 33 }

        @inlinable static func == (left: Entry, right: Entry) -> Bool { left.bits == right.bits }
    }

    @usableFromInline let slots = FlatHashTable<Entry, Void>()
    @usableFromInline var arena = FlatArray<UInt8>(capacity: 4096)
    /// `ends[id]` is where id's bytes end in the arena; `ends[id - 1]` where they start.
    @usableFromInline var ends = FlatArray<Int>(capacity: 256)
    /// The id `intern` returned last (0 before the first).
    @usableFromInline var last = 0
    /// Recently interned strings of at most 16 bytes, whole, by a hash of their words.
    ///
    /// NB: direct-mapped: a string found here needs neither `slots` nor a compare in the arena;
    /// a collision only sends a string the long way.
    @usableFromInline var recent = FlatArray<RecentString>(capacity: 1 << recentSlotBits)
    @usableFromInline static let recentSlotBits = 9

    /// A string of at most 16 bytes (its words zero-padded) and its id.
    @usableFromInline struct RecentString: BitwiseCopyable {
        @usableFromInline var low: UInt64
        @usableFromInline var high: UInt64
        /// `UInt32.max` for an empty slot.
        @usableFromInline var length: UInt32
        @usableFromInline var id: UInt32

        @inlinable init(low: UInt64, high: UInt64, length: UInt32, id: UInt32) {
            self.low = low
            self.high = high
            self.length = length
            self.id = id
        }
    }

    /// An interner holding no string.
    package init() {
        ends.append(0)
        recent.count = 1 << Self.recentSlotBits
        recent.fill(RecentString(low: 0, high: 0, length: .max, id: 0))
    }

    /// The number of interned strings.
    @inlinable package var count: Int { ends.count - 1 }

    /// The bytes the interner holds: its arena, ends, slots and recent strings.
    package var memoryBytes: Int {
        arena.capacity + ends.capacity * MemoryLayout<Int>.stride + slots.memoryBytes
            + recent.capacity * MemoryLayout<RecentString>.stride
    }

    /// The id of `bytes`, interning them first if new.
    @inlinable @inline(__always)
    package mutating func intern(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        // NB: the string interned last (still in cache) is often the next one too: a view's
        // write, invalidation and evaluation come one after another.
        if last != 0 && storedMatches(last, bytes, length) { return UInt32(last) }
        let hash = Self.hash(bytes, length)
        var position = slots.home(of: Entry(hash: hash, id: 0).flatHash)
        while let entry = slots.key(at: position) {
            if entry.hash == hash && storedMatches(entry.id, bytes, length) {
                last = entry.id
                return UInt32(last)
            }
            position = slots.next(after: position)
        }
        last = insert(bytes, length, hash: hash, at: position)
        return UInt32(last)
    }

    /// The id of the `length` (at most 16) bytes at `bytes`, whose words zero-padded past
    /// `length` are `low` and `high`; interning them first if new.
    @inlinable @inline(__always)
    package mutating func intern(low: UInt64, high: UInt64, length: Int, at bytes: UnsafePointer<UInt8>) -> UInt32 {
        let slot = recentSlot(low: low, high: high, length: length)
        if slot.pointee.low == low && slot.pointee.high == high && slot.pointee.length == UInt32(truncatingIfNeeded: length) {
            return slot.pointee.id
        }
        let id = intern(bytes, length)
        slot.pointee = RecentString(low: low, high: high, length: UInt32(truncatingIfNeeded: length), id: id)
        return id
    }

    /// The id of the string of `length` (at most 16) bytes whose words zero-padded past `length`
    /// are `low` and `high`, when it is among the recent strings; nil when it is not (it may still
    /// be interned).
    @inlinable @inline(__always)
    package func recentID(low: UInt64, high: UInt64, length: Int) -> UInt32? {
        let slot = recentSlot(low: low, high: high, length: length)
        let found = slot.pointee.low == low && slot.pointee.high == high && slot.pointee.length == UInt32(truncatingIfNeeded: length)
        return found ? slot.pointee.id : nil
    }

    /// The recent strings' slot for the string whose words are `low` and `high`.
    @inlinable @inline(__always)
    func recentSlot(low: UInt64, high: UInt64, length: Int) -> UnsafeMutablePointer<RecentString> {
        let mixed = (low ^ (high &* 0xC4CE_B9FE_1A85_EC53) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        return recent.pointer + Int(truncatingIfNeeded: mixed &>> UInt64(64 - Self.recentSlotBits))
    }

    /// The id of `bytes`, interning them first if new; a string of at most 16 bytes is looked up
    /// among the recent ones first (see `intern(low:high:length:at:)`).
    @inlinable @inline(__always)
    package mutating func internRecent(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        guard length <= 16 else { return intern(bytes, length) }
        let words = Self.words(bytes, length)
        return intern(low: words.low, high: words.high, length: length, at: bytes)
    }

    /// The words of the `length` (at most 16) bytes at `bytes`, zero-padded past `length` (8
    /// bytes past the end readable).
    @inlinable @inline(__always)
    package static func words(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> (low: UInt64, high: UInt64) {
        // NB: the words past `length` are masked off (little-endian loads, as everywhere here).
        let raw = UnsafeRawPointer(bytes)
        let first = raw.loadUnaligned(as: UInt64.self)
        let low = length >= 8 ? first : first & ((1 &<< UInt64(8 &* length)) &- 1)
        let high = length > 8 ? raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & (length == 16 ? .max : (1 &<< UInt64(8 &* (length &- 8))) &- 1) : 0
        return (low, high)
    }

    /// The id of `string`, interning it first if new.
    package mutating func intern(_ string: String) -> UInt32 {
        var bytes = Array(string.utf8)
        return intern(padding: &bytes)
    }

    /// The id of the bytes in `buffer`, interning them first if new; the 8 zero bytes the lookup
    /// reads past a string's end are appended to `buffer` first.
    package mutating func intern(padding buffer: inout [UInt8]) -> UInt32 {
        let length = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 8))
        return buffer.withUnsafeBufferPointer { intern($0.baseAddress!, length) }
    }

    /// The bytes of `id` (`1...count`), valid until the next `intern`.
    @inlinable
    package func bytes(_ id: UInt32) -> UnsafeBufferPointer<UInt8> {
        // NB: checked in release builds too: 0 (no string) and unknown ids have no bytes.
        precondition(isHandedOut(id), "not an interned id")
        let start = ends.pointer[Int(id) - 1]
        return UnsafeBufferPointer(start: arena.pointer + start, count: ends.pointer[Int(id)] - start)
    }

    /// Whether `bytes[0..<length]` (8 bytes past the end readable) are the bytes of `id`
    /// (`1...count`).
    @inlinable @inline(__always)
    package func matches(_ id: UInt32, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        precondition(isHandedOut(id), "not an interned id")
        return storedMatches(Int(id), bytes, length)
    }

    /// Whether `id` is in `1...count`.
    @inlinable @inline(__always)
    func isHandedOut(_ id: UInt32) -> Bool {
        UInt(id) &- 1 < UInt(count)
    }

    /// `matches(_:_:_:)` for an id the interner itself holds (unchecked: see the index policy).
    @inlinable @inline(__always)
    func storedMatches(_ id: Int, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let start = ends.pointer[id - 1]
        return ends.pointer[id] &- start == length && Self.equal(arena.pointer + start, bytes, length)
    }

    /// The string of `id`; empty for 0.
    package func string(_ id: UInt32) -> String {
        guard id != 0, Int(id) <= count else { return "" }
        return String(decoding: bytes(id), as: UTF8.self)
    }

    /// Stores new bytes with the next id, in the empty slot a probe for them stopped at.
    @usableFromInline mutating func insert(
        _ bytes: UnsafePointer<UInt8>, _ length: Int, hash: UInt32, at position: FlatHashTable<Entry, Void>.Position
    ) -> Int {
        let id = ends.count
        // NB: ids are 32 bits in the slots, and UInt32.max marks "no string" for some callers.
        precondition(id < Int(UInt32.max), "more than 4 billion distinct strings")
        arena.append(bytes, count: length)
        ends.append(arena.count)
        let slotBytes = slots.memoryBytes
        slots.insert(Entry(hash: hash, id: id), (), at: position)
        // NB: a growth of the slots moved every id: all are checked, as the table checks itself.
        internalCheckInvariants(slots.memoryBytes != slotBytes ? _checkInvariants() : violations(of: id), of: "ByteInterner")
        return id
    }

    /// What is wrong with the interner, empty when nothing is: its arena, ends or slots' own
    /// invariants; ends that do not start at 0, descend or pass the arena; a slot holding an id
    /// never handed out or a hash not of its id's bytes; an id not found by its bytes; a recent
    /// string that is not its id's. Costs a hash and a probe per id: called after every growth
    /// of the slots, which costs as much.
    package func _checkInvariants() -> [String] {
        var violations = arena._checkInvariants() + ends._checkInvariants() + slots._checkInvariants()
        guard violations.isEmpty, ends.count >= 1, ends[0] == 0, ends[count] == arena.count else {
            return violations + ["ids' bytes outside the arena"]
        }
        for id in stride(from: 1, through: count, by: 1) where ends[id - 1] > ends[id] {
            violations.append("id \(id)'s bytes end before they start")
        }
        guard violations.isEmpty else { return violations }
        if slots.count != count { violations.append("\(slots.count) slots for \(count) ids") }
        slots.forEach { entry, _ in
            if entry.id < 1 || entry.id > count {
                violations.append("a slot holding id \(entry.id), never handed out")
            } else if case let bytes = self.bytes(UInt32(entry.id)), entry.hash != Self.hash(bytes.baseAddress!, bytes.count) {
                violations.append("id \(entry.id)'s slot holding another hash than its bytes'")
            }
        }
        for id in stride(from: 1, through: count, by: 1) { violations += self.violations(of: id) }
        for slot in 0..<recent.count where recent[slot].length != .max {
            let string = recent[slot]
            var words = (string.low, string.high)
            let same = string.id != 0 && Int(string.id) <= count && withUnsafeBytes(of: &words) {
                storedMatches(Int(string.id), $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int(string.length))
            }
            if !same { violations.append("a recent string that is not id \(string.id)'s") }
        }
        return violations
    }

    /// What is wrong with `id` (`1...count`): its bytes not found by a probe for them (no slot, a
    /// slot past an empty one, or the same bytes under an earlier id). The check of an interning.
    func violations(of id: Int) -> [String] {
        let bytes = self.bytes(UInt32(id))
        // NB: a copy, for the 8 readable bytes past the end a look-up needs.
        let padded = Array(bytes) + [UInt8](repeating: 0, count: 8)
        let hash = Self.hash(padded, bytes.count)
        var position = slots.home(of: Entry(hash: hash, id: 0).flatHash)
        while let entry = slots.key(at: position) {
            if entry.hash == hash && storedMatches(entry.id, padded, bytes.count) { return entry.id == id ? [] : ["id \(id)'s bytes found as id \(entry.id)'s"] }
            position = slots.next(after: position)
        }
        return ["id \(id) not found by its bytes"]
    }

    /// Breaks what `_checkInvariants()` checks (flips a bit of the first id's first byte, so that
    /// it no longer has its hash), for the test that shows it is reported.
    package mutating func _corruptForTesting() {
        guard count > 0, ends[1] > 0 else { return }
        arena.pointer[0] ^= 1
    }

    /// Whether `length` bytes at `left` and `right` are equal, compared a word at a time (both
    /// sides have 8 readable bytes past `length`).
    @inlinable @inline(__always)
    static func equal(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var offset = 0
        while offset + 8 <= length {
            if UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self) { return false }
            offset += 8
        }
        guard offset < length else { return true }
        return (UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self)).keepingBytes(length &- offset) == 0
    }

    /// A 32-bit hash of `length` bytes, read a word at a time.
    @inlinable @inline(__always)
    static func hash(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        let rest = length - offset
        if rest > 0 {
            let word = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word.keepingBytes(rest)) &* 0xC4CE_B9FE_1A85_EC53
        }
        hash ^= hash >> 32
        // NB: never 0, so a slot holding hash 0 and id 0 always means "empty".
        return UInt32(truncatingIfNeeded: hash) | 1
    }
}

extension UInt64 {
    /// This word (as `loadUnaligned` reads bytes) with only its first `count` (0…8) bytes kept,
    /// the rest zero.
    @inlinable @inline(__always)
    package func keepingBytes(_ count: Int) -> UInt64 {
        count >= 8 ? self : self & ~(~0 &<< UInt64(truncatingIfNeeded: 8 &* count))
    }
}
