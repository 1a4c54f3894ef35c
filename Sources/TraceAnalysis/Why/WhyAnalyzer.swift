import TracerCore

/// Reads a trace and groups the evaluations of the views a glob matches by cause path: the
/// entry point of `tracectl why`.
///
/// The whole trace is read as the report reads it (split across threads, merged in file order,
/// read again on one thread when a chain crosses a split), so no figure depends on the split. A
/// slice is read in one pass: chains are followed through every event, and only the evaluations
/// inside the slice count.
public enum WhyAnalyzer {
    /// The cause paths of the views `glob` matches in the trace at `source`, within `slice`: each
    /// view's first `top` paths (every path when nil) and the sum of the rest; with `listLimit`,
    /// also each view's first `listLimit` evaluations in trace order (`WhyView.evaluations`).
    ///
    /// - Throws: `TraceError` for an unreadable file, an empty trace, another schema, or (strict
    ///   mode) the first invalid line.
    public static func analyze(
        source: TraceInput, glob: ViewGlob, options: TraceAnalyzer.AnalysisOptions = .init(), slice: TraceSlice = TraceSlice(),
        top: Int? = nil, listLimit: Int? = nil
    ) throws(TraceError) -> (result: WhyResult, unknownMarks: [String], markNames: [String]) {
        let partial: WhyPartial
        if slice.isWholeTrace {
            partial = try TraceAnalyzer.read(source: source, options: options) { (reader) throws(TraceError) in
                try fold(&reader, glob: glob, slice: nil, listLimit: listLimit)
            }
        } else {
            var reader = try TraceReader(source: source, options: options.read)
            partial = try fold(&reader, glob: glob, slice: slice, listLimit: listLimit)
        }
        let known = Set(partial.markNames)
        return (result(partial, glob: glob, top: top), slice.markNames.filter { !known.contains($0) }, partial.markNames)
    }

    /// The paths of what `reader` reads, through the cause inference; with a slice, only its
    /// evaluations count; the first `listLimit` evaluations of each view are listed (none when nil).
    static func fold(_ reader: inout TraceReader, glob: ViewGlob, slice: TraceSlice?, listLimit: Int? = nil) throws(TraceError) -> WhyPartial {
        var collector = WhyCollector(glob: glob, listLimit: listLimit)
        collector.learnMarkers(of: &reader)
        var inference = CauseInference(&reader)
        var filter = slice.map(TraceSliceFilter.init)
        var names = TraceNames()
        while try reader.advance() {
            collector.catchUp(with: reader)
            inference.catchUp(with: reader)
            let causes = reader.currentCauses
            guard filter != nil else {
                reader.withCurrent { event in
                    inference.apply(&event)
                    collector.add(&event, counts: true, causes: causes)
                }
                continue
            }
            names.catchUp(with: reader)
            reader.withCurrent { event in
                inference.apply(&event)
                let inside = filter!.contains(&event, names: names)
                collector.add(&event, counts: inside, causes: causes)
            }
        }
        try filter?.checkBounds(file: reader.displayName)
        var partial = collector.partial(of: reader)
        partial.markNames = filter?.markNames ?? []
        partial.reading.crossingCauses += inference.crossingInferences
        return partial
    }

    /// The result of a whole read: views by name, each with its first `top` paths (all when nil)
    /// and the sum of the rest.
    static func result(_ partial: WhyPartial, glob: ViewGlob, top: Int?) -> WhyResult {
        let views = partial.views(top: top)
        let header = partial.header
        return WhyResult(
            file: partial.file, glob: glob.pattern, source: header?.source,
            availability: WhyAvailability(
                causes: header?.can(.cause) ?? true, wasted: header?.can(.outputChanges) ?? true,
                bodyTime: header?.can(.duration) ?? true, skips: header?.can(.skip) ?? true, values: header?.can(.values) ?? false),
            views: views, nearMatches: Array(WhyNearMatch.ranked(partial.nearMatches, to: glob).prefix(WhyNearMatch.limit)),
            warnings: partial.warnings.map(\.description)
                + (partial.invalidLineCount > 0 ? ["\(partial.file): skipped \(partial.invalidLineCount) invalid line(s)"] : []))
    }
}

/// The view paths close to a glob that matched none, for the error that says so.
enum WhyNearMatch {
    /// How many near matches are listed.
    static let limit = 5

    /// The closest `limit` of `views` to `glob` (see `ranked`).
    static func closest(to glob: ViewGlob, among views: some Sequence<String>) -> Set<String> {
        var best: [String] = []
        for view in views where score(view, glob) != nil {
            best.append(view)
            if best.count > 4 * limit { best = Array(ranked(Set(best), to: glob).prefix(limit)) }
        }
        return Set(ranked(Set(best), to: glob).prefix(limit))
    }

    /// `views` (each with a score) by score, then name: a total order, so the closest of a split
    /// read's ranges are the closest of the whole.
    static func ranked(_ views: Set<String>, to glob: ViewGlob) -> [String] {
        views.compactMap { view in score(view, glob).map { (view, $0) } }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    /// 0 when `view`'s last segment is the glob's (letters compared without case, identities and
    /// wildcards left out), 1 when it contains it, 2 when it is contained in it; nil otherwise.
    private static func score(_ view: String, _ glob: ViewGlob) -> Int? {
        let needle = typeName(WhyText.name(glob.pattern))
        let segment = typeName(WhyText.name(view))
        guard !needle.isEmpty, !segment.isEmpty else { return nil }
        if segment == needle { return 0 }
        if segment.contains(needle) { return 1 }
        return needle.contains(segment) ? 2 : nil
    }

    /// A segment's type name, lowercased, without `[id]`, `#n` and wildcards.
    private static func typeName(_ segment: String) -> String {
        String(segment.prefix { $0 != "[" && $0 != "#" }.filter { $0 != "*" && $0 != "?" }).lowercased()
    }
}
