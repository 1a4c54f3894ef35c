import TraceSupport

/// What `why` gathered from one range of a trace: the range's cause-path nodes with their
/// figures, their ids translated to the range's own name table, so that ranges read on different
/// threads (with different interned ids) append in file order to the one-reader result.
///
/// NB: only the nodes on a counted path (a counted node and its ancestors) and the root writes
/// are kept, parents before children; appending translates a later range's nodes id by id, never
/// by path text.
struct WhyPartial: RangePartial {
    typealias Node = WhyCollector.NodeKey

    var reading: RangeReading
    var endsInsidePairing: Bool { false }
    /// The views and symbols the nodes name, by name id (`names[0]` is the empty name).
    private(set) var names: [String] = [""]
    /// The nodes (a node's `parent` and name fields are ids into `nodes`, 1-based, and `names`).
    private(set) var nodes: [Node] = []
    /// Each node's counts (zero where nothing counted on it).
    private(set) var counts: [WhyCounts] = []
    /// The value tallies of the nodes whose evaluations' writes carried any (`path`, `write`: node
    /// ids, `old`/`new`: ids into `names`), each key once, and their counts by the same index.
    private(set) var valueKeys: [WhyValueKey] = []
    private(set) var valueCounts: [Int] = []
    /// Every view the glob matched (with or without evaluations).
    var matchedViews: Set<String> = []
    /// When nothing matched: view paths close to the glob.
    var nearMatches: Set<String> = []
    /// The trace's mark names in order of first appearance (read with a slice only).
    var markNames: [String] = []
    /// How the matched views' evaluations without a recorded cause fared, by view.
    private(set) var inference: [String: WhyInference] = [:]
    /// How many evaluations of each view are listed (nil: no list asked for).
    private(set) var listLimit: Int?
    /// The first `listLimit` evaluations of each matched view, in trace order.
    private(set) var listed: [Listed] = []

    /// An evaluation `why --list` shows: its path's node, the values of the writes on its chain
    /// (keys whose `path` is `node`, counted once each) and its own fields.
    struct Listed {
        var node: UInt32
        var values: [WhyValueKey]
        var seq: Int64?
        var ts: Int64?
        var dur: Int64?
    }

    /// The paths `collector` counted over what `reader` read (made by `WhyCollector.partial(of:)`,
    /// which first counts what is pending).
    init(_ collector: borrowing WhyCollector, _ reader: borrowing TraceReader) {
        reading = RangeReading(reader, crossingCauses: collector.crossingCauses)
        var viewIDs = [UInt32](repeating: 0, count: reader.viewCount + 1)
        var symbolIDs = [UInt32](repeating: 0, count: reader.stringCount + 1)
        var table = NameTable()
        let kept = Self.keptNodes(collector)
        var translated = [UInt32](repeating: 0, count: collector.nodes.count + 1)
        var slots = [Int32](repeating: -1, count: collector.nodes.count + 1)
        for (slot, node) in collector.countedNodes.enumerated() { slots[Int(node)] = Int32(slot) }
        for id in stride(from: 1, through: collector.nodes.count, by: 1) where kept[id] {
            let node = collector.nodes[id - 1]
            let key = Node(
                parent: translated[Int(node.parent)],
                view: table.id(of: node.view, in: &viewIDs) { reader.viewName($0) },
                first: table.id(of: node.first, in: &symbolIDs) { reader.string($0) },
                second: table.id(of: node.second, in: &symbolIDs) { reader.string($0) },
                third: table.id(of: node.third, in: &symbolIDs) { reader.string($0) },
                fourth: table.id(of: node.fourth, in: &symbolIDs) { reader.string($0) }, kind: node.kind, inferred: node.inferred)
            nodes.append(key)
            counts.append(slots[id] >= 0 ? collector.counts[Int(slots[id])] : WhyCounts())
            translated[id] = UInt32(nodes.count)
        }
        collector.valueCounts.forEach { key, count in
            let path = translated[Int(collector.countedNodes[Int(key.path) - 1])]
            valueKeys.append(key.translated(path: path, write: translated[Int(key.write)]) { table.id(of: $0, in: &symbolIDs) { reader.string($0) } })
            valueCounts.append(count)
        }
        listLimit = collector.listLimit
        for evaluation in collector.listed {
            let node = translated[Int(evaluation.node)]
            var values: [WhyValueKey] = []
            var entry = evaluation.values
            while entry != 0 {
                let write = collector.valueEntries[Int(entry) - 1]
                values.append(write.value.translated(path: node, write: translated[Int(write.value.write)]) {
                    table.id(of: $0, in: &symbolIDs) { reader.string($0) }
                })
                entry = write.previous
            }
            listed.append(Listed(node: node, values: values, seq: evaluation.seq, ts: evaluation.ts, dur: evaluation.dur))
        }
        names = table.names
        collector.inferenceCounts.forEach { key, count in
            guard let outcome = InferenceOutcome(rawValue: key.outcome) else { return }
            inference[reader.viewName(key.view), default: WhyInference()].add(count, outcome)
        }
        for id in stride(from: 1, through: reader.viewCount, by: 1) where collector.matches(ViewID(id)) { matchedViews.insert(reader.viewName(ViewID(id))) }
        if matchedViews.isEmpty {
            var viewNames: [String] = []
            for id in stride(from: 1, through: reader.viewCount, by: 1) { viewNames.append(reader.viewName(ViewID(id))) }
            nearMatches = WhyNearMatch.closest(to: collector.glob, among: viewNames)
        }
    }

