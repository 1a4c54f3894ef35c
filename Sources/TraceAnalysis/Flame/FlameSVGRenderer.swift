import TraceSupport

/// Renders a `FlameTree` as an interactive SVG flame graph (icicle layout: roots on top).
///
/// Hovering a frame shows its name, weight and share; clicking zooms into it; "Search" highlights
/// frames whose name contains a term. A differential tree is coloured red where the variant
/// grew and blue where it shrank, each frame as wide as the larger of its two sides.
/// Everything is inline (no network); every name is escaped.
public enum FlameSVGRenderer {
    /// How the graph is drawn.
    public struct Options: Sendable {
        /// The heading drawn above the graph.
        public var title: String
        /// What the weights count (`evals`, `ns`, …).
        public var unit: String
        /// The total width in pixels.
        public var width: Int
        /// A standalone SVG document (XML declaration, inline style and script, search button), or
        /// an element for a page that includes `FlameGraphScript` itself.
        public var standalone: Bool
        /// Names of the two sides of a differential graph.
        public var baselineLabel: String
        /// The variant's name, in a differential graph's legend.
        public var variantLabel: String

        /// Options for a standalone graph titled `title`.
        public init(
            title: String, unit: String, width: Int = 1200, standalone: Bool = true,
            baselineLabel: String = "base", variantLabel: String = "variant"
        ) {
            self.title = title
            self.unit = unit
            self.width = width
            self.standalone = standalone
            self.baselineLabel = baselineLabel
            self.variantLabel = variantLabel
        }
    }

    static let frameHeight = 17
    static let top = 56
    static let padding = 10
    /// Frames narrower than this many pixels are left out (with their descendants, narrower still).
    static let minimumFrameWidth = 0.3

