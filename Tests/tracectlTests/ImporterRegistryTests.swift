import Foundation
import Testing
import TraceFormat
import TraceImport
import TraceSupport
import TracerCore
import TracerTestSupport
@testable import TracectlCommands

/// Importers plug in through `ImportRegistry` alone: a test-only importer, registered for the
/// test's task, is taken by `tracectl import` (`--from` and detection) and by the MCP `import`
/// tool; the standard importers keep to what they declare.
@Suite("tracectl import: the importer registry", .temporaryDirectory)
struct ImporterRegistryTests {
    static let imports = PackagePaths.root.appendingPathComponent("Fixtures/Imports").path

    /// A test log of two evaluations and a line that is none.
    static let testLog = "\(TestLogImporter.magic)\neval ContentView\nnoise\neval Row\n"

    /// Writes `testLog` to `app.testlog` in a new directory; returns the directory.
    static func directoryWithTestLog() throws -> String {
        let directory = temporaryDirectory()
        try testLog.write(toFile: directory + "/app.testlog", atomically: true, encoding: .utf8)
        return directory
    }

    /// The trace a test log import writes, its header naming `scenario`.
    static func expectedTrace(scenario: String?) -> String {
        let named = scenario.map { #""scenario":"\#($0)","# } ?? ""
        return [
            #"{"kind":"meta","schema":"tracer/1","tool":"tracer 0.1.0",\#(named)"unit":"ns","pid":0,"capabilities":["body-eval"]}"#,
            #"{"seq":1,"ts":2000,"tid":1,"tx":1,"kind":"body-eval","view":"ContentView"}"#,
            #"{"seq":2,"ts":4000,"tid":1,"tx":2,"kind":"body-eval","view":"Row"}"#,
        ].joined(separator: "\n") + "\n"
    }

    /// The summary document of the test log at `file`, as one line.
    static func expectedSummary(file: String) -> String {
        #"{"schema":"tracer-import-summary/1","file":"\#(file)","source":"test-log","events":2,"#
            + #""tables":[{"schema":"lines","rows":3,"imported":2,"untimed":0,"leftOut":{"not-an-eval":1}}],"#
            + #""warnings":["\#(file): 1 line(s) that are no eval left out"]}"#
    }

    @Test("tracectl import takes a registered importer by --from and by detection: its trace, its summary and its messages")
    func importsThroughTheCommand() throws {
        let directory = try Self.directoryWithTestLog()
        let input = directory + "/app.testlog", trace = directory + "/app.jsonl", summary = directory + "/summary.json"
        for from in [["--from", "test-log"], []] {
            let run = ImportRegistry.registering(TestLogImporter()) {
                TracectlInProcess.run(["import", input] + from + ["-o", trace, "--summary-json", summary, "--scenario", "demo"])
            }
            #expect(run.status == 0, "\(from): \(run.stderr)")
            #expect(run.stderr == "tracectl: warning: \(input): 1 line(s) that are no eval left out\n"
                + "imported 2 eval(s) as 2 event(s) from \(input) (test-log)\n")
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == Self.expectedTrace(scenario: "demo"))
            #expect(try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n") == [Self.expectedSummary(file: input)[...]])
        }
        #expect(TracectlInProcess.run(["validate", trace]).stdout == "\(trace): conforms to tracer/1\n")
    }

    @Test("an option the registered importer does not read is refused, naming the importers that read it")
    func settingsItDoesNotRead() throws {
        let input = try Self.directoryWithTestLog() + "/app.testlog"
        for (option, readers) in [(["--strict"], "console, oslog or xctrace"), (["--run", "1"], "xctrace"), (["--all-modules"], "xctrace")] {
            let run = ImportRegistry.registering(TestLogImporter()) { TracectlInProcess.run(["import", input, "--from", "test-log"] + option) }
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: '\(option[0])' applies to --from \(readers) only\n"), "\(run.stderr)")
        }
    }

    @Test("the MCP import tool takes a registered importer: its from argument, the summary as its result, the trace under the root")
    func importsThroughTheMCPTool() throws {
        let directory = try Self.directoryWithTestLog()
        let context = try MCPContext(root: ConfinedRoot(path: directory))
        defer { context.removeScratch() }
        let arguments = try JSONDocumentParser.parse(Array(#"{"log":"app.testlog","output":"mcp.jsonl","from":"test-log"}"#.utf8))
        let outcome = try ImportRegistry.registering(TestLogImporter()) {
            MCPToolRunner.run(try #require(MCPToolCatalog.tool(named: "import")), arguments: arguments, context: context)
        }
        #expect(!outcome.isError, "\(outcome.text)")
        #expect(outcome.document == Self.expectedSummary(file: "app.testlog"))
        #expect(try String(contentsOfFile: directory + "/mcp.jsonl", encoding: .utf8) == Self.expectedTrace(scenario: nil))
    }

    @Test("registered for one task only: elsewhere --from refuses its name, and help, completion and the MCP schema list the standard set")
    func registrationIsScoped() throws {
        let input = try Self.directoryWithTestLog() + "/app.testlog"
        let standard = "(values: auto, console, oslog, xctrace)"
        #expect(HelpFormatter.help(Import.spec).contains(standard))
        #expect(ImportRegistry.registering(TestLogImporter()) { HelpFormatter.help(Import.spec) }.contains("(values: auto, console, oslog, xctrace, test-log)"))
        #expect(CompletionScript.script(for: .bash, specs: Tracectl.specs).contains("'auto console oslog xctrace'"))
        let from = MCPToolCatalog.importLog.parameters.first { $0.name == "from" }?.kind
        guard case .choice(let choices)? = from else { Issue.record("no from choice"); return }
        #expect(choices == ["auto", "console", "oslog", "xctrace"])
        let run = TracectlInProcess.run(["import", input, "--from", "test-log"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: invalid value 'test-log' for '--from': expected one of auto, console, oslog, xctrace"), "\(run.stderr)")
    }

    @Test("--from auto reads ahead only a regular file: every line of a pipe reaches the change log reader")
    func pipeIsNotReadAhead() throws {
        let console = Self.imports + "/console-plain.txt"
        let fifo = temporaryDirectory() + "/console.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = try Data(contentsOf: URL(fileURLWithPath: console))
        // NB: opening a pipe to write waits for its reader: the import's.
        Thread.detachNewThread { FileHandle(forWritingAtPath: fifo)?.write(text) }
        let piped = TracectlInProcess.run(["import", fifo])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == TracectlInProcess.run(["import", console]).stdout)
    }

    @Test("each standard importer is detected for its fixture, accounts for every record it read, and claims no capability it does not declare",
          arguments: [("console-xcode.txt", "console"), ("oslog.ndjson", "oslog"), ("xctrace/device", "xctrace"), ("xctrace/legacy-simulator/export.xml", "xctrace")])
    func standardImporters(fixture: String, name: String) throws {
        let input = TraceInput.file(Self.imports + "/" + fixture)
        let importer = ImportRegistry.detect(input)
        var trace = ""
        let summary = try importer.run(input, settings: ImportSettings(), into: &trace) { _ in }
        #expect(importer.name == name || (importer.name == "auto" && summary.accounts.map(\.schema) == [name]))
        for account in summary.accounts {
            #expect(account.rows == account.imported + account.leftOut.values.reduce(0, +), "\(account)")
        }
        let header = try JSONDocumentParser.parse(Array(trace.prefix { $0 != "\n" }.utf8))
        guard case .array(let listed)? = header["capabilities"]?.value else { Issue.record("\(fixture): no capabilities"); return }
        let claimed = listed.compactMap { if case .string(let name) = $0.value { TraceCapability(rawValue: name) } else { nil } }
        #expect(claimed.count == listed.count && Set(claimed).isSubset(of: importer.capabilities), "\(fixture): \(claimed)")
    }
}
