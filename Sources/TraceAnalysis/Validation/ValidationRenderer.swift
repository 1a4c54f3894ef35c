import TraceSupport

/// The `tracer-validate/1` document of a validation: the trace, whether it conforms, the counts
/// and the findings (a finding of the whole file has null line and column: no position, never 0).
package enum ValidationRenderer {
    /// The document's `schema`.
    package static let schema = "tracer-validate/1"

    /// The document of `validation` of `file`, whose findings were capped at `limit`.
    package static func json(_ validation: TraceValidation, file: String, limit: Int) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        json.field("file", file)
        json.key("conforms")
        json.bool(validation.errorCount == 0)
        json.field("errors", validation.errorCount)
        json.field("warnings", validation.warningCount)
        json.field("limit", limit)
        json.objects("findings", validation.diagnostics) { json, finding in
            json.key("line")
            if finding.line > 0 { json.number(finding.line) } else { json.null() }
            json.key("column")
            if finding.line > 0 { json.number(finding.column) } else { json.null() }
            json.field("severity", finding.severity.rawValue)
            json.field("message", finding.message)
        }
        json.endObject()
        return json.document()
    }
}
