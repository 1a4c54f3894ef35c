import TracerCore

/// Turns the rows of an Instruments export into `tracer/1` events, in order of their start.
///
/// - Evaluations: one per body row of the chosen process (SwiftUI's own modules left out unless
///   `allModules`); `ts` = start + duration, `dur` exclusive: the row's duration less those of the
///   body rows directly nested in it on its thread (any module), never below 0. A duration over
///   an hour or the run's length, or a start of 0, has no interval: the evaluation keeps `ts` =
///   start and no `dur`, and neither contains nor is subtracted.
/// - Cause edges (`swiftui-causes`): a `write` per distinct source event of a state, environment
///   or external source; an `invalidate` per `Update` edge to `V.body`, caused by the write or by
///   the source body's evaluation; the evaluation it leads to found by the edge's destination id
///   when that names an imported row of the same view, else the first uncaused evaluation of `V`
///   starting at or after the edge; a `skip` per edge to `V.body [skipped]`.
/// - Legacy View Properties: a `write` per `Update` link event (a first value: `state-init`),
///   causing the first evaluation of its view starting at or after it.
/// - Update groups, hitches and signposts (marks) as they are.
///
/// `tx`: each write and each evaluation without a cause opens a transaction; an event caused by
/// another takes its `tx`. `group`: the innermost update group on the event's thread holding its start.
struct XctraceMapping {
    /// What the mapping needs besides the rows.
    struct Settings {
        var allModules = false
        /// The process whose rows are kept; nil keeps every row.
        var process: UInt64?
        /// The run's length in ns (the TOC's `<duration>`), when known.
        var runLength: UInt64?
    }

    /// A duration over this (one hour) is an in-flight update's garbage.
    static let garbageLimit: UInt64 = 3_600_000_000_000

    /// An event waiting for its place: `key` orders it, `cause` is another pending event's index.
    ///
    /// NB: kept small (the cause an `Int32`): an import holds one per event until it is written.
    private struct Pending {
        var event: TraceEvent
        var key: UInt64
        private var causeIndex: Int32?
        var rank: UInt8

        init(key: UInt64, rank: UInt8, event: TraceEvent, cause: Int?) {
            self.event = event
            self.key = key
            self.rank = rank
            self.cause = cause
        }

        var cause: Int? {
            get { causeIndex.map(Int.init) }
            set { causeIndex = newValue.map(Int32.init) }
        }
    }

    /// How a cause graph node's label reads.
    private enum Source {
        /// A state, environment or external source: a write of `prop` with `wrapper`.
        case state(wrapper: WrapperKind, prop: String, reason: EvalReason)
        /// The evaluation of a view's body.
        case body(view: String)
        /// Anything else: SwiftUI's or the system's own work.
        case system
    }

    private var pending: [Pending] = []
    private var threads: [UInt64: UInt16] = [:]
    private(set) var counts = XctraceImportSummary.Counts()
    private(set) var unknownWrappers = false

    /// Maps `rows` with `writer` and writes the trace to `output`, in blocks as events are placed.
    ///
    /// NB: when a write's wrapper has no name in Tracer, the header claims no wrappers.
    /// NB: empties `rows` (its bodies filtered in place, then let go before the events are written).
    static func write(
        _ rows: inout XctraceRows, settings: Settings, with writer: inout ImportedTraceWriter, into output: inout some TextOutputStream
    ) -> (counts: XctraceImportSummary.Counts, unknownWrappers: Bool) {
        var mapping = XctraceMapping()
        mapping.map(&rows, settings, &writer)
        rows = XctraceRows()
        if mapping.unknownWrappers { writer.removeCapability(.wrapper) }
        mapping.flush(&writer, into: &output)
        return (mapping.counts, mapping.unknownWrappers)
    }

