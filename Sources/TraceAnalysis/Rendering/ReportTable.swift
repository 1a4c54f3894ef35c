/// The per-view table the text and Markdown reports share: headers, cells, and value formats.
enum ReportTable {
    static let headers = [
        "view", "evals", "skips", "wasted", "invalidations", "writes", "evals/write", "time total", "p50", "p95", "top cause",
    ]
    /// Columns holding numbers (right-aligned).
    static let numericColumns = Set(1...9)

    /// One row of cells per view.
    static func rows(_ views: [ViewStats]) -> [[String]] {
        views.map { stats in
            [
                stats.view, String(stats.bodyEvals), String(stats.skips), String(stats.wastedEvals),
                String(stats.invalidations), String(stats.writes), stats.evalsPerWrite.map { fixed($0, decimals: 2) } ?? "-",
                duration(stats.bodyTime.total), duration(stats.bodyTime.p50), duration(stats.bodyTime.p95),
                stats.causes.first.map(cause) ?? "-",
            ]
        }
    }

    /// `View.prop (Wrapper) ×N`; `View (Observable) ×N` for writes that name no property (an
    /// `@Observable` model's change reaches the view without the property's name).
    static func cause(_ count: OriginCount) -> String {
        let wrapper = count.origin.wrapper.isEmpty ? "" : " (\(count.origin.wrapper))"
        let prop = count.origin.prop.isEmpty ? "" : ".\(count.origin.prop)"
        return "\(count.origin.view)\(prop)\(wrapper) ×\(count.count)"
    }

    /// Nanoseconds in the largest unit that keeps a leading digit: `850 ns`, `12.3 µs`, `1.25 ms`, `2.50 s`.
    static func duration(_ nanoseconds: Int64) -> String {
        switch nanoseconds {
        case ..<1_000: return "\(nanoseconds) ns"
        case ..<1_000_000: return fixed(Double(nanoseconds) / 1e3, decimals: 1) + " µs"
        case ..<1_000_000_000: return fixed(Double(nanoseconds) / 1e6, decimals: 2) + " ms"
        default: return fixed(Double(nanoseconds) / 1e9, decimals: 2) + " s"
        }
    }

    /// `value` with exactly `decimals` digits after the point, independent of locale.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// The summary's kinds this reader does not know, as `kind ×N, …` (sorted by kind).
    static func unknownKinds(_ summary: TraceSummary) -> String {
        summary.unknownKinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    /// `scenario (variant)` from the header, or the file name.
    static func title(_ summary: TraceSummary) -> String {
        guard let scenario = summary.header?.scenario else { return summary.file }
        return summary.header?.variant.map { "\(scenario) (\($0))" } ?? scenario
    }
}
