import TracerCore

/// The advice for one trace: its findings ranked by estimated savings, and what was not evaluated.
public struct AdviceReport: Sendable, Hashable {
    /// The trace's name as given, its header and how many lines it has.
    public var file: String
    /// The trace's `meta` header (nil when it has none).
    public var header: TraceHeader?
    /// The number of lines read.
    public var lineCount: Int
    /// The findings whose savings reach `minimumSavings`, most first.
    public var findings: [AdviceFinding]
    /// The smallest savings score (evaluations + re-creations) a finding needs to be listed.
    public var minimumSavings: Int
    /// How many findings fell below `minimumSavings`.
    public var findingsBelowMinimum: Int
    /// Patterns left out because the trace's source cannot produce what they need.
    public var notEvaluated: [SkippedPattern]
    /// The counts-only forms of patterns not evaluated, each `estimatedFromCounts` (never a
    /// finding), ranked and kept by `minimumSavings` as the findings are.
    public var estimates: [AdviceFinding]
    /// Non-fatal findings of the reader: a missing header, a cut-off final line.
    public var warnings: [TraceDiagnostic]
    /// Lines skipped as invalid (lenient mode).
    public var invalidLineCount: Int
    /// Body evaluations without a duration (an Instruments trace) whose body time the evaluated
    /// patterns' savings estimate from the timed ones; 0 when that does not arise.
    public var untimedEvaluations: Int

    /// Ranks `findings` (savings score, then the property's first write, pattern, subject, related
    /// view, site and estimate: one property name may be declared at several sites, and a child's
    /// wasted evaluations are counted per parent, which only the estimate names) and keeps those of
    /// at least `minimumSavings`.
    ///
    /// NB: the findings come from dictionaries, whose order differs from run to run: the order is
    /// total so that the ranking does not.
    init(
        file: String, header: TraceHeader?, lineCount: Int, findings: [AdviceFinding], estimates: [AdviceFinding] = [],
        untimedEvaluations: Int = 0, minimumSavings: Int, notEvaluated: [SkippedPattern], warnings: [TraceDiagnostic],
        invalidLineCount: Int
    ) {
        let ranked = Self.ranked(findings)
        self.estimates = Self.ranked(estimates).filter { $0.savings.score >= minimumSavings }
        self.file = file
        self.header = header
        self.lineCount = lineCount
        self.findings = ranked.filter { $0.savings.score >= minimumSavings }
        self.minimumSavings = minimumSavings
        self.findingsBelowMinimum = ranked.count - self.findings.count
        self.notEvaluated = notEvaluated
        self.warnings = warnings
        self.invalidLineCount = invalidLineCount
        self.untimedEvaluations = untimedEvaluations
    }

    /// `findings` in rank order (see `init`).
    private static func ranked(_ findings: [AdviceFinding]) -> [AdviceFinding] {
        findings.sorted {
            if ($0.savings.score, $0.firstWrite) != ($1.savings.score, $1.firstWrite) {
                return ($1.savings.score, $0.firstWrite) < ($0.savings.score, $1.firstWrite)
            }
            return ($0.pattern, $0.subject, $0.relatedView ?? "", $0.site, $0.estimate)
                < ($1.pattern, $1.subject, $1.relatedView ?? "", $1.site, $1.estimate)
        }
    }
}

/// A pattern not evaluated, and the capabilities the trace's header lacks for it.
public struct SkippedPattern: Sendable, Hashable {
    /// The pattern not looked for.
    public var pattern: AdvicePattern
    /// The capabilities it needs that the trace's source lacks.
    public var missing: [TraceCapability]

    /// `pattern`, lacking `missing`.
    package init(pattern: AdvicePattern, missing: [TraceCapability]) {
        self.pattern = pattern
        self.missing = missing
    }
}
