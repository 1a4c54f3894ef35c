import TraceSupport

/// The `tracer-advice/1` JSON document.
///
/// ```
/// {"schema":"tracer-advice/1",
///  "trace":{"file","schema","tool","scenario","variant","unit","pid","lines"} (as in tracer-report/1),
///  "minSavings":10,
///  "findings":[{"rank","pattern","title","view","prop","wrapper","site","relatedView",
///               "evidence":{…counts…},
///               "savings":{"bodyEvals","bodyTimeNs" (null without durations),"stateRecreations",
///                          "viewValues","evaluationEquivalents","score"},
///               "estimate","method","suggestion","sketch"}],
///  "belowMinSavings":0,
///  "countsOnly":[… as findings, each with "estimatedFromCounts":true …],
///  "notEvaluated":[{"pattern","missing":[capability]}],
///  "warnings":[{"file","line","column","severity","message"}]}
/// ```
/// Keys appear in this order; findings are ranked, most savings first. Absent header fields and
/// an empty `site` or `relatedView` are `null`.
package enum AdviceJSON {
    /// The schema id of the document.
    package static let schema = "tracer-advice/1"

    static func render(_ report: AdviceReport) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        JSONReport.trace(file: report.file, header: report.header, lines: report.lineCount, &json)
        json.field("minSavings", report.minimumSavings)
        json.key("findings")
        json.beginArray()
        for (index, finding) in report.findings.enumerated() { write(finding, rank: index + 1, &json) }
        json.endArray()
        json.field("belowMinSavings", report.findingsBelowMinimum)
        json.key("countsOnly")
        json.beginArray()
        for (index, estimate) in report.estimates.enumerated() { write(estimate, rank: index + 1, &json) }
        json.endArray()
        json.objects("notEvaluated", report.notEvaluated) { json, skipped in
            json.field("pattern", skipped.pattern.rawValue)
            json.strings("missing", skipped.missing.map(\.rawValue))
        }
        json.key("warnings")
        JSONReport.diagnostics(report.warnings, &json)
        json.endObject()
        return json.document()
    }

    private static func write(_ finding: AdviceFinding, rank: Int, _ json: inout JSONWriter) {
        json.beginObject()
        json.field("rank", rank)
        json.field("pattern", finding.pattern.rawValue)
        json.field("title", finding.pattern.title)
        json.field("view", finding.view)
        json.field("prop", finding.prop.isEmpty ? nil : finding.prop)
        json.field("wrapper", finding.wrapper.isEmpty ? nil : finding.wrapper)
        json.field("site", finding.site.isEmpty ? nil : finding.site)
        json.field("relatedView", finding.relatedView)
        json.key("evidence")
        json.beginObject()
        for item in finding.evidence { json.field(item.name, item.count) }
        json.endObject()
        json.key("savings")
        json.beginObject()
        json.field("bodyEvals", finding.savings.bodyEvals)
        json.key("bodyTimeNs")
        if let time = finding.savings.bodyTimeNs { json.number(time) } else { json.null() }
        json.field("stateRecreations", finding.savings.stateRecreations)
        json.field("viewValues", finding.savings.viewValues)
        json.field("evaluationEquivalents", finding.savings.evaluationEquivalents)
        json.field("score", finding.savings.score)
        json.endObject()
        json.field("estimate", finding.estimate)
        json.field("method", finding.estimatedFromCounts ? finding.pattern.countsOnlyMethod : finding.pattern.method)
        json.field("suggestion", finding.pattern.suggestion)
        json.field("sketch", finding.pattern.sketch)
        if finding.estimatedFromCounts {
            json.key("estimatedFromCounts")
            json.bool(true)
        }
        json.endObject()
    }
}
