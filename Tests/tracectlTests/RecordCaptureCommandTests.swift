import Foundation
import Testing

@Suite("tracectl record: child processes and the TCP listener")
struct RecordCaptureCommandTests {
    static var app: String { TracectlProcess.productsDirectory.appendingPathComponent("tracer-app").path }

    @Test("record -- tracer-app: a whole, valid trace of the app's views and a summary")
    func recordsTheExampleApp() throws {
        let directory = PackagePaths.temporaryDirectory()
        let trace = directory + "/app.jsonl"
        let run = try TracectlProcess.run(["record", "-o", trace, "--", Self.app, "--frames", "240", "--lap-every", "120"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("nothing dropped"))
        let report = try TracectlProcess.run(["report", trace, "--format", "json"])
        #expect(report.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let views = try #require(document["views"] as? [[String: Any]])
        func evals(_ view: String) -> Int? { views.first { $0["view"] as? String == view }?["bodyEvals"] as? Int }
        // 240 ticks and 2 laps each invalidate the screen once, plus its initial evaluation.
        #expect(evals("StopwatchScreen") == 243)
        // The label's input changes on every tick (240) plus the initial evaluation; laps skip it.
        #expect(evals("StopwatchScreen/VStack/ElapsedLabel") == 241)
        // The lap list: the initial evaluation and one per lap.
        #expect(evals("StopwatchScreen/VStack/LapList") == 3)
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    @Test("record -- CMD exits with the child's status", arguments: [(3, "exit 3"), (0, "exit 0"), (137, "kill -KILL $$")])
    func childStatus(expected: Int32, script: String) throws {
        let directory = PackagePaths.temporaryDirectory()
        let run = try TracectlProcess.run(["record", "-o", directory + "/t.jsonl", "--", "sh", "-c", script])
        #expect(run.status == expected, "stderr: \(run.stderr)")
        if expected == 137 { #expect(run.stderr.contains("was killed by signal 9")) }
    }

    @Test("record -o - writes the trace to standard output")
    func standardOutput() throws {
        let run = try TracectlProcess.run(["record", "-o", "-", "--", Self.app, "--frames", "3"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.contains("\"kind\":\"meta\"") == true)
        #expect(lines.filter { $0.contains("\"kind\":\"write\"") }.count == 3)
    }

    @Test("record of a command that does not exist: a clear error, not a crash")
    func missingCommand() throws {
        let run = try TracectlProcess.run(["record", "-o", PackagePaths.temporaryDirectory() + "/t.jsonl", "--", "/nonexistent/app"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("/nonexistent/app"))
    }

    @Test("--listen on a non-loopback address without --allow-remote is refused with exit 2")
    func remoteRefused() throws {
        let run = try TracectlProcess.run(["record", "--listen", "0.0.0.0:0", "-o", "-", "--duration", "1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--allow-remote"))
    }

    @Test("--listen prints the TRACER_OUTPUT value for clients and stops after --duration")
    func listenPrintsClientValue() throws {
        let directory = PackagePaths.temporaryDirectory()
        let run = try TracectlProcess.run(["record", "--listen", "127.0.0.1:0", "-o", directory + "/l.jsonl", "--duration", "0.5"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("TRACER_OUTPUT=tcp://127.0.0.1:"))
        #expect(FileManager.default.fileExists(atPath: directory + "/l.jsonl"))
    }
}
