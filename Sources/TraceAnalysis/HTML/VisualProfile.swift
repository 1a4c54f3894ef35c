/// What the visual outputs show about one trace: its per-view summary and its evaluation timeline.
public struct VisualProfile: Sendable, Hashable {
    public var summary: TraceSummary
    public var timeline: EvalTimeline

    /// A profile with the given parts.
    public init(summary: TraceSummary, timeline: EvalTimeline) {
        self.summary = summary
        self.timeline = timeline
    }

    /// Reads `source` once (standard input included) and builds its profile.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace.
    public static func load(
        source: TraceSource, options: TraceReadOptions = TraceReadOptions()
    ) throws(TraceError) -> VisualProfile {
        var timeline = EvalTimeline()
        let summary = try TraceScan.run(source: source, options: options) { event, _ in timeline.add(event) }
        return VisualProfile(summary: summary, timeline: timeline)
    }

    /// The name a comparison calls this trace by: the header's variant, else the file name.
    public var label: String {
        if let variant = summary.header?.variant, !variant.isEmpty { return variant }
        return summary.file.split(separator: "/").last.map(String.init) ?? summary.file
    }
}
