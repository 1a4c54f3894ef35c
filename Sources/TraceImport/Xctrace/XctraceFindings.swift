import TraceFormat

/// A table an import read: its schema, its run (nil: it names none), its rows, and those whose
/// duration could not be read (kept without `dur`).
struct XctraceTableRead {
    var schema: String
    var run: Int?
    var rows: Int
    var untimedRows = 0
    /// `file:line:col` of the first row whose duration could not be read.
    var firstUntimedRow: String?
    /// Rows left out as they were read, by reason.
    var leftOut: [String: Int] = [:]
    /// `file:line:col` of the first row left out for its time (`Reason.unreadableTime`).
    var firstUnreadableTime: String?
    /// The node's xpath, if any: with `schema` and `run`, what tells a table from a copy of it.
    var xpath: String?
    /// `file:line:col` of the table's `<schema>`.
    var place = ""
    /// The place of the table read already that this one repeats; its rows are then left out.
    var repeats: String?

    /// The table's one warning for its rows without a duration: how many, and where the first is.
    var untimedWarning: String {
        "\(firstUntimedRow ?? "?"): \(schema): \(untimedRows) row(s) whose duration is not a whole number of ns "
            + "(empty, a reference to nothing, text, negative, fractional, over 2^64) or is longer than the run (or an hour), "
            + "kept without dur; the first ends here"
    }

    /// The table's warning when it repeats one read already, if it does.
    var repeatWarning: String? {
        repeats.map { "\(place): \(schema): the same table (schema, run and xpath) as at \($0), read once: its \(rows) row(s) are left out" }
    }

    /// The table's one warning for its rows left out for their time, if any: how many, and where the first is.
    var unreadableTimeWarning: String? {
        guard let count = leftOut[XctraceImportSummary.Reason.unreadableTime] else { return nil }
        return "\(firstUnreadableTime ?? "?"): \(schema): \(count) row(s) left out whose start or timestamp is not a whole number "
            + "of ns up to 2^63 − 1 less an hour, the latest a trace holds (empty, a reference to nothing, text, negative, "
            + "fractional, larger); the first ends here"
    }
}

/// What an export held, kept before its rows are mapped: enough to say why an import gave no
/// body evaluation.
struct XctraceFindings {
    var seen: XctraceTablesSeen
    var otherUpdates: [String: Int]
    /// SwiftUIFilteredUpdates' rows that are not view bodies, by update type.
    var otherFilteredUpdates: [String: Int]
    /// Each process seen, with its name and body rows, by pid.
    var processes: [(pid: UInt64, name: String?, bodies: Int)]
    var bodyRows: Int
    var isLegacy: Bool
    var run: Int?
    var process: UInt64?

    init(_ rows: XctraceRows, seen: XctraceTablesSeen, run: Int?, process: UInt64?) {
        self.seen = seen
        otherUpdates = rows.otherUpdates
        otherFilteredUpdates = rows.otherFilteredUpdates
        processes = rows.processes.sorted { $0.key < $1.key }.map { ($0.key, $0.value.name, $0.value.bodies) }
        bodyRows = rows.bodies.count
        isLegacy = rows.isLegacy
        self.run = run
        self.process = process
    }

    /// The error for an import that gave no body evaluation: every table with its rows, the
    /// update types and processes seen, the likely cause and what to export or pass instead.
    func noEvaluation(_ path: String, _ counts: XctraceImportSummary.Counts) -> TraceError {
        // NB: the filtered tables' update types only without swiftui-updates, whose rows they repeat.
        let filtered = !seen.read.contains { $0.schema == XctraceSchema.updates } && seen.read.contains { $0.schema == XctraceSchema.filteredUpdates }
        let other = filtered ? otherFilteredUpdates : otherUpdates
        let types = other.isEmpty
            ? "none other than View Body Updates"
            : other.sorted { $0.key < $1.key }.map { "\($0.key.isEmpty ? "(none)" : $0.key) (\($0.value))" }.joined(separator: ", ")
        let processList = processes.isEmpty
            ? "none named"
            : processes.map { "\($0.name.map { "\($0) " } ?? "")(\($0.pid)): \($0.bodies) body rows" }.joined(separator: ", ")
        let message = "no body evaluation to import, so no trace is written (one without them would pass a body-evals budget with 0); "
            + "tables: \(seen.listing); \(filtered ? XctraceSchema.filteredUpdates : XctraceSchema.updates) update types: \(types); processes: \(processList); likely cause: \(likelyCause(counts))"
        return XctraceImporter.failure(path, message)
    }

