import Foundation
import Testing
import TraceSupport
import TracerTestSupport

/// Valid but extreme input: every command ends with 0, 1 or 2, never a signal.
@Suite("tracectl on extreme input: exit 0, 1 or 2, never a signal", .temporaryDirectory)
struct ExtremeInputCommandTests {
    /// A trace of `transactions` writes, each evaluating `Root` for `dur` ns with `built` and
    /// `extract` values and its child, skipping another.
    static func trace(transactions: Int, dur: Int64, built: Int, extract: Int) -> String {
        var lines = [#"{"kind":"meta","schema":"tracer/1","tool":"test","scenario":"extreme","variant":"v","unit":"ns","pid":1}"#]
        var seq = 0
        for tx in 1...transactions {
            let write = seq + 1
            lines += [
                #"{"seq":\#(write),"ts":\#(write),"tid":1,"tx":\#(tx),"kind":"write","view":"Root","prop":"offset","wrapper":"State","changed":true,"site":"Root.swift:3"}"#,
                #"{"seq":\#(write + 1),"ts":\#(write + 1),"tid":1,"tx":\#(tx),"kind":"invalidate","view":"Root","cause":\#(write)}"#,
                #"{"seq":\#(write + 2),"ts":\#(write + 2),"tid":1,"tx":\#(tx),"kind":"body-eval","view":"Root","cause":\#(write + 1),"reason":"state","dur":\#(dur),"changed":1,"built":\#(built),"extract":\#(extract)}"#,
                #"{"seq":\#(write + 3),"ts":\#(write + 3),"tid":1,"tx":\#(tx),"kind":"body-eval","view":"Root/Row[\#(tx % 3)]","cause":\#(write + 2),"reason":"inputs-changed","dur":\#(dur),"changed":0}"#,
                #"{"seq":\#(write + 4),"ts":\#(write + 4),"tid":1,"tx":\#(tx),"kind":"skip","view":"Root/Header","cause":\#(write + 2),"reason":"inputs-equal"}"#,
            ]
            seq += 5
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every command that reads a trace, in its formats, on `trace` (with `budget`).
    static func commands(_ trace: String, budget: String) -> [[String]] {
        var commands: [[String]] = [["validate", trace]]
        commands += ["text", "json", "markdown", "html"].map { ["report", trace, "--format", $0] }
        commands += ["text", "json", "dot", "mermaid"].map { ["graph", trace, "--format", $0] }
        commands += ["text", "json", "markdown"].map { ["advise", trace, "--format", $0, "--min-savings", "0"] }
        commands += ["text", "json", "markdown", "folded", "svg", "html", "mermaid", "dot"].map { ["diff", trace, trace, "--format", $0] }
        commands += ["folded", "svg", "text", "speedscope"].flatMap { format in ["evals", "time", "wasted"].map { ["flame", trace, "--weight", $0, "--format", format] } }
        commands += [["export", trace, "--format", "chrome"], ["export", trace, "--format", "speedscope"]]
        commands += [["check", trace, "--budget", budget], ["check", trace, "--budget", budget, "--format", "json"], ["check", trace, trace, trace, "--budget", budget]]
        return commands
    }

    /// Runs every command on `text`; expects an exit status of 0, 1 or 2 and no signal.
    private func everyCommand(on text: String) throws {
        let directory = temporaryDirectory()
        try text.write(toFile: directory + "/t.jsonl", atomically: false, encoding: .utf8)
        try #"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"body-time-total","max":"1s"},{"view":"**","metric":"edge-evals","max":1},{"view":"**","metric":"evals-per-write","max":1}]}"#
            .write(toFile: directory + "/b.json", atomically: false, encoding: .utf8)
        for arguments in Self.commands("t.jsonl", budget: "b.json") {
            let output = ["validate", "check"].contains(arguments[0]) ? [] : ["-o", "out"]
            let run = try TracectlProcess.run(arguments + output, currentDirectory: directory)
            #expect(!run.signaled && [0, 1, 2].contains(run.status), "\(arguments): status \(run.status), stderr: \(run.stderr)")
        }
    }

    @Test("dur of 2^63 − 1 on every evaluation: every command")
    func maximumDurations() throws {
        try everyCommand(on: Self.trace(transactions: 4, dur: .max, built: 6, extract: 1))
    }

    @Test("ts near −2^63 with a dur of 2^63 − 1 (a start before the first nanosecond): every command")
    func startBeforeTheFirstNanosecond() throws {
        let text = [
            #"{"kind":"meta","schema":"tracer/1","tool":"test","scenario":"extreme","variant":"v","unit":"ns","pid":1}"#,
            #"{"seq":1,"ts":-9223372036854775000,"tid":1,"tx":1,"kind":"write","view":"Root","prop":"offset","wrapper":"State","changed":true,"site":"Root.swift:3"}"#,
            #"{"seq":2,"ts":-9223372036854774000,"tid":1,"tx":1,"kind":"body-eval","view":"Root","cause":1,"reason":"state","dur":9223372036854775807,"changed":1}"#,
        ].joined(separator: "\n") + "\n"
        try everyCommand(on: text)
    }

    @Test("extract beyond built (and durations near 2^63): every command; validate names it; advise counts it as built")
    func extractBeyondBuilt() throws {
        let text = Self.trace(transactions: 4, dur: .max - 1, built: 6, extract: 10)
        try everyCommand(on: text)
        let directory = temporaryDirectory()
        try text.write(toFile: directory + "/beyond.jsonl", atomically: false, encoding: .utf8)
        let validate = try TracectlProcess.run(["validate", "beyond.jsonl"], currentDirectory: directory)
        #expect(validate.stdout.contains(#"expected "extract" at most "built" (10 > 6)"#), "\(validate.stdout)")
        let advise = try TracectlProcess.run(["advise", "beyond.jsonl", "--format", "json", "--min-savings", "0"], currentDirectory: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(advise.stdout.utf8)) as? [String: Any])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first { $0["pattern"] as? String == "extract-subviews" })
        let savings = try #require(finding["savings"] as? [String: Any])
        #expect((savings["viewValues"] as? NSNumber)?.intValue == 4 * 6)
        #expect((savings["evaluationEquivalents"] as? NSNumber)?.intValue == 4)
        #expect((savings["bodyTimeNs"] as? NSNumber)?.int64Value == .max)
    }

    @Test("diff --base-run/--variant-run on runs whose edges' body times saturated")
    func saturatedRuns() throws {
        let directory = temporaryDirectory()
        for (name, transactions) in [("a", 3), ("a2", 4), ("b", 2), ("b2", 5)] {
            try Self.trace(transactions: transactions, dur: .max, built: 6, extract: 1)
                .write(toFile: "\(directory)/\(name).jsonl", atomically: false, encoding: .utf8)
        }
        for format in ["text", "json", "markdown", "mermaid", "dot", "html"] {
            let run = try TracectlProcess.run(
                ["diff", "a.jsonl", "b.jsonl", "--base-run", "a2.jsonl", "--variant-run", "b2.jsonl", "--format", format, "-o", "out"],
                currentDirectory: directory)
            #expect(!run.signaled && run.status == 0, "\(format): status \(run.status), stderr: \(run.stderr)")
        }
    }

    @Test("record --listen --duration 1e11: waits as long as can be counted, stops on SIGINT with exit 0")
    func longestDuration() throws {
        let tracectl = try BackgroundTracectl(["record", "--listen", "127.0.0.1:0", "-o", temporaryDirectory() + "/l.jsonl", "--duration", "1e11"])
        #expect(eventually { tracectl.stderr.contains("TRACER_OUTPUT=") })
        tracectl.send(SIGINT)
        let run = tracectl.finish()
        #expect(run.reason == .exit && run.status == 0, "stderr: \(run.stderr)")
    }

    @Test("import of an Instruments export whose table of contents gives a run duration of inf, 1e20 or -1", arguments: ["inf", "1e20", "-1"])
    func tableOfContentsDurations(duration: String) throws {
        let directory = temporaryDirectory()
        let exports = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace/device").path
        for file in try FileManager.default.contentsOfDirectory(atPath: exports) {
            var text = try String(contentsOfFile: exports + "/" + file, encoding: .utf8)
            if file == "toc.xml" { text = text.replacingOccurrences(of: "<duration>20.99</duration>", with: "<duration>\(duration)</duration>") }
            try text.write(toFile: directory + "/" + file, atomically: false, encoding: .utf8)
        }
        let run = try TracectlProcess.run(["import", directory, "--from", "xctrace", "-o", directory + "/imported.jsonl"])
        // NB: a duration that is no length is unknown: the import goes on without a run-length bound.
        #expect(!run.signaled && run.status == 0, "status \(run.status), stderr: \(run.stderr)")
    }

    @Test("import of an export with 20,000 comments or 100,000 processing instructions in a row: what it holds, or exit 2; never a signal, never a temporary file left", arguments: [("<!---->", 20_000), ("<?x?>", 100_000)])
    func skippedRuns(unit: String, count: Int) throws {
        let directory = temporaryDirectory()
        let updates = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace/device/updates.xml").path
        let text = try String(contentsOfFile: updates, encoding: .utf8)
        let run = String(repeating: unit, count: count)
        try text.replacingOccurrences(of: "<node", with: run + "<node").write(toFile: directory + "/runs.xml", atomically: false, encoding: .utf8)
        try "<?xml version=\"1.0\"?>\n<trace-query-result>\(run)</trace-query-result>\n"
            .write(toFile: directory + "/only-runs.xml", atomically: false, encoding: .utf8)
        let plain = try TracectlProcess.run(["import", updates, "--from", "xctrace"])
        let withRuns = try TracectlProcess.run(["import", "runs.xml", "--from", "xctrace", "-o", "runs.jsonl"], currentDirectory: directory)
        #expect(!withRuns.signaled && withRuns.status == 0, "status \(withRuns.status), stderr: \(withRuns.stderr)")
        #expect(try String(contentsOfFile: directory + "/runs.jsonl", encoding: .utf8) == plain.stdout)
        let onlyRuns = try TracectlProcess.run(["import", "only-runs.xml", "--from", "xctrace", "-o", "only.jsonl"], currentDirectory: directory)
        #expect(!onlyRuns.signaled && onlyRuns.status == 2, "status \(onlyRuns.status), stderr: \(onlyRuns.stderr)")
        #expect(onlyRuns.stderr.contains("only-runs.xml: no SwiftUI table Tracer reads"), "\(onlyRuns.stderr)")
        // NB: the failed import leaves the directory as it was: no trace, no temporary beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["only-runs.xml", "runs.jsonl", "runs.xml"])
        // The same through `tracectl mcp`: the server answers both calls and the next request.
        let calls = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"import","arguments":{"log":"runs.xml","output":"mcp.jsonl"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"import","arguments":{"log":"only-runs.xml","output":"mcp-only.jsonl"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#,
        ]
        let served = try TracectlProcess.run(["mcp", "--root", directory], stdin: Data((calls.joined(separator: "\n") + "\n").utf8))
        #expect(!served.signaled && served.status == 0, "status \(served.status), stderr: \(served.stderr)")
        let answers = try served.stdout.split(separator: "\n").map { try JSONDocumentParser.parse(Array($0.utf8)) }
        #expect(MCPSession.response(1, in: answers)?["result"]?["isError"]?.value == .bool(false))
        #expect(MCPSession.response(2, in: answers)?["result"]?["isError"]?.value == .bool(true))
        #expect(MCPSession.response(3, in: answers)?["result"] != nil)
        #expect(try String(contentsOfFile: directory + "/mcp.jsonl", encoding: .utf8) == plain.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["mcp.jsonl", "only-runs.xml", "runs.jsonl", "runs.xml"])
    }
}
