/// The kind of input `tracectl import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// An Instruments export (a directory, an XML document or a `.trace`) when the input is one;
    /// else decided by the first line that is either a change record or a log record.
    case auto
    /// `Self._printChanges()` console text, plain or with Xcode's or `log`'s prefix.
    case console
    /// `Self._logChanges()` unified-log records: `log show|stream --style ndjson`, or
    /// `log show --style json` (one JSON array).
    case oslog
    /// Instruments' SwiftUI data: `xctrace export` XML (a directory of tables, one document of
    /// several `<node>`s) or a `.trace` document to export.
    case xctrace
}
