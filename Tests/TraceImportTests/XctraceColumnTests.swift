import Testing
@testable import TraceImport

/// A cell of column `mnemonic` as an export writes it, with its engineering type: a distinct
/// value per column, of the shape the import reads (a number, a string, a process, a thread, a
/// typed-array).
func sampleCell(_ mnemonic: String) -> (type: String, xml: String) {
    switch mnemonic {
    case "start", "duration", "time", "timestamp":
        return ("start-time", "<start-time fmt=\"\(mnemonic)\">\(mnemonic.utf8.count * 1_000)</start-time>")
    case "id", "source-node-event-id", "destination-node-event-id":
        return ("uint32", "<uint32 fmt=\"\(mnemonic.utf8.count)\">\(mnemonic.utf8.count)</uint32>")
    case "is-system":
        return ("boolean", "<boolean fmt=\"No\">0</boolean>")
    case "process":
        return ("process", "<process fmt=\"Demo (1001)\"><pid fmt=\"1001\">1001</pid></process>")
    case "thread":
        return ("thread", "<thread fmt=\"Main Thread (Demo, pid: 1001)\"><tid fmt=\"5\">5</tid><process fmt=\"Demo (1001)\"><pid fmt=\"1001\">1001</pid></process></thread>")
    case "source-node", "destination-node":
        return ("typed-array", "<typed-array fmt=\"\(mnemonic)\"><string fmt=\"\(mnemonic)\">\(mnemonic)</string></typed-array>")
    default:
        let text = ["update-type": "View Body Updates", "category": "PointsOfInterest", "module": "SwiftUI"][mnemonic] ?? mnemonic
        return ("string", "<string fmt=\"\(text)\">\(text)</string>")
    }
}

/// A document whose table `schema` has exactly the columns the import requests of it, in the
/// request's order, and one row of sample cells.
func requestedOnlyDocument(_ schema: String) -> String {
    let cells = (XctraceSchema.kinds[schema]?.request ?? []).map { ($0, sampleCell($0)) }
    return document(schema, cells.map { "\($0.0):\($0.1.type)" }, [cells.map(\.1.xml).joined()])
}

/// Reads `xml`'s tables as the import does: each table's columns resolved when it begins, each
/// row added through them.
func importedRows(_ xml: String) throws -> XctraceRows {
    var rows = XctraceRows()
    try Array(xml.utf8).withUnsafeBytes { raw in
        var reader = XctraceTableReader(bytes: raw, name: "t.xml", request: XctraceSchema.request)
        var columns: XctraceTableColumns?
        while let event = try reader.next() {
            switch event {
            case .table:
                columns = reader.table.flatMap(XctraceTableColumns.init)
                rows.beginTable(durationLimit: XctraceMapping.garbageLimit, filtered: reader.table?.schema == XctraceSchema.filteredUpdates)
            case .row:
                if let columns { rows.add(reader, columns) }
            case .endOfTable:
                if columns != nil { rows.endTable() }
                columns = nil
            }
        }
    }
    return rows
}

/// The first table of `xml`, as read.
func firstTable(_ xml: String) throws -> XctraceTable? {
    try Array(xml.utf8).withUnsafeBytes { raw in
        var reader = XctraceTableReader(bytes: raw, name: "t.xml", request: XctraceSchema.request)
        while let event = try reader.next() {
            if event == .table { return reader.table }
        }
        return nil
    }
}

/// Every column slot held in `value` (a columns struct, or a table kind's enum case), at any depth.
func columnSlots(in value: Any) -> [XctraceColumnSlot] {
    if let column = value as? XctraceColumnSlot { return [column] }
    return Mirror(reflecting: value).children.flatMap { columnSlots(in: $0.value) }
}

/// How many rows `rows` holds, of every table kind.
func addedRowCount(_ rows: XctraceRows) -> Int {
    rows.bodies.count + rows.otherUpdates.values.reduce(0, +) + rows.edges.count + rows.fullEdges.count + rows.groups.count
        + rows.hitches.count + rows.links.count + rows.signposts.count
}

/// What a process stopped by an exit test wrote to its standard error.
func stopMessage(_ result: ExitTest.Result) -> String {
    String(decoding: result.standardErrorContent, as: UTF8.self)
}

@Suite("xctrace named columns")
struct XctraceColumnTests {
    @Test("each table kind's columns are the columns its request lists, each named once", arguments: XctraceSchema.all)
    func kindNamesItsRequest(schema: String) throws {
        let kind = try #require(XctraceSchema.kinds[schema])
        let table = try #require(try firstTable(requestedOnlyDocument(schema)))
        #expect(table.requested == kind.request)
        var resolver = XctraceColumnResolver(table)
        let columns = kind.init(&resolver)
        #expect(resolver.unrequested == [], "\(schema)'s columns name what its request lacks")
        let slots = columnSlots(in: columns).map { table.slot(of: $0) }
        #expect(slots.compactMap { $0 }.sorted() == Array(kind.request.indices), "each requested column named once")
        #expect(!slots.contains(nil), "a column made for no table")
    }

