import Foundation
import Testing
import TracerTestSupport

/// `report` on a trace of `record --listen` that two app processes sent to (`Fixtures/Traces/listen/`).
@Suite("tracectl report: the connections of a record --listen trace")
struct ReportConnectionTests {
    static let directory = PackagePaths.trace("listen")

    @Test("the header lists the connections; --conn keeps one; several without --conn are a warning", arguments: [
        ([], "report/two-apps.txt"),
        (["--conn", "2"], "report/two-apps.conn-2.txt"),
        (["--conn", "1", "--format", "json"], "report/two-apps.conn-1.json"),
        (["--format", "markdown"], "report/two-apps.markdown.md"),
    ])
    func connections(options: [String], golden: String) throws {
        let run = try TracectlProcess.run(["report", "two-apps.jsonl"] + options, currentDirectory: Self.directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        Golden.check(run.stdout + "--- stderr\n" + run.stderr, named: golden)
        let warned = run.stderr.contains("2 connections (2 processes) merged into one report; give --conn N")
        #expect(warned == !options.contains("--conn"))
        #expect(!run.stdout.contains("unknown kinds"))
    }

    @Test("--conn selects exactly that connection's events")
    func selectedEventsOnly() throws {
        let whole = try TracectlProcess.run(["report", "two-apps.jsonl", "--format", "json"], currentDirectory: Self.directory)
        let counts = try [1, 2].map { connection in
            let run = try TracectlProcess.run(
                ["report", "two-apps.jsonl", "--format", "json", "--conn", "\(connection)"], currentDirectory: Self.directory)
            return try Self.bodyEvals(run.stdout)
        }
        #expect(counts.allSatisfy { $0 > 0 })
        #expect(counts.reduce(0, +) == (try Self.bodyEvals(whole.stdout)))
    }

    @Test("--conn naming no connection is an error (exit 2) that lists the ones there are", arguments: [
        ("listen/two-apps.jsonl", "3", "--conn 3: no such connection in the trace; it has 1, 2"),
        ("analysis-basic.jsonl", "1", "--conn 1: no such connection in the trace; it has none (it was not recorded with 'tracectl record --listen')"),
    ])
    func unknownConnection(trace: String, connection: String, message: String) throws {
        let run = try TracectlProcess.run(["report", PackagePaths.trace(trace), "--conn", connection])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "tracectl: error: \(PackagePaths.trace(trace)): \(message)\n")
    }

    /// The trace's total body evaluations in a `tracer-report/1` document.
    private static func bodyEvals(_ json: String) throws -> Int {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let totals = document?["totals"] as? [String: Any]
        return try #require(totals?["bodyEvals"] as? Int)
    }
}
