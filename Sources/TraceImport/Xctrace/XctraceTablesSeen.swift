/// Every table of an export's chosen run: those the import reads, the others (each with what it
/// is and what to export instead), and the rows of nodes without a `<schema>`.
struct XctraceTablesSeen {
    var read: [XctraceTableRead] = []
    var unread: [XctraceTableRead] = []
    var rowsWithoutSchema = 0

    /// Keeps only the tables of run `run` and those naming none (every table when `run` is nil).
    mutating func keep(run: Int?) {
        guard let run else { return }
        read.removeAll { $0.run != nil && $0.run != run }
        unread.removeAll { $0.run != nil && $0.run != run }
    }

    /// The place of the table read already that `table` repeats (the same schema, run and xpath).
    ///
    /// NB: not for SwiftUIFilteredUpdates, whose instances repeat each other's rows by design and
    /// are de-duplicated row by row.
    func original(of table: XctraceTableRead) -> String? {
        guard table.schema != XctraceSchema.filteredUpdates else { return nil }
        return read.first { $0.repeats == nil && $0.schema == table.schema && $0.run == table.run && $0.xpath == table.xpath }?.place
    }

    /// Each table with its rows and whether Tracer reads it (and if not, what it is), for an error.
    var listing: String {
        var parts = read.map { "\($0.schema) (\($0.rows) rows, read)" }
        parts += unread.map { "\($0.schema.isEmpty ? "a <schema> without a name" : $0.schema) (\($0.rows) rows, not read: \(Self.note($0.schema)))" }
        if rowsWithoutSchema > 0 { parts.append("\(rowsWithoutSchema) rows in <node>s without a <schema> (not read)") }
        return parts.isEmpty ? "no table" : parts.joined(separator: "; ")
    }

    /// What a table the import does not read holds, and which table to export instead.
    static func note(_ schema: String) -> String {
        switch schema {
        case "swiftui-changes":
            "attribute value changes with their backtraces; Tracer takes writes and invalidations from "
                + "swiftui-causes: export swiftui-causes and swiftui-updates"
        case "swiftui-layout-updates", "SwiftUILayoutUpdates2":
            "layout passes (recorded only with layout tracing on); body evaluations are in swiftui-updates: export that"
        case "":
            "its rows cannot be told to belong to any table; export the table again with xctrace"
        default:
            "not a table Tracer imports"
        }
    }
}
