import TraceSupport

/// Counts the cause graph's edges of one range of a trace by interned ids, in the aggregation pass.
///
/// An evaluation or skip whose `cause` is a view's evaluation is on the edge from that view (its
/// immediate parent); one whose cause chain goes back to a write is on the edge from the root
/// write's property (the aggregator's root, through `@ViewStorage` and derived state). Events
/// with neither (an initial evaluation caused by a mount, a cause not followed) are on no edge.
/// An evaluation whose cause was inferred is on an edge of its own, named by its rule: recorded
/// and inferred edges never add up.
struct EdgeCounter {
    /// An edge: `from` is a root origin index + 1, or a parent view id with `viewBit` set;
    /// `inferred` the `InferenceOutcome` of the rule that gave the evaluation its cause (0: recorded).
    struct Key: FlatHashKey {
        var from: UInt32 = 0
        var to: ViewID = 0
        var inferred: UInt8 = 0

        var flatHash: UInt64 { Self.mixed((UInt64(from) << 32 | UInt64(to)) ^ UInt64(inferred) << 56) }
    }

    /// Evaluations, skips and body time along one edge.
    struct Counts {
        var evals = 0
        var skips = 0
        var bodyTimeNs: Int64 = 0
        /// Evaluations with a `dur`: those `bodyTimeNs` sums.
        var timedEvals = 0
    }

    private static var viewBit: UInt32 { 1 << 31 }

    /// The view evaluated at each recent `seq` that was a body evaluation.
    private let evaluations = RecentSeqTable<ViewID>()
    /// Each edge's index in `keys` and `counts`.
    private let index = FlatHashTable<Key, Int32>()
    private var keys: [Key] = []
    /// How many distinct edges (by view ids) were met: the first appearances `edges` hands out are below it.
    var count: Int { keys.count }
    private var counts: [Counts] = []

    /// Adds a body evaluation or skip whose root is `root` (origin index + 1; 0 for none).
    @inline(__always)
    mutating func add(_ event: borrowing ParsedEvent, root: Int32, isEvaluation: Bool) {
        if isEvaluation, event.has(.seq) { evaluations.store(event.view, for: event.seq) }
        guard event.view != 0, event.has(.cause) else { return }
        let from: UInt32
        if let parent = evaluations.value(for: event.cause), parent != 0 {
            from = parent | Self.viewBit
        } else if root > 0 {
            from = UInt32(root)
        } else {
            return
        }
        let key = Key(from: from, to: event.view, inferred: event.inference)
        let slot = Int(index.value(for: key) {
            keys.append(key)
            counts.append(Counts())
            return Int32(keys.count - 1)
        })
        if isEvaluation {
            counts[slot].evals += 1
            if event.has(.dur) {
                counts[slot].bodyTimeNs = counts[slot].bodyTimeNs.addingSaturated(event.dur)
                counts[slot].timedEvals += 1
            }
        } else {
            counts[slot].skips += 1
        }
    }

    /// The edges by name (views' `[id]` segments written `[*]`, so the rows of a `ForEach` make
    /// one node), and the index in `origins` of the property each edge from a source takes its
    /// wrapper and site from (its first); `origins` are the range's origins by index, `viewName`
    /// resolves view ids.
    func edges(
        origins: [WriteOrigin], viewName: (ViewID) -> String
    ) -> (edges: [CauseEdge.Key: CauseEdge], sources: [CauseEdge.Key: Int]) {
        var names: [ViewID: String] = [:]
        func name(_ view: ViewID) -> String {
            if let known = names[view] { return known }
            let collapsed = ViewPathPattern.collapsingIdentities(viewName(view))
            names[view] = collapsed
            return collapsed
        }
        var edges: [CauseEdge.Key: CauseEdge] = [:]
        var sources: [CauseEdge.Key: Int] = [:]
        // NB: `keys` are in the order the range first met them: an edge's first appearance is its first key's place.
        for (slot, (key, tally)) in zip(keys, counts).enumerated() {
            var edge: CauseEdge
            let rule = key.inferred == 0 ? nil : InferenceOutcome(rawValue: key.inferred)?.rule
            if key.from & Self.viewBit != 0 {
                edge = CauseEdge(key: .init(from: .view(name(key.from & ~Self.viewBit)), to: name(key.to), inferred: rule))
            } else {
                let origin = origins[Int(key.from) - 1]
                edge = CauseEdge(
                    key: .init(
                        from: .source(view: ViewPathPattern.collapsingIdentities(origin.view), prop: origin.prop), to: name(key.to),
                        inferred: rule),
                    wrapper: origin.wrapper, site: origin.site)
                if sources[edge.key] == nil { sources[edge.key] = Int(key.from) - 1 }
            }
            (edge.evals, edge.skips, edge.bodyTimeNs, edge.timedEvals) = (tally.evals, tally.skips, tally.bodyTimeNs, tally.timedEvals)
            edge.firstAppearance = slot
            edges[edge.key, default: CauseEdge(key: edge.key)].add(edge)
        }
        return (edges, sources)
    }
}
