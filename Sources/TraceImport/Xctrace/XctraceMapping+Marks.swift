import TracerCore

extension XctraceMapping {
    /// Adds the hitches of the kept processes; one without a duration keeps no `dur` (counted).
    mutating func mapHitches(_ hitches: [XctraceRows.Hitch], _ settings: Settings, _ writer: inout ImportedTraceWriter) {
        for hitch in hitches where tally.keeps(hitch.process, of: XctraceSchema.hitches, settings) {
            var event = TraceEvent(kind: .hitch)
            event.ts = hitch.start
            if let duration = hitch.duration {
                event.dur = duration
                event.hasDuration = true
            } else {
                counts.untimedHitches += 1
            }
            if !hitch.narrative.isEmpty { event.text = writer.intern(hitch.narrative) }
            event.isSystem = hitch.isSystem
            append(event, key: hitch.start, rank: 4)
            counts.hitches += 1
        }
    }

    /// Adds a mark per signpost of the kept processes, and a `.end` mark for an interval's end.
    mutating func mapSignposts(_ signposts: [XctraceRows.Signpost], _ settings: Settings, _ writer: inout ImportedTraceWriter) {
        for signpost in signposts where tally.keeps(signpost.process, of: signpost.schema, settings) {
            var mark = TraceEvent(kind: .mark)
            mark.ts = signpost.start
            mark.text = writer.intern(signpost.name)
            append(mark, key: signpost.start, rank: 0)
            counts.marks += 1
            guard let duration = signpost.duration else { continue }
            mark.ts = Self.end(signpost.start, duration)
            mark.text = writer.intern(signpost.name + ".end")
            append(mark, key: mark.ts, rank: 0)
            counts.marks += 1
        }
    }
}
