/// Two traces of the same scenario compared view by view: the `@State` vs `@ViewStorage` question.
///
/// Like pprof's `-diff_base`, the base is subtracted from the variant: positive deltas mean the
/// variant does more.
public struct TraceDiff: Sendable, Hashable {
    /// The base trace's profile.
    public var base: VisualProfile
    /// The variant trace's profile.
    public var variant: VisualProfile
    /// Every view of either trace: the base's in the order it first shows them, then the variant's
    /// others in its order.
    public var views: [ViewDelta]
    /// What the comparison calls each side: the headers' variants, or the file names when those
    /// are missing or the same.
    public var baseLabel: String
    /// The variant's name in headings and columns.
    public var variantLabel: String
    /// The two cause graphs compared edge by edge; nil when a summary has no cause graph or a
    /// side's source records no causes (see `edgesUnavailability`).
    public var edges: EdgeDiff?
    /// Why the cause graphs are not compared (`the swiftui source records no cause`), or nil.
    public var edgesUnavailability: String?
    /// Body times compared over the runs of each side; nil when each side has one run.
    package var times: TimeSection?

    /// The comparison of `variant` against `base`; their cause graphs (when the summaries have
    /// them) with those of further runs of each side, each edge's figures their medians; with
    /// further runs, body times compared over the runs (`TimeSection`).
    public init(
        base: VisualProfile, variant: VisualProfile, moreBaseRuns: [TraceSummary] = [], moreVariantRuns: [TraceSummary] = []
    ) {
        self.base = base
        self.variant = variant
        let baseRuns = [base.summary] + moreBaseRuns, variantRuns = [variant.summary] + moreVariantRuns
        edgesUnavailability = (baseRuns + variantRuns).lazy.compactMap { Metric.evalsCausedByWrites.unavailability(in: $0.header) }.first
        let graphs = (baseRuns.compactMap(\.causeGraph), variantRuns.compactMap(\.causeGraph))
        if edgesUnavailability == nil, graphs.0.count == baseRuns.count, graphs.1.count == variantRuns.count {
            edges = EdgeDiff(base: graphs.0, variant: graphs.1)
        }
        let byAppearance = { (summary: TraceSummary) in summary.views.sorted { $0.firstAppearance < $1.firstAppearance } }
        views = matchedSides(base: byAppearance(base.summary), variant: byAppearance(variant.summary), key: \.view)
            .map { ViewDelta(view: $0.key, base: $0.base, variant: $0.variant) }
        times = TimeSection(base: baseRuns, variant: variantRuns, views: views.filter { $0.presence == .both }.map(\.view))
        (baseLabel, variantLabel) = (base.label, variant.label)
        if baseLabel == variantLabel {
            func fileName(_ profile: VisualProfile) -> String {
                profile.summary.file.split(separator: "/").last.map(String.init) ?? profile.summary.file
            }
            (baseLabel, variantLabel) = (fileName(base), fileName(variant))
            if baseLabel == variantLabel { (baseLabel, variantLabel) = ("base", "variant") }
        }
    }

    /// Whether both traces' sources can produce `metric`: a figure one side cannot have is not
    /// compared (`n/a`), never read as a drop to or from 0.
    public func isAvailable(_ metric: Metric) -> Bool {
        base.summary.isAvailable(metric) && variant.summary.isAvailable(metric)
    }

    /// Totals over the whole of both traces.
    public var totals: ViewDelta {
        func total(_ summary: TraceSummary) -> ViewStats {
            var stats = ViewStats(view: "")
            stats.counts = summary.totals.counts
            stats.bodyTime.total = summary.totals.bodyTimeNs
            stats.bodyTime.count = summary.totals.bodyEvals - summary.totals.untimedEvals
            return stats
        }
        return ViewDelta(view: "", base: total(base.summary), variant: total(variant.summary))
    }

    /// One line on body evaluations, e.g. `view-storage re-evaluates 481 fewer bodies than state (−99.6%)`.
    public var verdict: String {
        let evals = totals.evals
        let (variantName, baseName) = (variantLabel, baseLabel)
        guard evals.delta != 0 else {
            return "\(variantName) and \(baseName) re-evaluate the same number of bodies (\(evals.base))"
        }
        let amount = evals.delta.magnitude
        let noun = amount == 1 ? "body" : "bodies"
        let direction = evals.delta < 0 ? "fewer" : "more"
        return "\(variantName) re-evaluates \(amount) \(direction) \(noun) than \(baseName)"
            + " (\(DeltaFormat.percent(base: evals.base, variant: evals.variant)))"
    }

    /// Why the two traces should not be compared, or nil: their headers name different scenarios.
    public var scenarioMismatch: String? {
        let baseScenario = base.summary.header?.scenario
        let variantScenario = variant.summary.header?.scenario
        guard baseScenario != variantScenario else { return nil }
        return "the traces record different scenarios: \(base.summary.file) is \(Self.quoted(baseScenario)),"
            + " \(variant.summary.file) is \(Self.quoted(variantScenario)); pass --force to compare them anyway"
    }

    private static func quoted(_ scenario: String?) -> String { scenario.map { "'\($0)'" } ?? "unnamed" }
}
