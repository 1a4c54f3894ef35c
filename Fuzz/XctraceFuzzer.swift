import TraceImport

/// libFuzzer entry point: the input is an `xctrace export` document. Reading it as tables
/// (strictly and not) and as a TOC must end in values or an error with a position — never a
/// crash, a hang or a leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXctrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = XctraceDocumentKind.detect(prefix: bytes)
    _ = try? XctraceTOC.read(bytes: bytes, name: "fuzz")
    let columns: [(mnemonic: String, use: XctraceColumnUse)] = [
        ("start", .value), ("duration", .value), ("view-name", .value), ("process", .value), ("thread", .value),
        ("view-hierarchy", .fmt), ("cause-graph-node", .value), ("source-node", .value), ("a", .fmt), ("b", .value),
    ]
    let request = XctraceRequest(["swiftui-updates": columns, "swiftui-causes": columns, "hitches": columns, "t": columns])
    for strict in [false, true] {
        var reader = XctraceTableReader(bytes: bytes, name: "fuzz", request: request, strict: strict)
        do {
            while let event = try reader.next() {
                guard event == .row, let table = reader.table else { continue }
                for column in table.requestedColumns {
                    let value = reader[column]
                    _ = reader.text(value)
                    _ = reader.fmt(column)
                    _ = reader.label(value)
                    _ = reader.process(value)
                    _ = reader.thread(value)
                    precondition(table.schemaColumn(of: column) != nil || value.kind == .absent, "a cell of a missing column is not absent")
                }
            }
            let summary = reader.summary
            precondition(summary.unresolvedLocations.count <= min(summary.unresolvedReferences, 5))
        } catch {
            precondition(error.line >= 1 && error.column >= 1, "an error without a position: \(error)")
        }
    }
    return 0
}
