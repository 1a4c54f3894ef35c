import TraceFormat

/// What `TraceImporter` read and wrote, and what it skipped.
package struct ImportSummary: Sendable {
    /// The input's display name.
    package var file: String
    /// The format read (never `.auto`).
    package var format: ChangeLogFormat
    /// Change records imported (one `body-eval` each).
    package var records = 0
    /// Events written (writes and body evaluations).
    package var events = 0
    /// Lines or log records that are not change records: other output, other subsystems.
    package var foreignCount = 0
    /// Lines that look like change records but do not parse.
    package var malformedCount = 0
    /// The first few of those, as warnings with their positions.
    package var malformed: [TraceDiagnostic] = []
    /// Other findings, e.g. a cut-off last line.
    package var warnings: [TraceDiagnostic] = []
}

extension ImportSummary: ImportAccounting {
    /// One account, the input's lines or log records, named after the format.
    package var accounts: [ImportTableAccount] {
        let leftOut = ["not-a-change-record": foreignCount, "malformed": malformedCount].filter { $0.value > 0 }
        return [ImportTableAccount(schema: format.rawValue, rows: records + foreignCount + malformedCount, imported: records, leftOut: leftOut)]
    }

    /// The findings, the malformed records kept, and how many were skipped.
    package var printedWarnings: [String] {
        let skipped = malformedCount > 0 ? ["\(file): skipped \(malformedCount) malformed change record(s)"] : []
        return diagnostics + skipped
    }

    /// `imported N change record(s) as M event(s) from FILE (FORMAT); ignored K other line(s)`.
    package var line: String {
        "imported \(records) change record(s) as \(events) event(s) from \(file) (\(format.rawValue)); ignored \(foreignCount) other line(s)"
    }

    /// The summary document: the one account, and the findings as warnings.
    package var document: String {
        ImportSummaryDocument.json(file: file, source: format.rawValue, events: events, accounts: accounts, warnings: diagnostics)
    }

    /// The findings and the malformed records kept, as printed.
    private var diagnostics: [String] { (warnings + malformed).map(\.description) }
}
