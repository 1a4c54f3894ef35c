/// Several variants of one scenario side by side: per view and in total, with the reduction
/// against the first (baseline) variant, and which variant wins.
public struct VariantComparison: Sendable, Hashable {
    /// One compared variant: its label and its summary.
    public struct Side: Sendable, Hashable {
        /// The variant's name.
        public var label: String
        /// The variant's summary.
        public var summary: TraceSummary

        /// The variant called `label`, summarised by `summary`.
        public init(label: String, summary: TraceSummary) {
            self.label = label
            self.summary = summary
        }

        /// Body evaluations across every view.
        public var totalBodyEvals: Int { summary.totals.bodyEvals }
    }

    /// The variants; the first is the baseline the reductions are measured against.
    ///
    /// NB: `let`: the init checks that there is one at least (`winners` and `verdict` rely on it).
    public let sides: [Side]

    /// A comparison of `sides` against `sides[0]`.
    public init(sides: [Side]) {
        precondition(!sides.isEmpty, "a comparison needs at least one variant")
        self.sides = sides
    }

    /// Every view path that appears in any variant, in the order they first appear.
    public var views: [String] {
        var seen = Set<String>()
        return sides.flatMap { $0.summary.views.map(\.view) }.filter { seen.insert($0).inserted }
    }

    /// The variants with the fewest body evaluations (several when they tie).
    public var winners: [Side] {
        let fewest = sides.map(\.totalBodyEvals).min()!
        return sides.filter { $0.totalBodyEvals == fewest }
    }

    /// One sentence naming the winner, e.g. `Fewest body evaluations: view-storage, 6 (−98.8% against state's 482).`
    public var verdict: String {
        let baseline = sides[0]
        let winners = winners
        let names = winners.map(\.label)
        let who = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let count = winners[0].totalBodyEvals
        let each = names.count > 1 ? " each" : ""
        guard winners[0].label != baseline.label else {
            return "Fewest body evaluations: \(who), \(count)\(each); no variant evaluates fewer than \(baseline.label)."
        }
        let percent = DeltaFormat.percent(base: UInt64(baseline.totalBodyEvals), variant: UInt64(count))
        return "Fewest body evaluations: \(who), \(count)\(each) (\(percent) against \(baseline.label)'s \(baseline.totalBodyEvals))."
    }

    /// The side-by-side table: for each view and the total, body evaluations, skips, wasted
    /// evaluations and body time per variant, with the change against the baseline in %.
    public func table() -> String {
        var rows: [[String]] = [["view", "measure"] + sides.map(\.label)]
        let measures: [Metric] = [.bodyEvals, .skips, .wastedEvals, .bodyTimeTotal]
        let groups: [(String, (Side) -> EventCounts)] = views.map { view in
            (view, { side in side.summary.stats(for: view).map(Self.counters) ?? EventCounts() })
        } + [("total", { $0.summary.totals })]
        for (groupIndex, (name, counters)) in groups.enumerated() {
            for (measureIndex, measure) in measures.enumerated() {
                let isTime = measure.definition.unit == .nanoseconds
                let values = sides.map { counters($0)[measure] }
                let available = sides.map { $0.summary.isAvailable(measure) }
                let cells = values.enumerated().map { index, amount in
                    guard available[index], let amount else { return ReportTable.notAvailable }
                    let text = isTime ? Formatting.duration(amount, zeros: .trimmed) : "\(amount)"
                    guard index > 0, let base = values[0], base > 0, available[0] else { return text }
                    return "\(text) (\(DeltaFormat.percent(base: UInt64(base), variant: UInt64(max(amount, 0)))))"
                }
                rows.append([measureIndex == 0 ? name : "", measure.definition.label] + cells)
            }
            if groupIndex < groups.count - 1 { rows.append([]) }
        }
        return Formatting.table(rows, leftAligned: [0, 1], separatorBefore: 1)
    }

    /// A view's figures as the counters the table reads.
    private static func counters(_ stats: ViewStats) -> EventCounts {
        var counters = EventCounts()
        counters.counts = stats.counts
        counters.bodyTimeNs = stats.bodyTime.total
        return counters
    }
}
