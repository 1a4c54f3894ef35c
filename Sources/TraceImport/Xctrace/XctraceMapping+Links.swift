import TracerCore

extension XctraceMapping {
    /// Adds the legacy View Properties' links: a write per `Update` link event (a first value: a
    /// `state-init`), causing the first evaluation of its view starting at or after it.
    mutating func mapLinks(
        _ links: [XctraceRows.Link], _ settings: XctraceMapping.Settings, _ evaluationsByView: [String: [Int]],
        _ writer: inout ImportedTraceWriter
    ) {
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
}
