/// A format written while a trace is read: a head, one piece per event, and a tail that may use
/// the summary aggregated on the way. Memory stays independent of the trace's length.
public protocol StreamingExporter {
    /// Writes what comes before the first event.
    mutating func begin(into output: inout some TextOutputStream)
    /// Writes what `event` contributes (possibly nothing).
    mutating func consume(_ event: ParsedEvent, names: TraceNames, into output: inout some TextOutputStream)
    /// Writes the rest, once every event was consumed.
    mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream)
}

extension StreamingExporter {
    /// Reads `source` once, writes the whole export to `output` and returns the trace's summary
    /// (for its warnings).
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace (what was written so far stays).
    @discardableResult
    public mutating func export(
        source: TraceSource, options: TraceReadOptions = TraceReadOptions(), into output: inout some TextOutputStream
    ) throws(TraceError) -> TraceSummary {
        begin(into: &output)
        let summary = try TraceScan.run(source: source, options: options) { event, names in
            consume(event, names: names, into: &output)
        }
        finish(summary: summary, into: &output)
        return summary
    }
}
