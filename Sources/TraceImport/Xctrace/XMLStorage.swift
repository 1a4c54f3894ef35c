#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// Interned byte strings: the same bytes always get the same index (0, 1, …); their bytes live
/// in one arena.
///
/// NB: open addressing over `index + 1` slots (0 = free), with each string's hash kept so that
/// growing the table hashes nothing again.
struct XctraceStrings: ~Copyable {
    private var arena = FlatArray<UInt8>(capacity: 4096)
    /// `starts[i]..<starts[i + 1]` are string i's bytes.
    private var starts = FlatArray<Int>(capacity: 256)
    private var hashes = FlatArray<UInt64>(capacity: 256)
    private var slots: FlatArray<UInt32>
    private var slotMask: Int
    /// The strings made by `shared(_:)`, by index.
    private var made: [String?] = []

    init() {
        slotMask = 255
        slots = FlatArray(capacity: slotMask + 1)
        slots.count = slotMask + 1
        slots.fill(0)
        starts.append(0)
    }

    /// The number of strings.
    var count: Int { hashes.count }

    /// The bytes held, in the arena and its tables.
    var memoryBytes: Int { arena.capacity + starts.capacity * 8 + hashes.capacity * 8 + slots.capacity * 4 }

    /// The index of the string `bytes[0..<length]`, added when new.
    mutating func intern(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<length { hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3 }
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let index = Int(entry) - 1
            if hashes[index] == hash {
                let start = starts[index]
                if starts[index + 1] - start == length, memcmp(arena.pointer + start, bytes, length) == 0 {
                    return UInt32(index)
                }
            }
            slot = (slot + 1) & slotMask
        }
        let index = hashes.count
        precondition(index < Int(UInt32.max) - 1, "more than 4 billion distinct strings")
        arena.append(bytes, count: length)
        starts.append(arena.count)
        hashes.append(hash)
        slots[slot] = UInt32(index + 1)
        if hashes.count * 2 > slotMask { rehash() }
        return UInt32(index)
    }

    private mutating func rehash() {
        slotMask = slotMask * 2 + 1
        slots.reserve(slotMask + 1)
        slots.count = slotMask + 1
        slots.fill(0)
        for index in 0..<hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[index]) & slotMask
            while slots[slot] != 0 { slot = (slot + 1) & slotMask }
            slots[slot] = UInt32(index + 1)
        }
    }

    /// String `index`'s bytes, valid until the next `intern`.
    @inline(__always)
    func bytes(_ index: UInt32) -> UnsafeBufferPointer<UInt8> {
        let start = starts[Int(index)]
        return UnsafeBufferPointer(start: arena.pointer + start, count: starts[Int(index) + 1] - start)
    }

    /// String `index` (invalid UTF-8 repaired).
    func string(_ index: UInt32) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// String `index`, made once and then shared: a caller asking for the same text on every row
    /// gets it without a decoding or an allocation.
    mutating func shared(_ index: UInt32) -> String {
        let slot = Int(index)
        if slot < made.count, let string = made[slot] { return string }
        let string = self.string(index)
        if made.count <= slot { made.append(contentsOf: repeatElement(nil, count: slot + 1 - made.count)) }
        made[slot] = string
        return string
    }
}
