/// What the outputs of a comparison show of its cause graphs: a headline, a table of the edges
/// new, removed or changed, and the merged graph as a picture.
///
/// NB: one section for `diff` (text, Markdown, HTML) and `check`'s pull-request comment, which
/// compares the checked trace with its baseline.
struct EdgeSection {
    /// `cause graph: 1 new edge, 0 removed, 2 changed (by more than 10%)`, or why it is n/a.
    var headline: String
    /// A header row, then one row per listed edge: edge, change, both sides' evaluations, Δ,
    /// both sides' skips; only the header when nothing changed.
    var rows: [[String]]
    /// `3 more changed edges left out (the first 40 shown)`; nil when none were.
    var omitted: String?

    /// The section of `edges` (nil when there are none to compare, with `unavailable` saying
    /// why, else no section at all), its columns named by the sides' `labels`.
    init?(_ edges: EdgeDiff?, unavailable: String?, labels: (base: String, variant: String), limit: Int?) {
        if let unavailable {
            (headline, rows, omitted) = ("cause graph: n/a (\(unavailable))", [], nil)
            return
        }
        guard let edges else { return nil }
        let listed = edges.listed
        let shown = limit.map { Array(listed.prefix($0)) } ?? listed
        rows = [["edge", "change", "evals \(labels.base)", "evals \(labels.variant)", "Δ", "skips \(labels.base)", "skips \(labels.variant)"]]
        for delta in shown {
            let latest = delta.latest
            let site = delta.key.from.isSource && !latest.site.isEmpty ? " (\(latest.site))" : ""
            rows.append([
                "\(delta.key.text)\(site)", delta.change.rawValue,
                String(delta.base?.evals ?? 0), String(delta.variant?.evals ?? 0), DeltaFormat.signed(Int64(delta.evalsAdded)),
                String(delta.base?.skips ?? 0), String(delta.variant?.skips ?? 0),
            ])
        }
        headline = "cause graph: \(edges.headline)"
        let left = listed.count - shown.count
        omitted = left > 0 ? "\(left) more changed edge\(left == 1 ? "" : "s") left out (the first \(shown.count) shown)" : nil
    }

    /// The headline, the table and the omission line as Markdown, every name escaped.
    var markdown: String {
        let escape = Formatting.markdown
        func line(_ cells: [String]) -> String { "| " + cells.map(escape).joined(separator: " | ") + " |\n" }
        var output = escape(headline) + "\n"
        if rows.count > 1 {
            output += "\n" + line(rows[0])
            output += "|" + rows[0].indices.map { $0 < 2 ? " --- |" : " ---: |" }.joined() + "\n"
            for row in rows.dropFirst() { output += line(row) }
        }
        if let omitted { output += "\n" + escape(omitted) + "\n" }
        return output
    }

    /// The merged graph of `edges` as Mermaid or DOT: changed edges first (new ones and removed
    /// ones marked), then (unless `changedOnly`) the others, at most `limit`, a note for the rest.
    static func graph(
        _ edges: EdgeDiff?, unavailable: String?, format: GraphRenderer.Format, limit: Int?, changedOnly: Bool
    ) -> String {
        var notes: [String] = []
        var drawn: [GraphPicture.Edge] = []
        if let unavailable { notes.append("cause graph n/a: \(unavailable)") }
        if let edges {
            notes.append(edges.headline)
            let picture = edges.pictureEdges(limit: limit, changedOnly: changedOnly)
            drawn = picture.edges
            if picture.omitted > 0 { notes.append("\(picture.omitted) more edges left out (the first \(drawn.count) shown)") }
        }
        return format == .dot ? GraphPicture.dot(drawn, notes: notes) : GraphPicture.mermaid(drawn, notes: notes)
    }
}