    /// Whether each node of `collector` (by id, index 0 unused) lies on a counted path or is a
    /// root write.
    ///
    /// NB: every root write is kept, counted or not: it carries its property's first site, which a
    /// later range's path from the same property must take.
    private static func keptNodes(_ collector: borrowing WhyCollector) -> [Bool] {
        var kept = [false] + collector.nodes.map { $0.kind == .rootWrite }
        for node in collector.countedNodes {
            var id = Int(node)
            while id != 0 && !kept[id] {
                kept[id] = true
                id = Int(collector.nodes[id - 1].parent)
            }
        }
        return kept
    }

    /// The path from the root to node `id`.
    func key(of id: UInt32) -> WhyPathKey {
        var hops: [WhyHop] = []
        var node = nodes[Int(id) - 1]
        while true {
            switch node.kind {
            case .rootWrite:
                hops.reverse()
                return WhyPathKey(
                    root: .write(view: names[Int(node.view)], prop: names[Int(node.first)], wrapper: names[Int(node.second)],
                                 site: names[Int(node.third)], changes: names[Int(node.fourth)]),
                    hops: hops)
            case .rootMount:
                hops.reverse()
                return WhyPathKey(root: .mount(view: names[Int(node.view)]), hops: hops)
            case .rootUnknown, .none:
                hops.reverse()
                return WhyPathKey(root: .unknown, hops: hops)
            case .evaluation, .skip:
                let inputs = names[Int(node.second)]
                hops.append(WhyHop(
                    kind: node.kind == .evaluation ? .evaluation : .skip, view: names[Int(node.view)], detail: names[Int(node.first)],
                    inferred: node.inferred == 0 ? nil : InferenceOutcome(rawValue: node.inferred)?.rule,
                    inputs: inputs.isEmpty ? [] : inputs.components(separatedBy: ", ")))
            case .mount:
                hops.append(WhyHop(kind: .mount, view: names[Int(node.view)], detail: ""))
            case .write:
                hops.append(WhyHop(kind: .write, view: names[Int(node.view)], detail: "\(names[Int(node.first)]) (\(names[Int(node.second)]))"))
            }
            node = nodes[Int(node.parent) - 1]
        }
    }

