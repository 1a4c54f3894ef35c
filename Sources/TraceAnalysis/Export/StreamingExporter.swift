/// A format written while a trace is read: a head, one piece per event, and a tail that may use
/// the summary aggregated on the way. Memory stays independent of the trace's length.
///
/// An exporter sees each event as a `StreamedEvent`: its fields and names, read-only.
public protocol StreamingExporter {
    /// Writes what comes before the first event.
    mutating func begin(into output: inout some TextOutputStream)
    /// Writes what `event` contributes (possibly nothing).
    mutating func consume(_ event: StreamedEvent, into output: inout some TextOutputStream)
    /// Writes the rest, once every event was consumed.
    mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream)
    /// Whether `finish` reads the summary's per-view figures (`views`); without, the pass over the
    /// trace gathers none.
    var readsViewFigures: Bool { get }
    /// What the format does with a body evaluation that has no duration (an Instruments update in
    /// flight), as a warning ends: `drawn as instants, not slices`.
    var untimedEvaluations: String { get }
    /// The largest output the viewer this format is made for loads in practice; nil without one.
    static var viewerLimit: ViewerLimit? { get }
}

/// The largest file a viewer loads in practice (README, "Exports that fit their viewer").
public struct ViewerLimit: Sendable, Hashable {
    /// The viewer, as a warning names it.
    public var viewer: String
    /// The largest file the viewer loads, in bytes.
    public var bytes: Int
}

extension StreamingExporter {
    /// Reads `source` once, writes the export of `slice` (the whole trace by default) to `output`
    /// and returns the slice's summary (for its warnings; its `views` only if `readsViewFigures`)
    /// and the marks the trace has.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace (what was written so far stays).
    @discardableResult
    public mutating func export(
        source: TraceInput, options: TraceReadOptions = TraceReadOptions(), slice: TraceSlice = TraceSlice(),
        into output: inout some TextOutputStream
    ) throws(TraceError) -> TraceScan.SliceResult {
        begin(into: &output)
        let result = try TraceScan.run(source: source, options: options, slice: slice, viewFigures: readsViewFigures) { event in
            consume(event, into: &output)
        }
        finish(summary: result.summary, into: &output)
        return result
    }
}
