/// What an import read and what became of it: every record read imported or left out for a
/// reason, and what `tracectl import` prints and writes of it.
///
/// NB: for every account, `rows` = `imported` + the sum of `leftOut` (`--summary-json` promises it).
package protocol ImportAccounting: Sendable {
    /// Each kind of record read (a table, or the input's lines), in the order first read.
    var accounts: [ImportTableAccount] { get }
    /// The warnings `tracectl import` prints, in order, before `line`.
    var printedWarnings: [String] { get }
    /// The line `tracectl import` ends with on standard error: what was imported, from where.
    var line: String { get }
    /// The `tracer-import-summary/1` document (`--summary-json`, the MCP `import` tool's result).
    var document: String { get }
}

/// How the records of one kind (the rows of the tables of one schema, or an input's lines) were
/// accounted for: each was imported or left out for one reason.
package struct ImportTableAccount: Sendable {
    /// The table's schema, or what the records are (a change log's format).
    package var schema: String
    /// Records read.
    package var rows: Int
    /// Records imported.
    package var imported: Int
    /// Records whose duration could not be read or was longer than the run (kept without `dur`
    /// when imported).
    package var untimed: Int
    /// Records left out, by reason (`XctraceImportSummary.Reason`, `not-a-change-record`, …).
    package var leftOut: [String: Int]

    /// An account of `rows` records of `schema`.
    package init(schema: String, rows: Int = 0, imported: Int = 0, untimed: Int = 0, leftOut: [String: Int] = [:]) {
        self.schema = schema
        self.rows = rows
        self.imported = imported
        self.untimed = untimed
        self.leftOut = leftOut
    }
}
