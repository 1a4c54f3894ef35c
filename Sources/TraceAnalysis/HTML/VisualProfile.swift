import Dispatch
import TracerCore

/// What the visual outputs show about one trace: its per-view summary and its evaluation timeline.
public struct VisualProfile: Sendable, Hashable {
    /// The trace's summary.
    public var summary: TraceSummary
    package var timeline: EvalTimeline
    /// The advice for the trace (see `TraceAdvisor`), when it was asked for.
    public var advice: AdviceReport?
    /// Every view's cause paths (`tracectl why`), when they were asked for.
    public var why: WhyResult?

    /// A profile with the given parts.
    package init(summary: TraceSummary, timeline: EvalTimeline, advice: AdviceReport? = nil) {
        self.summary = summary
        self.timeline = timeline
        self.advice = advice
    }

    /// Reads `source` once (standard input included) and builds its profile; with `advising`,
    /// the advice too (findings saving `TraceAdvisor.defaultMinimumSavings` or more); with
    /// `causeGraph`, the summary's cause graph; with `whyPaths`, every view's cause paths.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace.
    public static func load(
        source: TraceInput, options: TraceReadOptions = TraceReadOptions(), advising: Bool = false, causeGraph: Bool = false,
        whyPaths: Bool = false
    ) throws(TraceError) -> VisualProfile {
        var timeline = EvalTimeline()
        let (summary, advice, why) = try TraceScan.run(
            source: source, options: options, advising: advising, causeGraph: causeGraph, whyPaths: whyPaths
        ) { event in
            timeline.add(event.parsed)
        }
        var profile = VisualProfile(
            summary: summary, timeline: timeline,
            advice: advice.map { TraceAdvisor.report($0, minimumSavings: TraceAdvisor.defaultMinimumSavings) })
        profile.why = why
        return profile
    }

    /// The profiles of `sources`, read at the same time on as many threads (a comparison's two
    /// traces); like `load(source:options:advising:causeGraph:)` for each.
    ///
    /// - Throws: the first source's `TraceError`, in `sources`' order.
    public static func load(
        sources: [TraceInput], options: TraceReadOptions = TraceReadOptions(), causeGraph: Bool = false
    ) throws(TraceError) -> [VisualProfile] {
        let results = LockedBox([Result<VisualProfile, TraceError>?](repeating: nil, count: sources.count))
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            let result = Result { () throws(TraceError) -> VisualProfile in
                try load(source: sources[index], options: options, causeGraph: causeGraph)
            }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { (result) throws(TraceError) -> VisualProfile in try result!.get() }
    }

    /// The name a comparison calls this trace by: the header's variant, else the file name.
    public var label: String {
        if let variant = summary.header?.variant, !variant.isEmpty { return variant }
        return summary.file.split(separator: "/").last.map(String.init) ?? summary.file
    }
}
