/// A part of a trace to export or draw, so that a slice of a big trace can be opened: the
/// intervals of one mark, and/or the events between two bounds.
///
/// Marks are read as the report and budgets read them: an interval runs from a mark to the next
/// mark of any name (the mark itself included), and every interval of one name belongs to it.
/// The `meta` header is always kept.
public struct TraceSlice: Sendable, Hashable {
    /// Where a slice starts or ends: the first mark of a name, or a timestamp in ns.
    public enum Bound: Sendable, Hashable {
        /// The first mark of this name.
        case mark(String)
        /// The first event at or after this timestamp, in ns.
        case timestamp(Int64)

        /// A bound from a command-line value: digits (with an optional `-`) are a timestamp in ns,
        /// anything else a mark name.
        public init(argument: String) {
            self = Int64(argument).map(Bound.timestamp) ?? .mark(argument)
        }
    }

    /// Only the intervals of marks with this name.
    public var mark: String?
    /// From the first mark of this name (included) or the first event at or after this timestamp.
    public var from: Bound?
    /// Up to the first mark of this name after the start (excluded) or before this timestamp.
    public var to: Bound?

    /// The slice with the given bounds; without any, the whole trace.
    public init(mark: String? = nil, from: Bound? = nil, to: Bound? = nil) {
        self.mark = mark
        self.from = from
        self.to = to
    }

    /// Whether the slice is the whole trace.
    public var isWholeTrace: Bool { mark == nil && from == nil && to == nil }

    /// The mark names this slice refers to, in the order `--mark`, `--from`, `--to`.
    public var markNames: [String] {
        [mark, from?.markName, to?.markName].compactMap { $0 }
    }
}

extension TraceSlice.Bound {
    fileprivate var markName: String? {
        if case .mark(let name) = self { return name }
        return nil
    }

    /// The bound as `--from` and `--to` take it: a mark's name quoted, a timestamp in ns.
    fileprivate var argument: String {
        switch self {
        case .mark(let name): "'\(name)'"
        case .timestamp(let ns): "\(ns)"
        }
    }
}

/// Decides event by event, in trace order, whether an event lies in a `TraceSlice`.
struct TraceSliceFilter {
    private let slice: TraceSlice
    /// Before the start (`from`), in the slice, or past its end (`to`).
    private var started: Bool
    private var ended = false
    /// Whether the running mark interval is one of `slice.mark`'s.
    private var inMark = false
    /// Whether a `to` mark came before the slice started.
    private var endMarkBeforeStart = false
    /// Whether the `from` mark that started the slice lay at or past a `to` timestamp.
    private var endedAtStartMark = false
    /// Every mark name of the trace, in order of first appearance.
    private(set) var markNames: [String] = []
    private var seenMarks: Set<SymbolID> = []

    /// A filter for `slice`.
    init(_ slice: TraceSlice) {
        self.slice = slice
        started = slice.from == nil
    }

    /// Whether `event` lies in the slice.
    ///
    /// NB: `inout`, though the event is only read, as in `TraceAggregator.add(_:)`: not copied.
    mutating func contains(_ event: inout ParsedEvent, names: TraceNames) -> Bool {
        if event.kind == .meta { return true }
        let wasStarted = started
        if event.kind == .mark {
            let name = names.string(event.name)
            if seenMarks.insert(event.name).inserted { markNames.append(name) }
            inMark = name == slice.mark
            if !started, case .mark(let from)? = slice.from, name == from { started = true }
            // NB: the end mark ends the slice only once it has started (a mark before it does not).
            else if started, case .mark(let to)? = slice.to, name == to { ended = true }
            else if case .mark(let to)? = slice.to, name == to { endMarkBeforeStart = true }
        }
        if !started, case .timestamp(let from)? = slice.from, event.ts >= from { started = true }
        if started, !ended, case .timestamp(let to)? = slice.to, event.ts >= to {
            ended = true
            endedAtStartMark = !wasStarted && slice.from?.markName != nil
        }
        return started && !ended && (slice.mark == nil || inMark)
    }

    /// Whether `from` lies at or after `to`: two timestamps in that order, a `from` mark at or past
    /// the `to` timestamp, or `to` marks before the start and none after it.
    private var boundsInverted: Bool {
        switch (slice.from, slice.to) {
        case (.timestamp(let from)?, .timestamp(let to)?): from >= to
        case (.mark?, .timestamp?): endedAtStartMark
        case (_?, .mark?): endMarkBeforeStart && !ended
        default: false
        }
    }

    /// Fails when `from` does not lie before `to` in `file` (read whole): the slice would be empty,
    /// or run past every `to` mark to the trace's end, where a user asked for an interval.
    ///
    /// NB: a bound naming a mark the trace lacks is left to the caller, which lists the marks it has.
    func checkBounds(file: String) throws(TraceError) {
        guard boundsInverted, let from = slice.from, let to = slice.to, slice.markNames.allSatisfy(markNames.contains) else { return }
        let after = to.markName.map { " (no mark '\($0)' follows it)" } ?? ""
        throw TraceError(TraceDiagnostic(file: file, message: "--from \(from.argument) is not before --to \(to.argument)\(after)", severity: .error))
    }
}
