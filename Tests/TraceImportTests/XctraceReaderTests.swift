import Foundation
import Testing
@testable import TraceImport
import TracerTestSupport
import XctraceSynthetic

/// Reads every row of `reader`, rendering each requested cell as text (see `render`), with the
/// fmt of the columns named in `fmt`.
func rows(of reader: inout XctraceTableReader, fmt: Set<String> = []) throws -> (tables: [String], rows: [[String]]) {
    var tables: [String] = []
    var rows: [[String]] = []
    while let event = try reader.next() {
        switch event {
        case .table:
            tables.append("\(reader.table!.schema)@\(reader.table!.xpath ?? "-")")
        case .row:
            let table = reader.table!
            rows.append(table.requestedColumns.map { column in
                render(reader, column, fmt: table.schemaColumn(of: column).map { fmt.contains($0.mnemonic) } ?? false)
            })
        case .endOfTable:
            tables.append("end")
        }
    }
    return (tables, rows)
}

/// Reads `xml` with `request`, rendering each row's requested cells as text (see `render`).
func readRows(
    _ xml: String, _ request: [String: [String]], strict: Bool = false, fmt: Set<String> = []
) throws -> (tables: [String], rows: [[String]], summary: XctraceReadSummary) {
    let bytes = Array(xml.utf8)
    var columns: [String: [(mnemonic: String, use: XctraceColumnUse)]] = [:]
    for (schema, names) in request { columns[schema] = names.map { ($0, fmt.contains($0) ? .fmt : .value) } }
    return try bytes.withUnsafeBytes { raw in
        var reader = XctraceTableReader(bytes: raw, name: "t.xml", request: XctraceRequest(columns), strict: strict)
        let read = try rows(of: &reader, fmt: fmt)
        return (read.tables, read.rows, reader.summary)
    }
}

/// A cell as text: `-` empty, `absent`, `7` a number, `"s"` a string, `process 1001 MyApp`,
/// `thread 5 pid 1001`, `label X`, `opaque`; with `fmt`, `| fmt`.
func render(_ reader: borrowing XctraceTableReader, _ column: XctraceColumnSlot, fmt: Bool) -> String {
    let value = reader[column]
    var text: String
    switch value.kind {
    case .absent: text = "absent"
    case .empty: text = "-"
    case .integer: text = String(value.bits)
    case .string: text = "\"\(reader.text(value)!)\""
    case .opaque: text = "opaque"
    case .compound:
        let process = reader.process(value)
        let thread = reader.thread(value)
        if process.pid != nil || process.name != nil {
            text = "process \(process.pid.map(String.init) ?? "?") \(process.name ?? "?")"
        } else if thread.tid != nil || thread.pid != nil {
            text = "thread \(thread.tid.map(String.init) ?? "?") pid \(thread.pid.map(String.init) ?? "?")"
        } else if let label = reader.label(value) {
            text = "label \(label)"
        } else {
            text = "compound"
        }
    }
    if fmt { text += " | \(reader.fmt(column) ?? "nil")" }
    return text
}

/// A document with one `<node>` of `schema` with the given columns (mnemonic:type) and rows.
func document(_ schema: String, _ columns: [String], _ rows: [String], xpath: String = "//trace-toc[1]/run[1]/data[1]/table[1]") -> String {
    node(schema, columns, rows, xpath: xpath).wrappedInResult
}

func node(_ schema: String, _ columns: [String], _ rows: [String], xpath: String = "//trace-toc[1]/run[1]/data[1]/table[1]") -> String {
    let cols = columns.map { column -> String in
        let parts = column.split(separator: ":")
        return "<col><mnemonic>\(parts[0])</mnemonic><name>\(parts[0].capitalized)</name><engineering-type>\(parts[1])</engineering-type></col>"
    }.joined()
    return "<node xpath='\(xpath)'><schema name=\"\(schema)\">\(cols)</schema>\n" + rows.map { "<row>\($0)</row>\n" }.joined() + "</node>\n"
}

