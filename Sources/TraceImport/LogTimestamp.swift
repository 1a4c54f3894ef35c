/// Reads the timestamps Xcode's console and `log` write: `2025-05-01 12:00:00.123456+0200`.
///
/// The value is nanoseconds since 1970-01-01 UTC, so records around midnight or in different
/// zones keep their order; only differences between records reach a trace.
///
/// NB: many lines share their second; the reader keeps the last `YYYY-MM-DD HH:MM:SS` (as three
/// words) and its value, so such a line costs three compares plus its fraction and zone.
struct LogTimestamp {
    private var secondKey: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var secondValue: Int64?

    /// The timestamp at the start of `bytes` and its length, or nil when they do not start with
    /// `YYYY-MM-DD HH:MM:SS` (a fraction of up to 9 digits and a `±HHMM` or `Z` zone may follow;
    /// a `T` may stand for the space).
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (nanoseconds: Int64, length: Int)? {
        guard bytes.count >= 19 else { return nil }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let key = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                   raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self))
        if secondValue == nil || key != secondKey {
            secondValue = Self.seconds(bytes)
            secondKey = key
        }
        guard let secondValue else { return nil }
        return Self.fractionAndZone(bytes, seconds: secondValue)
    }

    /// The whole seconds of `YYYY-MM-DD HH:MM:SS` (a local time, zone not applied).
    private static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: Int64(year), month: Int64(month), day: Int64(day))
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Adds the fraction and zone after the seconds.
    private static func fractionAndZone(_ bytes: UnsafeBufferPointer<UInt8>, seconds: Int64) -> (nanoseconds: Int64, length: Int) {
        var index = 19
        var fraction: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale: Int64 = 100_000_000
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction += Int64(digit) * scale
                scale /= 10
                index += 1
            }
        }
        var zoneSeconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "Z") {
            index += 1
        } else if index + 5 <= bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                  let hours = digits(bytes, index + 1, 2), let minutes = digits(bytes, index + 3, 2) {
            zoneSeconds = Int64(hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 5
        }
        // NB: nanoseconds since 1970 fit in 64 bits from 1678 to 2262; a time outside saturates at
        // Int64.min or .max (never wraps), which the writer places at a trace's edge and counts.
        let (scaled, overflow) = (seconds - zoneSeconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carry) = scaled.addingReportingOverflow(fraction)
        return (overflow ? (seconds < zoneSeconds ? .min : .max) : carry ? .max : sum, index)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + count {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }
}
