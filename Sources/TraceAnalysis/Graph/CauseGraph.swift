import TraceSupport

/// One end of a cause-graph edge: a written property (a source) or a view.
///
/// NB: a node is named by its view and, for a source, its property: a source's wrapper and
/// site are attributes of its edges, so moving a property from `@State` to `@ViewStorage` keeps
/// its node (and its edges change in count, not in identity).
public struct CauseNode: Sendable, Hashable, Comparable {
    /// A source's declaring view, or the view itself (a row's `[id]` segments written `[*]`).
    public var view: String
    /// A source's property name; nil for a view.
    public var prop: String?

    /// The source `view.prop`.
    package static func source(view: String, prop: String) -> CauseNode { CauseNode(view: view, prop: prop) }

    /// The view `path`.
    package static func view(_ path: String) -> CauseNode { CauseNode(view: path, prop: nil) }

    /// Whether the node is a written property rather than a view.
    public var isSource: Bool { prop != nil }

    /// `VIEWPATH.prop` for a source, the path for a view: what budget rules and outputs call it.
    public var name: String { prop.map { "\(view).\($0)" } ?? view }

    /// Sources first, then by view and property.
    public static func < (lhs: CauseNode, rhs: CauseNode) -> Bool {
        (lhs.isSource ? 0 : 1, lhs.view, lhs.prop ?? "") < (rhs.isSource ? 0 : 1, rhs.view, rhs.prop ?? "")
    }
}

/// An edge of a cause graph: evaluations and skips of `to` caused by a write of a source (its
/// root write, through `@ViewStorage` and derived state) or by its parent view's evaluation.
public struct CauseEdge: Sendable, Hashable {
    /// What identifies an edge across traces: its endpoints' names.
    public struct Key: Sendable, Hashable, Comparable {
        /// Where the edge starts: a source or a view.
        public var from: CauseNode
        /// The view path the edge ends at.
        public var to: String
        /// The rule that inferred the evaluations' causes along the edge; nil for recorded causes.
        public var inferred: String?

        /// The edge from `from` to `to`, recorded or inferred by the rule `inferred`.
        public init(from: CauseNode, to: String, inferred: String? = nil) {
            self.from = from
            self.to = to
            self.inferred = inferred
        }

        /// `FROM → TO`, `FROM → ≈ TO` for an inferred edge: how outputs name the edge.
        package var text: String { "\(from.name) → \(inferred == nil ? "" : "≈ ")\(to)" }

        /// By endpoints, the recorded edge before the inferred ones.
        public static func < (lhs: Key, rhs: Key) -> Bool { (lhs.from, lhs.to, lhs.inferred ?? "") < (rhs.from, rhs.to, rhs.inferred ?? "") }
    }

    /// The edge's endpoints.
    public var key: Key
    /// A source's wrapper kind (`State`, `ViewStorage`, …) and declaration site; empty when the
    /// write did not say, and for a view.
    public var wrapper: String
    /// A source's declaration site; empty when the write did not say, and for a view.
    public var site: String
    /// Evaluations of `to` along the edge.
    public var evals: Int
    /// Skips of `to` along the edge.
    public var skips: Int
    /// The body time of the evaluations along the edge that have a duration, saturated at `Int64.max`.
    public var bodyTimeNs: Int64
    /// Evaluations along the edge with a duration (none: the edge has no body time, never 0 ns).
    public var timedEvals: Int
    /// Where the edge first appears in the trace, as an order (smaller: earlier; its value depends
    /// on how the trace was split, its order does not): how edges of equal figures are ranked.
    package var firstAppearance = Int.max

    /// An edge with the given figures.
    package init(
        key: Key, wrapper: String = "", site: String = "", evals: Int = 0, skips: Int = 0, bodyTimeNs: Int64 = 0, timedEvals: Int? = nil
    ) {
        self.key = key
        self.wrapper = wrapper
        self.site = site
        self.evals = evals
        self.skips = skips
        self.bodyTimeNs = bodyTimeNs
        self.timedEvals = timedEvals ?? evals
    }

    /// The edge's body time as text: `-` when it has evaluations and none is timed (`Formatting.bodyTime`).
    var bodyTimeText: String { Formatting.bodyTime(bodyTimeNs, timed: timedEvals, untimed: evals - timedEvals) }

    /// Writes the edge's body time: `null` when it has evaluations and none is timed.
    func writeBodyTime(_ json: inout JSONWriter) { json.bodyTime(bodyTimeNs, timed: timedEvals, untimed: evals - timedEvals) }

    /// Where the edge starts.
    public var from: CauseNode { key.from }
    /// Where the edge ends.
    public var to: String { key.to }
    /// Evaluations and skips along the edge.
    public var count: Int { evals + skips }

    /// Adds `other`'s figures (the same edge); the first wrapper and site seen are kept.
    mutating func add(_ other: CauseEdge) {
        evals += other.evals
        skips += other.skips
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
        timedEvals += other.timedEvals
        firstAppearance = min(firstAppearance, other.firstAppearance)
        if wrapper.isEmpty { wrapper = other.wrapper }
        if site.isEmpty { site = other.site }
    }

    /// Equal figures, leaving out `firstAppearance`, whose value depends on how the trace was split.
    public static func == (lhs: CauseEdge, rhs: CauseEdge) -> Bool {
        lhs.key == rhs.key && (lhs.wrapper, lhs.site) == (rhs.wrapper, rhs.site)
            && (lhs.evals, lhs.skips, lhs.bodyTimeNs, lhs.timedEvals) == (rhs.evals, rhs.skips, rhs.bodyTimeNs, rhs.timedEvals)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(wrapper)
        hasher.combine(site)
        hasher.combine(evals)
        hasher.combine(skips)
        hasher.combine(bodyTimeNs)
        hasher.combine(timedEvals)
    }

