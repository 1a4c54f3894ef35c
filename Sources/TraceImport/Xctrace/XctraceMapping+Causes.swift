import TracerCore

extension XctraceMapping {
    /// How a cause graph node's label reads.
    private enum Source {
        /// A state, environment or external source: a write of `prop` with `wrapper`.
        case state(wrapper: WrapperKind, prop: String, reason: EvalReason)
        /// The evaluation of a view's body.
        case body(view: String)
        /// Anything else: SwiftUI's or the system's own work.
        case system
    }

    /// Adds the cause graph's edges (`swiftui-causes`): a write per distinct source event of a state
    /// source, an invalidation or a skip per `Update` edge to a view's body, each invalidation
    /// joined to the evaluation it led to.
    mutating func mapEdges(
        _ edges: [XctraceRows.Edge], schema: String, _ evaluationsByView: [String: [Int]],
        _ evaluationByID: [UInt64: Int], _ writer: inout ImportedTraceWriter
    ) {
        // NB: edges in time order, the first row first on a tie.
        let order = edges.indices.sorted { (edges[$0].time, $0) < (edges[$1].time, $1) }
        let (writeOfSource, writeViews) = mapSourceWrites(edges, in: order, &writer)
        for index in order {
            let edge = edges[index]
            let source = Self.source(edge.source)
            let (target, skipped) = Self.destination(edge.destination)
            guard edge.label == "Update" else {
                if edge.label == "Creation" { counts.creationEdges += 1 } else { counts.otherEdges += 1 }
                tally.leaveOut(schema, edge.label == "Creation" ? XctraceImportSummary.Reason.creationEdge : XctraceImportSummary.Reason.edgeToOtherNode)
                continue
            }
            guard let view = target else {
                counts.otherEdges += 1
                tally.leaveOut(schema, XctraceImportSummary.Reason.edgeToOtherNode)
                continue
            }
            var cause: Int?
            let reason: EvalReason
            switch source {
            case .system:
                counts.systemSourceEdges += 1
                tally.leaveOut(schema, XctraceImportSummary.Reason.systemSource)
                continue
            case .state(_, _, let sourceReason):
                reason = sourceReason
                cause = writeOfSource[Self.sourceKey(edge)].map { writeViews[$0].write }
            case .body(let sourceView):
                reason = .inputsChanged
                cause = evaluation(of: sourceView, at: edge.time, evaluationsByView)
            }
            var event = TraceEvent.about(skipped ? .skip : .invalidate, view: writer.intern(view), cause: 0, tx: 0,
                                         reason: skipped ? .inputsEqual : .none)
            event.ts = edge.time
            let effect = pending.count
            append(event, key: edge.time, rank: 2, cause: cause)
            tally.importRows(schema)
            if skipped {
                counts.skips += 1
                continue
            }
            counts.invalidations += 1
            join(effect, of: edge, view: view, cause: cause, reason: reason, evaluationsByView, evaluationByID)
        }
    }

    /// Adds a write per distinct source event of a state source, at its earliest edge, of the view
    /// of its earliest edge to a body, its `changes` naming what changed as its earliest edge that
    /// says so does (`whatChanged`; `prop` is the property's name alone); returns each source's place in the list of writes, and the
    /// writes (their pending events) with their views.
    private mutating func mapSourceWrites(
        _ edges: [XctraceRows.Edge], in order: [Int], _ writer: inout ImportedTraceWriter
    ) -> (writeOfSource: [String: Int], writeViews: [(write: Int, view: String?)]) {
        var writeOfSource: [String: Int] = [:]
        var writeViews: [(write: Int, view: String?)] = []
        // NB: each write's source prop, and what changed once an edge says so (one write per source event).
        var props: [(source: String, changed: String?)] = []
        for index in order {
            let edge = edges[index]
            guard case .state(let wrapper, let prop, _) = Self.source(edge.source) else { continue }
            let target = Self.destination(edge.destination).view
            if let write = writeOfSource[Self.sourceKey(edge)] {
                if writeViews[write].view == nil { writeViews[write].view = target }
                if props[write].changed == nil { props[write].changed = Self.whatChanged(edge) }
                continue
            }
            var event = TraceEvent.write(view: .none, prop: .none, wrapper: wrapper, changed: nil, site: .none, tx: 0)
            event.ts = edge.time
            if wrapper == .none { unknownWrappers = true }
            writeOfSource[Self.sourceKey(edge)] = writeViews.count
            writeViews.append((pending.count, target))
            props.append((prop, Self.whatChanged(edge)))
            append(event, key: edge.time, rank: 1)
            counts.writes += 1
        }
        for ((write, view), prop) in zip(writeViews, props) {
            pending[write].event.view = writer.intern(view ?? "<unknown>")
            pending[write].event.prop = writer.intern(prop.source)
            if let changed = prop.changed { changesOfWrite[write] = writer.intern(changed) }
        }
        return (writeOfSource, writeViews)
    }