    /// The SVG of `tree`.
    public static func render(_ tree: FlameTree, options: Options) -> String {
        let extent = max(tree.root.extent, 1)
        let depth = max(tree.depth, 1)
        let height = top + depth * frameHeight + 34
        let inner = Double(options.width - 2 * padding)
        var svg = ""
        if options.standalone { svg += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n" }
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tracer-flame\" width=\"\(options.width)\" height=\"\(height)\""
            + " viewBox=\"0 0 \(options.width) \(height)\" data-width=\"\(options.width)\" data-extent=\"\(extent)\""
            + " data-unit=\"\(Markup.escape(options.unit))\">\n"
        if options.standalone { svg += "<style>\n\(FlameGraphScript.style)\n</style>\n" }
        svg += "<rect x=\"0\" y=\"0\" width=\"\(options.width)\" height=\"\(height)\" fill=\"#fbfbfd\"/>\n"
        svg += "<text class=\"flame-title\" x=\"\(padding)\" y=\"22\">\(Markup.escape(options.title))</text>\n"
        svg += "<text class=\"flame-button flame-reset\" x=\"\(padding)\" y=\"44\">Reset zoom</text>\n"
        if options.standalone {
            svg += "<text class=\"flame-button flame-search\" x=\"\(options.width - padding)\" y=\"44\" text-anchor=\"end\">Search</text>\n"
        }
        svg += "<text class=\"flame-legend\" x=\"\(padding + 100)\" y=\"44\">\(Markup.escape(legend(tree, options)))</text>\n"
        func draw(_ node: FlameTree.Node, stack: [String], depth: Int, at start: UInt64) {
            var position = start
            for child in node.children {
                defer { position = position.addingSaturated(child.extent) }
                guard Double(child.extent) / Double(extent) * inner >= minimumFrameWidth else { continue }
                let path = stack + [child.name]
                svg += frame(child, path: path, depth: depth, x: position, extent: extent, inner: inner, tree: tree, options: options)
                draw(child, stack: path, depth: depth + 1, at: position)
            }
        }
        draw(tree.root, stack: [], depth: 0, at: 0)
        let idle = "\(tree.isDifferential ? "" : "\(tree.root.total) \(options.unit) in all · ")hover a frame for details, click to zoom"
        svg += "<text class=\"flame-details\" x=\"\(padding)\" y=\"\(height - 12)\">\(Markup.escape(idle))</text>\n"
        if options.standalone { svg += "<script><![CDATA[\n\(FlameGraphScript.script)\n]]></script>\n" }
        return svg + "</svg>\n"
    }

    private static func legend(_ tree: FlameTree, _ options: Options) -> String {
        guard tree.isDifferential else { return "width: \(options.unit)" }
        return "width: the larger side · red: more in \(options.variantLabel) · blue: fewer than in \(options.baselineLabel)"
    }

    private static func frame(
        _ node: FlameTree.Node, path: [String], depth: Int, x: UInt64, extent: UInt64, inner: Double,
        tree: FlameTree, options: Options
    ) -> String {
        let fractionX = Double(x) / Double(extent)
        let fractionW = Double(node.extent) / Double(extent)
        let pixelX = Double(padding) + fractionX * inner
        let pixelW = fractionW * inner
        let y = top + depth * frameHeight
        let label = FlameTextRenderer.fit(node.name, max(Int((pixelW - 6) / 7), 0)).trimmingTrailingSpaces
        return "<g class=\"frame\" data-n=\"\(Markup.escape(node.name))\" data-v=\"\(node.total)\" data-b=\"\(node.baselineTotal)\""
            + " data-x=\"\(JSONText.decimal(fractionX, places: 6))\" data-w=\"\(JSONText.decimal(fractionW, places: 6))\" data-d=\"\(depth)\">"
            + "<title>\(Markup.escape(tooltip(node, path: path, tree: tree, options: options)))</title>"
            + "<rect x=\"\(JSONText.decimal(pixelX, places: 2))\" y=\"\(y)\" width=\"\(JSONText.decimal(max(pixelW - 1, 0.5), places: 2))\""
            + " height=\"\(frameHeight - 1)\" rx=\"2\" fill=\"\(color(node, tree: tree))\"/>"
            + "<text x=\"\(JSONText.decimal(pixelX + 3, places: 2))\" y=\"\(y + 12)\">\(Markup.escape(label))</text></g>\n"
    }

    /// What hovering a frame shows.
    static func tooltip(_ node: FlameTree.Node, path: [String], tree: FlameTree, options: Options) -> String {
        let stack = path.joined(separator: "/")
        guard tree.isDifferential else {
            let share = tree.root.total > 0 ? Double(node.total) / Double(tree.root.total) * 100 : 0
            return "\(stack) — \(node.total) \(options.unit), \(JSONText.decimal(share, places: 1))%"
        }
        return "\(stack) — \(options.baselineLabel) \(node.baselineTotal) → \(options.variantLabel) \(node.total) \(options.unit)"
            + " (\(DeltaFormat.percent(base: node.baselineTotal, variant: node.total)))"
    }

    /// A warm colour derived from the name (stable across runs), or red/blue by change when comparing.
    static func color(_ node: FlameTree.Node, tree: FlameTree) -> String {
        guard tree.isDifferential else {
            var hash: UInt32 = 2_166_136_261
            for byte in node.name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return "rgb(\(205 + hash % 50),\(90 + (hash >> 8) % 110),\(50 + (hash >> 16) % 40))"
        }
        let larger = max(node.total, node.baselineTotal)
        guard larger > 0, node.total != node.baselineTotal else { return "rgb(224,224,228)" }
        let ratio = Double(node.total > node.baselineTotal ? node.total - node.baselineTotal : node.baselineTotal - node.total)
            / Double(larger)
        let fade = Int(240 - ratio * 140)
        return node.total > node.baselineTotal ? "rgb(250,\(fade),\(fade))" : "rgb(\(fade),\(fade),250)"
    }
}

extension String {
    /// The string without trailing spaces.
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
