/// Draws cause-graph edges as a Mermaid `flowchart` or a Graphviz `digraph`: the one drawing of
/// `tracectl graph` and of `diff`'s merged graph.
///
/// Every name is escaped for the syntax it lands in (`LabelText.mermaid`, `LabelText.dot`): a view named
/// `Row<"x">` or holding `-->`, `%%`, brackets, HTML or a line break draws as its name.
package enum GraphPicture {
    /// How an edge is drawn.
    package enum Style: Sendable, Hashable {
        /// An edge of one graph, or one on both sides of a diff.
        case plain
        /// Only in a diff's variant.
        case new
        /// Only in a diff's base.
        case removed
    }

    /// One edge to draw: its ends, its label (the counts), how it is drawn and how heavy it is.
    package struct Edge: Sendable, Hashable {
        package var key: CauseEdge.Key
        /// The source's wrapper and site (the node's second line); empty for a view.
        package var wrapper: String
        package var site: String
        package var label: String
        package var style: Style
        /// What the edge's width grows with (its evaluations and skips).
        package var weight: Int

        package init(key: CauseEdge.Key, wrapper: String, site: String, label: String, style: Style = .plain, weight: Int) {
            self.key = key
            self.wrapper = wrapper
            self.site = site
            self.label = label
            self.style = style
            self.weight = weight
        }
    }

    /// The declarations of `edges`' nodes, `declaration(id, node, detail)` each, in order of first
    /// appearance (`n0`, `n1`, …; a source's detail its first wrapper and site seen); and their ids.
    private static func declare(
        _ edges: [Edge], _ declaration: (String, CauseNode, String) -> String
    ) -> (text: String, ids: [CauseNode: String]) {
        var ids: [CauseNode: String] = [:]
        var text = ""
        func add(_ node: CauseNode, _ detail: String) {
            guard ids[node] == nil else { return }
            ids[node] = "n\(ids.count)"
            text += declaration(ids[node]!, node, detail)
        }
        for edge in edges {
            add(edge.key.from, [edge.wrapper.isEmpty ? "" : "@" + edge.wrapper, edge.site].filter { !$0.isEmpty }.joined(separator: " "))
            add(.view(edge.key.to), "")
        }
        return (text, ids)
    }

    /// A Mermaid `flowchart` (as GitHub renders it in Markdown): sources as rounded nodes with
    /// their wrapper and site, views as boxes, counts on the edges; `notes` (what was left out,
    /// why nothing is drawn) as a node of their own, so that no picture is silently partial.
    package static func mermaid(_ edges: [Edge], notes: [String]) -> String {
        let (nodes, ids) = declare(edges) { id, node, detail in
            let label = LabelText.mermaid.escape(node.name) + (detail.isEmpty ? "" : "<br>" + LabelText.mermaid.escape(detail))
            return node.isSource ? "    \(id)([\"\(label)\"])\n" : "    \(id)[\"\(label)\"]\n"
        }
        var output = "flowchart LR\n" + nodes
        for edge in edges {
            let arrow = switch edge.style {
            case .plain: "-->"
            case .new: "==>"
            case .removed: "-.->"
            }
            output += "    \(ids[edge.key.from]!) \(arrow)|\"\(LabelText.mermaid.escape(edge.label))\"| \(ids[.view(edge.key.to)]!)\n"
        }
        for (index, note) in notes.enumerated() { output += "    note\(index)[/\"\(LabelText.mermaid.escape(note))\"/]\n" }
        return output
    }

    /// A Graphviz `digraph` (`dot -Tsvg`): sources as ellipses with their wrapper and site, views
    /// as boxes, counts on the edges and widths growing with them; new edges red and bold,
    /// removed ones dashed; `notes` as a note node.
    package static func dot(_ edges: [Edge], notes: [String]) -> String {
        var output = "digraph causes {\n    rankdir=LR;\n    node [shape=box, fontname=\"Helvetica\"];\n"
        output += "    edge [fontname=\"Helvetica\", fontsize=10];\n"
        let (nodes, ids) = declare(edges) { id, node, detail in
            let label = LabelText.dot.escape(node.name) + (detail.isEmpty ? "" : "\\n" + LabelText.dot.escape(detail))
            return "    \(id) [label=\"\(label)\"\(node.isSource ? ", shape=ellipse" : "")];\n"
        }
        output += nodes
        let heaviest = max(edges.map(\.weight).max() ?? 1, 1)
        for edge in edges {
            // NB: widths from 1 to 5, by the edge's share of the heaviest edge's weight.
            let width = 1 + 4 * Double(edge.weight) / Double(heaviest)
            var attributes = "label=\"\(LabelText.dot.escape(edge.label))\", penwidth=\(Formatting.fixed(width, decimals: 1))"
            switch edge.style {
            case .plain: break
            case .new: attributes += ", color=\"#cf222e\", fontcolor=\"#cf222e\", style=bold"
            case .removed: attributes += ", color=\"#6e7781\", fontcolor=\"#6e7781\", style=dashed"
            }
            output += "    \(ids[edge.key.from]!) -> \(ids[.view(edge.key.to)]!) [\(attributes)];\n"
        }
        for (index, note) in notes.enumerated() { output += "    note\(index) [shape=note, label=\"\(LabelText.dot.escape(note))\"];\n" }
        return output + "}\n"
    }
}

/// A picture syntax's quoted label: control characters and line breaks written visibly
/// (`TerminalText`), then each scalar the syntax's table names replaced.
struct LabelText {
    /// What each scalar that cannot stand in the label as itself is written as.
    let replacements: [Unicode.Scalar: String]

    /// `text` as this syntax's label.
    func escape(_ text: String) -> String {
        var result = ""
        for scalar in TerminalText.sanitize(text).unicodeScalars {
            if let replaced = replacements[scalar] { result += replaced } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Text inside a quoted Mermaid label (`["…"]`, `|"…"|`).
    ///
    /// NB: Mermaid reads `#name;` and `#123;` as entities: `"` would end the label, `<` and `>`
    /// would be read as HTML (GitHub strips it), `#` would start an entity, `%%` a comment, `&` an
    /// HTML entity, a backtick Markdown, `|` end an edge label. Brackets are literal inside quotes.
    static let mermaid = LabelText(replacements: [
        "\"": "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "#": "#35;", "%": "#37;", "`": "#96;", "|": "#124;", "\\": "#92;",
    ])

    /// Text inside a quoted Graphviz string: `\` and `"` escaped (Graphviz escapes `<`, `>` and `&`
    /// itself when it writes SVG).
    static let dot = LabelText(replacements: ["\\": "\\\\", "\"": "\\\""])
}
