/// A finding about a trace at a position: `FILE:LINE:COL: message`.
///
/// Lines and columns are 1-based; a column counts bytes from the start of the line.
public struct TraceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable {
        /// The input cannot be used (exit status 2).
        case error
        /// The input was read, but something was skipped or assumed (exit status 0).
        case warning
    }

    /// The trace's display name: its path, or `<stdin>`.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var severity: Severity

    /// A finding at `line`:`column` of `file`.
    public init(file: String, line: Int, column: Int, message: String, severity: Severity) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// `FILE:LINE:COL: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A trace that cannot be read: the first fatal diagnostic.
public struct TraceError: Error, Sendable, CustomStringConvertible {
    /// The fatal finding.
    public var diagnostic: TraceDiagnostic

    /// An error carrying `diagnostic` (its severity is forced to `.error`).
    public init(_ diagnostic: TraceDiagnostic) {
        self.diagnostic = diagnostic
        self.diagnostic.severity = .error
    }

    /// `FILE:LINE:COL: message`.
    public var description: String { diagnostic.description }
}
