#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The numbers of an export: ids, refs and values in decimal, and the pids in a process's or a
/// thread's `fmt`.
extension XctraceReaderState {
    /// The number written in `bytes` in canonical decimal (no sign, no leading zero, no space),
    /// so that writing it back gives the same text.
    @inline(__always)
    static func canonicalNumber(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt64? {
        guard length > 0, length <= 20, bytes[0] != UInt8(ascii: "0") || length == 1 else { return nil }
        return decimal(bytes, length)
    }

    /// The decimal number in `bytes` (digits only), if it fits 64 bits.
    @inline(__always)
    static func decimal(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt64? {
        guard length > 0 else { return nil }
        var value: UInt64 = 0
        if length <= 19 {
            // NB: 19 digits cannot overflow 64 bits.
            for offset in 0..<length {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ UInt64(digit)
            }
            return value
        }
        for offset in 0..<length {
            let digit = bytes[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// `"Name (1001)"` → 1001 and the offset of " (".
    static func trailingParenthesisedNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Int)? {
        guard bytes.count >= 3, bytes[bytes.count - 1] == UInt8(ascii: ")") else { return nil }
        var open = bytes.count - 2
        while open >= 0 && bytes[open] != UInt8(ascii: "(") { open -= 1 }
        guard open >= 0, let number = decimal(bytes.baseAddress! + open + 1, bytes.count - open - 2) else { return nil }
        return (number, open > 0 && bytes[open - 1] == UInt8(ascii: " ") ? open - 1 : open)
    }

    /// The digits after the last `marker` in `bytes`.
    static func number(after marker: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let length = marker.utf8CodeUnitCount
        guard bytes.count > length else { return nil }
        var at = bytes.count - length
        while at >= 0 {
            if memcmp(bytes.baseAddress! + at, marker.utf8Start, length) == 0 {
                var stop = at + length
                while stop < bytes.count && bytes[stop] >= UInt8(ascii: "0") && bytes[stop] <= UInt8(ascii: "9") { stop += 1 }
                return decimal(bytes.baseAddress! + at + length, stop - at - length)
            }
            at -= 1
        }
        return nil
    }
}
