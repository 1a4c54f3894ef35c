import TraceFormat
/// What `TraceImporter` read and wrote, and what it skipped.
public struct ImportSummary: Sendable {
    /// The input's display name.
    public var file: String
    /// The format read (never `.auto`).
    public var format: ImportFormat
    /// Change records imported (one `body-eval` each).
    public var records = 0
    /// Events written (writes and body evaluations).
    public var events = 0
    /// Lines or log records that are not change records: other output, other subsystems.
    public var foreignCount = 0
    /// Lines that look like change records but do not parse.
    public var malformedCount = 0
    /// The first few of those, as warnings with their positions.
    public var malformed: [TraceDiagnostic] = []
    /// Other findings, e.g. a cut-off last line.
    public var warnings: [TraceDiagnostic] = []
}
