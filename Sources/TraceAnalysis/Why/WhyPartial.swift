/// What `why` gathered from one range of a trace, keyed by names so that ranges read on different
/// threads (with different interned ids) append in file order to the one-reader result.
struct WhyPartial: RangePartial {
    var file: String
    var header: TraceHeader?
    var warnings: [TraceDiagnostic] = []
    var invalidLineCount = 0
    var lineCount = 0
    var crossingCauses = 0
    var endsInsidePairing: Bool { false }
    /// Each path's figures, the evaluated view being its last step.
    var paths: [WhyPathKey: WhyFigures] = [:]
    /// Every view the glob matched (with or without evaluations).
    var matchedViews: Set<String> = []
    /// When nothing matched: view paths close to the glob.
    var nearMatches: Set<String> = []
    /// The trace's mark names in order of first appearance (read with a slice only).
    var markNames: [String] = []

    /// The paths `collector` counted over what `reader` read, by name.
    init(_ collector: borrowing WhyCollector, _ reader: borrowing TraceReader, glob: ViewGlob) {
        file = reader.displayName
        header = reader.header
        warnings = reader.warnings
        invalidLineCount = reader.invalidLineCount
        lineCount = reader.lineCount
        crossingCauses = collector.crossingCauses
        // NB: names are resolved once each, before any closure needs them (the reader is borrowed).
        var views: [ViewID: String] = [:]
        for node in collector.nodes where views[node.view] == nil { views[node.view] = reader.viewName(node.view) }
        let strings = (0...reader.stringCount).map { reader.string(SymbolID($0)) }
        for (node, figures) in collector.counted {
            let key = Self.path(of: node, collector.nodes, view: { views[$0] ?? "" }, string: { Int($0) < strings.count ? strings[Int($0)] : "" })
            paths[key, default: WhyFigures()].add(figures)
        }
        var viewNames: [String] = []
        for id in 0..<reader.viewCount { viewNames.append(reader.viewName(ViewID(id + 1))) }
        for (index, name) in viewNames.enumerated() where collector.matches(ViewID(index + 1)) { matchedViews.insert(name) }
        if matchedViews.isEmpty { nearMatches = WhyNearMatch.closest(to: glob, among: viewNames) }
    }

    /// The path from the root to node `id` (an index + 1 into `nodes`).
    private static func path(
        of id: UInt32, _ nodes: [WhyCollector.NodeKey], view: (ViewID) -> String, string: (SymbolID) -> String
    ) -> WhyPathKey {
        var hops: [WhyHop] = []
        var node = nodes[Int(id) - 1]
        while true {
            switch node.kind {
            case .rootWrite:
                hops.reverse()
                return WhyPathKey(
                    root: .write(view: view(node.view), prop: string(node.first), wrapper: string(node.second), site: string(node.third)),
                    hops: hops)
            case .rootMount:
                hops.reverse()
                return WhyPathKey(root: .mount(view: view(node.view)), hops: hops)
            case .rootUnknown, .none:
                hops.reverse()
                return WhyPathKey(root: .unknown, hops: hops)
            case .evaluation, .skip:
                hops.append(WhyHop(kind: node.kind == .evaluation ? .evaluation : .skip, view: view(node.view), detail: string(node.first)))
            case .write:
                hops.append(WhyHop(kind: .write, view: view(node.view), detail: "\(string(node.first)) (\(string(node.second)))"))
            }
            node = nodes[Int(node.parent) - 1]
        }
    }

    /// Adds the figures of the range that follows this one.
    mutating func append(_ later: WhyPartial) {
        for (key, figures) in later.paths { paths[key, default: WhyFigures()].add(figures) }
        matchedViews.formUnion(later.matchedViews)
        nearMatches.formUnion(later.nearMatches)
        appendReading(of: later)
    }
}
