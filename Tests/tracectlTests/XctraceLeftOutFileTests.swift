import Foundation
import Testing
import TracerTestSupport

/// What an Instruments import does not read is named, never lost without a word: files of a
/// directory, tables repeated, tables it has no use for.
@Suite("import --from xctrace: every file and table not read is named", .temporaryDirectory)
struct XctraceLeftOutFileTests {
    /// The device export: a directory of tables and a TOC.
    static let device = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace/device").path

    /// The `--summary-json` document written to `path`.
    static func summary(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("files that do not look like an export in their first 4 KB are each named with why, on stderr and in --summary-json")
    func filesNotRead() throws {
        let directory = temporaryDirectory()
        let export = directory + "/export"
        try FileManager.default.copyItem(atPath: Self.device, toPath: export)
        let whole = try String(contentsOfFile: export + "/groups-and-hitches.xml", encoding: .utf8)
        let files = [
            "groups-and-hitches.xml": "",
            "cut.xml": String(whole.utf8.prefix(41))!,
            "doctype.xml": "<!DOCTYPE x>\n<x/>\n",
            "long-header.xml": "<?xml version=\"1.0\"?>\n<!--" + String(repeating: "h", count: 5_000) + "-->\n" + whole.dropFirst(22),
            "notes.txt": "not XML at all\n",
        ]
        for (name, text) in files { try text.write(toFile: export + "/" + name, atomically: false, encoding: .utf8) }
        let run = try TracectlProcess.run(["import", "export", "--from", "xctrace", "-o", "t.jsonl", "--summary-json", "s.json"],
                                          currentDirectory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let notRead = try #require(try Self.summary(directory + "/s.json")["filesNotRead"] as? [[String: String]])
        #expect(notRead.compactMap { $0["file"] } == files.keys.sorted().map { "export/" + $0 })
        #expect(notRead.first { $0["file"] == "export/groups-and-hitches.xml" }?["reason"] == "empty")
        for entry in notRead {
            #expect(run.stderr.contains("warning: \(entry["file"]!): not read: \(entry["reason"]!)"), "\(run.stderr)")
        }
        #expect(notRead.first { $0["file"] == "export/long-header.xml" }?["reason"]?.contains("in its first 4 KB") == true)
    }

    @Test("a table that appears twice (another file, or another node) is read once, warned about, and left out as repeats-table")
    func repeatedTable() throws {
        let directory = temporaryDirectory()
        let export = directory + "/export"
        try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
        let updates = try String(contentsOfFile: Self.device + "/updates.xml", encoding: .utf8)
        try updates.write(toFile: export + "/a.xml", atomically: false, encoding: .utf8)
        try updates.write(toFile: export + "/b.xml", atomically: false, encoding: .utf8)
        let body = updates.components(separatedBy: "<trace-query-result>")[1].components(separatedBy: "</trace-query-result>")[0]
        try updates.replacingOccurrences(of: "</trace-query-result>", with: body + "</trace-query-result>")
            .write(toFile: directory + "/twice.xml", atomically: false, encoding: .utf8)
        let once = try TracectlProcess.run(["import", Self.device + "/updates.xml", "--from", "xctrace"])
        for input in ["export", "twice.xml"] {
            let run = try TracectlProcess.run(["import", input, "--from", "xctrace", "--summary-json", "s.json"], currentDirectory: directory)
            #expect(run.status == 0, "\(run.stderr)")
            // NB: the header names the input; the events are the one table's.
            #expect(run.stdout.split(separator: "\n").dropFirst() == once.stdout.split(separator: "\n").dropFirst())
            #expect(run.stderr.contains("swiftui-updates: the same table (schema, run and xpath) as at "), "\(run.stderr)")
            let tables = try #require(try Self.summary(directory + "/s.json")["tables"] as? [[String: Any]])
            let leftOut = try #require(tables.first?["leftOut"] as? [String: Int])
            #expect(tables.count == 1 && tables[0]["rows"] as? Int == 30 && leftOut["repeats-table"] == 15, "\(tables)")
        }
    }

    @Test("tables found but not read are in --summary-json, with what they are")
    func tablesNotRead() throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["import", Self.device, "--from", "xctrace", "-o", "t.jsonl", "--summary-json", "s.json"],
                                          currentDirectory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let unread = try #require(try Self.summary(directory + "/s.json")["tablesNotRead"] as? [[String: Any]])
        #expect(unread.map { "\($0["schema"]!) \($0["rows"]!)" } == ["potential-hangs 1"])
        #expect(unread.first?["note"] as? String == "not a table Tracer imports")
    }

    @Test("an export of SwiftUIFilteredUpdates alone without a body row names the update types and processes it holds")
    func filteredWithoutBodies() throws {
        let directory = temporaryDirectory()
        let filtered = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace/filtered-updates/filtered-only.xml").path
        try String(contentsOfFile: filtered, encoding: .utf8)
            .replacingOccurrences(of: "<swiftui-update>View Body Updates<", with: "<swiftui-update>Layout<")
            .write(toFile: directory + "/layout.xml", atomically: false, encoding: .utf8)
        let run = try TracectlProcess.run(["import", "layout.xml", "--from", "xctrace"], currentDirectory: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("SwiftUIFilteredUpdates update types: Layout (3), Other Updates (1), Representable Updates (1);"), "\(run.stderr)")
        #expect(run.stderr.contains("processes: Demo (1001): 0 body rows;"), "\(run.stderr)")
    }
}
