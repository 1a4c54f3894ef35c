#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Interns byte strings: the same bytes always get the same dense id (1, 2, …).
///
/// NB: open addressing over a flat table of `hash << 32 | id` words; the bytes live in one arena.
/// All three are `ZeroedMemory`, returned to the system when outgrown or freed: a reader's names
/// are freed while other threads still allocate, and heap memory freed by one thread's reader
/// stays in the process.
/// Lookups read whole 8-byte words, so every input must have 8 readable bytes past its end
/// (the line buffer and the scratch buffer are padded for that).
/// `@usableFromInline`: a `package` type's `@inlinable` members (the lookups the event parser calls
/// per string) are inlined into other modules only when the type itself is; what they read is
/// `@usableFromInline` rather than private for the same reason.
@usableFromInline package struct ByteInterner: ~Copyable {
    @usableFromInline var slots: UnsafeMutablePointer<UInt64>
    @usableFromInline var slotMask: Int
    @usableFromInline var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity: Int
    /// `ends[id]` is where id's bytes end in the arena; `ends[id - 1]` where they start.
    @usableFromInline var ends: UnsafeMutablePointer<Int>
    private var endsCapacity: Int
    /// The number of interned strings.
    package private(set) var count = 0
    /// The id `intern` returned last (0 before the first).
    @usableFromInline var last = 0
    /// Recently interned strings of at most 16 bytes, whole, by a hash of their words.
    ///
    /// NB: direct-mapped: a string found here needs neither `slots` nor a compare in the arena;
    /// a collision only sends a string the long way.
    @usableFromInline var recent: UnsafeMutablePointer<RecentString>
    @usableFromInline static let recentSlotBits = 9

    /// A string of at most 16 bytes (its words zero-padded) and its id.
    @usableFromInline struct RecentString {
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

    package init() {
        slotMask = 255
        slots = ZeroedMemory.allocate(UInt64.self, count: slotMask + 1, paging: .now)
        arenaCapacity = 4096
        arena = ZeroedMemory.allocate(UInt8.self, count: arenaCapacity + 8)
        endsCapacity = 256
        ends = ZeroedMemory.allocate(Int.self, count: endsCapacity)
        ends[0] = 0
        recent = .allocate(capacity: 1 << Self.recentSlotBits)
        recent.initialize(repeating: RecentString(low: 0, high: 0, length: .max, id: 0), count: 1 << Self.recentSlotBits)
    }

    deinit {
        ZeroedMemory.deallocate(slots, count: slotMask + 1)
        ZeroedMemory.deallocate(arena, count: arenaCapacity + 8)
        ZeroedMemory.deallocate(ends, count: endsCapacity)
        recent.deallocate()
    }

    /// The id of `bytes`, interning them first if new.
    @inlinable @inline(__always)
    package mutating func intern(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        // NB: the string interned last (still in cache) is often the next one too: a view's
        // write, invalidation and evaluation come one after another.
        if last != 0, case let lastStart = ends[last - 1],
            ends[last] &- lastStart == length && Self.equal(arena + lastStart, bytes, length)
        {
            return UInt32(last)
        }
        let hash = Self.hash(bytes, length)
        var slot = Int(truncatingIfNeeded: hash >> 1) & slotMask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)
                let start = ends[id - 1]
                if ends[id] - start == length && Self.equal(arena + start, bytes, length) {
                    last = id
                    return UInt32(id)
                }
            }
            slot = (slot + 1) & slotMask
        }
        last = Int(insert(bytes, length, hash: hash, slot: slot))
        return UInt32(last)
    }

    /// The id of the `length` (at most 16) bytes at `bytes`, whose words zero-padded past
    /// `length` are `low` and `high`; interning them first if new.
    @inlinable @inline(__always)
    package mutating func intern(low: UInt64, high: UInt64, length: Int, at bytes: UnsafePointer<UInt8>) -> UInt32 {
        let mixed = (low ^ (high &* 0xC4CE_B9FE_1A85_EC53) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        let slot = recent + Int(truncatingIfNeeded: mixed &>> UInt64(64 - Self.recentSlotBits))
        if slot.pointee.low == low && slot.pointee.high == high && slot.pointee.length == UInt32(truncatingIfNeeded: length) {
            return slot.pointee.id
        }
        let id = intern(bytes, length)
        slot.pointee = RecentString(low: low, high: high, length: UInt32(truncatingIfNeeded: length), id: id)
        return id
    }

    /// The id of `bytes`, interning them first if new; a string of at most 16 bytes is looked up
    /// among the recent ones first (see `intern(low:high:length:at:)`).
    @inline(__always)
    package mutating func internRecent(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        guard length <= 16 else { return intern(bytes, length) }
        // NB: the words past `length` are masked off (little-endian loads, as everywhere here).
        let raw = UnsafeRawPointer(bytes)
        let first = raw.loadUnaligned(as: UInt64.self)
        let low = length >= 8 ? first : first & ((1 &<< UInt64(8 &* length)) &- 1)
        let high = length > 8 ? raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & (length == 16 ? .max : (1 &<< UInt64(8 &* (length &- 8))) &- 1) : 0
        return intern(low: low, high: high, length: length, at: bytes)
    }

    /// The id of `string`, interning it first if new.
    package mutating func intern(_ string: String) -> UInt32 {
        var bytes = Array(string.utf8)
        let length = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 8))
        return bytes.withUnsafeBufferPointer { intern($0.baseAddress!, length) }
    }

    /// The bytes of `id` (`1...count`), valid until the next `intern`.
    package func bytes(_ id: UInt32) -> UnsafeBufferPointer<UInt8> {
        // NB: checked in release builds too: 0 (no string) and unknown ids have no bytes.
        precondition(id != 0 && Int(id) <= count, "not an interned id")
        let start = ends[Int(id) - 1]
        return UnsafeBufferPointer(start: arena + start, count: ends[Int(id)] - start)
    }

    /// The string of `id`; empty for 0.
    package func string(_ id: UInt32) -> String {
        guard id != 0, Int(id) <= count else { return "" }
        return String(decoding: bytes(id), as: UTF8.self)
    }

    @usableFromInline mutating func insert(_ bytes: UnsafePointer<UInt8>, _ length: Int, hash: UInt32, slot: Int) -> UInt32 {
        let start = ends[count]
        if start + length > arenaCapacity {
            let newCapacity = max(arenaCapacity * 2, start + length)
            let grown = ZeroedMemory.allocate(UInt8.self, count: newCapacity + 8)
            grown.update(from: arena, count: start)
            ZeroedMemory.deallocate(arena, count: arenaCapacity + 8)
            arena = grown
            arenaCapacity = newCapacity
        }
        (arena + start).update(from: bytes, count: length)
        if count + 1 >= endsCapacity {
            let grown = ZeroedMemory.allocate(Int.self, count: endsCapacity * 2)
            grown.update(from: ends, count: count + 1)
            ZeroedMemory.deallocate(ends, count: endsCapacity)
            ends = grown
            endsCapacity *= 2
        }
        count += 1
        ends[count] = start + length
        slots[slot] = UInt64(hash) << 32 | UInt64(count)
        if count * 2 > slotMask { grow() }
        return UInt32(count)
    }

    /// Checks that the ids' ends ascend within the arena, and that each slot holds an id whose
    /// bytes hash to the slot's hash and are found from their home slot; in builds with
    /// `TRACER_INTERNAL_CHECKS` only. Called after every growth of the slots, which it costs as
    /// much as.
    package func _checkInvariants() {
        #if TRACER_INTERNAL_CHECKS
        precondition(ends[0] == 0 && count < endsCapacity && ends[count] <= arenaCapacity, "interned bytes outside the arena")
        for id in 0..<count { precondition(ends[id] <= ends[id + 1], "interned bytes that end before they start") }
        var stored = 0
        for index in 0...slotMask where slots[index] != 0 {
            stored += 1
            let id = Int(truncatingIfNeeded: slots[index] & 0xFFFF_FFFF)
            precondition(id >= 1 && id <= count, "a slot holding an id never handed out")
            let bytes = self.bytes(UInt32(id))
            let hash = Self.hash(bytes.baseAddress!, bytes.count)
            precondition(UInt32(truncatingIfNeeded: slots[index] >> 32) == hash, "a slot whose hash is not its bytes' hash")
            var slot = Int(truncatingIfNeeded: hash >> 1) & slotMask
            while slot != index {
                precondition(slots[slot] != 0, "an id not found from its home slot")
                slot = (slot + 1) & slotMask
            }
        }
        precondition(stored == count, "an interner holding \(stored) ids and counting \(count)")
        #endif
    }

    private mutating func grow() {
        let newMask = slotMask * 2 + 1
        let grown = ZeroedMemory.allocate(UInt64.self, count: newMask + 1, paging: .now)
        for index in 0...slotMask where slots[index] != 0 {
            var slot = Int(truncatingIfNeeded: slots[index] >> 33) & newMask
            while grown[slot] != 0 { slot = (slot + 1) & newMask }
            grown[slot] = slots[index]
        }
        ZeroedMemory.deallocate(slots, count: slotMask + 1)
        slots = grown
        slotMask = newMask
        _checkInvariants()
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
