#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// What an `XctraceReaderState` keeps of the table being read: its `<node>`'s xpath and schema as
/// they are read, the slot each column goes to, and the current row's cells.
struct XctraceTableState: ~Copyable {
    private let request: XctraceRequest
    /// The current row's cells, by slot.
    var cells = FlatArray<XctraceValue>(capacity: 32)
    var cellFmts = FlatArray<UInt32>(capacity: 32)
    /// Each slot's value before a row is read: empty, or absent when the table lacks the column.
    private var emptyRow = FlatArray<XctraceValue>(capacity: 32)
    /// For each column of the current table, its slot or -1.
    private var slotOfColumn = FlatArray<Int32>(capacity: 32)
    private(set) var fmtOfColumn = FlatArray<Bool>(capacity: 32)
    private(set) var extractsTypedArrays = false
    /// The current table, from its schema on.
    private(set) var table: XctraceTable?
    /// The key of the current (or last) table's first requested column (`XctraceTable.firstColumn`).
    private var firstColumn: UInt32 = 0
    // The node being read.
    var xpath: String?
    var schemaName: String?
    private(set) var columns: [XctraceColumn] = []
    private var columnFields = ["", "", ""]
    private var rows = 0

    /// Reads the columns `request` asks for.
    init(request: XctraceRequest) {
        self.request = request
    }

    /// The slot of column `column` of the current table, or -1 when it is not requested (or past
    /// the table's columns).
    @inline(__always)
    func slot(ofColumn column: Int) -> Int32 {
        column < slotOfColumn.count ? slotOfColumn[column] : -1
    }

    /// The place of `column`'s cell in the current row.
    ///
    /// NB: traps in every build when `column` was made for another table: its slot would read
    /// another column's cell, or memory past the row's. The row has a cell per requested slot.
    @inline(__always)
    func checkedSlot(_ column: XctraceColumnSlot) -> Int {
        let slot = Int(column.key &- firstColumn)
        precondition(slot < cells.count, "a column read in a table it was not made for")
        return slot
    }

    /// A `<node>` begins: no table until its schema is read.
    mutating func beginNode() {
        xpath = nil
        table = nil
        columns = []
        rows = 0
        slotOfColumn.count = 0
    }

    /// A `<schema>` begins: its name and columns follow.
    mutating func beginSchema() {
        schemaName = nil
        columns = []
    }

    /// A `<row>` begins: each cell empty (absent when the table lacks its column); false when the
    /// node has no schema to read the row by.
    @inline(__always)
    mutating func beginRow() -> Bool {
        guard table != nil else { return false }
        cells.pointer.update(from: emptyRow.pointer, count: emptyRow.count)
        cellFmts.fill(XctraceCompound.none)
        return true
    }

    /// A row of the table was read.
    mutating func countRow() {
        rows += 1
    }

    /// Keeps the text of a `<col>`'s field (`field` 0: mnemonic, 1: name, 2: engineering type).
    mutating func takeColumnField(_ field: UInt8, _ value: String) {
        columnFields[Int(field)] = value
    }

    /// A `<col>` ends: its fields make a column of the schema.
    mutating func endColumn() {
        columns.append(XctraceColumn(mnemonic: columnFields[0], name: columnFields[1], engineeringType: columnFields[2]))
        columnFields = ["", "", ""]
    }

    /// The `<schema>` ends: the table begins, each requested column matched to its slot.
    mutating func beginTable() {
        let schema = schemaName ?? ""
        let wanted = request.columns[schema] ?? []
        var slots: [Int?] = []
        slotOfColumn.count = 0
        fmtOfColumn.count = 0
        for _ in columns {
            slotOfColumn.append(-1)
            fmtOfColumn.append(false)
        }
        extractsTypedArrays = false
        for (slot, column) in wanted.enumerated() {
            let index = columns.firstIndex { $0.mnemonic == column.mnemonic }
            slots.append(index)
            if let index {
                slotOfColumn[index] = Int32(slot)
                fmtOfColumn[index] = column.use == .fmt
                if columns[index].engineeringType == "typed-array" { extractsTypedArrays = true }
            }
        }
        // NB: the previous table's columns' keys end where this table's begin.
        firstColumn &+= UInt32(cells.count)
        cells.count = 0
        emptyRow.count = 0
        cellFmts.count = 0
        for index in slots {
            cells.append(index == nil ? .absent : .empty)
            emptyRow.append(index == nil ? .absent : .empty)
            cellFmts.append(XctraceCompound.none)
        }
        table = XctraceTable(
            xpath: xpath, schema: schema, columns: columns, slots: slots, requested: wanted.map(\.mnemonic), firstColumn: firstColumn)
    }

    /// The `<node>` ends: the table read and its rows, nil when the node had no schema.
    mutating func endNode() -> (schema: String, xpath: String?, rows: Int)? {
        guard let table else { return nil }
        self.table = nil
        return (table.schema, table.xpath, rows)
    }
}
