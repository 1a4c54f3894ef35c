import TracerCore

/// Reads a trace once and ranks the fixes it suggests: the entry point of `tracectl advise`.
public enum TraceAdvisor {
    /// The default `minimumSavings`: findings saving fewer evaluations and re-creations are left out.
    public static let defaultMinimumSavings = 10

    /// The advice for the trace at `source`.
    ///
    /// A pattern whose needs the trace's header does not list (`TraceHeader.can(_:)`) is not
    /// evaluated and is named in `notEvaluated`: a finding is never computed from missing data.
    ///
    /// - Throws: `TraceError` for an unreadable file, an empty trace, another schema, or (strict
    ///   mode) the first invalid line.
    public static func advise(
        source: TraceInput, options: TraceAnalyzer.AnalysisOptions = .init(), minimumSavings: Int = defaultMinimumSavings
    ) throws(TraceError) -> AdviceReport {
        // NB: read like `report`: a large file in ranges on two threads, appended in file order.
        let partial = try TraceAnalyzer.read(source: source, options: options, fold: collect)
        return report(partial, minimumSavings: minimumSavings)
    }

    /// The counts of what `reader` reads (the whole trace or one range of it), through the cause
    /// inference.
    @Sendable static func collect(_ reader: inout TraceReader) throws(TraceError) -> AdvicePartial {
        var collector = AdviceCollector(&reader)
        let crossing = try CauseInference.read(&reader) { collector.add(&$0) }
        var partial = collector.partial(reader)
        partial.reading.crossingCauses += crossing
        return partial
    }

    /// The ranked advice of what a pass over a whole trace gathered.
    static func report(_ partial: AdvicePartial, minimumSavings: Int) -> AdviceReport {
        let header = partial.header ?? TraceHeader()
        var evaluated = Set<AdvicePattern>()
        var notEvaluated: [SkippedPattern] = []
        for pattern in AdvicePattern.allCases {
            let missing = pattern.requirements.filter { !header.can($0) }
            if missing.isEmpty { evaluated.insert(pattern) } else { notEvaluated.append(SkippedPattern(pattern: pattern, missing: missing)) }
        }
        let time = BodyTimeEstimate(hasDurations: header.can(.duration))
        return AdviceReport(
            file: partial.file, header: partial.header, lineCount: partial.lineCount,
            findings: partial.findings(patterns: evaluated, time: time),
            estimates: partial.countsOnlyFindings(
                patterns: Set(notEvaluated.map(\.pattern).filter { $0.countsOnlyRequirements?.allSatisfy(header.can) == true }), time: time),
            untimedEvaluations: time.hasDurations && !evaluated.isEmpty ? partial.untimedEvals : 0,
            minimumSavings: minimumSavings, notEvaluated: notEvaluated, warnings: partial.warnings,
            invalidLineCount: partial.invalidLineCount)
    }
}
