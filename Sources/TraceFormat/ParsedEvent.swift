import TracerCore

/// The id of an interned string in a reader's string table (properties, sites, wrappers, kinds,
/// reasons, mark names); 0 means the field was absent.
package typealias SymbolID = UInt32

/// The id of an interned view path in a reader's view table; 0 means the field was absent.
package typealias ViewID = UInt32

/// One parsed `tracer/1` line: numbers as integers, strings as interned ids (no `String` per line).
///
/// Resolve ids with `TraceReader.viewName(_:)` and `TraceReader.string(_:)`. A field not in
/// `fields` holds 0.
///
/// NB: `package`: exporters outside the package read events through TraceAnalysis's
/// `StreamedEvent`. `@usableFromInline`, as `TraceReader`: its `@inlinable` members (`has`), which
/// the per-event loops of other modules call, are inlined there only when the type itself is.
@usableFromInline package struct ParsedEvent: Sendable {
    /// The known kind, or nil for a kind this reader does not know (see `kindName`).
    package var kind: EventKind?
    /// The `kind` string's id, also for unknown kinds.
    package var kindName: SymbolID = 0
    /// The 1-based line number in the trace.
    package var line: Int = 0
    /// Which known fields the line held.
    @usableFromInline package var fields: TraceFieldSet = []
    /// Whether `changed` was written as a boolean (a write) rather than a number (a body-eval).
    package var changedIsBoolean = false
    package var seq: Int64 = 0
    package var ts: Int64 = 0
    package var tid: Int64 = 0
    package var tx: Int64 = 0
    package var cause: Int64 = 0
    package var dur: Int64 = 0
    /// A write: 1/0 for changed/unchanged; a body-eval: how many children differ (0 = wasted).
    package var changed: Int64 = 0
    /// On a body-eval: view values the body built, and how many of them extracting unchanged leaf
    /// content would stop rebuilding (see `BodyContent`).
    package var built: Int64 = 0
    package var extractable: Int64 = 0
    /// `count` on `dropped` events.
    package var count: Int64 = 0
    /// `pid` on the meta header and on `connection` events.
    package var pid: Int64 = 0
    /// `conn`: the connection of `record --listen` the line came from.
    package var conn: Int64 = 0
    /// `group`: the update group of an imported Instruments event.
    package var group: Int64 = 0
    /// `system` on a hitch: the system's work caused it.
    package var system = false
    package var view: ViewID = 0
    package var prop: SymbolID = 0
    package var wrapper: SymbolID = 0
    package var site: SymbolID = 0
    package var reason: SymbolID = 0
    /// `name` on marks.
    package var name: SymbolID = 0
    /// `message` on warnings.
    package var message: SymbolID = 0
    package var schema: SymbolID = 0
    package var tool: SymbolID = 0
    package var scenario: SymbolID = 0
    package var variant: SymbolID = 0
    package var unit: SymbolID = 0
    /// On a write, when values are recorded: the old and new values' texts, or the `values`
    /// marker (`redacted`, `unavailable`).
    package var old: SymbolID = 0
    package var new: SymbolID = 0
    package var valuesMarker: SymbolID = 0
    /// On a write an Instruments import made of a cause: what changed (`Type: properties`).
    package var changes: SymbolID = 0
    /// On an `inputs-changed` body-eval: the properties that differed, as one string of their
    /// names joined by `", "` (`offset, title`).
    package var inputs: SymbolID = 0
    /// On a body-eval that several events led to: their `seq`s, the first equal to `cause`, as
    /// one interned string of 8-byte little-endian words (read with `TraceReader.causes(_:)`).
    package var causes: SymbolID = 0
    /// Set by the analysis, never parsed: how its cause inference treated the event (0: the
    /// `cause` is as recorded; else an `InferenceOutcome` of TraceAnalysis: the rule that gave
    /// `cause`, or the one that abstained).
    package var inference: UInt8 = 0

    /// An empty event.
    package init() {}

    /// Whether the line held `field`.
    @inlinable @inline(__always) package func has(_ field: TraceField) -> Bool { fields.has(field) }
}
