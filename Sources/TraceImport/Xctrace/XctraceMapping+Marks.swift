import TracerCore

extension XctraceMapping {
    /// Adds the hitches of the kept processes; one longer than `limit` is left out.
    mutating func mapHitches(_ hitches: [XctraceRows.Hitch], _ settings: Settings, limit: UInt64, _ writer: inout ImportedTraceWriter) {
        for hitch in hitches where settings.keeps(hitch.process) {
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
    }

    /// Adds a mark per signpost of the kept processes, and a `.end` mark for an interval's end
    /// (unless longer than `limit`).
    mutating func mapSignposts(_ signposts: [XctraceRows.Signpost], _ settings: Settings, limit: UInt64, _ writer: inout ImportedTraceWriter) {
        for signpost in signposts where settings.keeps(signpost.process) {
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
}
