#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// Reads the tables of an `xctrace export --xpath` document one row at a time, without holding
/// the document: each `<node>`'s schema, then each row's cells mapped by the schema's column
/// list, references resolved through a document-wide id table.
///
/// ```swift
/// var reader = try XctraceTableReader(path: path, request: XctraceRequest(values: ["hitches": ["start", "duration"]]))
/// var start: XctraceColumnSlot?
/// while let event = try reader.next() {
///     if event == .table { start = reader.table?.column("start") }
///     if event == .row, let start { let time = reader[start].integer … }
/// }
/// ```
///
/// NB: cells are positional: the n-th child of a `<row>` is the n-th `<col>` (never matched by
/// tag). Every `id`'d element at any depth is recorded, since a later `ref` may point to it:
/// numbers inline, text interned once, `process`/`thread` (and `typed-array` when a requested
/// column has that type) as small compounds; other compounds only by tag, their `fmt` not kept
/// unless requested. Cells of unrequested columns are scanned, not built. No allocation per row
/// once the tables have grown.
package struct XctraceTableReader: ~Copyable {
    // NB: the state lives behind a pointer, so that the reader is one word: calls that borrow it
    // (every accessor, once per cell) copy nothing.
    private let state: UnsafeMutablePointer<XctraceReaderState>

    /// Reads the document at `path`, `blockSize` bytes at a time.
    package init(path: String, request: XctraceRequest, strict: Bool = false, blockSize: Int = 1 << 20) throws(XctraceReadError) {
        let state = try XctraceReaderState(path: path, request: request, strict: strict, blockSize: blockSize)
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    /// Reads a document held in memory; `name` is the file name errors give.
    package init(bytes: UnsafeRawBufferPointer, name: String, request: XctraceRequest, strict: Bool = false) {
        state = .allocate(capacity: 1)
        state.initialize(to: XctraceReaderState(bytes: bytes, name: name, request: request, strict: strict))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The next table, row or table end; nil at the end of the document.
    package mutating func next() throws(XctraceReadError) -> XctraceReadEvent? {
        try state.pointee.next()
    }

    /// The current table, from its schema on.
    package var table: XctraceTable? { state.pointee.tableState.table }

    /// What was read so far (complete at the end of the document).
    package var summary: XctraceReadSummary { state.pointee.summary }

    /// `file:line:col` of what was read last (at a row: its end tag, `</row>`).
    package var location: String { state.pointee.location }

    // MARK: - Cells of the current row

    /// The current row's value in `column` (made for the current table: else a trap).
    package subscript(column: XctraceColumnSlot) -> XctraceValue {
        state.pointee.tableState.cells[state.pointee.tableState.checkedSlot(column)]
    }

    /// The text of a value: a string, or a number in decimal; nil for other kinds.
    package func text(_ value: XctraceValue) -> String? {
        switch value.kind {
        case .string: state.pointee.strings.shared(UInt32(value.bits))
        case .integer: String(value.bits)
        default: nil
        }
    }

    /// The index of a string value among the reader's strings (the same text always has the same
    /// index, so callers may key tables by it); nil for other kinds.
    package func stringIndex(_ value: XctraceValue) -> UInt32? {
        value.kind == .string ? UInt32(value.bits) : nil
    }

    /// The string with index `index`.
    package func string(at index: UInt32) -> String { state.pointee.strings.shared(index) }

    /// Calls `body` with a string value's bytes (valid only inside it).
    package func withBytes<R>(_ value: XctraceValue, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        value.kind == .string ? body(state.pointee.strings.bytes(UInt32(value.bits))) : nil
    }

    /// The `fmt` of the cell in `column` when it was requested with `.fmt`: kept for the cell or
    /// its compound; else a string value's text.
    package func fmt(_ column: XctraceColumnSlot) -> String? {
        let slot = state.pointee.tableState.checkedSlot(column)
        if state.pointee.tableState.cellFmts.pointer[slot] != XctraceCompound.none { return state.pointee.strings.string(state.pointee.tableState.cellFmts.pointer[slot]) }
        let value = state.pointee.tableState.cells.pointer[slot]
        if let compound = compound(value), compound.fmt != XctraceCompound.none { return state.pointee.strings.string(compound.fmt) }
        return text(value)
    }

    /// A `typed-array`'s label: the text of its first child (empty text for a sentinel).
    package func label(_ value: XctraceValue) -> String? {
        guard let compound = compound(value), compound.label != XctraceCompound.none else { return nil }
        return state.pointee.strings.shared(compound.label)
    }

    /// The string index of a `typed-array`'s label, or of a process's name.
    package func labelIndex(_ value: XctraceValue) -> UInt32? {
        guard let compound = compound(value), compound.label != XctraceCompound.none else { return nil }
        return compound.label
    }

    /// A `process` cell's pid and name (`"MyApp (1001)"` → 1001, `MyApp`).
    package func process(_ value: XctraceValue) -> (pid: UInt64?, name: String?) {
        guard let compound = compound(value), compound.tag == state.pointee.names.process else { return (nil, nil) }
        return (compound.hasNumber ? compound.number : nil,
                compound.label == XctraceCompound.none ? nil : state.pointee.strings.shared(compound.label))
    }

    /// A `thread` cell's tid and its process's pid.
    package func thread(_ value: XctraceValue) -> (tid: UInt64?, pid: UInt64?) {
        guard let compound = compound(value), compound.tag == state.pointee.names.thread else { return (nil, nil) }
        return (compound.hasNumber ? compound.number : nil, compound.hasPID ? compound.pid : nil)
    }

    @inline(__always)
    private func compound(_ value: XctraceValue) -> XctraceCompound? {
        value.kind == .compound ? state.pointee.compounds[value.bits] : nil
    }
}