    /// Why no row became an evaluation, and what to do about it.
    private func likelyCause(_ counts: XctraceImportSummary.Counts) -> String {
        let has = { (schema: String) in seen.read.contains { $0.schema == schema } }
        if bodyRows == 0 {
            if isLegacy || has(XctraceSchema.links) {
                return "the legacy View Body instrument's table is missing or empty; export it with " + exportCommand(XctraceSchema.bodyIntervals)
            }
            if !has(XctraceSchema.updates) {
                return "no swiftui-updates table was exported (its View Body Updates rows are the evaluations); export it with "
                    + exportCommand(XctraceSchema.updates)
            }
            return "swiftui-updates holds no View Body Updates row: no view body of the app ran while recording, "
                + "or the recording's SwiftUI instrument did not record body updates"
        }
        if counts.otherProcessRows == bodyRows {
            return "every body row is of another process than the one imported (pid \(process.map(String.init) ?? "?")): choose one with --process NAME|PID"
        }
        return "every body row of the process is of SwiftUI's own modules: --all-modules keeps them"
    }

    /// The `xctrace export` command for table `schema` of the run imported.
    private func exportCommand(_ schema: String) -> String {
        let command = XctraceInput.exportCommands("RECORDING.trace", run: String(run ?? 1), schemas: [schema], into: ".").last!
        return command.map(XctraceInput.shellQuoted).joined(separator: " ")
    }
}

extension XctraceImportSummary {
    /// This summary for an import that wrote nothing: each table's rows that the mapping (`tally`)
    /// did not leave out for a reason of their own are left out as `import-failed`.
    func failed(_ tables: [XctraceTableRead], _ tally: XctraceRowTally) -> XctraceImportSummary {
        var summary = self
        summary.accounts = Self.accounts(tables, tally).map { account in
            var account = account
            let unaccounted = account.rows - account.leftOut.values.reduce(0, +)
            if unaccounted > 0 { account.leftOut[Reason.importFailed, default: 0] += unaccounted }
            account.imported = 0
            return account
        }
        summary.counts = Counts()
        return summary
    }

    /// Each schema of `tables` with its rows, those imported and those left out by reason: as
    /// read (`tables`) and as mapped (`tally`).
    static func accounts(_ tables: [XctraceTableRead], _ tally: XctraceRowTally) -> [ImportTableAccount] {
        var accounts: [ImportTableAccount] = []
        for table in tables {
            if !accounts.contains(where: { $0.schema == table.schema }) {
                accounts.append(ImportTableAccount(
                    schema: table.schema, imported: tally.imported[table.schema] ?? 0, leftOut: tally.leftOut[table.schema] ?? [:]))
            }
            let index = accounts.firstIndex { $0.schema == table.schema }!
            accounts[index].rows += table.rows
            accounts[index].untimed += table.untimedRows
            accounts[index].leftOut.merge(table.leftOut, uniquingKeysWith: +)
        }
        return accounts
    }

    /// Every process seen in `rows`, with its name and its rows per schema.
    static func processRows(_ rows: XctraceRows) -> [(pid: UInt64, name: String?, rows: [String: Int])] {
        var byProcess: [UInt64: [String: Int]] = [:]
        func count(_ process: UInt64?, _ schema: String, _ rows: Int = 1) {
            if let process, rows > 0 { byProcess[process, default: [:]][schema, default: 0] += rows }
        }
        // NB: body rows counted by runs of one process and table (no hashing per row).
        var run = (process: UInt64?.none, schema: 0, rows: 0)
        for body in rows.bodies {
            if body.process != run.process || body.schemaIndex != run.schema {
                count(run.process, XctraceRows.Body.schemas[run.schema], run.rows)
                run = (body.process, body.schemaIndex, 0)
            }
            run.rows += 1
        }
        count(run.process, XctraceRows.Body.schemas[run.schema], run.rows)
        for edge in rows.edges { count(edge.process, XctraceSchema.causes) }
        for edge in rows.fullEdges { count(edge.process, XctraceSchema.fullCauses) }
        for group in rows.groups { count(group.process, XctraceSchema.groups) }
        for hitch in rows.hitches { count(hitch.process, XctraceSchema.hitches) }
        for signpost in rows.signposts { count(signpost.process, signpost.schema) }
        return rows.processes.keys.sorted().map { ($0, rows.processes[$0]?.name, byProcess[$0] ?? [:]) }
    }
}
