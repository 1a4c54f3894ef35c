/// Evaluations charged a share of their body (`extract-subviews`: extractable ÷ built values, at
/// most 1) and that share of their body time, summed exactly: whatever the order, grouping or
/// split of the additions, the same sums, rounded once.
///
/// NB: per value of `built` (the share's denominator), the numerators are summed in integers
/// (saturating); the fractions are combined only when a figure is asked for, then rounded to the
/// nearest integer, a sum exactly halfway rounding up (the `tracectl advise` article, "Rounding"). A floating-point sum of
/// the shares depended on how a file was split across threads.
struct ShareSum: Sendable {
    /// The numerators of one denominator: shares (extractable values) and time (ns × values).
    private struct Numerators: Sendable {
        var values: UInt128 = 0
        var time: UInt128 = 0

        /// Adds `values` and `time`, each saturating.
        mutating func add(values: UInt128, time: UInt128) {
            self.values.addSaturating(values)
            self.time.addSaturating(time)
        }
    }

    /// Numerators by denominator (`built`).
    private var byBuilt: [UInt64: Numerators] = [:]

    /// Charges one evaluation of `dur` ns `extractable` of its `built` values (`built` > 0;
    /// `extractable` clamped to `built`).
    mutating func add(extractable: Int64, built: Int64, dur: Int64) {
        let values = UInt128(Swift.min(extractable, built))
        byBuilt[UInt64(built), default: Numerators()].add(values: values, time: UInt128(dur) * values)
    }

    /// Adds `other`'s sums.
    mutating func add(_ other: ShareSum) {
        for (built, numerators) in other.byBuilt {
            byBuilt[built, default: Numerators()].add(values: numerators.values, time: numerators.time)
        }
    }

    /// The evaluations the shares add up to, rounded (halves up).
    var evaluations: Int { Int(clamping: Self.roundedSum(byBuilt.map { ($0.value.values, $0.key) })) }

    /// The body time the shares add up to, in ns, rounded (halves up) and saturated at `Int64.max`.
    var bodyTimeNs: Int64 { Int64(clamping: Self.roundedSum(byBuilt.map { ($0.value.time, $0.key) })) }

    /// Σ numerator ÷ denominator, rounded to the nearest integer, exactly halfway rounding up;
    /// saturated at `UInt128.max`.
    ///
    /// NB: the fractional parts are added as one exact fraction while its denominator (the least
    /// common multiple of theirs) fits 64 bits, which covers any few distinct `built` values; past
    /// that, in units of 2^-64, each term truncated. The terms are taken in order of their
    /// denominators, so the result depends only on the sums, never on how they were made.
    static func roundedSum(_ terms: [(numerator: UInt128, denominator: UInt64)]) -> UInt128 {
        var whole: UInt128 = 0
        // The fractional parts' sum less its whole part (added to `whole`): exactly `p / q` (p < q),
        // or, once `q` would pass 64 bits, `fixed` / 2^64.
        var exact: (p: UInt128, q: UInt128)? = (0, 1)
        var fixed: UInt128 = 0
        for (numerator, denominator) in terms.sorted(by: { $0.denominator < $1.denominator }) {
            let divisor = UInt128(denominator)
            whole.addSaturating(numerator / divisor)
            let remainder = numerator % divisor
            guard remainder > 0 else { continue }
            if let (p, q) = exact {
                let common = q / gcd(q, divisor) * divisor
                if common <= UInt128(UInt64.max) {
                    let sum = p * (common / q) + remainder * (common / divisor)
                    whole.addSaturating(sum / common)
                    let reduced = gcd(sum % common, common)
                    exact = (sum % common / reduced, common / reduced)
                    continue
                }
                fixed = (p << 64) / q
                exact = nil
            }
            fixed += (remainder << 64) / divisor
        }
        if let (p, q) = exact {
            if 2 * p >= q { whole.addSaturating(1) }
        } else {
            whole.addSaturating((fixed >> 64) + (fixed & UInt128(UInt64.max) >= 1 << 63 ? 1 : 0))
        }
        return whole
    }

    /// The greatest common divisor of `a` and `b` (`b` > 0).
    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// Saturating sums of the shares' 128-bit numerators.
extension UInt128 {
    /// Adds `other`, staying at `UInt128.max` instead of wrapping.
    mutating func addSaturating(_ other: UInt128) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }
}
