import TraceSupport

extension WhyRenderer {
    /// `result` as the `tracer-why/1` document (see the `tracectl why` article): each view's totals, its paths
    /// (root, steps, figures, sentence) and the sum of those left out.
    static func json(_ result: WhyResult, into output: inout some TextOutputStream) {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        json.field("file", result.file)
        json.field("glob", result.glob)
        json.field("source", result.source)
        json.key("available")
        json.beginObject()
        for (name, available) in [("causes", result.availability.causes), ("wasted", result.availability.wasted),
                                  ("bodyTime", result.availability.bodyTime), ("skips", result.availability.skips),
                                  ("values", result.availability.values)] {
            json.key(name)
            json.bool(available)
        }
        json.endObject()
        json.key("views")
        json.beginArray()
        json.flush(into: &output)
        var isFirstRun = true
        inRuns(result.views) { views, _ in
            var json = JSONWriter(capacity: 1 << 15)
            for view in views {
                json.lineBreak()
                self.view(view, result.availability, into: &json)
            }
            return json
        } write: { run in
            var run = run
            if !isFirstRun { output.write(",\n") }
            isFirstRun = false
            run.flush(into: &output)
        }
        json.endArray()
        json.endObject()
        json.newline()
        json.flush(into: &output)
        // NB: a document as a file holds it ends with a newline of its own (see `JSONWriter.document()`).
        output.write("\n")
    }

    /// One view's object: its totals, its paths and the sum of those left out.
    private static func view(_ view: WhyView, _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.beginObject()
        json.field("view", view.view)
        figures(view.total, availability, into: &json)
        json.field("pathCount", view.pathCount)
        json.key("paths")
        json.beginArray()
        for path in view.paths { self.path(path, availability, into: &json) }
        json.endArray()
        json.key("omitted")
        if let rest = view.omitted {
            json.beginObject()
            json.field("paths", rest.paths)
            figures(rest.figures, availability, into: &json)
            json.endObject()
        } else {
            json.null()
        }
        inference(view.inference, into: &json)
        if let evaluations = view.evaluations { listJSON(view, evaluations, availability, into: &json) }
        json.endObject()
    }

    /// A view's `inference` object: evaluations with inferred paths by rule, those left unknown
    /// by the rule that abstained, and those whose source gives no cause.
    private static func inference(_ inference: WhyInference, into json: inout JSONWriter) {
        json.key("inference")
        json.beginObject()
        for (name, counts) in [("inferred", inference.inferred), ("abstained", inference.abstained)] {
            json.key(name)
            json.beginObject()
            for (key, count) in counts.sorted(by: { $0.key < $1.key }) { json.field(key, count) }
            json.endObject()
        }
        json.field("noCause", inference.noCause)
        json.endObject()
    }

    /// One path's object: root, steps, sentence, figures, times, examples and values.
    private static func path(_ path: WhyPath, _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.beginObject()
        steps(path, availability, into: &json)
        json.field("text", WhyText.sentence(path, availability: availability))
        figures(path.figures, availability, into: &json)
        number("firstTs", path.figures.firstTs, into: &json)
        number("lastTs", path.figures.lastTs, into: &json)
        json.key("examples")
        json.beginArray()
        for seq in path.figures.examples { json.number(seq) }
        json.endArray()
        rootValues(path, availability, into: &json)
        json.endObject()
    }

    /// A path's `values`: its root write's (`null` unless values were recorded and the root is a write).
    static func rootValues(_ path: WhyPath, _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.key("values")
        if availability.values, case .write = path.key.root { values(path.values, into: &json) } else { json.null() }
    }

    /// A path's `path` (its text), `root` and `hops` (a write's with its `values`).
    static func steps(_ path: WhyPath, _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.field("path", WhyText.path(path.key))
        json.key("root")
        json.beginObject()
        switch path.key.root {
        case .write(let view, let prop, let wrapper, let site, let changes):
            json.field("kind", "write")
            json.field("view", view)
            json.field("prop", prop)
            if !changes.isEmpty { json.field("changes", changes) }
            json.field("wrapper", wrapper.isEmpty ? nil : wrapper)
            json.field("site", site.isEmpty ? nil : site)
        case .mount(let view):
            json.field("kind", "mount")
            json.field("view", view)
        case .unknown:
            json.field("kind", "unknown")
        }
        json.endObject()
        json.key("hops")
        json.beginArray()
        for (index, hop) in path.key.hops.enumerated() {
            json.beginObject()
            json.field("kind", hop.kind.rawValue)
            json.field("view", hop.view)
            if hop.kind != .mount { json.field(hop.kind == .write ? "prop" : "reason", hop.detail.isEmpty ? nil : hop.detail) }
            inputs(hop.inputs, into: &json)
            if let rule = hop.inferred { json.field("inferred", rule) }
            if hop.kind == .write {
                json.key("values")
                if availability.values { values(path.stepValues[index] ?? WhyValues(), into: &json) } else { json.null() }
            }
            json.endObject()
        }
        json.endArray()
    }

    /// `"inputs": [...]`, the inputs an evaluation names as differed; nothing when it names none.
    static func inputs(_ inputs: [String], into json: inout JSONWriter) {
        guard !inputs.isEmpty else { return }
        json.key("inputs")
        json.beginArray()
        for input in inputs { json.string(input) }
        json.endArray()
    }

    /// A write path's values: the most frequent pairs, how many distinct pairs there are, and the
    /// evaluations whose write carried none (equal value, cut equal, each marker).
    static func values(_ values: WhyValues, into json: inout JSONWriter) {
        json.beginObject()
        json.key("pairs")
        json.beginArray()
        for pair in values.pairs.prefix(WhyValues.shownPairs) {
            json.beginObject()
            json.field("old", pair.old)
            json.field("new", pair.new)
            json.field("count", pair.count)
            json.endObject()
        }
        json.endArray()
        json.field("distinctPairs", values.pairs.count)
        json.field("equal", values.equal)
        json.field("differsAfterCut", values.cutEqual)
        json.field("redacted", values.redacted)
        json.field("unavailable", values.unavailable)
        json.endObject()
    }

    /// The counts and body time of `figures`, null where the source does not record them.
    private static func figures(_ figures: WhyFigures, _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.field("evals", figures.evals)
        json.field("shared", figures.shared)
        number("wasted", availability.wasted ? Int64(figures.wasted) : nil, into: &json)
        number("skips", availability.skips ? Int64(figures.skips) : nil, into: &json)
        json.key("bodyTimeNs")
        if availability.bodyTime {
            json.bodyTime(figures.bodyTimeNs, timed: figures.timedEvals, untimed: figures.evals - figures.timedEvals)
        } else {
            json.null()
        }
    }

    /// The field `name`: `value`, or null when there is none.
    private static func number(_ name: String, _ value: Int64?, into json: inout JSONWriter) {
        json.key(name)
        if let value { json.number(value) } else { json.null() }
    }
}
