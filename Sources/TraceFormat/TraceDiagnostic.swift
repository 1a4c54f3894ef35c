/// A finding about a trace, at a position (`FILE:LINE:COL: message`) or about the whole file
/// (`FILE: message`).
///
/// Lines and columns are 1-based; a column counts bytes from the start of the line. Line 0 means
/// no position (a file that cannot be opened or read, a figure about the whole trace).
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
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What was wrong, or expected.
    public var message: String
    /// An error or a warning.
    public var severity: Severity

    /// A finding about the whole of `file`, without a position.
    package init(file: String, message: String, severity: Severity) {
        self.init(file: file, line: 0, column: 0, message: message, severity: severity)
    }

    /// A finding at `line`:`column` of `file`.
    package init(file: String, line: Int, column: Int, message: String, severity: Severity) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// `FILE:LINE:COL`, or `FILE` without a position.
    public var location: String { line == 0 ? file : "\(file):\(line):\(column)" }

    /// `FILE:LINE:COL: message`, or `FILE: message` without a position.
    public var description: String { "\(location): \(message)" }
}

/// A trace that cannot be read: the first fatal diagnostic.
public struct TraceError: Error, Sendable, CustomStringConvertible {
    /// The fatal finding.
    public var diagnostic: TraceDiagnostic

    /// An error carrying `diagnostic` (its severity is forced to `.error`).
    package init(_ diagnostic: TraceDiagnostic) {
        self.diagnostic = diagnostic
        self.diagnostic.severity = .error
    }

    /// `FILE:LINE:COL: message`, or `FILE: message` without a position.
    public var description: String { diagnostic.description }
}
