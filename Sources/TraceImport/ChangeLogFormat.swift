/// The kind of change log `TraceImporter` reads (`--from console`, `--from oslog`).
package enum ChangeLogFormat: String, Sendable, CaseIterable {
    /// Decided by the first line that is either a change record or a log record.
    case auto
    /// `Self._printChanges()` console text, plain or with Xcode's or `log`'s prefix.
    case console
    /// `Self._logChanges()` unified-log records: `log show|stream --style ndjson`, or
    /// `log show --style json` (one JSON array).
    case oslog
}
