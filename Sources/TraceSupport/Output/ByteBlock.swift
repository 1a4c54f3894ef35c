#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

extension UnsafeBufferPointer<UInt8> {
    /// How these bytes order against `other`'s, as `memcmp` orders them, a prefix before the longer
    /// string it starts: negative, 0 or positive.
    @inlinable
    package func byteOrder(_ other: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        let order = common == 0 ? 0 : memcmp(baseAddress!, other.baseAddress!, common)
        return order != 0 ? Int(order) : count - other.count
    }
}

/// A growable run of bytes written through a pointer: what a streaming exporter gathers before it
/// hands a block to its output.
///
/// NB: a class over one buffer, so that appending a few bytes is a bounds check and a copy: an
/// `[UInt8]` pays a uniqueness check and a generic copy per append.
@usableFromInline package final class ByteBlock {
    // NB: unchecked exclusivity: writers in other modules inline the appends, and a dynamic
    // access check per append would cost more than the append; a block has one owner.
    @exclusivity(unchecked) @usableFromInline package internal(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline package internal(set) var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// The digit tables, held here so that writing a number does not go through the shared
    /// tables' once-only initialisation check.
    @usableFromInline let digits = DecimalDigits.shared

    /// An empty block with room for `capacity` bytes.
    package init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    @inlinable package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes written (keeping the buffer).
    package func removeAll() { count = 0 }

    /// Hands the bytes written to `output` and forgets them.
    @usableFromInline
    package func flush(into output: inout some TextOutputStream) {
        guard count > 0 else { return }
        output.write(utf8: bytes)
        removeAll()
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    // NB: inlinable though never inlined, so that callers in other modules see what it touches
    // and need not retain the block around each append that might grow it.
    @inlinable @inline(never)
    func grow(_ needed: Int) {
        capacity = Swift.max(needed, capacity * 2)
        base = base.reallocated(keeping: count, capacity: capacity)
    }

    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    package func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `prefix`, `text` and `suffix` (a JSON key or literal and its punctuation), with
    /// one check for room.
    @inlinable @inline(__always)
    package func append(_ prefix: StaticString, _ text: StaticString, _ suffix: StaticString) {
        reserve(prefix.utf8CodeUnitCount + text.utf8CodeUnitCount + suffix.utf8CodeUnitCount)
        put(prefix, text, suffix)
    }

    /// Writes `prefix`, `text` and `suffix` where room was reserved.
    @inlinable @inline(__always)
    func put(_ prefix: StaticString, _ text: StaticString, _ suffix: StaticString) {
        let total = prefix.utf8CodeUnitCount + text.utf8CodeUnitCount + suffix.utf8CodeUnitCount
        let start = base + count
        start.update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        (start + prefix.utf8CodeUnitCount).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        (start + total - suffix.utf8CodeUnitCount).update(from: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        count += total
    }

    @inlinable @inline(__always)
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        put(bytes)
    }

    /// Writes `bytes` where room was reserved.
    @inlinable @inline(__always)
    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 bytes of `text`.
    ///
    /// NB: disfavoured, so that a literal is appended as a `StaticString` (a copy), not as a
    /// `String` made and borrowed per append.
    @_disfavoredOverload @inlinable @inline(__always)
    package func append(_ text: String) {
        var text = text
        text.withUTF8(append)
    }

    /// Appends `text` as a quoted JSON string literal (see `JSONString`).
    package func appendQuoted(_ text: String, embeddable: Bool) {
        var utf8Text = text
        // NB: names rarely need escaping; those that don't are copied whole, between quotes.
        let copied = utf8Text.withUTF8 { utf8 in
            guard !JSONString.needsEscaping(utf8, embeddable: embeddable) else { return false }
            reserve(utf8.count + 2)
            base[count] = UInt8(ascii: "\"")
            if let start = utf8.baseAddress { (base + count + 1).update(from: start, count: utf8.count) }
            base[count + 1 + utf8.count] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return true
        }
        guard !copied else { return }
        var escaped: [UInt8] = []
        JSONString.appendQuoted(text, embeddable: embeddable, to: &escaped)
        escaped.withUnsafeBufferPointer(append)
    }

    /// Appends `separator` (when given) and the decimal digits of `value`, with one check for room.
    @inlinable @inline(__always)
    package func appendDecimal(_ value: UInt64, after separator: UInt8? = nil) {
        reserve(DecimalDigits.maximumCount + 1)
        if let separator { put(separator) }
        putDecimal(value)
    }

    /// Appends `separator` (when given) and the decimal digits of a signed `value`, with one check
    /// for room.
    @inlinable @inline(__always)
    package func appendDecimal(_ value: Int64, after separator: UInt8? = nil) {
        reserve(DecimalDigits.maximumCount + 2)
        if let separator { put(separator) }
        putDecimal(value)
    }

    /// Appends `separator` (when given) and a number of nanoseconds as microseconds with up to
    /// three decimals (`1.5`, `12`, `0.001`): every nanosecond kept, no trailing zero.
    @inlinable @inline(__always)
    package func appendMicroseconds(_ nanoseconds: Int64, after separator: UInt8? = nil) {
        // NB: a separator, a sign, 16 digits, the point and 3 digits (4 written, see below).
        reserve(2 * DecimalDigits.maximumCount)
        if let separator { put(separator) }
        putMicroseconds(nanoseconds)
    }

    /// Writes a number of nanoseconds as microseconds (see `appendMicroseconds`) where room
    /// (`2 * DecimalDigits.maximumCount - 1`) was reserved.
    @inlinable @inline(__always)
    func putMicroseconds(_ nanoseconds: Int64) {
        if nanoseconds < 0 { put(UInt8(ascii: "-")) }
        let magnitude = nanoseconds.magnitude
        putDecimal(magnitude / 1000)
        let fraction = magnitude % 1000
        guard fraction > 0 else { return }
        // NB: 1000 + the fraction has four digits; its leading 1 becomes the point.
        let point = count
        putDecimal(1000 + fraction)
        base[point] = UInt8(ascii: ".")
        while base[count - 1] == UInt8(ascii: "0") { count -= 1 }
    }

    /// Writes `byte` where room was reserved.
    @inlinable @inline(__always)
    func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Writes the decimal digits of a signed `value` where room (`DecimalDigits.maximumCount + 1`)
    /// was reserved.
    @inlinable @inline(__always)
    func putDecimal(_ value: Int64) {
        if value < 0 { put(UInt8(ascii: "-")) }
        putDecimal(value.magnitude)
    }

    /// Writes the decimal digits of `value` where room (`DecimalDigits.maximumCount`) was reserved.
    @inlinable @inline(__always)
    func putDecimal(_ value: UInt64) {
        count = base.distance(to: digits.put(value, at: base + count))
    }
}