    @Test("a row of each table kind with exactly the requested cells is read without reading another column", arguments: XctraceSchema.all)
    func kindReadsOnlyItsRequest(schema: String) async {
        // NB: in a process of its own: a column read outside the table's request traps.
        await #expect(processExitsWith: .success) { [schema] in
            let xml = requestedOnlyDocument(schema)
            let table = try #require(try firstTable(xml))
            let columns = try #require(XctraceTableColumns(table))
            let slots = columnSlots(in: columns).map { table.slot(of: $0) }
            precondition(slots.compactMap { $0 }.sorted() == Array(table.requested.indices), "columns other than the request's, or named twice")
            precondition(!slots.contains(nil), "a column made for another table")
            let rows = try importedRows(xml)
            precondition(addedRowCount(rows) == 1, "the row was not added")
        }
    }

    @Test("an OSSignpostIntervals row reads neither os-signpost's time nor its event-type, even after an os-signpost table")
    func signpostIntervalsReadOnlyTheirColumns() async throws {
        // NB: the os-signpost table first, so that its row's `time` (slot 5) and `event-type`
        // (slot 6, End) are what a read past the intervals' five slots would find.
        let signposts = XctraceSchema.SignpostsColumns.request.map(sampleCell)
        let intervals = XctraceSchema.SignpostIntervalsColumns.request
        let intervalTypes = intervals.map { "\($0):\(sampleCell($0).type)" }
        let process = sampleCell("process").xml
        let category = sampleCell("category").xml
        let xml = (node(XctraceSchema.signposts, zip(XctraceSchema.SignpostsColumns.request, signposts).map { "\($0):\($1.type)" }, [
            #"<sentinel/><sentinel/><string>tap</string>\#(category)\#(process)<event-time>900</event-time><string>End</string>"#,
        ]) + node(XctraceSchema.signpostIntervals, intervalTypes, [
            #"<start-time>700</start-time><duration>4000</duration><string>open</string>\#(category)\#(process)"#,
            #"<sentinel/><duration>50</duration><string>scroll</string>\#(category)\#(process)"#,
        ])).wrappedInResult
        let table = try #require(try firstTable(document(XctraceSchema.signpostIntervals, intervalTypes, [])))
        var resolver = XctraceColumnResolver(table)
        let columns = XctraceSchema.SignpostIntervalsColumns(&resolver)
        #expect(resolver.unrequested == [])
        #expect(Set(columnSlots(in: columns).map { table.slot(of: $0).map { table.requested[$0] } ?? "(unrequested)" }) == Set(intervals))
        #expect(!intervals.contains("time") && !intervals.contains("event-type"))
        // NB: first in a process of its own, since a read outside a table's request traps.
        try await #require(processExitsWith: .success) { [xml = xml as String] in _ = try importedRows(xml) }
        let rows = try importedRows(xml)
        // NB: an interval whose start is a sentinel is left out (unreadable-time), never placed at 0.
        #expect(rows.signposts.map { "\($0.name) \($0.start) \($0.duration.map(String.init) ?? "-") \($0.process ?? 0)" } == [
            "tap.end 900 - 1001", "open 700 4000 1001",
        ])
    }

    @Test("a column read in a row of a table it was not made for stops the process (TraceImport has no internal-checks flag)")
    func columnOfAnotherTableTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // NB: os-signpost's event-type (slot 6) read in an OSSignpostIntervals row (five slots).
            let xml = (node(XctraceSchema.signposts, ["event-type:string"], [#"<string>End</string>"#])
                + node(XctraceSchema.signpostIntervals, ["name:string"], [#"<string>open</string>"#])).wrappedInResult
            try Array(xml.utf8).withUnsafeBytes { raw in
                var reader = XctraceTableReader(bytes: raw, name: "t.xml", request: XctraceSchema.request)
                var eventType: XctraceColumnSlot?
                while let event = try reader.next() {
                    if event == .table, eventType == nil { eventType = reader.table?.column("event-type") }
                    if event == .row, reader.table?.schema == XctraceSchema.signpostIntervals { _ = reader[eventType!] }
                }
            }
        }
        #expect(result.map { stopMessage($0).contains("a column read in a table it was not made for") } == true)
    }

    @Test("a table kind's columns resolved against a request that lacks one of them stop the process")
    func unrequestedColumnTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let table = try #require(try firstTable(document(XctraceSchema.signpostIntervals, ["name:string"], [])))
            _ = XctraceSchema.SignpostsColumns(resolving: table)
        }
        #expect(result.map { stopMessage($0).contains("which OSSignpostIntervals's request lacks") } == true)
    }
}
