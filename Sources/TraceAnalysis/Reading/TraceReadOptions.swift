/// How a trace is read.
public struct TraceReadOptions: Sendable, Hashable {
    /// Skip invalid lines (counting them and keeping the first few diagnostics) instead of failing.
    public var lenient: Bool
    /// How many diagnostics of skipped lines to keep in lenient mode.
    public var keptDiagnostics: Int
    /// Threads to parse a regular file with (1 or 2; more are capped at 2); standard input uses one.
    public var threads: Int

    /// Options: strict by default, both cores.
    public init(lenient: Bool = false, keptDiagnostics: Int = 10, threads: Int = 2) {
        self.lenient = lenient
        self.keptDiagnostics = keptDiagnostics
        self.threads = threads
    }
}
