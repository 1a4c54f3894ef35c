import TracerCore

extension XctraceMapping {
    /// Adds the legacy View Properties' links: a write per `Update` link event (a first value: a
    /// `state-init`), causing the evaluation of its view that follows in the same update when
    /// exactly one does (`LegacyUpdates`; several such writes: the first its `cause`, all of them
    /// its `causes`); every event takes its update as `tx`.
    ///
    /// Values: when the narrative of any write's link gives its old and new values, every write
    /// carries them (`old`/`new`, each cut as the recorder cuts, `ValueText`), or
    /// `"values":"unavailable"` where its narrative gives none; else no write carries values.
    mutating func mapLinks(
        _ links: [XctraceRows.Link], _ settings: XctraceMapping.Settings, _ evaluationsByView: [String: [Int]],
        _ writer: inout ImportedTraceWriter
    ) {
        var unprinted: [Int] = []
        // NB: each write and state init with its view, and each evaluation, are ordered below for the cut.
        var rows: [(index: Int, kind: LegacyUpdates.Kind, view: String)] = []
        for (view, evaluations) in evaluationsByView { for evaluation in evaluations { rows.append((evaluation, .evaluation, view)) } }
        for link in links.sorted(by: { $0.time < $1.time }) {
            guard link.event == "Update" else {
                counts.otherLinkEvents += 1
                tally.leaveOut(XctraceSchema.links, XctraceImportSummary.Reason.notAnUpdate)
                continue
            }
            if link.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                tally.leaveOut(XctraceSchema.links, XctraceImportSummary.Reason.swiftUIModule)
                continue
            }
            tally.importRows(XctraceSchema.links)
            // NB: `State<Bool>` → State; a type Tracer has no wrapper for gets none.
            let outer = link.linkType.prefix { $0 != "<" }
            let wrapper = WrapperKind.allCases.first { $0 != .none && $0.name == outer } ?? .none
            if wrapper == .none { unknownWrappers = true }
            var event = TraceEvent.write(
                view: writer.intern(link.view), prop: writer.intern(link.linkType), wrapper: wrapper, changed: nil, site: .none, tx: 0)
            event.ts = link.time
            rows.append((pending.count, link.isInitial ? .stateInit : .write, link.view))
            if link.isInitial {
                event.kind = .stateInit
                append(event, key: link.time, rank: 1)
                counts.stateInits += 1
                continue
            }
            if let printed = link.printed {
                event.valuesState = .described
                valuePairs[pending.count] = WriteValuePair(old: ValueText(cutting: printed.old), new: ValueText(cutting: printed.new))
            } else {
                unprinted.append(pending.count)
            }
            append(event, key: link.time, rank: 1)
            counts.writes += 1
        }
        // NB: "unavailable" only beside values that were read: a table without them gives none.
        if !valuePairs.isEmpty { for write in unprinted { pending[write].event.valuesState = .unavailable } }
        joinLinks(rows)
    }

    /// Cuts `rows` (pending writes, state inits and evaluations) into updates and joins each write
    /// to the evaluation `LegacyUpdates` links it to.
    private mutating func joinLinks(_ rows: [(index: Int, kind: LegacyUpdates.Kind, view: String)]) {
        let ordered = rows.sorted { (pending[$0.index].key, pending[$0.index].rank, $0.index) < (pending[$1.index].key, pending[$1.index].rank, $1.index) }
        let result = LegacyUpdates.link(ordered.map { ($0.kind, $0.view) })
        updateOfEvent = [UInt64](repeating: 0, count: pending.count)
        for (position, row) in ordered.enumerated() {
            updateOfEvent[row.index] = result.updates[position]
            guard row.kind == .write else { continue }
            guard let linked = result.links[position].map({ ordered[$0].index }) else {
                counts.unjoinedInvalidations += 1
                continue
            }
            // NB: several writes may lead to one evaluation: its cause is the first, its causes all of them.
            counts.joinedByNameAndTime += 1
            if pending[linked].cause == nil {
                pending[linked].cause = row.index
                pending[linked].event.reason = LegacyUpdates.reason(of: pending[row.index].event.wrapper)
            } else {
                laterCauses[linked, default: []].append(row.index)
            }
        }
    }
}