    /// Heaviest first: by evaluations, then body time, skips, first appearance, and names.
    package static func heavier(_ lhs: CauseEdge, _ rhs: CauseEdge) -> Bool {
        if lhs.evals != rhs.evals { return lhs.evals > rhs.evals }
        if lhs.bodyTimeNs != rhs.bodyTimeNs { return lhs.bodyTimeNs > rhs.bodyTimeNs }
        if lhs.skips != rhs.skips { return lhs.skips > rhs.skips }
        if lhs.firstAppearance != rhs.firstAppearance { return lhs.firstAppearance < rhs.firstAppearance }
        return lhs.key < rhs.key
    }
}

/// A trace's cause graph, aggregated: every edge once, heaviest first.
public struct CauseGraph: Sendable, Hashable {
    /// The edges, heaviest first (see `CauseEdge.heavier`).
    public private(set) var edges: [CauseEdge]

    /// The graph of `edges` (each key once).
    package init(edges: some Sequence<CauseEdge>) {
        self.edges = edges.sorted(by: CauseEdge.heavier)
    }

    /// The edge with `key`, if the graph has it.
    public func edge(_ key: CauseEdge.Key) -> CauseEdge? { edges.first { $0.key == key } }

    /// The graph of several runs of one trace: each edge's figures are its medians over the
    /// runs (0 in a run without it), and an edge whose median count is 0 is left out.
    package static func median(of runs: [CauseGraph]) -> CauseGraph {
        guard runs.count > 1 else { return runs.first ?? CauseGraph(edges: []) }
        var byKey: [CauseEdge.Key: [CauseEdge]] = [:]
        for run in runs { for edge in run.edges { byKey[edge.key, default: []].append(edge) } }
        func median<Value: BinaryInteger>(_ values: [Value]) -> Value {
            let sorted = (values + Array(repeating: 0, count: runs.count - values.count)).sorted()
            let middle = sorted.count / 2
            // NB: the midpoint of two figures (non-negative, sorted) without their sum, which can
            // pass `Int64.max` (two saturated body times): the sum's half, rounded down.
            return sorted.count % 2 == 1 ? sorted[middle] : sorted[middle - 1] + (sorted[middle] - sorted[middle - 1]) / 2
        }
        let edges = byKey.values.compactMap { seen -> CauseEdge? in
            var edge = seen[0]
            edge.evals = median(seen.map(\.evals))
            edge.skips = median(seen.map(\.skips))
            edge.bodyTimeNs = median(seen.map(\.bodyTimeNs))
            edge.timedEvals = median(seen.map(\.timedEvals))
            return edge.count > 0 ? edge : nil
        }
        return CauseGraph(edges: edges)
    }
}

/// The edges of a graph an output shows, and what it leaves out.
public struct GraphSelection: Sendable, Hashable {
    /// How edges are chosen.
    public struct Options: Sendable, Hashable {
        /// Only edges with at least this many evaluations and skips.
        public var minimumCount: Int
        /// At most this many edges (the heaviest); nil for all.
        public var top: Int?
        /// Only edges one of whose ends' views matches.
        public var view: ViewGlob?

        /// Edges of at least `minimumCount` evaluations and skips, the `top` heaviest, from or to a view `view` matches.
        public init(minimumCount: Int = 1, top: Int? = nil, view: ViewGlob? = nil) {
            self.minimumCount = minimumCount
            self.top = top
            self.view = view
        }

        /// Whether `edge` is one `--view` and `--min-count` keep.
        package func keeps(_ edge: CauseEdge) -> Bool {
            guard edge.count >= minimumCount else { return false }
            guard let view else { return true }
            return view.matches(edge.to) || view.matches(edge.from.view)
        }
    }

    /// The edges shown, heaviest first.
    public var edges: [CauseEdge]
    /// The edges of the graph left out (by `--min-count`, `--top` or `--view`) and their evaluations.
    public var omittedEdges: Int
    /// The evaluations along the edges left out.
    public var omittedEvals: Int
    /// What left them out (`--top 40`, `--min-count 5`), for the line saying so.
    public var reasons: [String]

    /// The edges of `graph` that `options` keep, heaviest first.
    public init(_ graph: CauseGraph, options: Options) {
        var kept = graph.edges.filter(options.keeps)
        var reasons: [String] = []
        if options.minimumCount > 1 { reasons.append("--min-count \(options.minimumCount)") }
        if let view = options.view { reasons.append("--view \(view.pattern)") }
        if let top = options.top, kept.count > top {
            kept.removeLast(kept.count - top)
            reasons.append("--top \(top)")
        }
        edges = kept
        omittedEdges = graph.edges.count - kept.count
        omittedEvals = graph.edges.reduce(0) { $0 + $1.evals } - kept.reduce(0) { $0 + $1.evals }
        self.reasons = omittedEdges > 0 ? reasons : []
    }

    /// `12 more edges (340 evaluations) left out by --top 40`; nil when nothing was left out.
    package var omissionLine: String? {
        guard omittedEdges > 0 else { return nil }
        let noun = omittedEdges == 1 ? "edge" : "edges"
        let evals = omittedEvals == 1 ? "evaluation" : "evaluations"
        return "\(omittedEdges) more \(noun) (\(omittedEvals) \(evals)) left out by \(reasons.joined(separator: ", "))"
    }
}
