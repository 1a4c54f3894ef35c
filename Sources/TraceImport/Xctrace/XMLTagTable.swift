#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// Element names seen in a document, each given a small index the first time it is seen.
///
/// NB: the hash reads the name's first and last 8 bytes as words (the input buffer is padded),
/// and names of up to 16 bytes are compared by those words, so a lookup costs two loads, two
/// multiplies and three compares.
struct XMLTagTable: ~Copyable {
    private var names = XctraceStrings()
    private var hashes = FlatArray<UInt64>(capacity: 64)
    /// Each name's first and last 8 bytes as words (zero-padded) and length: names of up to 16
    /// bytes are compared by these alone.
    private var firstWords = FlatArray<UInt64>(capacity: 64)
    private var lastWords = FlatArray<UInt64>(capacity: 64)
    private var lengths = FlatArray<Int>(capacity: 64)
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

    /// The first and last 8 bytes of a name as words: the first zero-padded, the last zero when
    /// the name has at most 8 bytes (8 bytes past the end are readable).
    @inline(__always)
    static func words(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes)
        let first = raw.loadUnaligned(as: UInt64.self)
        let masked = length >= 8 ? first : first & ((1 << (UInt64(length) * 8)) &- 1)
        let last = length > 8 ? raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) : 0
        return (masked, last)
    }

    @inline(__always)
    static func hash(_ words: (UInt64, UInt64), _ length: Int) -> UInt64 {
        ((words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &+ UInt64(length))) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// Whether `bytes[0..<length]` (8 bytes past its end readable) is name `tag`.
    @inline(__always)
    mutating func matches(_ tag: UInt16, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let index = Int(tag)
        guard lengths[index] == length else { return false }
        let words = Self.words(bytes, length)
        guard firstWords[index] == words.0, lastWords[index] == words.1 else { return false }
        return length <= 16 || memcmp(names.bytes(UInt32(tag)).baseAddress!, bytes, length) == 0
    }

    /// The index of the name `bytes[0..<length]` (8 bytes past its end readable), added when new;
    /// nil when there are already 65,535 names.
    @inline(__always)
    mutating func index(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt16? {
        let words = Self.words(bytes, length)
        let hash = Self.hash(words, length)
        var slot = Int(truncatingIfNeeded: hash >> 7) & slotMask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let tag = Int(entry - 1)
            if hashes[tag] == hash && lengths[tag] == length && firstWords[tag] == words.0 && lastWords[tag] == words.1
                && (length <= 16 || memcmp(names.bytes(UInt32(tag)).baseAddress!, bytes, length) == 0)
            {
                return UInt16(tag)
            }
            slot = (slot + 1) & slotMask
        }
        return add(bytes, length, hash: hash, words: words, slot: slot)
    }

    @inline(never)
    private mutating func add(_ bytes: UnsafePointer<UInt8>, _ length: Int, hash: UInt64, words: (UInt64, UInt64), slot: Int) -> UInt16? {
        guard hashes.count < Int(UInt16.max) else { return nil }
        let tag = UInt16(names.intern(bytes, length))
        hashes.append(hash)
        firstWords.append(words.0)
        lastWords.append(words.1)
        lengths.append(length)
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
