import TraceSupport

/// `diff`'s body times compared over repeated runs of each side: for every view on both sides its
/// body time total, p50 and p95, for every mark on both sides the body time of its intervals, and
/// the trace's total, one figure a run, each a two-sided `TimeComparison` under the default
/// settings (`SignificanceSettings`).
package struct TimeSection: Sendable, Hashable {
    /// One compared figure.
    package struct Row: Sendable, Hashable {
        /// The view; empty for a mark's figure and the trace's total.
        package var view: String
        /// The mark whose intervals' body time is compared (every interval of the name added up);
        /// nil for a view's figure and the trace's total.
        package var mark: String? = nil
        /// The figure compared.
        package var metric: Metric
        /// The comparison of its runs.
        package var comparison: TimeComparison
    }

    /// The figures compared over runs, per view in `views`' order (total, p50, p95), then per mark
    /// in the order the base runs first show them, then the total.
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
        for mark in Self.marks(base).filter(Set(Self.marks(variant)).contains) {
            // NB: a run without the mark has no figure for it; one with it, the sum of its intervals.
            let figures = { (runs: [TraceSummary]) in
                runs.compactMap { run -> Double? in
                    let intervals = run.marks.filter { $0.name == mark }
                    return intervals.isEmpty ? nil : Double(intervals.reduce(Int64(0)) { $0.addingSaturated($1.counters.bodyTimeNs) })
                }
            }
            rows.append(Row(view: "", mark: mark, metric: .bodyTimeTotal, comparison: Self.compare(figures(base), figures(variant), settings)))
        }
        let totals = { (runs: [TraceSummary]) in runs.map { Double($0.totals.bodyTimeNs) } }
        rows.append(Row(view: "", metric: .bodyTimeTotal, comparison: Self.compare(totals(base), totals(variant), settings)))
    }

    /// The mark names of `runs`, each once, in the order they first appear.
    private static func marks(_ runs: [TraceSummary]) -> [String] {
        var seen = Set<String>()
        return runs.flatMap { $0.marks.compactMap(\.name) }.filter { seen.insert($0).inserted }
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
            [row.mark.map { "mark \($0)" } ?? (row.view.isEmpty ? "total" : row.view), row.metric.definition.shortName]
                + ComparisonRenderer.cells(row.comparison)
        }
    }

    /// The `times` member of `tracer-diff/1`: `[{"view","mark","metric", …the comparison}]`; a mark's
    /// row has a null view, a view's a null mark, the total's both null.
    package func write(into json: inout JSONWriter) {
        json.key("times")
        json.beginArray()
        for row in rows {
            json.beginObject()
            json.field("view", row.view.isEmpty ? nil : row.view)
            json.field("mark", row.mark)
            json.field("metric", row.metric.definition.jsonKey)
            json.key("comparison")
            ComparisonRenderer.write(row.comparison, into: &json)
            json.endObject()
        }
        json.endArray()
    }
}
