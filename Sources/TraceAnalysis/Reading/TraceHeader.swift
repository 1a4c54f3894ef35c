import TracerCore

/// What a trace's `meta` header says.
public struct TraceHeader: Sendable, Hashable {
    public var schema: String?
    public var tool: String?
    public var scenario: String?
    public var variant: String?
    public var unit: String?
    public var pid: Int64?
    /// The `source` field as written (`runtime`, `swiftui`, `printChanges`, `logChanges`, or a
    /// newer writer's); nil for a header without one, which is a runtime trace.
    public var source: String?
    /// The capabilities the header lists (spellings this reader does not know are left out);
    /// nil when it lists none, which means every one.
    public var capabilities: Set<TraceCapability>?

    /// A header with the given fields.
    public init(
        schema: String? = nil, tool: String? = nil, scenario: String? = nil, variant: String? = nil,
        unit: String? = nil, pid: Int64? = nil, source: String? = nil, capabilities: Set<TraceCapability>? = nil
    ) {
        self.schema = schema
        self.tool = tool
        self.scenario = scenario
        self.variant = variant
        self.unit = unit
        self.pid = pid
        self.source = source
        self.capabilities = capabilities
    }

    /// Whether the trace's source can produce `capability` (a header listing none can produce all).
    public func can(_ capability: TraceCapability) -> Bool { capabilities?.contains(capability) ?? true }

}