extension String {
    var wrappedInResult: String { "<?xml version=\"1.0\"?>\n<trace-query-result>\n\(self)</trace-query-result>\n" }
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

extension Substring {
    var capitalized: String { String(self).capitalized }
}

@Suite("xctrace XML reader", .temporaryDirectory)
struct XctraceReaderTests {
    @Test("a file read in small blocks gives the rows read whole: units cut at block ends are read again", arguments: [97, 4096])
    func smallBlocks(blockSize: Int) throws {
        let directory = temporaryDirectory(prefix: "blocks")
        let files = SyntheticExport.write(directory: directory, megabytes: 0.3, seed: 9)
        let request = XctraceRequest(values: ["swiftui-updates": ["start", "duration", "view-name", "description", "process", "thread", "module", "id"]])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: files.updates)))
        let whole = try bytes.withUnsafeBytes { raw in
            var reader = XctraceTableReader(bytes: raw, name: "whole", request: request)
            return try rows(of: &reader)
        }
        var reader = try XctraceTableReader(path: files.updates, request: request, blockSize: blockSize)
        let blocks = try rows(of: &reader)
        #expect(whole.rows.count == files.rows)
        #expect(blocks.rows == whole.rows)
        #expect(blocks.tables == whole.tables)
        #expect(reader.summary.controlBytes > 0)
    }

    @Test("positions of errors and references count lines across block ends", arguments: [7, 64, 1 << 20])
    func positionsAcrossBlocks(blockSize: Int) throws {
        let path = temporaryDirectory(prefix: "positions") + "/bad.xml"
        let xml = document("t", ["a:uint32"], (1...40).map { "<uint32 id=\"\($0)\">\($0)</uint32>" } + ["<uint32 ref=\"99\"/>", "<uint32>1</uint32><x>"])
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        var reader = try XctraceTableReader(path: path, request: XctraceRequest(values: ["t": ["a"]]), blockSize: blockSize)
        #expect(throws: XctraceReadError(file: path, line: 45, column: 27, message: "expected </x>, found </row>")) {
            while try reader.next() != nil {}
        }
        #expect(reader.summary.unresolvedLocations == ["\(path):44:6"])
    }

    @Test("cells map onto the schema's columns by position, same-tag columns and sentinels included")
    func positionalCells() throws {
        let xml = document("swiftui-updates", ["start:start-time", "description:string", "module:string", "view-name:string"], [
            #"<start-time id="1" fmt="00:00.001">1000</start-time><string id="2" fmt="A.body">A.body</string><string id="3" fmt="App">App</string><sentinel/>"#,
            #"<start-time id="4" fmt="00:00.002">2000</start-time><sentinel/><string ref="3"/><string ref="2"/>"#,
        ])
        let read = try readRows(xml, ["swiftui-updates": ["view-name", "module", "start", "missing", "description"]])
        #expect(read.rows == [
            ["-", "\"App\"", "1000", "absent", "\"A.body\""],
            ["\"A.body\"", "\"App\"", "2000", "absent", "-"],
        ])
        #expect(read.tables == ["swiftui-updates@//trace-toc[1]/run[1]/data[1]/table[1]", "end"])
    }

    @Test("processes, threads and typed-arrays are read from their children and fmt, also through refs")
    func compounds() throws {
        let xml = document("t", ["process:process", "thread:thread", "node:typed-array"], [
            #"<process id="1" fmt="My App (1001)"><pid id="2" fmt="1001">1001</pid><device-session id="3" fmt="s">s</device-session></process>"#
                + #"<thread id="4" fmt="Main Thread 0x1e9000 (My App, pid: 1001)"><tid id="5" fmt="0x1e9000">2003968</tid><process ref="1"/></thread>"#
                + #"<typed-array id="6" fmt="ContentView.body, blue"><string id="7" fmt="ContentView.body">ContentView.body</string><string id="8">blue</string></typed-array>"#,
            #"<process ref="1"/><thread ref="4"/><typed-array id="9"><sentinel/><string ref="7"/></typed-array>"#,
            #"<process id="10" fmt="Other (7)"/><thread id="11" fmt="T (Other, pid: 7)"><tid>9</tid></thread><typed-array><string ref="8"/></typed-array>"#,
        ])
        let read = try readRows(xml, ["t": ["process", "thread", "node"]])
        #expect(read.rows == [
            ["process 1001 My App", "thread 2003968 pid 1001", "label ContentView.body"],
            ["process 1001 My App", "thread 2003968 pid 1001", "label "],
            ["process 7 Other", "thread 9 pid 7", "label blue"],
        ])
    }

    @Test("ids defined inside compound cells of unread columns resolve later refs")
    func idsInsideCompounds() throws {
        let xml = document("t", ["hierarchy:view-hierarchy", "name:string", "process:process"], [
            #"<view-hierarchy id="1" fmt="A ← B"><process id="2" fmt="App (5)"><pid id="3">5</pid></process><identified-view id="4" fmt="A"><string id="5">A</string><uint64 id="6">77</uint64></identified-view></view-hierarchy><string ref="5"/><process ref="2"/>"#,
            #"<view-hierarchy ref="1"/><uint64 ref="6"/><sentinel/>"#,
        ])
        let read = try readRows(xml, ["t": ["name", "process", "hierarchy"]])
        #expect(read.rows == [
            ["\"A\"", "process 5 App", "opaque"],
            ["77", "-", "opaque"],
        ])
        #expect(read.summary.unresolvedReferences == 0)
    }

    @Test("a reference to an id not yet defined is an empty cell, counted with its position; strict: an error")
    func forwardReferences() throws {
        let xml = document("t", ["a:uint32", "b:string"], [
            #"<uint32 ref="9"/><string id="9">x</string>"#,
            #"<uint32 ref="9"/><string ref="12"/>"#,
        ])
        let read = try readRows(xml, ["t": ["a", "b"]])
        #expect(read.rows == [["-", "\"x\""], ["\"x\"", "-"]])
        #expect(read.summary.unresolvedReferences == 2)
        #expect(read.summary.unresolvedLocations == ["t.xml:4:6", "t.xml:5:23"])
        #expect(throws: XctraceReadError(file: "t.xml", line: 4, column: 6, message: "reference to id 9, which is not defined before it")) {
            try readRows(xml, ["t": ["a", "b"]], strict: true)
        }
    }

    @Test("numbers up to 2^64 - 1, huge ids and ids skipped over resolve through refs")
    func idTable() throws {
        let xml = document("t", ["a:duration", "b:string", "c:uint64"], [
            #"<duration id="1">18446744073709551615</duration><string id="4000000000">far</string><uint64 id="7">35184372088832</uint64>"#,
            #"<duration ref="1"/><string ref="4000000000"/><uint64 ref="7"/>"#,
            #"<duration id="3">00012</duration><string ref="5"/><uint64 id="8">18446744073709551616</uint64>"#,
            #"<duration ref="3"/><string ref="2"/><uint64 ref="8"/>"#,
        ])
        let read = try readRows(xml, ["t": ["a", "b", "c"]])
        #expect(read.rows == [
            ["18446744073709551615", "\"far\"", "35184372088832"],
            ["18446744073709551615", "\"far\"", "35184372088832"],
            ["\"00012\"", "-", "\"18446744073709551616\""],
            ["\"00012\"", "-", "\"18446744073709551616\""],
        ])
        #expect(read.summary.unresolvedReferences == 2)
        #expect(read.summary.definedIDs == 5)
    }

    @Test("entities and character references are decoded in text and attributes")
    func entities() throws {
        let xml = document("t", ["a:string", "b:string"], [
            #"<string id="1">A&lt;B&lt;C &amp; &quot;d&quot; &apos;e&apos; &gt; &#65;&#x42;&#x1F600;</string><string id="2" fmt="x &amp; y">T&lt;U</string>"#,
        ])
        let read = try readRows(xml, ["t": ["a", "b"]], fmt: ["b"])
        #expect(read.rows == [["\"A<B<C & \"d\" 'e' > AB😀\"", "\"T<U\" | x & y"]])
    }

    @Test("C0 control bytes are kept in values and counted; CRLF line ends and comments are read")
    func controlBytes() throws {
        let xml = "<?xml version=\"1.0\"?>\r\n<!-- export -->\r\n<trace-query-result>\r\n"
            + node("t", ["a:string"], ["<string id=\"1\">a\u{01}b\u{1F}</string>", "<!-- c --><string ref=\"1\"/>"]) + "</trace-query-result>\r\n"
        let read = try readRows(xml, ["t": ["a"]])
        #expect(read.rows == [["\"a\u{01}b\u{1F}\""], ["\"a\u{01}b\u{1F}\""]])
        #expect(read.summary.controlBytes == 2)
    }

    @Test("attribute values of 70 KB and unbalanced '<' in values are kept as they are")
    func longAndUnbalanced() throws {
        let long = String(repeating: "SidebarRow ← ForEach<Array<Int>, Int, ", count: 1900)
        let xml = document("t", ["h:view-hierarchy", "d:string"], [
            "<view-hierarchy id=\"1\" fmt=\"\(long)\"><sentinel/></view-hierarchy><string id=\"2\" fmt=\"Foo<Bar<Baz\">Foo&lt;Bar&lt;Baz</string>",
        ])
        #expect(long.utf8.count > 70_000)
        let read = try readRows(xml, ["t": ["h", "d"]], fmt: ["h", "d"])
        #expect(read.rows == [["compound | \(long)", "\"Foo<Bar<Baz\" | Foo<Bar<Baz"]])
    }

    @Test("every node of a document is read, each with its own schema and xpath")
    func multipleNodes() throws {
        let xml = (node("hitches", ["start:start-time", "duration:duration"], [#"<start-time id="1">5</start-time><duration id="2">7</duration>"#], xpath: "//trace-toc[1]/run[2]/data[1]/table[3]")
            + node("swiftui-updates", ["duration:duration", "start:start-time"], [#"<duration ref="2"/><start-time ref="1"/>"#], xpath: "//trace-toc[1]/run[2]/data[1]/table[9]")).wrappedInResult
        let read = try readRows(xml, ["hitches": ["start", "duration"], "swiftui-updates": ["start", "duration"]])
        #expect(read.tables == ["hitches@//trace-toc[1]/run[2]/data[1]/table[3]", "end", "swiftui-updates@//trace-toc[1]/run[2]/data[1]/table[9]", "end"])
        #expect(read.rows == [["5", "7"], ["5", "7"]])
        #expect(read.summary.tables.map(\.rows) == [1, 1])
    }

    @Test("element names up to the 65,535th distinct one are read and match their end tags; the next is an error")
    func elementNameLimit() throws {
        // NB: the reader knows 13 names before the document's; the root is one more.
        let names = (0..<65_521).map { "n\($0)" }
        let xml = "<r>" + names.map { "<\($0)></\($0)>" }.joined() + "</r>"
        #expect(try readRows(xml, [:]).rows.isEmpty)
        let oneMore = "<r>" + names.map { "<\($0)/>" }.joined() + "<last/></r>"
        do {
            _ = try readRows(oneMore, [:])
            Issue.record("read \(names.count + 15) distinct names")
        } catch {
            #expect((error as? XctraceReadError)?.message == "more than 65,535 distinct element names")
        }
    }

    @Test("malformed XML is an error naming the line, the column and what was expected", arguments: [
        ("<trace-query-result><node><row>", "t.xml:1:32: unexpected end of file: expected </row>"),
        ("<trace-query-result><node><row", "t.xml:1:31: unexpected end of file: expected '>' closing <row>"),
        ("<trace-query-result>\n<node></row>", "t.xml:2:7: expected </node>, found </row>"),
        ("<trace-query-result><node a=1>", "t.xml:1:29: expected a quoted value for attribute a in <node>"),
        ("<trace-query-result><node a>", "t.xml:1:28: expected '=' after attribute a in <node>"),
        ("<trace-query-result><node a=\"1\"b=\"2\">", "t.xml:1:32: expected a space before an attribute in <node>"),
        ("<trace-query-result><node <row>", "t.xml:1:27: expected an attribute name, '>' or '/>' in <node>"),
        ("<trace-query-result>&bogus;</trace-query-result>", "t.xml:1:21: unknown entity '&bogus;'"),
        ("<trace-query-result>a &amp b</trace-query-result>", "t.xml:1:23: expected an entity ('&amp;', '&lt;', '&#N;' …) after '&'"),
        ("<trace-query-result></trace-query-result><x/>", "t.xml:1:42: expected nothing after the root element's end, found <x>"),
        ("", "t.xml:1:1: expected a root element; the file is empty"),
        ("hello", "t.xml:1:1: expected '<' opening the root element"),
        ("<trace-query-result><!-- x", "t.xml:1:27: unexpected end of file: expected '-->' closing a comment"),
        ("<trace-query-result>< row/>", "t.xml:1:22: expected an element name after '<'"),
        ("<trace-query-result><node><schema name='t'><col><mnemonic>a</mnemonic></col></schema><row><uint32>1</uint32><uint32>2</uint32></row></node></trace-query-result>",
         "t.xml:1:127: expected 1 cells in <row> (one per column of the schema), found 2"),
        ("<trace-query-result><a id=\"x\"/></trace-query-result>", "t.xml:1:28: expected a number in id=\"x\""),
        ("<!DOCTYPE trace-query-result [<!ENTITY e \"x\">]>\n<trace-query-result>&e;</trace-query-result>",
         "t.xml:1:1: a DOCTYPE, which xctrace export never writes: the document is not read (no entity it declares is ever expanded); "
            + "export the table again, or remove the DOCTYPE"),
    ])
    func malformed(input: String, message: String) {
        #expect(throws: (any Error).self) { try readRows(input, ["t": ["a"]]) }
        do {
            _ = try readRows(input, ["t": ["a"]])
        } catch {
            #expect((error as? XctraceReadError)?.description == message)
        }
    }

    @Test("ill-formed UTF-8 is counted as U+FFFD would replace it, wherever the blocks are cut, the first located", arguments: [
        ([0x61, 0x80, 0x62], 1, 1),
        ([0xE2, 0x82, 0x2E, 0x41], 1, 2),
        ([0xC1, 0xA9], 2, 0),
        ([0xED, 0xA0, 0x80], 3, 1),
        ([0xF4, 0x90, 0x80, 0x80], 4, 1),
        ([0xF0, 0x9F, 0x98, 0x80, 0xC3, 0xA9, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48], 0, nil),
        ([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0xF0, 0x9F], 1, 11),
    ] as [([UInt8], Int, Int?)])
    func invalidUTF8(bytes: [UInt8], invalid: Int, first: Int?) {
        for cut in 0...bytes.count {
            var check = XMLUTF8Check()
            var counts = XMLByteCounts()
            let head = bytes.withUnsafeBufferPointer { check.check($0.baseAddress!, cut, counting: &counts) }
            let tail = bytes.withUnsafeBufferPointer { check.check($0.baseAddress! + cut, bytes.count - cut, counting: &counts) }.map { $0 + cut }
            let end = check.finish() ? bytes.count : nil
            #expect(check.invalid == invalid, "cut at \(cut)")
            #expect((head ?? tail ?? end) == first, "cut at \(cut)")
        }
    }

    @Test("the UTF-8 check counts newlines and control bytes as a pass of their own does, in any bytes", arguments: 0..<40)
    func checkCountsLikeByteCounts(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let alphabet: [UInt8] = [0x41, 0x20, 0x0A, 0x0D, 0x09, 0x01, 0x1F, 0x3C, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x80, 0xFF]
        let bytes = (0..<random.below(200)).map { _ in alphabet[random.below(alphabet.count)] }
        var check = XMLUTF8Check()
        var counts = XMLByteCounts()
        _ = bytes.withUnsafeBufferPointer { check.check($0.baseAddress!, bytes.count, counting: &counts) }
        let expected = bytes.withUnsafeBufferPointer { XMLByteCounts($0.baseAddress!, bytes.count) }
        let newlines = bytes.filter { $0 == 0x0A }.count
        #expect(counts.newlines == newlines && expected.newlines == newlines)
        #expect(counts.controls == expected.controls && counts.controls == bytes.filter { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }.count)
        #expect(newlines == 0 || counts.lastNewline == bytes.lastIndex(of: 0x0A) && expected.lastNewline == counts.lastNewline)
    }

    @Test("a name ends at the first byte that is not a name byte, eight bytes at a time as one at a time", arguments: 0..<8)
    func nameEndsLikeByteByByte(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for trial in 0..<2_000 {
            var bytes = (0..<random.below(24)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if seed == 0 && trial < 256 { bytes.insert(UInt8(trial), at: 0) }
            let expected = bytes.firstIndex { !XMLScanner.isNameByte($0) } ?? bytes.count
            bytes += [UInt8](repeating: 0, count: XMLInput.padding)
            let found = bytes.withUnsafeMutableBufferPointer { XMLScanner.nameEnd($0.baseAddress!, from: 0) }
            #expect(found == expected, "\(bytes)")
        }
    }
}
