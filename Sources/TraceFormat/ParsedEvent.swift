import TracerCore

/// The id of an interned string in a reader's string table (properties, sites, wrappers, kinds,
/// reasons, mark names); 0 means the field was absent.
public typealias SymbolID = UInt32

/// The id of an interned view path in a reader's view table; 0 means the field was absent.
public typealias ViewID = UInt32

/// One parsed `tracer/1` line: numbers as integers, strings as interned ids (no `String` per line).
///
/// Resolve ids with `TraceReader.viewName(_:)` and `TraceReader.string(_:)`. A field not in
/// `fields` holds 0.
public struct ParsedEvent: Sendable {
    /// The known kind, or nil for a kind this reader does not know (see `kindName`).
    public var kind: EventKind?
    /// The `kind` string's id, also for unknown kinds.
    public var kindName: SymbolID = 0
    /// The 1-based line number in the trace.
    public var line: Int = 0
    /// Which known fields the line held.
    public var fields: TraceFieldSet = []
    /// Whether `changed` was written as a boolean (a write) rather than a number (a body-eval).
    public var changedIsBoolean = false
    public var seq: Int64 = 0
    public var ts: Int64 = 0
    public var tid: Int64 = 0
    public var tx: Int64 = 0
    public var cause: Int64 = 0
    public var dur: Int64 = 0
    /// A write: 1/0 for changed/unchanged; a body-eval: how many children differ (0 = wasted).
    public var changed: Int64 = 0
    /// On a body-eval: view values the body built, and how many of them extracting unchanged leaf
    /// content would stop rebuilding (see `BodyContent`).
    public var built: Int64 = 0
    public var extractable: Int64 = 0
    /// `count` on `dropped` events.
    public var count: Int64 = 0
    /// `pid` on the meta header and on `connection` events.
    public var pid: Int64 = 0
    /// `conn`: the connection of `record --listen` the line came from.
    public var conn: Int64 = 0
    /// `group`: the update group of an imported Instruments event.
    public var group: Int64 = 0
    /// `system` on a hitch: the system's work caused it.
    public var system = false
    public var view: ViewID = 0
    public var prop: SymbolID = 0
    public var wrapper: SymbolID = 0
    public var site: SymbolID = 0
    public var reason: SymbolID = 0
    /// `name` on marks.
    public var name: SymbolID = 0
    /// `message` on warnings.
    public var message: SymbolID = 0
    public var schema: SymbolID = 0
    public var tool: SymbolID = 0
    public var scenario: SymbolID = 0
    public var variant: SymbolID = 0
    public var unit: SymbolID = 0

    /// An empty event.
    public init() {}

    /// Whether the line held `field`.
    @inlinable @inline(__always) public func has(_ field: TraceField) -> Bool { fields.has(field) }
}
