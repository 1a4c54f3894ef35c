import TracerCore

/// One event of a trace as a `StreamingExporter` reads it: its fields, read-only, with the names
/// it refers to (view path, property, wrapper, …) resolved when asked for.
///
/// A field the line did not hold is nil. A view path is built from the reader's bytes on each
/// call of `view`: an exporter that derives something from it (its frames, its quoted name) keys
/// that by `viewNumber` and builds it once per view. The other names are kept as strings.
///
/// NB: a read-only view over the event as the reader parsed it: a pass keeps one and reads each
/// event into it in place (`TraceScan`), so an exporter costs the pass no copy and no allocation.
/// The parsed event, its field set and its interned ids stay `package`: the built-in exporters
/// read them directly, and the parser can change them without changing this type.
public struct StreamedEvent: Sendable {
    /// The event as the reader parsed it.
    package var parsed: ParsedEvent
    /// The names the reader interned so far, and what the trace's header says of its figures.
    package var names: TraceNames

    /// `parsed`, its ids resolved through `names`.
    package init(_ parsed: ParsedEvent = ParsedEvent(), names: TraceNames = TraceNames()) {
        self.parsed = parsed
        self.names = names
    }

    /// The known kind; nil for a kind this reader does not know (see `kindName`).
    public var kind: EventKind? { parsed.kind }
    /// The `kind` as written, also for a kind this reader does not know.
    public var kindName: String { names.string(parsed.kindName) }
    /// The 1-based line number in the trace.
    public var line: Int { parsed.line }

    /// The event's `seq`.
    public var seq: Int64? { field(.seq, parsed.seq) }
    /// The time, in the unit the header names (`ns`).
    public var ts: Int64? { field(.ts, parsed.ts) }
    /// The emitting thread (`tid`).
    public var tid: Int64? { field(.tid, parsed.tid) }
    /// The transaction: the events one write set off share it.
    public var tx: Int64? { field(.tx, parsed.tx) }
    /// The `seq` of the event that caused this one.
    public var cause: Int64? { field(.cause, parsed.cause) }
    /// A body evaluation's length (it ended at `ts`).
    public var dur: Int64? { field(.dur, parsed.dur) }
    /// A write: 1 when it changed the value, else 0; a body evaluation: how many of its children
    /// differ (0: a wasted evaluation). See `recordsChanges`.
    public var changed: Int64? { field(.changed, parsed.changed) }
    /// `pid` on the `meta` header and on `connection` events.
    public var pid: Int64? { field(.pid, parsed.pid) }

    /// The view path.
    public var view: String? { parsed.has(.view) ? names.view(parsed.view) : nil }
    /// The view's number in this pass: the same for every event of a view, another for each
    /// other view; 0 without a view. A key for what an exporter derives from a view's path.
    public var viewNumber: Int { Int(parsed.view) }
    /// A write's property, its wrapper kind (`State`, `ViewStorage`, …) and its declaration site.
    public var prop: String? { string(.prop, parsed.prop) }
    /// A write's wrapper (`wrapper`).
    public var wrapper: String? { string(.wrapper, parsed.wrapper) }
    /// A write's declaration site (`site`).
    public var site: String? { string(.site, parsed.site) }
    /// Why a body was evaluated or skipped (`state`, `inputs-changed`, …).
    public var reason: String? { string(.reason, parsed.reason) }
    /// A mark's name.
    public var name: String? { string(.name, parsed.name) }
    /// The `meta` header's scenario and variant.
    public var scenario: String? { string(.scenario, parsed.scenario) }
    /// The header's `variant`.
    public var variant: String? { string(.variant, parsed.variant) }

    /// Whether the trace's source records `changed` for this kind of event (its header's
    /// capabilities): for a write, whether it changed the value; for a body evaluation, its
    /// changed outputs. Where it does not, a wasted evaluation cannot be told: an output shows
    /// no figure, never a measured 0. False for the other kinds.
    public var recordsChanges: Bool {
        switch parsed.kind {
        case .write?: names.writesCountChanges
        case .bodyEval?: names.evaluationsCountChanges
        default: false
        }
    }

    /// Whether this is a body evaluation of unknown length: one without `dur` (an Instruments update
    /// in flight, a source without durations, a normalised golden trace), never one of 0 ns.
    public var isUntimed: Bool { parsed.kind == .bodyEval && !parsed.has(.dur) }

    /// `value` when the line held `key`, else nil.
    @inline(__always)
    private func field(_ key: TraceField, _ value: Int64) -> Int64? { parsed.has(key) ? value : nil }

    /// The string interned as `id` when the line held `key`, else nil.
    @inline(__always)
    private func string(_ key: TraceField, _ id: SymbolID) -> String? { parsed.has(key) ? names.string(id) : nil }
}
