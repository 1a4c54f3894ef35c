import TracerCore

/// Everything a report shows about one trace, in memory independent of the trace's length.
public struct TraceSummary: Sendable, Hashable {
    /// The trace's display name (path or `<stdin>`).
    public var file: String
    /// The `meta` header; nil when the trace had none.
    public var header: TraceHeader?
    /// Per-view statistics, ordered by view path.
    public var views: [ViewStats]
    /// Counts over the whole trace.
    public var totals: EventCounts
    /// Events per kind, known and unknown, by the kind's spelling.
    public var kindCounts: [String: Int]
    /// Events of kinds this reader does not know, by kind.
    public var unknownKinds: [String: Int]
    /// Intervals between marks, in trace order; empty when the trace has no marks.
    public var marks: [MarkInterval]
    /// The events before the first mark (the whole trace when there are none).
    public var beforeFirstMark: EventCounts
    /// Non-fatal findings (missing header, cut-off final line).
    public var warnings: [TraceDiagnostic]
    /// Lines skipped as invalid in lenient mode, and the first few of their diagnostics.
    public var invalidLineCount: Int
    /// The invalid lines skipped (lenient reading), with their positions.
    public var invalidLines: [TraceDiagnostic]
    /// Lines in the trace, blank and invalid ones included.
    public var lineCount: Int
    /// The clients of `record --listen` whose events the trace holds (its `connection` lines),
    /// in trace order; empty for a trace of one process.
    public var connections: [TraceConnection]
    /// The connection `TraceReadOptions.connection` selected, if any, and the events of the
    /// others it left out.
    public var selectedConnection: Int64?
    /// The events of the other connections that the selection left out.
    public var filteredEventCount: Int
    /// The lengths of the trace's update groups (`update-group` events; count 0 when it has none).
    public var updateGroups: DurationStats
    /// The update groups per label (`name`), the most time first; empty when none has one.
    public var updateGroupLabels: [UpdateGroupLabel]
    /// Per mark name and view path, the statistics of the events within that name's intervals
    /// (from a mark to the next mark; every interval of a name added up). Only with
    /// `AnalysisOptions.markViews`; body times only with `.countsAndBodyTimes`.
    public var markViews: [String: [String: ViewStats]]
    /// The cause graph: only with `AnalysisOptions.causeGraph` (else nil); its edges are empty
    /// for a source that records no causes (see `can(.cause)`).
    public var causeGraph: CauseGraph?

    /// A summary with the given parts.
    package init(
        file: String, header: TraceHeader?, views: [ViewStats], totals: EventCounts, kindCounts: [String: Int],
        unknownKinds: [String: Int], marks: [MarkInterval], beforeFirstMark: EventCounts,
        warnings: [TraceDiagnostic], invalidLineCount: Int, invalidLines: [TraceDiagnostic], lineCount: Int,
        connections: [TraceConnection] = [], selectedConnection: Int64? = nil, filteredEventCount: Int = 0,
        updateGroups: DurationStats = DurationStats(), updateGroupLabels: [UpdateGroupLabel] = [], markViews: [String: [String: ViewStats]] = [:],
        causeGraph: CauseGraph? = nil
    ) {
        self.updateGroups = updateGroups
        self.updateGroupLabels = updateGroupLabels
        self.file = file
        self.header = header
        self.views = views
        self.totals = totals
        self.kindCounts = kindCounts
        self.unknownKinds = unknownKinds
        self.marks = marks
        self.beforeFirstMark = beforeFirstMark
        self.warnings = warnings
        self.invalidLineCount = invalidLineCount
        self.invalidLines = invalidLines
        self.lineCount = lineCount
        self.connections = connections
        self.selectedConnection = selectedConnection
        self.filteredEventCount = filteredEventCount
        self.markViews = markViews
        self.causeGraph = causeGraph
    }

    /// Whether the trace's source can produce `metric` (see `Metric.isAvailable(in:)`).
    public func isAvailable(_ metric: Metric) -> Bool { metric.isAvailable(in: header) }

    /// Whether the trace's source can produce `capability`.
    public func can(_ capability: TraceCapability) -> Bool { header?.can(capability) ?? capability.isImpliedWithoutList }

    /// The warning that `totals.untimedEvals` body evaluations have no duration, ending with what
    /// the output does with them; nil when every evaluation has one, or when the source records no
    /// durations (its body time is not available at all).
    package func untimedWarning(_ handling: String) -> String? {
        guard totals.untimedEvals > 0, can(.duration) else { return nil }
        return "\(file): \(totals.untimedEvals) body evaluation(s) without a duration\(Self.whyUntimed(header)): \(handling)"
    }

    /// Why a trace from `header`'s source has evaluations without a duration, as a parenthesis
    /// (empty when the source gives no reason).
    package static func whyUntimed(_ header: TraceHeader?) -> String {
        header?.isInstruments ?? false ? " (Instruments updates in flight or begun before recording)" : ""
    }

    /// Whether reports show hitch and update-group figures: for a trace from Instruments, or one
    /// whose header lists them (`n/a` where it lacks them).
    ///
    /// NB: other traces' reports stay as they were: their sources record neither.
    package var showsFrames: Bool {
        (header?.isInstruments ?? false) || can(.hitch) || can(.group)
    }

    /// `connections: 1 (pid 101, …), 2 (pid 102, …)` and the one selected: the report's header
    /// line for a trace of `record --listen`; nil for a trace of one process.
    package var connectionsLine: String? {
        guard !connections.isEmpty else { return nil }
        let list = "connections: " + connections.map(\.description).joined(separator: ", ")
        guard let selectedConnection else { return list }
        return list + "; showing connection \(selectedConnection) only (\(filteredEventCount) events of the others left out)"
    }

    /// The statistics of `view`, if it appears in the trace.
    public func stats(for view: String) -> ViewStats? { views.first { $0.view == view } }
}
