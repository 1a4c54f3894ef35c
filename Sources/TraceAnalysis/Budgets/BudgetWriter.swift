import TraceSupport
import TracerCore

/// Writes a budget from a trace's current figures, so a team can adopt a budget and ratchet it.
public enum BudgetWriter {
    /// How many rules `budget(from:headroom:)` writes for `summary`.
    package static func ruleCount(for summary: TraceSummary) -> Int { perViewMetrics(summary).count * summary.views.count + 1 }

    /// The metrics limited per view: body and wasted evaluations, those the trace's source can produce.
    private static func perViewMetrics(_ summary: TraceSummary) -> [CountedMetric] {
        [CountedMetric.bodyEvals, .wastedEvals].filter { summary.isAvailable($0.metric) }
    }

    /// A `tracer-budget/1` document limiting, for every view of `summary`, its body evaluations
    /// and wasted evaluations (those the trace's source can produce), plus the total, to the current figures raised by `headroom`
    /// percent (rounded up); scoped to the trace's scenario and variant when it names them.
    public static func budget(from summary: TraceSummary, headroom: Double) -> String {
        let description = "Written by tracectl check --write-budget from \(summary.file) with \(Formatting.number(headroom))% headroom"
        var json = JSONWriter()
        // NB: laid out for a person to edit: each member of the document, and each rule, on a line of its own.
        json.beginObject()
        json.whitespace("\n")
        member("schema", &json)
        json.string(Budget.schema)
        member("description", &json)
        json.string(description)
        member("rules", &json)
        json.beginArray()
        json.whitespace("\n")
        writeRules(summary, headroom: headroom, &json)
        json.whitespace("\n  ")
        json.endArray()
        json.whitespace("\n")
        json.endObject()
        return json.document()
    }

    /// Starts the document's member `name` on a line of its own: `  "name": `, its value next.
    private static func member(_ name: StaticString, _ json: inout JSONWriter) {
        json.lineBreak()
        json.whitespace("  ")
        json.key(name)
        json.whitespace(" ")
    }

    /// The rules, one a line: each view's limits in path order, then the total's.
    private static func writeRules(_ summary: TraceSummary, headroom: Double, _ json: inout JSONWriter) {
        let header = summary.header
        func rule(_ view: String, _ metric: BudgetMetric, _ value: Int) {
            // NB: a headroom too large to count in integers allows as many as can be counted.
            let limit = CheckedInteger.saturating((Double(value) * (1 + headroom / 100)).rounded(.up), as: Int.self) ?? .max
            json.lineBreak()
            json.whitespace("    ")
            json.beginObject()
            json.field("view", view)
            json.field("metric", metric.rawValue)
            json.field("max", limit)
            json.field("level", "error")
            if let scenario = header?.scenario { json.field("scenario", scenario) }
            if let variant = header?.variant { json.field("variant", variant) }
            json.endObject()
        }
        // NB: a metric the trace's source cannot produce gets no rule (it would be skipped).
        let perView = perViewMetrics(summary)
        for stats in summary.views.sorted(by: { $0.view < $1.view }) {
            let view = ViewGlob.escape(stats.view)
            for metric in perView { rule(view, BudgetMetric(.view(metric.metric)), stats.counts[metric]) }
        }
        rule("**", .totalBodyEvals, summary.totals.bodyEvals)
    }
}

extension Budget {
    /// Holds one in-memory trace — for example the bytes a `MemorySink` collected — to this budget,
    /// so a test can gate redraws without the CLI.
    ///
    /// ```swift
    /// let budget = try Budget.parse(Array(#"{"schema":"tracer-budget/1","rules":[…]}"#.utf8), file: "budget")
    /// let check = try budget.check(trace: sink.bytes)
    /// #expect(check.exitStatus == 0, "\(BudgetCheckRenderer.text(check, budget: "budget"))")
    /// ```
    ///
    /// - Throws: `TraceError` for an invalid trace, `BudgetError` when a rule needs a baseline.
    public func check(trace bytes: [UInt8], name: String = "<memory>", baseline: [UInt8]? = nil) throws -> BudgetCheck {
        let figures = try BudgetFigures.load(source: .bytes(bytes, name: name), for: self)
        let base = try baseline.map { try BudgetFigures.load(source: .bytes($0, name: "<baseline>"), for: self) }
        return try BudgetCheck.evaluate(self, file: name, traces: [figures], baselines: base.map { [$0] } ?? [])
    }
}
