/// One cause-graph edge compared across two traces: its figures on each side (nil where absent).
public struct EdgeDelta: Sendable, Hashable {
    /// How an edge changed.
    public enum Change: String, Sendable, CaseIterable {
        /// Only in the variant.
        case new
        /// Only in the base.
        case removed
        /// On both sides, its count changed by more than `EdgeDiff.changeThreshold`.
        case changed
        /// On both sides, within the threshold.
        case same
    }

    /// The edge's endpoints, by which the two sides are matched.
    public let key: CauseEdge.Key
    /// The edge in the base and in the variant; nil on a side without it.
    ///
    /// NB: `let`s: the init checks that the edge is on one side at least (`latest` and the
    /// renderers rely on it).
    public let base: CauseEdge?
    /// The edge in the variant; nil when the variant lacks it.
    public let variant: CauseEdge?

    /// The edge `key` with its figures on either side, or on both.
    package init(key: CauseEdge.Key, base: CauseEdge?, variant: CauseEdge?) {
        precondition(base != nil || variant != nil, "an edge compared is on one side at least")
        self.key = key
        self.base = base
        self.variant = variant
    }

    /// New, removed, changed by more than the threshold, or the same.
    public var change: Change {
        guard let base else { return .new }
        guard let variant else { return .removed }
        let delta = abs(variant.count - base.count)
        return delta > 0 && Double(delta) > EdgeDiff.changeThreshold * Double(base.count) ? .changed : .same
    }

    /// The evaluations the variant adds along the edge (negative: saves).
    public var evalsAdded: Int { (variant?.evals ?? 0) - (base?.evals ?? 0) }

    /// The side that names the edge's source attributes: the variant's, else the base's.
    public var latest: CauseEdge { variant ?? base! }
}

/// Two traces' cause graphs compared edge by edge, edges matched by their endpoints' names (a
/// source by its view and property: its wrapper and site may change).
public struct EdgeDiff: Sendable, Hashable {
    /// How much an edge's count must change, as a share of the base's, to be listed as changed.
    package static let changeThreshold = 0.1

    /// Every edge of either side: the base's in the order it first shows them, then the
    /// variant's others in its order.
    public var all: [EdgeDelta]

    /// The comparison of `variant`'s edges against `base`'s; with several runs a side, each
    /// edge's figures are its medians over them.
    package init(base: [CauseGraph], variant: [CauseGraph]) {
        let (base, variant) = (CauseGraph.median(of: base), CauseGraph.median(of: variant))
        let byAppearance = { (graph: CauseGraph) in graph.edges.sorted { $0.firstAppearance < $1.firstAppearance } }
        all = matchedSides(base: byAppearance(base), variant: byAppearance(variant), key: \.key)
            .map { EdgeDelta(key: $0.key, base: $0.base, variant: $0.variant) }
    }

    /// The edges new, removed or changed beyond the threshold, by the evaluations they add (most
    /// first), then in the order the traces first show them.
    public var listed: [EdgeDelta] { ranked(all.indices.filter { all[$0].change != .same }, by: \.evalsAdded) }

    /// The deltas at `indices`, by `figure` (most first), then by index.
    private func ranked(_ indices: [Int], by figure: (EdgeDelta) -> Int) -> [EdgeDelta] {
        indices.sorted { (lhs: Int, rhs: Int) -> Bool in
            let (left, right) = (figure(all[lhs]), figure(all[rhs]))
            return left != right ? left > right : lhs < rhs
        }.map { all[$0] }
    }

    /// How many edges changed in `change`.
    public func count(_ change: EdgeDelta.Change) -> Int { all.count { $0.change == change } }

    /// `1 new edge, 0 removed, 2 changed`: the section's headline.
    public var headline: String {
        let new = count(.new)
        return "\(new) new edge\(new == 1 ? "" : "s"), \(count(.removed)) removed, \(count(.changed)) changed"
            + " (by more than \(Int(Self.changeThreshold * 100))%)"
    }

    /// `240 → 2`, `new: 3`, `removed: 240`: an edge's counts on both sides.
    package static func counts(_ delta: EdgeDelta) -> String {
        switch delta.change {
        case .new: "new: \(GraphRenderer.counts(delta.variant!))"
        case .removed: "removed: \(GraphRenderer.counts(delta.base!))"
        case .changed, .same: "\(delta.base!.evals) → \(delta.variant!.evals) evals"
            + (delta.base!.skips + delta.variant!.skips > 0 ? ", \(delta.base!.skips) → \(delta.variant!.skips) skips" : "")
        }
    }

    /// The merged graph as `GraphPicture` edges: every listed edge (new ones marked, removed ones
    /// marked), then (unless `changedOnly`) unchanged ones, at most `limit`; and what was left out.
    package func pictureEdges(limit: Int?, changedOnly: Bool = false) -> (edges: [GraphPicture.Edge], omitted: Int) {
        let unchanged = changedOnly ? [] : ranked(all.indices.filter { all[$0].change == .same }, by: \.latest.evals)
        let ordered = listed + unchanged
        let shown = limit.map { Array(ordered.prefix($0)) } ?? ordered
        let edges = shown.map { delta in
            let style: GraphPicture.Style = delta.change == .new ? .new : delta.change == .removed ? .removed : .plain
            let latest = delta.latest
            return GraphPicture.Edge(
                key: delta.key, wrapper: latest.wrapper, site: latest.site, label: Self.counts(delta), style: style,
                weight: max(delta.base?.count ?? 0, delta.variant?.count ?? 0))
        }
        return (edges, ordered.count - shown.count)
    }
}
