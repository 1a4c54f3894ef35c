import TraceSupport

/// The summary of a `TraceScan` pass: with every view's figures, or, for an output that reads
/// none of them (a Chrome export), without them.
///
/// NB: without view figures, the aggregator keeps no view statistics, so that a trace of a million
/// views takes no per-view table and no per-view statistics to finish. Only each view's body time
/// is kept, for the warning that a view's total saturated.
struct ScanAggregator {
    private var aggregator: TraceAggregator
    /// Each view's body time so far, saturated at `Int64.max`; nil when every figure is kept.
    private let bodyTimes: DenseTable<Int64>?

    /// An empty aggregate; `viewFigures` says whether the summary has its `views`, `causeGraph`
    /// whether it has its cause graph.
    init(viewFigures: Bool, causeGraph: Bool = false) {
        aggregator = TraceAggregator(causeGraph: causeGraph, viewStatistics: viewFigures)
        bodyTimes = viewFigures ? nil : DenseTable(filler: 0)
    }

    /// Adds one event.
    ///
    /// NB: `inout`, though the event comes out unchanged, as in `TraceAggregator.add(_:)`.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent) {
        if let bodyTimes, event.kind == .bodyEval {
            let view = Int(event.view)
            bodyTimes.reserve(view)
            bodyTimes[view] = bodyTimes[view].addingSaturated(event.dur)
        }
        aggregator.add(&event)
    }

    /// The summary, resolving ids with `reader`; without view figures, its `views` are empty.
    mutating func summary(_ reader: borrowing TraceReader, threads: Int) -> TraceSummary {
        var partial = aggregator.partial(reader)
        guard let bodyTimes else { return partial.summary(threads: threads) }
        // NB: the views whose body time saturated go into the partial, with that total only, so that
        // the summary's warning names them as every other command's does; then they are dropped.
        let saturated = (1..<bodyTimes.count).filter { bodyTimes[$0] == .saturatedTotal }
        let durations = DurationTable()
        for index in saturated.indices { durations.add(.saturatedTotal, for: index + 1) }
        let counters = DenseTable(count: saturated.count + 1, filler: NarrowCounts())
        partial.views = PartialAggregate.ViewParts(tallies: .init(counters: counters, carried: [:], durations: durations))
        for (index, view) in saturated.enumerated() { _ = partial.views.append(reader.viewName(ViewID(view)), id: index + 1) }
        partial.views.sortByName()
        var summary = partial.summary(threads: threads)
        summary.views = []
        return summary
    }
}
