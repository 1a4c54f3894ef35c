/// One column of a table, from its `<schema>` block.
package struct XctraceColumn: Equatable, Sendable {
    package var mnemonic: String
    package var name: String
    /// The engineering type: also the tag of the column's cells.
    package var engineeringType: String

    package init(mnemonic: String, name: String, engineeringType: String) {
        self.mnemonic = mnemonic
        self.name = name
        self.engineeringType = engineeringType
    }
}

/// How a caller reads a column.
package enum XctraceColumnUse: Sendable {
    /// The value: a number, text, or a process's pid and name, a thread's tid and pid, a
    /// typed-array's label.
    case value
    /// The value and the cell's `fmt` (kept, even when long).
    case fmt
}

/// The columns a caller reads from each table (by schema name), in the order it will ask for
/// them: a column's place in the list is its slot. Cells of other columns are skipped without
/// being built (their `id`'d values are still recorded for later references).
package struct XctraceRequest: Sendable {
    package var columns: [String: [(mnemonic: String, use: XctraceColumnUse)]]

    package init(_ columns: [String: [(mnemonic: String, use: XctraceColumnUse)]]) {
        self.columns = columns
    }

    /// Reads `mnemonics` of `schema` as values.
    package init(values: [String: [String]]) {
        columns = values.mapValues { $0.map { ($0, .value) } }
    }
}

/// A table of an export (one `<node>`): where it came from and its columns.
package struct XctraceTable: Sendable {
    /// The node's `xpath` attribute (`//trace-toc[1]/run[2]/data[1]/table[9]`), if any.
    package var xpath: String?
    /// The schema's name (`swiftui-updates`).
    package var schema: String
    package var columns: [XctraceColumn]
    /// For each requested slot, the column it reads, or nil when the table has no such column.
    package var slots: [Int?]
    /// The mnemonics requested of the table, by slot.
    package let requested: [String]
    /// The key of the table's first requested column (`XctraceColumnSlot`): how many columns
    /// the tables its reader read before it requested.
    let firstColumn: UInt32

    /// The run number in the xpath (`run[2]` → 2), if it names one.
    package var run: Int? {
        guard let xpath else { return nil }
        let bytes = Array(xpath.utf8)
        let marker = Array("run[".utf8)
        guard bytes.count > marker.count,
              let at = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        let digits = bytes[(at + marker.count)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}

/// What reading a document found: tables and rows, and what was tolerated.
package struct XctraceReadSummary: Sendable {
    /// Each table read: its schema and rows.
    package var tables: [(schema: String, xpath: String?, rows: Int)] = []
    /// Rows of nodes without a `<schema>` (not readable positionally; skipped).
    package var rowsWithoutSchema = 0
    /// C0 control bytes (other than tab, newline, carriage return) in the document.
    package var controlBytes = 0
    /// Ill-formed UTF-8 sequences (read as U+FFFD), and the warning naming the first.
    package var invalidUTF8 = 0
    package var invalidUTF8Warning: String?
    /// References to ids not defined before them (read as empty cells).
    package var unresolvedReferences = 0
    /// Where the first few unresolved references are (`file:line:column`).
    package var unresolvedLocations: [String] = []
    /// Values defined with an `id`.
    package var definedIDs = 0
    /// Bytes held by the id table and the interned strings at the end.
    package var tableBytes = 0

    static let keptLocations = 5

    /// Keeps a document's `count` ill-formed UTF-8 sequences, the `first` at its line and column;
    /// under `strict` they are an error there.
    mutating func takeInvalidUTF8(_ count: Int, first: (line: Int, column: Int)?, in file: String, strict: Bool) throws(XctraceReadError) {
        invalidUTF8 = count
        guard let (line, column) = first else { return }
        let message = "\(count) byte sequence(s) that are not UTF-8 (xctrace export writes UTF-8), the first here"
        guard !strict else { throw XctraceReadError(file: file, line: line, column: column, message: message + " (--strict)") }
        invalidUTF8Warning = "\(file):\(line):\(column): \(message); read as U+FFFD"
    }
}
