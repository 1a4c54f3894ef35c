import Foundation
import Testing
import TracerTestSupport

/// Every command on every Instruments fixture import: what the source cannot produce is n/a,
/// and evaluations without a duration are never drawn or counted as 0 ns.
@Suite("tracectl's commands on Instruments imports", .temporaryDirectory)
struct XctraceAnalysisTests {
    static let exports = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace").path

    /// An imported trace: its path, header capabilities and body evaluations without `dur`.
    struct Imported {
        var path: String
        var capabilities: Set<String>
        var untimed: Int

        init(_ export: String, into directory: String) throws {
            path = directory + "/imported.jsonl"
            let run = try TracectlProcess.run(["import", XctraceAnalysisTests.exports + "/" + export, "--from", "xctrace", "-o", path])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
            }
            capabilities = Set(lines.first?["capabilities"] as? [String] ?? [])
            untimed = lines.count { $0["kind"] as? String == "body-eval" && $0["dur"] == nil }
        }
    }

    /// The JSON object `text` holds.
    static func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// Figures of `report`/`diff` JSON and the capability each needs.
    static let figures = [("wastedEvals", "body-eval.changed"), ("skips", "skip"), ("invalidations", "invalidate"), ("writes", "write")]

    @Test("report, check, advise, diff and graph show n/a (null, a skipped rule) exactly where the import's capabilities lack", arguments: [
        "device", "legacy-simulator/export.xml", "full-causes-only", "os-signpost/export.xml",
    ])
    func notAvailableWhereCapabilitiesLack(export: String) throws {
        let directory = temporaryDirectory()
        let trace = try Imported(export, into: directory)
        let report = try Self.object(try TracectlProcess.run(["report", trace.path, "--format", "json"]).stdout)
        let totals = try #require(report["totals"] as? [String: Any])
        let views = try #require(report["views"] as? [[String: Any]])
        #expect(!views.isEmpty)
        for (figure, capability) in Self.figures {
            let available = trace.capabilities.contains(capability)
            #expect((totals[figure] is NSNull) == !available, "\(figure) in the totals")
            for view in views { #expect((view[figure] is NSNull) == !available, "\(figure) of \(view["view"] ?? "")") }
        }
        #expect((totals["hitches"] is NSNull) == !trace.capabilities.contains("hitch"))
        let text = try TracectlProcess.run(["report", trace.path]).stdout
        #expect(text.contains("n/a") == (Self.figures.contains { !trace.capabilities.contains($0.1) } || !trace.capabilities.contains("hitch")))

        // NB: a rule on each figure: those the source cannot produce are skipped with a warning, never passed.
        let budget = directory + "/budget.json"
        try """
            {"schema": "tracer-budget/1", "rules": [
              {"metric": "wasted-evals", "view": "**", "max": 0}, {"metric": "skips", "view": "**", "max": 100},
              {"metric": "invalidations", "view": "**", "max": 100}, {"metric": "hitches", "max": 100},
              {"metric": "body-evals", "view": "**", "max": 1000}
            ]}
            """.write(toFile: budget, atomically: true, encoding: .utf8)
        let check = try TracectlProcess.run(["check", trace.path, "--budget", budget])
        for (metric, capability) in [("wasted-evals", "body-eval.changed"), ("skips", "skip"), ("invalidations", "invalidate"), ("hitches", "hitch")] {
            #expect(check.stderr.contains("\(metric) is not available") == !trace.capabilities.contains(capability), "\(metric): \(check.stderr)")
        }
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let written = directory + "/written.json"
        #expect(try TracectlProcess.run(["check", "--write-budget", written, trace.path]).status == 0)
        let writtenText = try String(contentsOfFile: written, encoding: .utf8)
        #expect(writtenText.contains("wasted-evals") == trace.capabilities.contains("body-eval.changed"))

        let advise = try TracectlProcess.run(["advise", trace.path])
        #expect(advise.status == 0)
        #expect(advise.stdout.contains("Not evaluated: high-frequency-write") == !trace.capabilities.contains("body-eval.changed"))

        let diff = try Self.object(try TracectlProcess.run(["diff", trace.path, trace.path, "--format", "json"]).stdout)
        let diffTotals = try #require(diff["totals"] as? [String: Any])
        #expect((diffTotals["wastedEvals"] is NSNull) == !trace.capabilities.contains("body-eval.changed"))

        let graph = try TracectlProcess.run(["graph", trace.path, "--format", "json"])
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stderr.contains("n/a") == !trace.capabilities.contains("cause"), "\(graph.stderr)")
        let untimedWarning = "\(trace.untimed) body evaluation(s) without a duration (Instruments updates in flight or begun before recording): left out of the edges' body times"
        #expect(graph.stderr.contains(untimedWarning) == (trace.untimed > 0), "\(graph.stderr)")
    }

    @Test("flame and export leave evaluations without a duration out of time, say how many, and never draw them as 0 µs slices", arguments: [
        "device", "legacy-simulator/export.xml", "full-causes-only", "os-signpost/export.xml",
    ])
    func untimedEvaluations(export: String) throws {
        let trace = try Imported(export, into: temporaryDirectory())
        let warning = "\(trace.untimed) body evaluation(s) without a duration"
        for format in ["folded", "text", "svg", "speedscope"] {
            let time = try TracectlProcess.run(["flame", trace.path, "--weight", "time", "--format", format])
            #expect(time.status == 0)
            #expect(time.stderr.contains(warning) == (trace.untimed > 0), "\(format): \(time.stderr)")
            let wasted = try TracectlProcess.run(["flame", trace.path, "--weight", "wasted", "--format", format])
            #expect(wasted.stderr.contains("--weight wasted is not available") == !trace.capabilities.contains("body-eval.changed"))
        }
        let svg = try TracectlProcess.run(["flame", trace.path, "--weight", "time", "--format", "svg"]).stdout
        #expect(svg.contains("(\(trace.untimed) evaluations without a duration left out)") == (trace.untimed > 0))

        let chrome = try TracectlProcess.run(["export", trace.path, "--format", "chrome"])
        #expect(chrome.status == 0)
        #expect(chrome.stderr.contains(warning + " (Instruments updates in flight or begun before recording): drawn as instants") == (trace.untimed > 0))
        let events = try #require(try Self.object(chrome.stdout)["traceEvents"] as? [[String: Any]])
        let evaluations = events.filter { $0["cat"] as? String == "body-eval" && $0["ph"] as? String != "C" }
        let instants = evaluations.filter { $0["ph"] as? String == "i" }
        #expect(instants.count == trace.untimed)
        #expect(instants.allSatisfy { ($0["args"] as? [String: Any])?["untimed"] as? Bool == true && $0["dur"] == nil })
        #expect(evaluations.allSatisfy { $0["ph"] as? String == "i" || $0["dur"] != nil })

        let speedscope = try TracectlProcess.run(["export", trace.path, "--format", "speedscope"])
        #expect(speedscope.stderr.contains(warning + " (Instruments updates in flight or begun before recording): left out") == (trace.untimed > 0))
        let profiles = try #require(try Self.object(speedscope.stdout)["profiles"] as? [[String: Any]])
        let opened = (profiles.first?["events"] as? [[String: Any]] ?? []).count { $0["type"] as? String == "O" }
        let timedFrames = try String(contentsOfFile: trace.path, encoding: .utf8).split(separator: "\n").count {
            $0.contains("\"kind\":\"body-eval\"") && $0.contains("\"dur\":")
        }
        // NB: one frame per view path segment; Instruments' view names have none (no '/').
        #expect(opened == timedFrames)
    }

    /// `rendering-cycle.inline` as an Instruments trace: each evaluation given `dur` 1000, or none when `untimed(n)`.
    static func instrumentsTrace(untimed: (Int) -> Bool, at path: String) throws {
        let lines = try String(contentsOfFile: PackagePaths.trace("scenarios/rendering-cycle.inline.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var evaluation = 0
        let rewritten = lines.enumerated().map { index, line -> String in
            if index == 0 { return line.replacingOccurrences(of: "\"unit\":\"ns\"", with: "\"unit\":\"ns\",\"source\":\"instruments\"") }
            guard line.contains("\"kind\":\"body-eval\"") else { return String(line) }
            evaluation += 1
            return untimed(evaluation) ? String(line) : String(line.dropLast()) + ",\"dur\":1000}"
        }
        try (rewritten.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("advise scales a finding's body time from its timed evaluations, says so, and shows n/a when none is timed")
    func adviseEstimatesFromTimedEvaluations() throws {
        let directory = temporaryDirectory()
        let half = directory + "/half.jsonl"
        try Self.instrumentsTrace(untimed: { $0 % 2 == 0 }, at: half)
        let run = try TracectlProcess.run(["advise", half, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("body evaluation(s) have no duration"), "\(run.stderr)")
        let findings = try #require(try Self.object(run.stdout)["findings"] as? [[String: Any]])
        let frequent = try #require(findings.first { $0["pattern"] as? String == "high-frequency-write" })
        let savings = try #require(frequent["savings"] as? [String: Any])
        // NB: every timed evaluation took 1000 ns: scaled, the estimate is 1000 ns per evaluation saved.
        #expect(savings["bodyTimeNs"] as? Int == 1000 * (savings["bodyEvals"] as? Int ?? 0))
        #expect((frequent["estimate"] as? String ?? "").contains("body time scaled from the"))
        let text = try TracectlProcess.run(["advise", half]).stdout
        #expect(text.contains("body time savings are scaled from the timed evaluations"))

        let none = directory + "/none.jsonl"
        try Self.instrumentsTrace(untimed: { _ in true }, at: none)
        let untimed = try Self.object(try TracectlProcess.run(["advise", none, "--format", "json"]).stdout)
        let all = try #require(untimed["findings"] as? [[String: Any]])
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { ($0["savings"] as? [String: Any])?["bodyTimeNs"] is NSNull })

        // NB: a normalised runtime trace (no `dur` at all) is no different: its evaluations have no
        // duration, never one of 0 ns.
        let runtime = try TracectlProcess.run(["advise", PackagePaths.trace("scenarios/rendering-cycle.inline.jsonl")])
        #expect(runtime.stderr.contains("have no duration"))
        #expect(runtime.stdout.contains("body time -: the "))
    }

    @Test("update-group labels are kept as name, validate, and are ranked by time in the report and named in the Chrome export",
          arguments: ["device", "durations"])
    func updateGroupLabels(export: String) throws {
        let trace = try Imported(export, into: temporaryDirectory())
        let lines = try String(contentsOfFile: trace.path, encoding: .utf8).split(separator: "\n").map { try Self.object(String($0)) }
        let groups = lines.filter { $0["kind"] as? String == "update-group" }
        #expect(!groups.isEmpty && groups.allSatisfy { $0["name"] is String })
        #expect(try TracectlProcess.run(["validate", trace.path]).status == 0)

        let report = try Self.object(TracectlProcess.run(["report", trace.path, "--format", "json"]).stdout)
        let labels = try #require((report["updateGroups"] as? [String: Any])?["labels"] as? [[String: Any]])
        #expect(labels.reduce(0) { $0 + ($1["count"] as! Int) } == groups.count)
        #expect(labels.reduce(0) { $0 + ($1["untimed"] as! Int) } == groups.count { $0["dur"] == nil })
        for name in Set(groups.map { $0["name"] as! String }) {
            let total = groups.filter { $0["name"] as? String == name }.reduce(0) { $0 + ($1["dur"] as? Int ?? 0) }
            #expect(labels.first { $0["name"] as? String == name }?["totalNs"] as? Int == total, "\(name)")
        }
        let totals = labels.map { $0["totalNs"] as! Int }
        #expect(totals == totals.sorted(by: >))

        let chrome = try Self.object(TracectlProcess.run(["export", trace.path, "--format", "chrome"]).stdout)
        let drawn = (chrome["traceEvents"] as? [[String: Any]] ?? []).filter { $0["cat"] as? String == "update-group" }
        #expect(drawn.map { $0["name"] as? String } == groups.map { "update-group " + ($0["name"] as! String) })
    }
}
