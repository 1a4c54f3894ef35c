extension XctraceRows {
    /// Keeps each body update once when `SwiftUIFilteredUpdates` was read: with `swiftui-updates`
    /// there (`hasUpdates`) every filtered body row is left out (it repeats one of swiftui-updates'),
    /// else a filtered row equal to an earlier one (start, duration, thread, id, view, process: the
    /// same row in another instance) is. Returns the rows left out by reason, and whether the
    /// evaluations come from the filtered tables (and so may be a filtered subset).
    ///
    /// NB: the three instances are said to be disjoint by update type (everything but View Body and
    /// Representable Updates, View Body only, Representable only), which is not verified on real
    /// data: the comparison makes an overlap harmless either way.
    mutating func settleFilteredBodies(hasUpdates: Bool) -> (leftOut: [String: Int], fromFiltered: Bool) {
        guard bodies.contains(where: \.isFiltered) else { return ([:], false) }
        var seen = Set<FilteredKey>()
        var leftOut: [String: Int] = [:]
        bodies.removeAll { body in
            guard body.isFiltered else { return false }
            let reason = hasUpdates
                ? XctraceImportSummary.Reason.repeatsUpdates
                : seen.insert(FilteredKey(body)).inserted ? nil : XctraceImportSummary.Reason.repeatsFilteredInstance
            guard let reason else { return false }
            leftOut[reason, default: 0] += 1
            if let pid = body.process { processes[pid]?.bodies -= 1 }
            return true
        }
        return (leftOut, !hasUpdates)
    }

    /// What tells a filtered body row from another.
    private struct FilteredKey: Hashable {
        let start: UInt64, duration: UInt64?, thread: UInt64, id: UInt64?, view: UInt32, process: UInt64?

        init(_ body: Body) {
            (start, duration, thread, id, view, process) = (body.start, body.duration, body.thread, body.id, body.view, body.process)
        }
    }
}