    /// Gathers the pending events of `rows`.
    private mutating func map(_ rows: inout XctraceRows, _ settings: Settings, _ writer: inout ImportedTraceWriter) {
        let limit = min(Self.garbageLimit, settings.runLength ?? .max)
        func kept(_ process: UInt64?) -> Bool { settings.process == nil || process == nil || process == settings.process }
        let groups = UpdateGroups(rows.groups.filter { kept($0.process) }, limit: limit)
        let bodyCount = rows.bodies.count
        rows.bodies.removeAll { !kept($0.process) }
        let processBodies = rows.bodies
        counts.otherProcessRows += bodyCount - processBodies.count
        // NB: the legacy tables' links, or the other tables' edges of the process (joined below).
        let edges = rows.isLegacy ? [] : rows.edges.filter { kept($0.process) }
        let links = rows.isLegacy ? rows.links : []
        let evaluations = settings.allModules ? processBodies.count : processBodies.count { !$0.isSwiftUIModule }
        pending.reserveCapacity(groups.ordered.count + evaluations + 2 * edges.count + links.count + rows.hitches.count + 2 * rows.signposts.count)
        // Update groups.
        for (number, group) in groups.ordered.enumerated() {
            var event = TraceEvent(kind: .updateGroup)
            event.ts = group.start
            event.tid = tid(group.thread)
            event.group = UInt32(number + 1)
            if group.duration <= limit {
                event.dur = group.duration
                event.hasDuration = true
            } else {
                counts.garbageGroups += 1
            }
            append(event, key: group.start, rank: 0)
        }
        // Evaluations.
        let exclusive = Self.exclusiveDurations(processBodies, limit: limit)
        // NB: the joins of causes and links to evaluations only when there are any to join.
        let joins = !links.isEmpty || !edges.isEmpty
        var evaluationsByView: [String: [Int]] = [:]
        var evaluationByID: [UInt64: Int] = [:]
        var viewSymbols = [Symbol?](repeating: nil, count: rows.views.count)
        for (index, body) in processBodies.enumerated() {
            if body.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                continue
            }
            var event = TraceEvent(kind: .bodyEval)
            if viewSymbols[Int(body.view)] == nil { viewSymbols[Int(body.view)] = writer.intern(rows.views[Int(body.view)]) }
            event.view = viewSymbols[Int(body.view)]!
            event.tid = tid(body.thread)
            event.group = groups.number(holding: body.start, thread: body.thread)
            if let duration = exclusive[index] {
                event.ts = body.start &+ body.duration
                event.dur = duration
                event.hasDuration = true
            } else {
                event.ts = body.start
                if body.start == 0 { counts.startsAtZero += 1 } else { counts.garbageDurations += 1 }
            }
            if joins {
                evaluationsByView[rows.views[Int(body.view)], default: []].append(pending.count)
                if let id = body.id { evaluationByID[id] = pending.count }
            }
            append(event, key: body.start, rank: 3)
            counts.evaluations += 1
        }
        for key in evaluationsByView.keys { evaluationsByView[key]!.sort { pending[$0].key < pending[$1].key } }
        if rows.isLegacy {
            mapLinks(links, settings, evaluationsByView, &writer)
        } else {
            mapEdges(edges, evaluationsByView, evaluationByID, &writer)
        }
        // Hitches and marks.
        for hitch in rows.hitches where kept(hitch.process) {
            guard hitch.duration <= limit else {
                counts.garbageHitches += 1
                continue
            }
            var event = TraceEvent(kind: .hitch)
            event.ts = hitch.start
            event.dur = hitch.duration
            event.hasDuration = true
            if !hitch.narrative.isEmpty { event.text = writer.intern(hitch.narrative) }
            event.isSystem = hitch.isSystem
            append(event, key: hitch.start, rank: 4)
            counts.hitches += 1
        }
        for signpost in rows.signposts where kept(signpost.process) {
            var mark = TraceEvent(kind: .mark)
            mark.ts = signpost.start
            mark.text = writer.intern(signpost.name)
            append(mark, key: signpost.start, rank: 0)
            counts.marks += 1
            guard let duration = signpost.duration, duration <= limit else { continue }
            mark.ts = signpost.start &+ duration
            mark.text = writer.intern(signpost.name + ".end")
            append(mark, key: mark.ts, rank: 0)
            counts.marks += 1
        }
    }

    // MARK: Cause edges

    private mutating func mapEdges(
        _ edges: [XctraceRows.Edge], _ evaluationsByView: [String: [Int]],
        _ evaluationByID: [UInt64: Int], _ writer: inout ImportedTraceWriter
    ) {
        // NB: edges in time order, the first row first on a tie.
        let order = edges.indices.sorted { (edges[$0].time, $0) < (edges[$1].time, $1) }
        // A write per distinct source event of a state source, at its earliest edge, of the view
        // of its earliest edge to a body.
        var writeOfSource: [String: Int] = [:]
        var writeViews: [(write: Int, view: String?)] = []
        for index in order {
            let edge = edges[index]
            guard case .state(let wrapper, let prop, _) = Self.source(edge.source) else { continue }
            let target = Self.destination(edge.destination).view
            if let write = writeOfSource[Self.sourceKey(edge)] {
                if writeViews[write].view == nil { writeViews[write].view = target }
                continue
            }
            var event = TraceEvent.write(view: .none, prop: writer.intern(prop), wrapper: wrapper, changed: nil, site: .none, tx: 0)
            event.ts = edge.time
            if wrapper == .none { unknownWrappers = true }
            writeOfSource[Self.sourceKey(edge)] = writeViews.count
            writeViews.append((pending.count, target))
            append(event, key: edge.time, rank: 1)
            counts.writes += 1
        }
        for (write, view) in writeViews { pending[write].event.view = writer.intern(view ?? "<unknown>") }
        for index in order {
            let edge = edges[index]
            let source = Self.source(edge.source)
            let (target, skipped) = Self.destination(edge.destination)
            guard edge.label == "Update" else {
                if edge.label == "Creation" { counts.creationEdges += 1 } else { counts.otherEdges += 1 }
                continue
            }
            guard let view = target else {
                counts.otherEdges += 1
                continue
            }
            var cause: Int?
            let reason: EvalReason
            switch source {
            case .system:
                counts.systemSourceEdges += 1
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
            if skipped {
                counts.skips += 1
                continue
            }
            counts.invalidations += 1
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
            guard let evaluation else { continue }
            pending[evaluation].cause = effect
            pending[evaluation].event.reason = reason
            // NB: an evaluation joined by id may start before the edge's timestamp: its cause
            // then takes its place in the order (and its write before that).
            if pending[evaluation].key < pending[effect].key {
                pending[effect].key = pending[evaluation].key
                if let write = cause, pending[write].key > pending[effect].key { pending[write].key = pending[effect].key }
            }
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

    // MARK: Legacy View Properties

    private mutating func mapLinks(
        _ links: [XctraceRows.Link], _ settings: XctraceMapping.Settings, _ evaluationsByView: [String: [Int]],
        _ writer: inout ImportedTraceWriter
    ) {
        for link in links.sorted(by: { $0.time < $1.time }) {
            guard link.event == "Update" else {
                counts.otherLinkEvents += 1
                continue
            }
            if link.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                continue
            }
            // NB: `State<Bool>` → State; a type Tracer has no wrapper for gets none.
            let outer = link.linkType.prefix { $0 != "<" }
            let wrapper = WrapperKind.allCases.first { $0 != .none && $0.name == outer } ?? .none
            if wrapper == .none { unknownWrappers = true }
            var event = TraceEvent.write(
                view: writer.intern(link.view), prop: writer.intern(link.linkType), wrapper: wrapper, changed: nil, site: .none, tx: 0)
            event.ts = link.time
            if link.isInitial {
                event.kind = .stateInit
                append(event, key: link.time, rank: 1)
                counts.stateInits += 1
                continue
            }
            let write = pending.count
            append(event, key: link.time, rank: 1)
            counts.writes += 1
            guard let evaluation = evaluationsByView[link.view]?.first(where: { pending[$0].key >= link.time }) else {
                counts.unjoinedInvalidations += 1
                continue
            }
            // NB: several writes may lead to one evaluation; its cause is the first of them.
            counts.joinedByNameAndTime += 1
            if pending[evaluation].cause == nil {
                pending[evaluation].cause = write
                pending[evaluation].event.reason = wrapper == .observable ? .observed : .state
            }
        }
    }

    // MARK: Order, seq and transactions

    private mutating func append(_ event: TraceEvent, key: UInt64, rank: UInt8, cause: Int? = nil) {
        pending.append(Pending(key: key, rank: rank, event: event, cause: cause))
    }

    /// The small `tid` of thread `thread` (1, 2, … in order of appearance; 0 for a table without
    /// a thread column).
    private mutating func tid(_ thread: UInt64) -> UInt16 {
        guard thread != 0 else { return 0 }
        if let known = threads[thread] { return known }
        let next = UInt16(clamping: threads.count + 1)
        threads[thread] = next
        return next
    }

    /// Writes the events in order of their start, each cause before its effect, to `output` in blocks.
    private mutating func flush(_ writer: inout ImportedTraceWriter, into output: inout some TextOutputStream) {
        let order = pending.indices.sorted { (pending[$0].key, pending[$0].rank, $0) < (pending[$1].key, pending[$1].rank, $1) }
        var seqOf = [UInt64](repeating: 0, count: pending.count)
        for (position, index) in order.enumerated() { seqOf[index] = UInt64(position + 1) }
        var transaction: UInt64 = 0
        for index in order {
            var event = pending[index].event
            if let cause = pending[index].cause, seqOf[cause] < seqOf[index] {
                event.cause = seqOf[cause]
                event.tx = pending[cause].event.tx
            } else {
                if pending[index].cause != nil { counts.causesOutOfOrder += 1 }
                switch event.kind {
                case .write, .bodyEval, .invalidate, .skip, .stateInit:
                    transaction += 1
                    event.tx = transaction
                default:
                    break
                }
            }
            pending[index].event.tx = event.tx
            writer.append(event)
            writer.flushChunk(into: &output, threshold: 1 << 16)
        }
        writer.flushChunk(into: &output)
        counts.events = pending.count
    }

    // MARK: Exclusive durations

    /// Each row's exclusive duration, by index; nil for a row without an interval (garbage
    /// duration or start 0).
    ///
    /// NB: per thread, rows in start order (the longer first on a tie) on a stack of the rows
    /// still open: the innermost open row holding a row is its direct parent.
    static func exclusiveDurations(_ bodies: [XctraceRows.Body], limit: UInt64) -> [UInt64?] {
        func hasInterval(_ body: XctraceRows.Body) -> Bool { body.start > 0 && body.duration <= limit }
        var nested = [UInt64](repeating: 0, count: bodies.count)
        let order = bodies.indices.filter { hasInterval(bodies[$0]) }.sorted {
            let (a, b) = (bodies[$0], bodies[$1])
            return (a.thread, a.start, UInt64.max - a.duration, $0) < (b.thread, b.start, UInt64.max - b.duration, $1)
        }
        var stack: [Int] = []
        for index in order {
            let body = bodies[index]
            if let top = stack.last, bodies[top].thread != body.thread { stack.removeAll(keepingCapacity: true) }
            while let top = stack.last, bodies[top].start &+ bodies[top].duration <= body.start { stack.removeLast() }
            if let top = stack.last, body.start &+ body.duration <= bodies[top].start &+ bodies[top].duration {
                nested[top] &+= body.duration
            }
            stack.append(index)
        }
        return bodies.indices.map { index in
            hasInterval(bodies[index]) ? bodies[index].duration - min(bodies[index].duration, nested[index]) : nil
        }
    }
}

/// The update groups of the chosen process, numbered 1, 2, … in start order, by thread.
struct UpdateGroups {
    let ordered: [XctraceRows.Group]
    private let limit: UInt64
    /// Each thread's groups (number − 1), in start order.
    private var byThread: [UInt64: [Int]] = [:]

    init(_ groups: [XctraceRows.Group], limit: UInt64) {
        ordered = groups.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        self.limit = limit
        for (index, group) in ordered.enumerated() { byThread[group.thread, default: []].append(index) }
    }

    /// The number of the innermost group on `thread` whose interval holds `time` (the latest
    /// started of those); 0 for none.
    func number(holding time: UInt64, thread: UInt64) -> UInt32 {
        guard let groups = byThread[thread] else { return 0 }
        for index in groups.reversed() where ordered[index].start <= time {
            let group = ordered[index]
            if group.duration <= limit, time < group.start &+ group.duration { return UInt32(index + 1) }
        }
        return 0
    }
}
