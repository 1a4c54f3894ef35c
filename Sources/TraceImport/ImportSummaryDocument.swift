import TraceSupport

/// The `tracer-import-summary/1` document (`tracectl import --summary-json FILE`): what an import
/// read, imported and left out, per table; README's "Import summaries" gives its fields.
///
/// NB: for every table, `rows` = `imported` + the sum of `leftOut`; `untimed` counts the rows
/// whose duration could not be read (kept without `dur` when imported).
public enum ImportSummaryDocument {
    /// The document's `schema`.
    public static let schema = "tracer-import-summary/1"

    /// The document of an Instruments import.
    public static func json(_ summary: XctraceImportSummary) -> String {
        var json = JSONWriter()
        begin(&json, file: summary.file, source: summary.source.rawValue, events: summary.counts.events)
        json.key("process")
        if let pid = summary.process {
            json.beginObject()
            json.key("pid")
            json.number(pid)
            json.field("name", summary.processes.first { $0.pid == pid }?.name)
            json.endObject()
        } else {
            json.null()
        }
        if let bodyTable = summary.bodyTable { json.field("bodyTable", bodyTable) }
        tables(&json, summary.accounts)
        objects(&json, "tablesNotRead", summary.tablesNotRead) { json, table in
            json.field("schema", table.schema)
            json.field("rows", table.rows)
            json.field("note", table.note)
        }
        objects(&json, "filesNotRead", summary.filesNotRead) { json, file in
            json.field("file", file.file)
            json.field("reason", file.reason)
        }
        objects(&json, "processes", summary.processes) { json, process in
            json.key("pid")
            json.number(process.pid)
            json.field("name", process.name)
            json.counts("rows", process.rows)
        }
        return end(&json, warnings: summary.warnings)
    }

    /// The document of a `_printChanges()` / `_logChanges()` import: one table, the input's lines
    /// or log records, named after its format.
    public static func json(_ summary: ImportSummary) -> String {
        var json = JSONWriter()
        begin(&json, file: summary.file, source: summary.format.rawValue, events: summary.events)
        let leftOut = ["not-a-change-record": summary.foreignCount, "malformed": summary.malformedCount].filter { $0.value > 0 }
        tables(&json, [XctraceImportSummary.TableAccount(
            schema: summary.format.rawValue, rows: summary.records + summary.foreignCount + summary.malformedCount,
            imported: summary.records, leftOut: leftOut)])
        return end(&json, warnings: (summary.warnings + summary.malformed).map(\.description))
    }

    private static func begin(_ json: inout JSONWriter, file: String, source: String, events: Int) {
        json.beginObject()
        json.field("schema", schema)
        json.field("file", file)
        json.field("source", source)
        json.field("events", events)
    }

    /// `"tables":[{"schema","rows","imported","untimed","leftOut":{reason: rows}}]`.
    private static func tables(_ json: inout JSONWriter, _ accounts: [XctraceImportSummary.TableAccount]) {
        objects(&json, "tables", accounts) { json, account in
            json.field("schema", account.schema)
            json.field("rows", account.rows)
            json.field("imported", account.imported)
            json.field("untimed", account.untimed)
            json.counts("leftOut", account.leftOut)
        }
    }

    /// `"key":[{…},…]`: an object per item, its fields written by `fields`.
    private static func objects<Item>(_ json: inout JSONWriter, _ key: String, _ items: [Item], _ fields: (inout JSONWriter, Item) -> Void) {
        json.key(key)
        json.beginArray()
        for item in items {
            json.beginObject()
            fields(&json, item)
            json.endObject()
        }
        json.endArray()
    }

    private static func end(_ json: inout JSONWriter, warnings: [String]) -> String {
        json.strings("warnings", warnings)
        json.endObject()
        json.newline()
        return json.document()
    }
}
