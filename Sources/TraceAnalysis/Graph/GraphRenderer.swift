import TraceSupport

/// Renders a trace's cause graph (`TraceSummary.causeGraph`) as text, JSON (`tracer-graph/1`),
/// Graphviz DOT or a Mermaid flowchart.
public enum GraphRenderer {
    /// The JSON schema id of `json(_:options:)`.
    public static let schema = "tracer-graph/1"

    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// One line per edge, `tracer-graph/1`, Graphviz, or a Mermaid flowchart.
        case text, json, dot, mermaid
    }

    /// How many edges Markdown and Mermaid outputs show unless told otherwise: GitHub renders
    /// Mermaid up to 50,000 characters and 500 edges, and takes comments up to 65,536 characters.
    package static let markdownEdgeLimit = 40

    /// Why `summary` has no cause graph to show (its source records no causes), or nil.
    public static func unavailability(_ summary: TraceSummary) -> String? {
        Metric.evalsCausedByWrites.unavailability(in: summary.header).map { "cause graph n/a: " + $0 }
    }

    /// `summary`'s cause graph in `format`, with the edges `options` keep.
    public static func render(_ summary: TraceSummary, format: Format, options: GraphSelection.Options) -> String {
        switch format {
        case .text: text(summary, options: options)
        case .json: json(summary, options: options)
        case .dot, .mermaid:
            picture(summary, format: format, options: options)
        }
    }

    /// The selection `options` make of `summary`'s graph; nil when its source records no causes.
    private static func selection(_ summary: TraceSummary, _ options: GraphSelection.Options) -> GraphSelection? {
        guard unavailability(summary) == nil else { return nil }
        return GraphSelection(summary.causeGraph ?? CauseGraph(edges: []), options: options)
    }

    /// `240 evals, 3 skips`: an edge's counts, as edge labels and text lines give them.
    static func counts(_ edge: CauseEdge) -> String {
        var parts = ["\(edge.evals) eval\(edge.evals == 1 ? "" : "s")"]
        if edge.skips > 0 { parts.append("\(edge.skips) skip\(edge.skips == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// One line per edge, heaviest first: evaluations, skips, body time, the edge and its source's
    /// wrapper and site; then what was left out.
    public static func text(_ summary: TraceSummary, options: GraphSelection.Options) -> String {
        var output = "cause graph: \(TerminalText.sanitize(summary.file))\n"
        guard let selection = selection(summary, options) else { return output + unavailability(summary)! + "\n" }
        let timed = summary.isAvailable(.bodyTimeTotal)
        var rows = [["evals", "skips", "body time", "edge", "source"]]
        for edge in selection.edges {
            let source = [edge.wrapper.isEmpty ? "" : "@" + edge.wrapper, edge.site].filter { !$0.isEmpty }.joined(separator: " ")
            rows.append([
                String(edge.evals), String(edge.skips),
                timed ? edge.bodyTimeText : ReportTable.notAvailable,
                edge.key.text, source,
            ])
        }
        if selection.edges.isEmpty {
            output += "no edges\n"
        } else {
            output += Formatting.table(rows, leftAligned: [3, 4], separatorBefore: 1)
        }
        if let line = selection.omissionLine { output += line + "\n" }
        if let line = inferredLine(selection.edges) { output += line + "\n" }
        return output
    }

    /// `≈ inferred: 240 evals (same-update-sole-root)`: the evaluations on the inferred edges
    /// shown, by rule; nil when none is inferred.
    static func inferredLine(_ edges: [CauseEdge]) -> String? {
        var byRule: [String: Int] = [:]
        for edge in edges { if let rule = edge.key.inferred { byRule[rule, default: 0] += edge.evals } }
        guard !byRule.isEmpty else { return nil }
        return "≈ inferred: " + byRule.sorted { $0.key < $1.key }.map { "\($0.value) evals (\($0.key))" }.joined(separator: ", ")
    }

    /// The `tracer-graph/1` document: nodes and edges (heaviest first), what was left out; `nodes`
    /// and `edges` null when the source records no causes.
    public static func json(_ summary: TraceSummary, options: GraphSelection.Options) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        json.field("file", summary.file)
        let selection = selection(summary, options)
        json.field("unavailable", unavailability(summary))
        let timed = summary.isAvailable(.bodyTimeTotal)
        guard let selection else {
            json.key("nodes")
            json.null()
            json.key("edges")
            json.null()
            json.endObject()
            return json.document()
        }
        var ids: [CauseNode: Int] = [:]
        json.key("nodes")
        json.beginArray()
        for edge in selection.edges {
            for (node, isFrom) in [(edge.from, true), (CauseNode.view(edge.to), false)] where ids[node] == nil {
                ids[node] = ids.count
                json.beginObject()
                json.field("id", ids[node]!)
                json.field("kind", node.isSource ? "source" : "view")
                json.field("name", node.name)
                json.field("view", node.view)
                json.field("prop", node.prop)
                if node.isSource && isFrom {
                    json.field("wrapper", edge.wrapper.isEmpty ? nil : edge.wrapper)
                    json.field("site", edge.site.isEmpty ? nil : edge.site)
                }
                json.endObject()
            }
        }
        json.endArray()
        json.key("edges")
        json.beginArray()
        for edge in selection.edges {
            json.beginObject()
            json.field("from", ids[edge.from]!)
            json.field("to", ids[.view(edge.to)]!)
            json.field("evals", edge.evals)
            json.field("skips", edge.skips)
            if let rule = edge.key.inferred { json.field("inferred", rule) }
            json.key("bodyTimeNs")
            if timed { edge.writeBodyTime(&json) } else { json.null() }
            json.endObject()
        }
        json.endArray()
        json.key("omitted")
        json.beginObject()
        json.field("edges", selection.omittedEdges)
        json.field("evals", selection.omittedEvals)
        json.endObject()
        json.endObject()
        return json.document()
    }

    /// The graph drawn as DOT or Mermaid, with a note node for what was left out (or why nothing
    /// is drawn).
    private static func picture(_ summary: TraceSummary, format: Format, options: GraphSelection.Options) -> String {
        let selection = selection(summary, options)
        let edges = selection?.edges.map { edge in
            GraphPicture.Edge(key: edge.key, wrapper: edge.wrapper, site: edge.site, label: (edge.key.inferred == nil ? "" : "≈ ") + counts(edge), weight: edge.count)
        } ?? []
        var notes: [String] = []
        if let unavailable = unavailability(summary) { notes.append(unavailable) }
        if let selection, selection.edges.isEmpty && selection.omittedEdges == 0 { notes.append("no edges") }
        if let line = selection?.omissionLine { notes.append(line) }
        return format == .dot ? GraphPicture.dot(edges, notes: notes) : GraphPicture.mermaid(edges, notes: notes)
    }
}
