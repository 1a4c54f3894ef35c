import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl import --from xctrace", .temporaryDirectory)
struct XctraceImportCommandTests {
    static let exports = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace").path

    @Test("each export imports to its golden trace and messages", arguments: [
        (["device"], "xctrace/device.txt"),
        (["device", "--all-modules", "--scenario", "browse", "--variant", "main"], "xctrace/device.all-modules.txt"),
        (["device/updates.xml", "--process", "DemoWidget"], "xctrace/device.widget.txt"),
        // NB: without the TOC only the hour limits a duration: Detail's 30 s is kept.
        (["device/updates.xml"], "xctrace/device.updates-only.txt"),
        (["legacy-simulator/export.xml"], "xctrace/legacy-simulator.txt"),
        (["full-causes-only"], "xctrace/full-causes-only.txt"),
        (["full-causes-only/runs.xml", "--run", "1"], "xctrace/full-causes-only.run1.txt"),
        (["bad/hitches-only.xml"], "xctrace/bad-hitches-only.txt"),
        (["bad/empty-tables.xml"], "xctrace/bad-empty-tables.txt"),
        (["bad/malformed.xml"], "xctrace/bad-malformed.txt"),
        (["device/updates.xml", "--strict"], "xctrace/device.strict.txt"),
        (["device", "--process", "Nobody"], "xctrace/device.no-process.txt"),
        // NB: the os-signpost table (one row per emit) and an @W wrapper Tracer has no name for.
        (["os-signpost/export.xml"], "xctrace/os-signpost.txt"),
        // NB: each duration hazard on an evaluation, an update group and a hitch: kept without dur.
        (["durations"], "xctrace/durations.txt"),
        (["bad/no-updates-table.xml"], "xctrace/bad-no-updates-table.txt"),
        (["bad/no-body-updates.xml"], "xctrace/bad-no-body-updates.txt"),
        (["bad/legacy-links-only.xml"], "xctrace/bad-legacy-links-only.txt"),
        // NB: tables Tracer does not read (SwiftUIFilteredUpdates, swiftui-changes, layout, unknown,
        // a <schema> without a name, a <node> without a <schema>) are each named with what they are.
        (["bad/unread-tables.xml"], "xctrace/bad-unread-tables.txt"),
        (["bad/doctype.xml"], "xctrace/bad-doctype.txt"),
        (["bad/utf16le-bom.xml"], "xctrace/bad-utf16le-bom.txt"),
        (["bad/utf16-declaration.xml"], "xctrace/bad-utf16-declaration.txt"),
        // NB: a lone continuation byte, a cut sequence and an overlong one, twice each.
        (["invalid-utf8.xml"], "xctrace/invalid-utf8.txt"),
        (["invalid-utf8.xml", "--strict"], "xctrace/invalid-utf8.strict.txt"),
        // NB: SwiftUIFilteredUpdates alone (three instances, one body row repeated): each body update
        // once, the header's bodyTable and a warning say they may be a filtered subset; beside
        // swiftui-updates its rows are left out.
        (["filtered-updates/filtered-only.xml"], "xctrace/filtered-only.txt"),
        (["filtered-updates/with-updates.xml"], "xctrace/filtered-with-updates.txt"),
    ])
    func fixtures(arguments: [String], golden: String) throws {
        let run = try TracectlProcess.run(["import"] + arguments + (arguments.contains("--from") ? [] : ["--from", "xctrace"]),
                                          currentDirectory: Self.exports)
        // NB: an import's times are not volatile: they come from the fixture, and are kept.
        expectGolden(run.stdout + "--- stderr (exit \(run.status))\n" + run.stderr, at: Golden.directory.appendingPathComponent(golden))
    }

