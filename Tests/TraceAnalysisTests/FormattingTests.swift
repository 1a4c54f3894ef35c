import Testing
@testable import TraceAnalysis

@Suite("Formatting") struct FormattingTests {
    @Test("fixed writes exactly the asked decimals, rounding half away from zero", arguments: [
        (1.005, 2, "1.00"), (2.5, 0, "3"), (-0.004, 2, "0.00"), (-1.25, 1, "-1.3"), (12.0, 4, "12.0000"),
    ])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(Formatting.fixed(value, decimals: decimals) == expected)
    }

    @Test("fixed of a figure past Int64 once scaled (a saturated total, infinity) is written, not a trap", arguments: [
        (9.3e14, 4, "930000000000000.0000"), (9.223372036854775807e18, 2, "9223372036854775808.00"),
        (-1e19, 1, "-10000000000000000000.0"), (Double.infinity, 2, "inf"),
    ])
    func fixedPastInt64(value: Double, decimals: Int, expected: String) {
        #expect(Formatting.fixed(value, decimals: decimals) == expected)
    }
}
