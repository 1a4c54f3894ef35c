/// What a trace's `meta` header says.
public struct TraceHeader: Sendable, Hashable {
    public var schema: String?
    public var tool: String?
    public var scenario: String?
    public var variant: String?
    public var unit: String?
    public var pid: Int64?

    /// A header with the given fields.
    public init(
        schema: String? = nil, tool: String? = nil, scenario: String? = nil, variant: String? = nil,
        unit: String? = nil, pid: Int64? = nil
    ) {
        self.schema = schema
        self.tool = tool
        self.scenario = scenario
        self.variant = variant
        self.unit = unit
        self.pid = pid
    }
}
