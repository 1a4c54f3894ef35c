import Tracer

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
        source: TraceSource, options: TraceReadOptions = TraceReadOptions(), minimumSavings: Int = defaultMinimumSavings
    ) throws(TraceError) -> AdviceReport {
        var reader = try TraceReader(source: source, options: options)
        var collector = AdviceCollector(&reader)
        while try reader.advance() { reader.withCurrent { collector.add(&$0) } }
        let header = reader.header ?? TraceHeader()
        var evaluated = Set<AdvicePattern>()
        var notEvaluated: [(pattern: AdvicePattern, missing: [TraceCapability])] = []
        for pattern in AdvicePattern.allCases {
            let missing = pattern.requirements.filter { !header.can($0) }
            if missing.isEmpty { evaluated.insert(pattern) } else { notEvaluated.append((pattern, missing)) }
        }
        return AdviceReport(
            file: reader.displayName, header: reader.header, lineCount: reader.lineCount,
            findings: collector.findings(reader, patterns: evaluated, hasDurations: header.can(.duration)),
            minimumSavings: minimumSavings, notEvaluated: notEvaluated, warnings: reader.warnings,
            invalidLineCount: reader.invalidLineCount)
    }
}
