extension WhyPartial {
    /// The matched views by name, each with its paths ranked (see `WhyView.paths`): the first
    /// `top` made into `WhyPath`s (all when nil) and the rest summed.
    ///
    /// NB: the nodes are read in two passes in index order, never by view: a view's nodes lie all
    /// over the counts, and a million random reads cost more than the passes. Only the paths
    /// shown get their text, values and examples (a path's text is made only to order two paths
    /// of events without `seq`).
    func views(top: Int?) -> [WhyView] {
        let viewNames = matchedViews.sorted()
        let viewOfNode = viewIndices(viewNames)
        var texts: [Int32: String] = [:]
        for (index, view) in viewOfNode.enumerated() where view >= 0 && counts[index].firstSeq == nil {
            texts[Int32(index)] = WhyText.path(key(of: UInt32(index) + 1))
        }
        var totals = [WhyCounts](repeating: WhyCounts(), count: viewNames.count)
        var pathCounts = [Int](repeating: 0, count: viewNames.count)
        var ranked = [[Int32]](repeating: [], count: viewNames.count)
        for (index, view) in viewOfNode.enumerated() where view >= 0 {
            totals[Int(view)].add(counts[index])
            pathCounts[Int(view)] += 1
            rank(Int32(index), into: &ranked[Int(view)], keeping: top, texts: texts)
        }
        if top == nil {
            for view in ranked.indices { ranked[view].sort { precedes($0, $1, texts: texts) } }
        }
        let omitted = omittedCounts(viewOfNode, shown: ranked, pathCounts: pathCounts)
        let tallies = valueTallies(of: ranked)
        let evaluations = listedEvaluations(viewNames)
        return viewNames.indices.map { view in
            let paths = ranked[view].map { index in
                let (root, steps) = values(of: UInt32(index) + 1, tallies[index] ?? [:])
                return WhyPath(key: key(of: UInt32(index) + 1), figures: counts[Int(index)].figures, values: root, stepValues: steps)
            }
            return WhyView(
                view: viewNames[view], paths: paths, pathCount: pathCounts[view], total: totals[view].figures,
                omitted: omitted[view].map { WhyOmitted(paths: pathCounts[view] - paths.count, figures: $0.figures) },
                inference: inference[viewNames[view]] ?? WhyInference(), evaluations: listLimit == nil ? nil : evaluations[view])
        }
    }

    /// The listed evaluations of each view of `viewNames`, by its index there, in trace order.
    private func listedEvaluations(_ viewNames: [String]) -> [[WhyEvaluation]] {
        let position = Dictionary(uniqueKeysWithValues: viewNames.enumerated().map { ($1, $0) })
        var evaluations = [[WhyEvaluation]](repeating: [], count: viewNames.count)
        for listed in listed {
            guard let view = position[names[Int(nodes[Int(listed.node) - 1].view)]] else { continue }
            var tallies: [UInt32: WhyValueTally] = [:]
            for key in listed.values { tallies[key.write, default: WhyValueTally()].add(key, count: 1) }
            let (root, steps) = values(of: listed.node, tallies)
            evaluations[view].append(WhyEvaluation(
                seq: listed.seq, ts: listed.ts, bodyTimeNs: listed.dur, key: key(of: listed.node), values: root, stepValues: steps))
        }
        return evaluations
    }

    /// Each node's view, by its index in `viewNames` (-1: nothing counted on it, or a view not
    /// matched).
    private func viewIndices(_ viewNames: [String]) -> [Int32] {
        let position = Dictionary(uniqueKeysWithValues: viewNames.enumerated().map { ($1, Int32($0)) })
        var viewOfName = [Int32](repeating: -2, count: names.count)
        var viewOfNode = [Int32](repeating: -1, count: nodes.count)
        for (index, node) in nodes.enumerated() where counts[index].isCounted {
            let name = Int(node.view)
            if viewOfName[name] == -2 { viewOfName[name] = position[names[name]] ?? -1 }
            viewOfNode[index] = viewOfName[name]
        }
        return viewOfNode
    }

    /// Adds node `index` to a view's `ranked` nodes: every node when `top` is nil (sorted
    /// afterwards), else only the first `top` so far, kept in order.
    ///
    /// NB: most nodes of a large view fail one compare with the last kept.
    private func rank(_ index: Int32, into ranked: inout [Int32], keeping top: Int?, texts: [Int32: String]) {
        guard let top else { return ranked.append(index) }
        guard ranked.count < top || precedes(index, ranked[ranked.count - 1], texts: texts) else { return }
        var position = ranked.count
        while position > 0 && precedes(index, ranked[position - 1], texts: texts) { position -= 1 }
        ranked.insert(index, at: position)
        if ranked.count > top { ranked.removeLast() }
    }

    /// The value tallies of the nodes in `shown` whose evaluations' writes carried any, by node
    /// index, then by the write's node.
    private func valueTallies(of shown: [[Int32]]) -> [Int32: [UInt32: WhyValueTally]] {
        var tallies: [Int32: [UInt32: WhyValueTally]] = [:]
        for view in shown { for index in view { tallies[index] = [:] } }
        for (key, count) in zip(valueKeys, valueCounts) where tallies[Int32(key.path) - 1] != nil {
            tallies[Int32(key.path) - 1]![key.write, default: WhyValueTally()].add(key, count: count)
        }
        return tallies
    }

    /// The values of the writes on the path to node `id`, from their `tallies` by write node: its
    /// root write's, and each caused write's by its index in the path's hops.
    func values(of id: UInt32, _ tallies: [UInt32: WhyValueTally]) -> (root: WhyValues, steps: [Int: WhyValues]) {
        var chain: [UInt32] = []
        var node = id
        while node != 0 {
            chain.append(node)
            node = nodes[Int(node) - 1].parent
        }
        var steps: [Int: WhyValues] = [:]
        // NB: `chain` runs from the path's last step to its root; hop `i` is `chain[count - 2 - i]`.
        for (offset, write) in chain.dropLast().enumerated() {
            if let tally = tallies[write] { steps[chain.count - 2 - offset] = tally.values { names[Int($0)] } }
        }
        let root = chain.last.flatMap { tallies[$0] } ?? WhyValueTally()
        return (root.values { names[Int($0)] }, steps)
    }

    /// Per view, the sum of the counted nodes not in `shown` (nil when every one is shown).
    private func omittedCounts(_ viewOfNode: [Int32], shown: [[Int32]], pathCounts: [Int]) -> [WhyCounts?] {
        var omitted: [WhyCounts?] = shown.indices.map { shown[$0].count < pathCounts[$0] ? WhyCounts() : nil }
        guard omitted.contains(where: { $0 != nil }) else { return omitted }
        var isShown = [Bool](repeating: false, count: nodes.count)
        for view in shown { for index in view { isShown[Int(index)] = true } }
        for (index, view) in viewOfNode.enumerated() where view >= 0 && !isShown[index] { omitted[Int(view)]?.add(counts[index]) }
        return omitted
    }

    /// Whether node `a` ranks before node `b`: more evaluations, then more skips, then the earlier
    /// first event; `texts` holds the text of each node without a `seq`, which ranks last, by text.
    private func precedes(_ a: Int32, _ b: Int32, texts: [Int32: String]) -> Bool {
        let (first, second) = (counts[Int(a)], counts[Int(b)])
        if (first.evals, first.skips) != (second.evals, second.skips) { return (second.evals, second.skips) < (first.evals, first.skips) }
        switch (first.firstSeq, second.firstSeq) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return texts[a, default: ""] < texts[b, default: ""]
        }
    }
}
