#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Element names seen in a document, each given a small index the first time it is seen.
///
/// NB: the hash reads the name's first and last 8 bytes as words (the input buffer is padded),
/// so a lookup costs two loads, a multiply and a compare.
struct XMLTagTable: ~Copyable {
    private var names = XctraceStrings()
    private var hashes = FlatArray<UInt64>(capacity: 64)
    /// `tag + 1`, or 0 for a free slot.
    private var slots: FlatArray<UInt16>
    private var slotMask = 255

    init() {
        slots = FlatArray(capacity: 256)
        slots.count = 256
        slots.fill(0)
    }

    /// The number of distinct names.
    var count: Int { hashes.count }

    @inline(__always)
    static func hash(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        let first = raw.loadUnaligned(as: UInt64.self)
        let masked = length >= 8 ? first : first & ((1 << (UInt64(length) * 8)) &- 1)
        let last = length > 8 ? raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) : 0
        return ((masked &* 0x9E37_79B9_7F4A_7C15) ^ (last &+ UInt64(length))) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// The index of the name `bytes[0..<length]` (8 bytes past its end readable), added when new;
    /// nil when there are already 65,535 names.
    @inline(__always)
    mutating func index(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt16? {
        let hash = Self.hash(bytes, length)
        var slot = Int(truncatingIfNeeded: hash >> 7) & slotMask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let tag = UInt16(entry - 1)
            if hashes[Int(tag)] == hash {
                let name = names.bytes(UInt32(tag))
                if name.count == length, memcmp(name.baseAddress!, bytes, length) == 0 { return tag }
            }
            slot = (slot + 1) & slotMask
        }
        return add(bytes, length, hash: hash, slot: slot)
    }

    @inline(never)
    private mutating func add(_ bytes: UnsafePointer<UInt8>, _ length: Int, hash: UInt64, slot: Int) -> UInt16? {
        guard hashes.count < Int(UInt16.max) else { return nil }
        let tag = UInt16(names.intern(bytes, length))
        hashes.append(hash)
        slots[slot] = tag + 1
        if hashes.count * 2 > slotMask {
            slotMask = slotMask * 2 + 1
            slots.reserve(slotMask + 1)
            slots.count = slotMask + 1
            slots.fill(0)
            for index in 0..<hashes.count {
                var probe = Int(truncatingIfNeeded: hashes[index] >> 7) & slotMask
                while slots[probe] != 0 { probe = (probe + 1) & slotMask }
                slots[probe] = UInt16(index + 1)
            }
        }
        return tag
    }

    /// The index of `name`, adding it.
    mutating func index(of name: StaticString) -> UInt16 {
        // NB: copied so that the hash may read 8 bytes past the end.
        var padded = [UInt8](repeating: 0, count: name.utf8CodeUnitCount + 8)
        padded.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: name.utf8Start, count: name.utf8CodeUnitCount) }
        return padded.withUnsafeBufferPointer { index($0.baseAddress!, name.utf8CodeUnitCount)! }
    }

    /// Name `tag`'s bytes.
    func bytes(_ tag: UInt16) -> UnsafeBufferPointer<UInt8> { names.bytes(UInt32(tag)) }

    /// Name `tag`.
    func name(_ tag: UInt16) -> String { names.string(UInt32(tag)) }
}
