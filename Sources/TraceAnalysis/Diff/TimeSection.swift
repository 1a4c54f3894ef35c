import TraceSupport

/// `diff`'s body times compared over repeated runs of each side: for every view on both sides its
/// body time total, p50 and p95, and the trace's total, one figure a run, each a two-sided
/// `TimeComparison` under the default settings (`SignificanceSettings`).
package struct TimeSection: Sendable, Hashable {
    /// One compared figure.
    package struct Row: Sendable, Hashable {
        /// The view; empty for the trace's total.
        package var view: String
        /// The figure compared.
        package var metric: Metric
        /// The comparison of its runs.
        package var comparison: TimeComparison
    }

    /// The figures compared over runs, per view in `views`' order (total, p50, p95), then the total.
    package var rows: [Row]
    /// The settings the comparisons used.
    package var settings: SignificanceSettings

    /// The measures compared per view.
    package static let measures: [Metric] = [.bodyTimeTotal, .bodyTimeP50, .bodyTimeP95]

    /// The comparisons of `views` over the runs of each side; nil when each side has one run (a
    /// rank test needs runs) or a side's source records no durations.
    package init?(base: [TraceSummary], variant: [TraceSummary], views: [String], settings: SignificanceSettings = SignificanceSettings()) {
        guard base.count > 1 || variant.count > 1, (base + variant).allSatisfy({ $0.isAvailable(.bodyTimeTotal) }) else { return nil }
        self.settings = settings
        rows = []
        for view in views {
            for metric in Self.measures {
                // NB: a run without the view spent no time in it (a total of 0); it has no percentile.
                let figures = { (runs: [TraceSummary]) in
                    runs.compactMap { run -> Double? in
                        guard let stats = run.stats(for: view) else { return metric == .bodyTimeTotal ? 0 : nil }
                        return metric.value(of: stats)
                    }
                }
                let (before, after) = (figures(base), figures(variant))
                guard !before.isEmpty, !after.isEmpty else { continue }
                rows.append(Row(view: view, metric: metric, comparison: Self.compare(before, after, settings)))
            }
        }
        let totals = { (runs: [TraceSummary]) in runs.map { Double($0.totals.bodyTimeNs) } }
        rows.append(Row(view: "", metric: .bodyTimeTotal, comparison: Self.compare(totals(base), totals(variant), settings)))
    }

    private static func compare(_ base: [Double], _ variant: [Double], _ settings: SignificanceSettings) -> TimeComparison {
        TimeComparison(base: base, head: variant, alternative: .twoSided, settings: settings)
    }

    /// `Body time over runs (Mann–Whitney, two-sided, α 0.01; minimum effect 1% or 1.0 µs): 1 regressed, …`
    package var headline: String {
        let counts = TimeComparison.Verdict.allCases.map { verdict in "\(rows.filter { $0.comparison.verdict == verdict }.count) \(verdict.rawValue)" }
        return "Body time over runs (exact Mann–Whitney, two-sided, α \(Formatting.number(settings.alpha)); minimum effect "
            + "\(Formatting.number(settings.relativeEffect))% or \(Formatting.duration(settings.absoluteEffect))): " + counts.joined(separator: ", ")
    }

    /// The table: a header row, then one row per compared figure.
    package var table: [[String]] {
        [["view", "measure"] + ComparisonRenderer.headers] + rows.map { row in
            [row.view.isEmpty ? "total" : row.view, row.metric.definition.shortName] + ComparisonRenderer.cells(row.comparison)
        }
    }

    /// The `times` member of `tracer-diff/1`: `[{"view","metric", …the comparison}]`, the total's view null.
    package func write(into json: inout JSONWriter) {
        json.key("times")
        json.beginArray()
        for row in rows {
            json.beginObject()
            json.field("view", row.view.isEmpty ? nil : row.view)
            json.field("metric", row.metric.definition.jsonKey)
            json.key("comparison")
            ComparisonRenderer.write(row.comparison, into: &json)
            json.endObject()
        }
        json.endArray()
    }
}
