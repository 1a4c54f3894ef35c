/// How a trace is read.
public struct TraceReadOptions: Sendable, Hashable {
    /// Skip invalid lines (counting them and keeping the first few diagnostics) instead of failing.
    public var lenient: Bool
    /// How many diagnostics of skipped lines to keep in lenient mode.
    public var keptDiagnostics: Int
    /// Threads to parse a regular file with (1 or 2; more are capped at 2); standard input uses one.
    public var threads: Int
    /// Read only the events of this connection of `record --listen` (`conn`); nil for all.
    public var connection: Int64?
    /// Counts the bytes read, for a progress line; nil for none.
    public var progress: ReadProgress?
    /// Follow only the causes the trace records (`--recorded-only`); else the analysis gives an
    /// evaluation without one the cause the trace implies, by a named rule, marked as inferred.
    public var recordedCausesOnly: Bool

    /// Options: strict by default, both cores, every connection, causes inferred where none is recorded.
    public init(
        lenient: Bool = false, keptDiagnostics: Int = 10, threads: Int = 2, connection: Int64? = nil,
        progress: ReadProgress? = nil, recordedCausesOnly: Bool = false
    ) {
        self.recordedCausesOnly = recordedCausesOnly
        self.lenient = lenient
        self.keptDiagnostics = keptDiagnostics
        self.threads = threads
        self.connection = connection
        self.progress = progress
    }
}
