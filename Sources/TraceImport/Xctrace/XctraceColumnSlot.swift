/// A requested column of one table: where its cell sits in that table's rows.
///
/// NB: made only in this file, from a table's request (`XctraceTable.column(_:)`,
/// `requestedColumns`, `XctraceColumnResolver`), so that no code reads a cell by a bare number.
/// It is bound to the table it was made for: its key counts the requested columns of every
/// table its reader read before (`XctraceTable.firstColumn`), so one unsigned compare checks
/// both the table and the bounds (`XctraceTableState.checkedSlot(_:)`), and reading it in
/// another table's row traps in every build — a slot comes from code, never from input. (Only
/// after 2^32 requested columns could a stale key pass for another column, still in bounds.)
package struct XctraceColumnSlot: Sendable, BitwiseCopyable {
    /// Its table's `firstColumn` plus its place in the table's request.
    let key: UInt32

    fileprivate init(key: UInt32) {
        self.key = key
    }

    /// A column of no table, which no row reads: what an unrequested mnemonic resolves to.
    fileprivate static let unrequested = XctraceColumnSlot(key: .max)
}

extension XctraceTable {
    /// Every requested column, in slot order.
    package var requestedColumns: [XctraceColumnSlot] {
        requested.indices.map { XctraceColumnSlot(key: firstColumn &+ UInt32($0)) }
    }

    /// The requested column `mnemonic`, nil when the table's request lacks it.
    package func column(_ mnemonic: String) -> XctraceColumnSlot? {
        requested.firstIndex(of: mnemonic).map { XctraceColumnSlot(key: firstColumn &+ UInt32($0)) }
    }

    /// The place of `column` in the table's request (its slot), nil when it was made for another
    /// table.
    package func slot(of column: XctraceColumnSlot) -> Int? {
        let slot = column.key &- firstColumn
        return Int(slot) < requested.count ? Int(slot) : nil
    }

    /// The column of the schema that `column` reads, nil when the table has no such column (its
    /// cells are absent).
    package func schemaColumn(of column: XctraceColumnSlot) -> XctraceColumn? {
        guard let slot = slot(of: column) else { preconditionFailure("a column read in a table it was not made for") }
        return slots[slot].map { columns[$0] }
    }
}

/// Resolves a table kind's named columns against one table's request, once per table; or, with
/// no table, notes the mnemonics a kind names (its request).
struct XctraceColumnResolver {
    private let table: XctraceTable?
    /// The mnemonics asked for that the table's request lacks (with no table: every one), in the
    /// order asked.
    private(set) var unrequested: [String] = []

    init(_ table: XctraceTable?) {
        self.table = table
    }

    /// The table's column `mnemonic`; when its request lacks it, noted in `unrequested` and a
    /// column no row can read.
    mutating func callAsFunction(_ mnemonic: String) -> XctraceColumnSlot {
        if let column = table?.column(mnemonic) { return column }
        unrequested.append(mnemonic)
        return .unrequested
    }
}

/// A table kind's columns, each by name, resolved once per table from the table's request.
protocol XctraceColumnSet: Sendable {
    /// Resolves each named column with `column`.
    init(_ column: inout XctraceColumnResolver)
}

extension XctraceColumnSet {
    /// The columns a table of this kind is asked for, by mnemonic, in slot order: those its
    /// `init` names, in the order it names them (so no mnemonic is written twice).
    static var request: [String] {
        var resolver = XctraceColumnResolver(nil)
        _ = Self(&resolver)
        return resolver.unrequested
    }

    /// The columns of `table`.
    ///
    /// NB: traps in every build unless `table`'s request holds every column named: both are
    /// code, so a miss is a code error, caught at the table's start rather than in some row.
    init(resolving table: XctraceTable) {
        var resolver = XctraceColumnResolver(table)
        self.init(&resolver)
        precondition(resolver.unrequested.isEmpty, "\(Self.self) reads \(resolver.unrequested), which \(table.schema)'s request lacks")
    }
}
