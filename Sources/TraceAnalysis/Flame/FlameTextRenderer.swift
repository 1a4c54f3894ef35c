import TraceSupport

/// A flame graph for the terminal: the tree, one frame per line, with a Unicode block bar whose
/// length is the frame's share of the whole. Names are made safe for a terminal (`TerminalText`).
///
/// ```
/// ContentView               ████████████████████████████  41  100.0%
///   MyScrollView            ███████████████▌              23   56.1%
/// ```
public enum FlameTextRenderer {
    /// The frames of `tree` in `width` columns (at least 40), weights in `unit`.
    ///
    /// Frames narrower than `minimumShare` of the root are folded into one `…` line per parent.
    public static func render(_ tree: FlameTree, width: Int, unit: String, minimumShare: Double = 0) -> String {
        let total = tree.root.total
        guard total > 0 else { return "(no \(unit) in this trace)\n" }
        let width = max(width, 40)
        var rows: [(label: String, node: FlameTree.Node)] = []
        func collect(_ node: FlameTree.Node, indent: Int) {
            var hidden: UInt64 = 0
            for child in node.children {
                if Double(child.total) < minimumShare * Double(total) {
                    hidden = hidden.addingSaturated(child.total)
                    continue
                }
                rows.append((String(repeating: "  ", count: indent) + TerminalText.sanitize(child.name), child))
                collect(child, indent: indent + 1)
            }
            if hidden > 0 {
                var other = FlameTree.Node(name: "…")
                other.total = hidden
                rows.append((String(repeating: "  ", count: indent) + "…", other))
            }
        }
        collect(tree.root, indent: 0)
        let numberWidth = max(String(total).count, 5)
        let shareWidth = 6
        let fixed = numberWidth + shareWidth + 4
        let labelWidth = min(rows.map { $0.label.count }.max() ?? 0, max((width - fixed) / 2, 12))
        let barWidth = max(width - fixed - labelWidth - 1, 8)
        var output = ""
        for row in rows {
            let label = fit(row.label, labelWidth)
            let share = Double(row.node.total) / Double(total)
            let count = String(row.node.total)
            let percent = JSONText.decimal(share * 100, places: 1)
            let percentText = percent.contains(".") ? percent : percent + ".0"
            output += label + " " + bar(share, barWidth) + " "
                + String(repeating: " ", count: max(numberWidth - count.count, 0)) + count + " "
                + String(repeating: " ", count: max(shareWidth - percentText.count - 1, 0)) + percentText + "%\n"
        }
        return output
    }

    /// A bar of `share` × `width` cells, eighth-cell precise, padded with spaces to `width`.
    static func bar(_ share: Double, _ width: Int) -> String {
        let eighths = Int((min(max(share, 0), 1) * Double(width * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        if eighths == 0 && share > 0 { bar = "▏" }
        return bar + String(repeating: " ", count: max(width - bar.count, 0))
    }

    /// `text` cut to `width` characters (with `…`) or padded with spaces to it.
    static func fit(_ text: String, _ width: Int) -> String {
        if text.count <= width { return text + String(repeating: " ", count: width - text.count) }
        return String(text.prefix(max(width - 1, 0))) + "…"
    }
}