    /// What an edge says changed: its value type and changed properties, `Type: properties`
    /// (either alone when the other is missing); nil when it says neither.
    ///
    /// NB: the type and names of what changed, never its values: no `old`/`new` is made of them.
    static func whatChanged(_ edge: XctraceRows.Edge) -> String? {
        switch (edge.valueType, edge.changedProperties) {
        case (let type?, let properties?): "\(type): \(properties)"
        case (let type?, nil): type
        case (nil, let properties?): properties
        case (nil, nil): nil
        }
    }

    /// Joins the invalidation `effect` of `edge` to the evaluation of `view` it led to, which takes
    /// it as its cause and `reason`; `cause` is the invalidation's own (a write, or nil).
    private mutating func join(
        _ effect: Int, of edge: XctraceRows.Edge, view: String, cause: Int?, reason: EvalReason,
        _ evaluationsByView: [String: [Int]], _ evaluationByID: [UInt64: Int]
    ) {
        // The evaluation this invalidation led to: by id when the id names an evaluation of
        // the same view, else the first uncaused one of the view starting at or after it.
        var evaluation: Int?
        if let id = edge.destinationID, let joined = evaluationByID[id], pending[joined].event.view == pending[effect].event.view,
           pending[joined].cause == nil {
            evaluation = joined
            counts.joinedByID += 1
        } else if let candidates = evaluationsByView[view],
                  let found = candidates.first(where: { pending[$0].key >= edge.time && pending[$0].cause == nil }) {
            evaluation = found
            counts.joinedByNameAndTime += 1
        } else {
            counts.unjoinedInvalidations += 1
        }
        guard let evaluation else { return }
        pending[evaluation].cause = effect
        pending[evaluation].event.reason = reason
        // NB: an evaluation joined by id may start before the edge's timestamp: its cause
        // then takes its place in the order (and its write before that).
        if pending[evaluation].key < pending[effect].key {
            pending[effect].key = pending[evaluation].key
            if let write = cause, pending[write].key > pending[effect].key { pending[write].key = pending[effect].key }
        }
    }

    /// What tells one change apart: the edge's source event id (else its label and time).
    private static func sourceKey(_ edge: XctraceRows.Edge) -> String {
        edge.sourceID.map { "#\($0)" } ?? "\(edge.source)@\(edge.time)"
    }

    /// The evaluation of `view` whose interval holds `time`, else its latest one that started
    /// at or before it.
    private func evaluation(of view: String, at time: UInt64, _ evaluationsByView: [String: [Int]]) -> Int? {
        guard let evaluations = evaluationsByView[view] else { return nil }
        var latest: Int?
        for index in evaluations where pending[index].key <= time {
            let event = pending[index].event
            if event.hasDuration, event.ts >= time { return index }
            latest = index
        }
        return latest
    }

    /// How a source node's label reads: `@W rest`, `EnvironmentWriter: K`, `External
    /// Environment`, `External: T`, `V.body`, or a system node.
    private static func source(_ label: String) -> Source {
        if label.hasPrefix("@") {
            let name = label.dropFirst().prefix { $0 != " " }
            let prop = label.dropFirst(name.count + 1).drop { $0 == " " }
            let wrapper = WrapperKind.allCases.first { $0 != .none && $0.name == name } ?? .none
            return .state(wrapper: wrapper, prop: String(prop), reason: wrapper == .observable ? .observed : .state)
        }
        if label.hasPrefix("EnvironmentWriter: ") {
            return .state(wrapper: .environment, prop: String(label.dropFirst("EnvironmentWriter: ".count)), reason: .environment)
        }
        if label == "External Environment" { return .state(wrapper: .environment, prop: "External", reason: .environment) }
        if label.hasPrefix("External: ") {
            return .state(wrapper: .external, prop: String(label.dropFirst("External: ".count)), reason: .external)
        }
        if label.hasSuffix(".body"), label.count > 5 { return .body(view: String(label.dropLast(5))) }
        return .system
    }

    /// The view a destination node's label names (`V.body`, `V.body [skipped]`), and whether it
    /// is a skip; nil for another node.
    private static func destination(_ label: String) -> (view: String?, skipped: Bool) {
        if label.hasSuffix(".body [skipped]") { return (String(label.dropLast(".body [skipped]".count)), true) }
        if label.hasSuffix(".body"), label.count > 5 { return (String(label.dropLast(5)), false) }
        return (nil, false)
    }
}
