import TracerCore

extension XctraceMapping {
    /// Adds the legacy View Properties' links: a write per `Update` link event (a first value: a
    /// `state-init`), causing the first evaluation of its view starting at or after it.
    ///
    /// Values: when the narrative of any write's link gives its old and new values, every write
    /// carries them (`old`/`new`, each cut as the recorder cuts, `ValueText`), or
    /// `"values":"unavailable"` where its narrative gives none; else no write carries values.
    mutating func mapLinks(
        _ links: [XctraceRows.Link], _ settings: XctraceMapping.Settings, _ evaluationsByView: [String: [Int]],
        _ writer: inout ImportedTraceWriter
    ) {
        var unprinted: [Int] = []
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
            if link.isInitial {
                event.kind = .stateInit
                append(event, key: link.time, rank: 1)
                counts.stateInits += 1
                continue
            }
            let write = pending.count
            if let printed = link.printed {
                event.valuesState = .described
                valuePairs[write] = WriteValuePair(old: ValueText(cutting: printed.old), new: ValueText(cutting: printed.new))
            } else {
                unprinted.append(write)
            }
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
        // NB: "unavailable" only beside values that were read: a table without them gives none.
        if !valuePairs.isEmpty { for write in unprinted { pending[write].event.valuesState = .unavailable } }
    }
}