    /// Adds the figures of the range that follows this one.
    mutating func append(_ later: WhyPartial) {
        var table = NameTable(names)
        var nameIDs = [UInt32](repeating: 0, count: later.names.count)
        let index = FlatHashTable<Node, UInt32>(capacity: nodes.count + later.nodes.count)
        for (offset, node) in nodes.enumerated() { _ = index.value(for: node.identity) { UInt32(offset + 1) } }
        var translated = [UInt32](repeating: 0, count: later.nodes.count + 1)
        nodes.reserveCapacity(nodes.count + later.nodes.count)
        counts.reserveCapacity(counts.count + later.nodes.count)
        for (offset, node) in later.nodes.enumerated() {
            let name = { (id: UInt32) in table.id(of: id, in: &nameIDs) { later.names[Int($0)] } }
            let key = Node(
                parent: translated[Int(node.parent)], view: name(node.view), first: name(node.first), second: name(node.second),
                third: name(node.third), fourth: name(node.fourth), kind: node.kind, inferred: node.inferred)
            // NB: a root write both ranges hold keeps this range's site: the earlier first write's.
            let id = index.value(for: key.identity) {
                nodes.append(key)
                counts.append(WhyCounts())
                return UInt32(nodes.count)
            }
            counts[Int(id) - 1].add(later.counts[offset])
            translated[offset + 1] = id
        }
        let valueIndex = FlatHashTable<WhyValueKey, Int>(capacity: valueKeys.count + later.valueKeys.count)
        for (offset, key) in valueKeys.enumerated() { _ = valueIndex.value(for: key) { offset } }
        for (key, count) in zip(later.valueKeys, later.valueCounts) {
            let mine = key.translated(path: translated[Int(key.path)], write: translated[Int(key.write)]) { table.id(of: $0, in: &nameIDs) { later.names[Int($0)] } }
            let offset = valueIndex.value(for: mine) {
                valueKeys.append(mine)
                valueCounts.append(0)
                return valueKeys.count - 1
            }
            valueCounts[offset] += count
        }
        appendListed(later.listed, translated: translated) { table.id(of: $0, in: &nameIDs) { later.names[Int($0)] } }
        names = table.names
        inference.merge(later.inference) { $0.adding($1) }
        matchedViews.formUnion(later.matchedViews)
        nearMatches.formUnion(later.nearMatches)
        appendReading(of: later)
    }

    /// Appends the evaluations a later range listed (their nodes translated by `translated`, their
    /// names by `name`) while their view has fewer than `listLimit` listed: the first of the whole
    /// trace, as ranges append in file order.
    private mutating func appendListed(_ later: [Listed], translated: [UInt32], name: (UInt32) -> UInt32) {
        guard let listLimit, !later.isEmpty else { return }
        var perView: [UInt32: Int] = [:]
        for evaluation in listed { perView[nodes[Int(evaluation.node) - 1].view, default: 0] += 1 }
        for var evaluation in later {
            evaluation.node = translated[Int(evaluation.node)]
            let view = nodes[Int(evaluation.node) - 1].view
            guard perView[view, default: 0] < listLimit else { continue }
            perView[view, default: 0] += 1
            evaluation.values = evaluation.values.map { $0.translated(path: evaluation.node, write: translated[Int($0.write)], name) }
            listed.append(evaluation)
        }
    }
}

/// Names interned once each: the ids a partial's nodes are written in.
private struct NameTable {
    private(set) var names: [String]
    private var ids: [String: UInt32] = [:]

    /// A table holding `names` (the first being the empty name, id 0).
    init(_ names: [String] = [""]) {
        self.names = names
        for (id, name) in names.enumerated() { ids[name] = UInt32(id) }
    }

    /// The id of the name another table calls `local`, remembered in `translated` (0: not yet
    /// translated; a local 0 is the empty name); `name` resolves the local id.
    mutating func id(of local: UInt32, in translated: inout [UInt32], _ name: (UInt32) -> String) -> UInt32 {
        guard local != 0, Int(local) < translated.count else { return 0 }
        if translated[Int(local)] != 0 { return translated[Int(local)] }
        let text = name(local)
        let id = ids[text] ?? {
            names.append(text)
            ids[text] = UInt32(names.count - 1)
            return UInt32(names.count - 1)
        }()
        translated[Int(local)] = id
        return id
    }
}