    @Test("an export that gives no body evaluation is exit 2 naming its tables, update types and processes; no trace is written",
          arguments: [
              ("bad/no-updates-table.xml", "export it with xcrun xctrace export --input RECORDING.trace --xpath"),
              ("bad/no-body-updates.xml", "swiftui-updates update types: Other Updates (2), Representable Updates (1)"),
              ("bad/legacy-links-only.xml", "[@schema=\"swiftui-body-interval\"]"),
          ])
    func noEvaluationWritesNothing(export: String, cause: String) throws {
        let directory = temporaryDirectory()
        let summaryPath = directory + "/summary.json"
        let fresh = try TracectlProcess.run(
            ["import", Self.exports + "/" + export, "--from", "xctrace", "-o", directory + "/new.jsonl", "--summary-json", summaryPath])
        #expect(fresh.status == 2)
        // NB: the accounting of a failed import: nothing imported, every row left out for a reason.
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summaryPath))) as! [String: Any]
        #expect(document["events"] as? Int == 0)
        let tables = try #require(document["tables"] as? [[String: Any]])
        #expect(!tables.isEmpty)
        for table in tables {
            let leftOut = (table["leftOut"] as! [String: Int]).values.reduce(0, +)
            #expect(table["imported"] as? Int == 0 && table["rows"] as? Int == leftOut, "\(table)")
        }
        try FileManager.default.removeItem(atPath: summaryPath)
        #expect(fresh.stderr.contains("no body evaluation to import, so no trace is written"), "\(fresh.stderr)")
        #expect(fresh.stderr.contains("tables: ") && fresh.stderr.contains("processes: ") && fresh.stderr.contains(cause), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/new.jsonl"))
        let existing = directory + "/existing.jsonl"
        try "the trace before\n".write(toFile: existing, atomically: true, encoding: .utf8)
        let again = try TracectlProcess.run(["import", Self.exports + "/" + export, "--from", "xctrace", "-o", existing])
        #expect(again.status == 2)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "the trace before\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["existing.jsonl"])
    }

    @Test("--summary-json: for every table of every export, the rows read are those imported plus those left out by reason",
          arguments: [
              ["device"], ["device", "--all-modules"], ["device/updates.xml", "--process", "DemoWidget"], ["legacy-simulator/export.xml"],
              ["full-causes-only"], ["full-causes-only/runs.xml", "--run", "1"], ["os-signpost/export.xml"], ["durations"],
              ["filtered-updates/filtered-only.xml"], ["filtered-updates/with-updates.xml"], ["invalid-utf8.xml"],
              ["cause-values/export.xml"], ["legacy-values/export.xml"], ["legacy-values/no-value-columns.xml"],
              ["two-schemas/updates.xml"],
          ])
    func summaryAccountsForEveryRow(arguments: [String]) throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(
            ["import"] + arguments + ["--from", "xctrace", "-o", directory + "/t.jsonl", "--summary-json", directory + "/summary.json"],
            currentDirectory: Self.exports)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/summary.json"))) as! [String: Any]
        #expect(document["schema"] as? String == "tracer-import-summary/1")
        let tables = try #require(document["tables"] as? [[String: Any]])
        #expect(!tables.isEmpty)
        for table in tables {
            let rows = table["rows"] as! Int, imported = table["imported"] as! Int
            let leftOut = (table["leftOut"] as! [String: Int]).values.reduce(0, +)
            #expect(rows == imported + leftOut, "\(table)")
        }
        let events = try String(contentsOfFile: directory + "/t.jsonl", encoding: .utf8).split(separator: "\n").count - 1
        #expect(document["events"] as? Int == events)
    }

    @Test("a node with a second schema ends the first's table: its rows are imported as if the node were one table")
    func secondSchemaInANode() throws {
        let whole = try TracectlProcess.run(["import", "device/updates.xml", "--from", "xctrace", "-o", "-"], currentDirectory: Self.exports)
        let split = try TracectlProcess.run(["import", "two-schemas/updates.xml", "--from", "xctrace", "-o", "-"], currentDirectory: Self.exports)
        #expect(whole.status == 0 && split.status == 0, "\(split.stderr)")
        // NB: the header names the file; the events must be the same.
        #expect(whole.stdout.split(separator: "\n").dropFirst() == split.stdout.split(separator: "\n").dropFirst())
        #expect(split.stdout.split(separator: "\n").count == 11)
    }

    @Test("--summary-json of the device export and of a console import match their goldens")
    func summaryGoldens() throws {
        let directory = temporaryDirectory()
        let imports = PackagePaths.root.appendingPathComponent("Fixtures/Imports").path
        for (input, golden) in [("xctrace/device", "xctrace/device.summary.json"), ("console-xcode.txt", "import/console-xcode.summary.json")] {
            let run = try TracectlProcess.run(["import", input, "-o", directory + "/t.jsonl", "--summary-json", directory + "/s.json"],
                                              currentDirectory: imports)
            #expect(run.status == 0, "\(run.stderr)")
            expectGolden(try String(contentsOfFile: directory + "/s.json", encoding: .utf8), at: Golden.directory.appendingPathComponent(golden))
        }
    }

    @Test("--from auto recognises a directory, an export document and a .trace")
    func autoDetection() throws {
        for input in ["device", "legacy-simulator/export.xml"] {
            let auto = try TracectlProcess.run(["import", input], currentDirectory: Self.exports)
            let forced = try TracectlProcess.run(["import", input, "--from", "xctrace"], currentDirectory: Self.exports)
            #expect(auto.status == 0)
            #expect(auto.stdout == forced.stdout)
        }
    }

    @Test("imported traces conform to tracer/1, and report, check, advise and diff read them", arguments: [
        "device", "legacy-simulator", "full-causes-only", "os-signpost", "durations", "cause-values",
    ])
    func importedTracesAreRead(export: String) throws {
        let directory = temporaryDirectory()
        let trace = directory + "/imported.jsonl"
        let imported = try TracectlProcess.run(["import", Self.exports + "/" + export, "-o", trace])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.stdout == "\(trace): conforms to tracer/1\n", "\(validate.stdout)\(validate.stderr)")
        let budget = directory + "/budget.json"
        for command in [
            ["report", trace], ["report", trace, "--format", "json"], ["advise", trace], ["diff", trace, trace],
            ["check", "--write-budget", budget, trace], ["check", trace, "--budget", budget],
        ] {
            let run = try TracectlProcess.run(command)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
    }

    @Test("report, check and diff of the device export match their goldens; hitch rules are n/a without hitches")
    func analysisGoldens() throws {
        let directory = temporaryDirectory()
        let trace = directory + "/device.jsonl"
        #expect(try TracectlProcess.run(["import", Self.exports + "/device", "-o", trace]).status == 0)
        let budgets = PackagePaths.root.appendingPathComponent("Fixtures/Budgets").path
        let report = try TracectlProcess.run(["report", "device.jsonl"], currentDirectory: directory)
        Golden.check(report.stdout, named: "xctrace/device.report.txt")
        let markdown = try TracectlProcess.run(["report", "device.jsonl", "--format", "markdown"], currentDirectory: directory)
        Golden.check(markdown.stdout, named: "xctrace/device.report.md")
        let json = try TracectlProcess.run(["report", "device.jsonl", "--format", "json"], currentDirectory: directory)
        expectGolden(json.stdout, at: Golden.directory.appendingPathComponent("xctrace/device.report.json"))
        let check = try TracectlProcess.run(["check", "device.jsonl", "--budget", budgets + "/instruments.json"], currentDirectory: directory)
        #expect(check.status == 1)
        Golden.check(check.stdout.replacingOccurrences(of: budgets, with: "Fixtures/Budgets") + "--- stderr\n" + check.stderr, named: "xctrace/device.check.txt")
        // NB: the runtime records no hitches: its hitch rules are skipped, never passed with 0.
        let runtime = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")
        let runtimeCheck = try TracectlProcess.run(["check", runtime, "--budget", budgets + "/instruments.json"])
        #expect(runtimeCheck.stderr.contains("hitches is not available: the runtime source records no hitch"), "\(runtimeCheck.stderr)")
        // NB: two builds recorded on different devices compare with a warning.
        let other = directory + "/other.jsonl"
        let text = try String(contentsOfFile: trace, encoding: .utf8).replacingOccurrences(of: "iPhone 16 Pro", with: "iPhone 15")
        try text.write(toFile: other, atomically: true, encoding: .utf8)
        let diff = try TracectlProcess.run(["diff", "device.jsonl", "other.jsonl"], currentDirectory: directory)
        #expect(diff.status == 0)
        #expect(diff.stderr.contains("device.jsonl and other.jsonl were recorded differently (device iPhone 16 Pro vs iPhone 15)"), "\(diff.stderr)")
        let baseline = try TracectlProcess.run(
            ["check", "other.jsonl", "--budget", budgets + "/instruments.json", "--baseline", "device.jsonl"], currentDirectory: directory)
        #expect(baseline.stderr.contains("were recorded differently (device iPhone 16 Pro vs iPhone 15)"), "\(baseline.stderr)")
    }

    @Test("a .trace is exported with xcrun (a stand-in checks its arguments) into a directory removed afterwards")
    func traceBundleWithXcrun() throws {
        let directory = temporaryDirectory()
        let bin = directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/App.trace", withIntermediateDirectories: true)
        let log = directory + "/xcrun.log"
        let fixtures = Self.exports + "/device"
        // NB: the stand-in accepts only `xctrace export --input X (--toc | --xpath P) --output FILE`
        // and writes the fixture for the table the xpath names.
        let script = """
            #!/bin/sh
            echo "$@" >> '\(log)'
            [ "$1" = xctrace ] && [ "$2" = export ] && [ "$3" = --input ] && [ "$4" = App.trace ] || { echo "bad arguments: $*" >&2; exit 64; }
            case "$5" in
            --toc) [ "$6" = --output ] || exit 64; cp '\(fixtures)/toc.xml' "$7" ;;
            --xpath)
              [ "$7" = --output ] || exit 64
              case "$6" in
              '/trace-toc/run[@number="1"]/data/table[@schema="swiftui-updates"]') cp '\(fixtures)/updates.xml' "$8" ;;
              '/trace-toc/run[@number="1"]/data/table[@schema="swiftui-causes"]') cp '\(fixtures)/causes.xml' "$8" ;;
              '/trace-toc/run[@number="1"]/data/table[@schema="swiftui-update-groups"]') cp '\(fixtures)/groups-and-hitches.xml' "$8" ;;
              '/trace-toc/run[@number="1"]/data/table[@schema="OSSignpostIntervals"]') cp '\(fixtures)/signposts.xml' "$8" ;;
              # NB: these fixtures hold two tables each, already given above.
              '/trace-toc/run[@number="1"]/data/table[@schema="hitches"]'|'/trace-toc/run[@number="1"]/data/table[@schema="PointsOfInterestEvents"]')
                printf '<?xml version="1.0"?>\\n<trace-query-result>\\n</trace-query-result>\\n' > "$8" ;;
              *) echo "unexpected xpath $6" >&2; exit 65 ;;
              esac ;;
            *) exit 64 ;;
            esac
            """
        try script.write(toFile: bin + "/xcrun", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xcrun")
        let environment = ["PATH": bin + ":/usr/bin:/bin", "TMPDIR": directory + "/tmp/"]
        try FileManager.default.createDirectory(atPath: directory + "/tmp", withIntermediateDirectories: true)
        let run = try TracectlProcess.run(["import", "App.trace", "-o", "app.jsonl"], environment: environment, currentDirectory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        // NB: the TOC, then each table the TOC lists that the import reads (full causes not, as causes are there).
        #expect(calls.count == 7, "\(calls)")
        #expect(!calls.contains { $0.contains("swiftui-full-causes") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/tmp").isEmpty)
        let direct = try TracectlProcess.run(["import", fixtures])
        #expect(try String(contentsOfFile: directory + "/app.jsonl", encoding: .utf8) == direct.stdout)
    }

    @Test("a reference to an id outside the id table is a warning at its file:line:col; --strict: an error, exit 2", arguments: [
        "1023", "1024", "1048576", "4294967297", "18446744073709551615",
    ])
    func referenceOutsideTheIDTable(id: String) throws {
        let directory = temporaryDirectory()
        let row = #"<row><start-time id="1">100</start-time><duration id="2">800</duration>"#
            + #"<swiftui-update id="3">View Body Updates</swiftui-update><string id="4">Demo</string><string ref="\#(id)"/></row>"#
        try Self.updates(row).write(toFile: directory + "/updates.xml", atomically: true, encoding: .utf8)
        // NB: the reference is the row's last cell, on the document's 11th line.
        let location = "updates.xml:11:\(row.utf8.count - #"<string ref=""/></row>"#.utf8.count - id.utf8.count + 1)"
        let lenient = try TracectlProcess.run(["import", "updates.xml", "--from", "xctrace"], currentDirectory: directory)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("warning: \(location): a reference to an id not defined before it (read as an empty cell)"), "\(lenient.stderr)")
        let strict = try TracectlProcess.run(["import", "updates.xml", "--from", "xctrace", "--strict"], currentDirectory: directory)
        #expect(strict.status == 2)
        #expect(strict.stderr == "tracectl: error: \(location): reference to id \(id), which is not defined before it\n")
    }

    @Test("an id that does not fit 64 bits is an error at its file:line:col, exit 2")
    func idPastSixtyFourBits() throws {
        let directory = temporaryDirectory()
        let row = #"<row><start-time id="1">100</start-time><duration id="2">800</duration>"#
            + #"<swiftui-update id="3">View Body Updates</swiftui-update><string id="4">Demo</string><string ref="18446744073709551616"/></row>"#
        try Self.updates(row).write(toFile: directory + "/updates.xml", atomically: true, encoding: .utf8)
        let run = try TracectlProcess.run(["import", "updates.xml", "--from", "xctrace"], currentDirectory: directory)
        #expect(run.status == 2)
        let column = row.utf8.count - #"18446744073709551616"/></row>"#.utf8.count + 1
        #expect(run.stderr == "tracectl: error: updates.xml:11:\(column): expected a number in ref=\"18446744073709551616\"\n")
    }

    /// A `swiftui-updates` export of one table (start, duration, update type, module, view name)
    /// whose one row, on line 11, is `row`.
    static func updates(_ row: String) -> String {
        let columns = [("start", "start-time"), ("duration", "duration"), ("update-type", "swiftui-update"), ("module", "string"), ("view-name", "string")]
        let schema = columns.map { "<col><mnemonic>\($0.0)</mnemonic><name>\($0.0)</name><engineering-type>\($0.1)</engineering-type></col>" }
        return """
            <?xml version="1.0"?>
            <trace-query-result>
            <node xpath='//trace-toc[1]/run[1]/data[1]/table[1]'>
            <schema name="swiftui-updates">
            \(schema.joined(separator: "\n"))
            </schema>
            \(row)
            </node>
            </trace-query-result>

            """
    }

    @Test("without xcrun a .trace is an error that gives the export commands")
    func traceBundleWithoutXcrun() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/App.trace", withIntermediateDirectories: true)
        let run = try TracectlProcess.run(["import", "App.trace"], environment: ["PATH": directory], currentDirectory: directory)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        Golden.check(run.stderr, named: "xctrace/no-xcrun.txt")
    }
}
