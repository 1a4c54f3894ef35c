import TraceSupport

/// The `tracer-import-summary/1` document (`tracectl import --summary-json FILE`): what an import
/// read, imported and left out, per table; README's "Import summaries" gives its fields.
///
/// NB: for every table, `rows` = `imported` + the sum of `leftOut`; `untimed` counts the rows
/// whose duration could not be read (kept without `dur` when imported).
package enum ImportSummaryDocument {
    /// The document's `schema`.
    static let schema = "tracer-import-summary/1"

    /// The document of an Instruments import.
    package static func json(_ summary: XctraceImportSummary) -> String {
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

    /// The document of an import that gives no more than its accounts (a change log's: one, the
    /// input's lines or log records, named after its format).
    package static func json(file: String, source: String, events: Int, accounts: [ImportTableAccount], warnings: [String]) -> String {
        var json = JSONWriter()
        begin(&json, file: file, source: source, events: events)
        tables(&json, accounts)
        return end(&json, warnings: warnings)
    }

    private static func begin(_ json: inout JSONWriter, file: String, source: String, events: Int) {
        json.beginObject()
        json.field("schema", schema)
        json.field("file", file)
        json.field("source", source)
        json.field("events", events)
    }

    /// `"tables":[{"schema","rows","imported","untimed","leftOut":{reason: rows}}]`.
    private static func tables(_ json: inout JSONWriter, _ accounts: [ImportTableAccount]) {
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
        // NB: `document()` ends it with its newline: one JSON object and a newline.
        return json.document()
    }
}
