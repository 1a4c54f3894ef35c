/// The events between one `mark` and the next (or the end of the trace).
public struct MarkInterval: Sendable, Hashable {
    /// The mark's name; nil for the events before the first mark.
    public var name: String?
    /// The mark's `seq` and `ts` (0 for the interval before the first mark).
    public var seq: Int64
    /// The mark's timestamp.
    public var ts: Int64
    /// The events in the interval, the mark itself included.
    public var counters: EventCounts

    /// An interval starting at a mark.
    package init(name: String?, seq: Int64, ts: Int64, counters: EventCounts = EventCounts()) {
        self.name = name
        self.seq = seq
        self.ts = ts
        self.counters = counters
    }
}
