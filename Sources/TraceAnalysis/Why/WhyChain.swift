import TracerCore

/// One evaluation's cause chain, event by event from its root: what `why --eval SEQ` prints.
public struct WhyChain: Sendable {
    /// One event of the chain.
    public struct Step: Sendable, Hashable {
        /// The event's `seq`.
        public var seq: Int64
        /// The event's `ts` (nil in a trace without timestamps).
        public var ts: Int64?
        /// The event's kind (`write`, `invalidate`, `body-eval`, `skip`, …).
        public var kind: String
        /// The view of the event.
        public var view: String
        /// The reason of an evaluation or skip, the property (and wrapper) of a write.
        public var detail: String
        /// An evaluation's `dur` (nil without one).
        public var dur: Int64?
        /// An evaluation's or a write's `changed` (nil without one).
        public var changed: Int64?
        /// The rule that inferred the event's cause (nil: recorded, or the chain's root).
        public var inferred: String?
        /// A write's value, counted once (nil: not a write, or the trace recorded no values; empty:
        /// the write carried none).
        public var values: WhyValues?
        /// For an `inputs-changed` evaluation whose source records them: the view's properties that
        /// differed (empty otherwise).
        public var inputs: [String] = []
    }

    /// The trace, as given.
    public var file: String
    /// The chain's events from its root to the evaluation asked for; empty when no evaluation or
    /// skip has that `seq`.
    public var steps: [Step]

    /// What is kept of each recent event to walk a chain back.
    private struct Record: BitwiseCopyable {
        var seq: Int64 = 0
        var cause: Int64 = 0
        var ts: Int64 = -1
        var dur: Int64 = -1
        var changed: Int64 = -1
        var kind: SymbolID = 0
        var view: ViewID = 0
        var first: SymbolID = 0
        var second: SymbolID = 0
        var inferred: UInt8 = 0
        var value = WhyValueNote()
    }

    /// The chain of the evaluation or skip at `seq` in the trace at `source` (read in one pass up
    /// to it): its causes, recorded or (unless `options` say recorded only) inferred, followed back
    /// as far as the trace remembers them, through mounts, to a root write, a mount without a
    /// cause or an unknown cause.
    ///
    /// - Throws: `TraceError` for an unreadable or invalid trace.
    public static func find(seq: Int64, source: TraceInput, options: TraceReadOptions) throws(TraceError) -> WhyChain {
        var reader = try TraceReader(source: source, options: options)
        var inference = CauseInference(&reader)
        let markers = (reader.parser.strings.intern(WriteValuesState.redacted.marker!), reader.parser.strings.intern(WriteValuesState.unavailable.marker!))
        let recent = RecentSeqTable<Record>()
        var found: Record?
        while found == nil, try reader.advance() {
            inference.catchUp(with: reader)
            reader.withCurrent { event in
                inference.apply(&event)
                guard event.has(.seq) else { return }
                let isWrite = event.kind == .write
                let record = Record(
                    seq: event.seq, cause: event.has(.cause) ? event.cause : 0, ts: event.has(.ts) ? event.ts : -1,
                    dur: event.has(.dur) ? event.dur : -1, changed: event.has(.changed) && !isWrite ? event.changed : -1,
                    kind: event.kindName, view: event.view, first: isWrite ? event.prop : event.reason, second: isWrite ? event.wrapper : event.inputs,
                    inferred: InferenceOutcome(rawValue: event.inference)?.isInferred == true ? event.inference : 0,
                    value: isWrite ? WhyValueNote(write: event, markers: markers) : WhyValueNote())
                recent.store(record, for: event.seq)
                if event.seq == seq && (event.kind == .bodyEval || event.kind == .skip) { found = record }
            }
        }
        let recordsValues = reader.header?.can(.values) ?? false
        var records: [Record] = []
        var next = found
        while let record = next {
            records.append(record)
            next = record.cause == 0 ? nil : recent.value(for: record.cause)
        }
        let steps = records.reversed().map { record in
            let first = reader.string(record.first), second = record.second == 0 ? "" : reader.string(record.second)
            let isWrite = reader.string(record.kind) == "write"
            return Step(
                seq: record.seq, ts: record.ts >= 0 ? record.ts : nil, kind: reader.string(record.kind), view: reader.viewName(record.view),
                detail: isWrite && !second.isEmpty ? "\(first) (\(second))" : first,
                dur: record.dur >= 0 ? record.dur : nil, changed: record.changed >= 0 ? record.changed : nil,
                inferred: record.inferred == 0 ? nil : InferenceOutcome(rawValue: record.inferred)?.rule,
                values: recordsValues && isWrite ? WhyValueTally(record.value).values { reader.string($0) } : nil,
                inputs: isWrite || second.isEmpty ? [] : second.components(separatedBy: ", "))
        }
        return WhyChain(file: reader.displayName, steps: steps)
    }
}
