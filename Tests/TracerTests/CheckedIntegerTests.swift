import Testing
@testable import TracerCore

/// `CheckedInteger`: the one conversion of an input-dependent double to an integer never traps.
@Suite("checked conversion of input numbers to integers")
struct CheckedIntegerTests {
    @Test("finite values are truncated toward zero and clamped to the type's range")
    func saturates() {
        #expect(CheckedInteger.saturating(12.9, as: Int64.self) == 12)
        #expect(CheckedInteger.saturating(-12.9, as: Int64.self) == -12)
        #expect(CheckedInteger.saturating(1e20, as: Int64.self) == .max)
        #expect(CheckedInteger.saturating(0x1p63, as: Int64.self) == .max)
        #expect(CheckedInteger.saturating(0x1p63 - 1024, as: Int64.self) == Int64.max - 1023)
        #expect(CheckedInteger.saturating(-1e20, as: Int64.self) == .min)
        #expect(CheckedInteger.saturating(1e20, as: UInt64.self) == .max)
        #expect(CheckedInteger.saturating(-1, as: UInt64.self) == 0)
        #expect(CheckedInteger.saturating(1e10, as: Int32.self) == .max)
        #expect(CheckedInteger.saturating(-1e10, as: Int32.self) == .min)
        #expect(CheckedInteger.saturating(Double.greatestFiniteMagnitude, as: Int.self) == .max)
    }

    @Test("NaN and the infinities are no number", arguments: [Double.nan, .infinity, -.infinity, -Double.nan])
    func nonFinite(_ value: Double) {
        #expect(CheckedInteger.saturating(value, as: Int64.self) == nil)
        #expect(CheckedInteger.saturating(value, as: UInt64.self) == nil)
        #expect(CheckedInteger.nanoseconds(seconds: value) == nil)
    }

    @Test("text is read as a decimal number first", arguments: [("12", 12), ("1.5e3", 1500), ("1e30", Int64.max), ("-7.9", -7)])
    func text(_ text: String, _ expected: Int64) {
        #expect(CheckedInteger.saturating(text, as: Int64.self) == expected)
    }

    @Test("text that is no finite number is none", arguments: ["inf", "nan", "-infinity", "", "12 s", "1e400"])
    func textNone(_ text: String) {
        #expect(CheckedInteger.saturating(text, as: Int64.self) == nil)
    }

    @Test("seconds become whole nanoseconds: negative as 0, at most Int64.max")
    func nanoseconds() {
        #expect(CheckedInteger.nanoseconds(seconds: 1.5) == 1_500_000_000)
        #expect(CheckedInteger.nanoseconds(seconds: -1) == 0)
        #expect(CheckedInteger.nanoseconds(seconds: 1e11) == UInt64(Int64.max))
        #expect(CheckedInteger.nanoseconds(seconds: 1e20) == UInt64(Int64.max))
    }
}
