/// One streaming pass over a trace for the visual outputs: every event in order, with its names,
/// plus the per-view summary aggregated on the way.
///
/// NB: this is the one place that drives `TraceReader` and the aggregator for the flame, diff, export
/// and HTML outputs; everything else consumes `StreamedEvent`s.
public enum TraceScan {
    /// Reads `source` once, calling `visit` for each event, and returns the trace's summary.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace.
    public static func run(
        source: TraceInput, options: TraceReadOptions = TraceReadOptions(), _ visit: (StreamedEvent) -> Void = { _ in }
    ) throws(TraceError) -> TraceSummary {
        try run(source: source, options: options, advising: false, visit).summary
    }

    /// What one pass over a slice of a trace found.
    public struct SliceResult: Sendable {
        /// The summary of the events in the slice.
        public var summary: TraceSummary
        /// The names the slice refers to that no mark of the trace has (see `TraceSlice.markNames`).
        public var unknownMarks: [String]
        /// Every mark name of the trace, in order of first appearance.
        public var markNames: [String]
    }

    /// Reads `source` once, calling `visit` for each event in `slice`; returns the slice's summary
    /// and the marks the trace has. Without `viewFigures`, the summary's `views` are empty (its
    /// warnings are the same); with `causeGraph`, it has the slice's cause graph. With `infers`,
    /// the events pass through the cause inference first (unless `options` say recorded causes
    /// only), as the whole-trace reads do: the summary's inferred edges and top causes are marked
    /// with their rule, and `visit` sees the inferred `cause`s; without it, recorded causes only.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace.
    public static func run(
        source: TraceInput, options: TraceReadOptions = TraceReadOptions(), slice: TraceSlice, viewFigures: Bool = true,
        causeGraph: Bool = false, infers: Bool = false, _ visit: (StreamedEvent) -> Void = { _ in }
    ) throws(TraceError) -> SliceResult {
        var filter = TraceSliceFilter(slice)
        let keep: ((inout ParsedEvent, TraceNames) -> Bool)? = slice.isWholeTrace ? nil : { filter.contains(&$0, names: $1) }
        let summary = try run(
            source: source, options: options, advising: false, viewFigures: viewFigures, causeGraph: causeGraph,
            infers: infers, filter: keep, visit
        ).summary
        try filter.checkBounds(file: summary.file)
        let known = Set(filter.markNames)
        return SliceResult(
            summary: summary, unknownMarks: slice.markNames.filter { !known.contains($0) }, markNames: filter.markNames)
    }

    /// Reads `source` once, calling `visit` for each event that `filter` keeps (each one without
    /// it); returns their summary (with its `views` only for `viewFigures`, its cause graph only
    /// for `causeGraph`), when `advising`, what `tracectl advise` gathers, and with `whyPaths`,
    /// every view's cause paths (`tracectl why TRACE '**'`); with `infers`, every event first
    /// through the cause inference (see `run(source:options:slice:viewFigures:causeGraph:infers:_:)`).
    ///
    /// NB: the inference sees every event, the filtered ones too, as `why`'s slices do: a chain
    /// into the slice keeps the update it began in.
    static func run(
        source: TraceInput, options: TraceReadOptions, advising: Bool, viewFigures: Bool = true, causeGraph: Bool = false,
        whyPaths: Bool = false, infers: Bool = false, filter: ((inout ParsedEvent, TraceNames) -> Bool)? = nil,
        _ visit: (StreamedEvent) -> Void
    ) throws(TraceError) -> (summary: TraceSummary, advice: AdvicePartial?, why: WhyResult?) {
        var reader = try TraceReader(source: source, options: options)
        var inference = infers ? CauseInference(&reader) : nil
        var aggregator = ScanAggregator(viewFigures: viewFigures, causeGraph: causeGraph)
        var collector = advising ? AdviceCollector(&reader) : nil
        var paths = whyPaths ? WhyCollector(glob: WhyHTML.everyView) : nil
        paths?.learnMarkers(of: &reader)
        // NB: one event for the pass, each read into it in place: copied once, out of the reader.
        var event = StreamedEvent()
        while try reader.advance() {
            inference?.catchUp(with: reader)
            reader.withCurrent {
                inference?.apply(&$0)
                event.parsed = $0
            }
            event.names.catchUp(with: reader)
            if let filter, !filter(&event.parsed, event.names) { continue }
            aggregator.add(&event.parsed)
            collector?.add(&event.parsed)
            paths?.catchUp(with: reader)
            paths?.add(&event.parsed, counts: true)
            visit(event)
        }
        let why = (paths?.partial(of: reader)).map { WhyAnalyzer.result($0, glob: WhyHTML.everyView, top: WhyHTML.pathLimit) }
        return (aggregator.summary(reader, threads: options.threads), collector?.partial(reader), why)
    }
}

/// The names behind a reader's interned ids, resolved once per distinct name, and what its header
/// says of `changed`.
package struct TraceNames: Sendable {
    /// Whether the header was read (then the flags below hold).
    private var headerRead = false
    /// Whether the source counts a body evaluation's changed outputs (`changed`; else wasted
    /// evaluations are not available).
    package private(set) var evaluationsCountChanges = true
    /// Whether the source says if a write changed the value (`changed` on writes).
    package private(set) var writesCountChanges = true

    /// The view paths' UTF-8 bytes one after another: id `i`'s bytes end at `viewEnds[i]` and
    /// start where id `i - 1`'s end.
    ///
    /// NB: one buffer rather than a `String` per view: a trace may have a million views, and each
    /// consumer asks for a view's path once.
    private var viewBytes: [UInt8] = []
    private var viewEnds: [Int] = [0]
    private var strings: [String] = [""]

    /// No names yet.
    package init() {}

    /// The view path interned as `id` (empty for 0 or an unknown id).
    package func view(_ id: ViewID) -> String {
        guard id > 0, Int(id) < viewEnds.count else { return "" }
        return String(decoding: viewBytes[viewEnds[Int(id) - 1]..<viewEnds[Int(id)]], as: UTF8.self)
    }

    /// The string interned as `id` (empty for 0 or an unknown id).
    package func string(_ id: SymbolID) -> String { Int(id) < strings.count ? strings[Int(id)] : "" }

    /// Resolves the names `reader` interned since the last call.
    mutating func catchUp(with reader: borrowing TraceReader) {
        if !headerRead, let header = reader.header {
            headerRead = true
            evaluationsCountChanges = header.can(.outputChanges)
            writesCountChanges = header.can(.writeChanges)
        }
        while viewEnds.count <= reader.viewCount {
            reader.withViewBytes(ViewID(viewEnds.count)) { viewBytes.append(contentsOf: $0) }
            viewEnds.append(viewBytes.count)
        }
        while strings.count <= reader.stringCount { strings.append(reader.string(SymbolID(strings.count))) }
    }
}
