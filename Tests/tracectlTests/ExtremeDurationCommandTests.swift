import Foundation
import Testing
import TracerTestSupport

/// The traces in `Fixtures/Traces/durations/`: `dur` at the edges of its range, through every
/// command that sums or ranks durations.
@Suite("tracectl on extreme durations", .temporaryDirectory)
struct ExtremeDurationCommandTests {
    static let directory = PackagePaths.trace("durations")
    static let traces = ["percentile-near-max.jsonl", "total-past-max.jsonl", "view-total-past-max.jsonl"]

    /// Each view's durations in the trace `name`.
    static func durations(_ name: String) throws -> [String: [Int64]] {
        let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        var byView: [String: [Int64]] = [:]
        for line in text.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let view = object["view"] as? String, let dur = object["dur"] as? NSNumber else { continue }
            byView[view, default: []].append(dur.int64Value)
        }
        return byView
    }

    @Test("validate accepts them; report states exact means and saturated totals, with a warning", arguments: traces)
    func report(name: String) throws {
        let validate = try TracectlProcess.run(["validate", name], currentDirectory: Self.directory)
        #expect(validate.status == 0, "stderr: \(validate.stderr)")
        let run = try TracectlProcess.run(["report", name, "--format", "json"], currentDirectory: Self.directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let durations = try Self.durations(name)
        var traceTotal: Int128 = 0
        for view in try #require(report["views"] as? [[String: Any]]) {
            let viewName = try #require(view["view"] as? String)
            let samples = try #require(durations[viewName])
            let total = samples.reduce(Int128(0)) { $0 + Int128($1) }
            traceTotal += total
            let time = try #require(view["bodyTimeNs"] as? [String: Any])
            #expect((time["total"] as? NSNumber)?.int64Value == Int64(clamping: total))
            #expect((time["mean"] as? NSNumber)?.int64Value == Int64(total / Int128(samples.count)))
            #expect((time["p95"] as? NSNumber)?.int64Value == samples.max())
        }
        let totals = try #require(report["totals"] as? [String: Any])
        #expect((totals["bodyTimeNs"] as? NSNumber)?.int64Value == Int64(clamping: traceTotal))
        let saturated = traceTotal >= Int128(Int64.max)
        #expect(run.stderr.contains("tracectl: warning: \(name): body time reached 9223372036854775807 ns") == saturated)
        let text = try TracectlProcess.run(["report", name], currentDirectory: Self.directory)
        #expect(text.status == 0)
        #expect(text.stdout.contains("body time \(saturated ? "9223372036.85 s" : "")"))
    }

    @Test("flame, export, diff and a body-time budget read them without trapping", arguments: traces)
    func otherCommands(name: String) throws {
        let budget = temporaryPath("budget.json")
        try #"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"body-time-total","max":"1s"}]}"#
            .write(toFile: budget, atomically: false, encoding: .utf8)
        let commands: [[String]] = [
            ["flame", name, "--weight", "time"], ["flame", name, "--weight", "time", "--format", "text"],
            ["flame", name, "--weight", "time", "--format", "svg"], ["flame", name, "--weight", "time", "--format", "speedscope"],
            ["export", name, "--format", "chrome"], ["export", name, "--format", "speedscope"],
            ["diff", name, name], ["diff", name, name, "--format", "json"], ["check", name, "--budget", budget],
        ]
        for arguments in commands {
            let run = try TracectlProcess.run(arguments, currentDirectory: Self.directory)
            #expect(run.status == (arguments[0] == "check" ? 1 : 0), "\(arguments): \(run.stderr)")
        }
        let folded = try TracectlProcess.run(["flame", name, "--weight", "time"], currentDirectory: Self.directory)
        for line in folded.stdout.split(separator: "\n") {
            let weight = UInt64(line.split(separator: " ").last ?? "")
            #expect(weight != nil && weight! <= UInt64(Int64.max), "\(line)")
        }
    }

    @Test("report, diff and check --format json mark a saturated body-time total, and only that", arguments: traces)
    func saturatedFlag(name: String) throws {
        func json(_ arguments: [String], status: Int32 = 0) throws -> [String: Any] {
            let run = try TracectlProcess.run(arguments + ["--format", "json"], currentDirectory: Self.directory)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        /// The flag of `object`: true, or absent (never false).
        func flag(_ object: Any?) throws -> Bool {
            let value = try #require(object as? [String: Any])["saturated"]
            #expect(value == nil || value as? Bool == true)
            return value != nil
        }
        let durations = try Self.durations(name)
        let saturatedViews = Set(durations.filter { $0.value.reduce(Int128(0)) { $0 + Int128($1) } >= Int128(Int64.max) }.keys)
        let traceSaturated = durations.values.joined().reduce(Int128(0)) { $0 + Int128($1) } >= Int128(Int64.max)

        let report = try json(["report", name])
        for view in try #require(report["views"] as? [[String: Any]]) {
            #expect(try flag(view["bodyTimeNs"]) == saturatedViews.contains(try #require(view["view"] as? String)))
        }
        #expect(try flag(report["totals"]) == traceSaturated)

        let diff = try json(["diff", name, name])
        #expect(try flag(diff["base"]) == traceSaturated)
        #expect(try flag(diff["variant"]) == traceSaturated)
        #expect(try flag(try #require(diff["totals"] as? [String: Any])["bodyTimeNs"]) == traceSaturated)
        for view in try #require(diff["views"] as? [[String: Any]]) {
            #expect(try flag(view["bodyTimeNs"]) == saturatedViews.contains(try #require(view["view"] as? String)))
        }

        let budget = temporaryPath("budget.json")
        try #"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"body-time-total","max":"1s"}]}"#
            .write(toFile: budget, atomically: false, encoding: .utf8)
        let check = try json(["check", name, "--budget", budget], status: 1)
        let result = try #require((check["results"] as? [[String: Any]])?.first)
        #expect(try flag(result) == saturatedViews.contains(try #require(result["worstView"] as? String)))
        for offender in try #require(result["offenders"] as? [[String: Any]]) {
            #expect(try flag(offender) == saturatedViews.contains(try #require(offender["view"] as? String)))
        }
        #expect(saturatedViews.isEmpty == !name.contains("past-max"))
    }

    @Test("check --github shows control characters in trace names escaped, never raw")
    func githubAnnotationsEscapeControlCharacters() throws {
        let directory = temporaryDirectory()
        let view = #"Root/\u001b[31mRed\u0000\u0007"#
        try ([
            #"{"kind":"meta","schema":"tracer/1","tool":"test","unit":"ns","pid":1}"#,
            #"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"body-eval","view":"\#(view)","reason":"initial","dur":5,"changed":1}"#,
            #"{"seq":2,"ts":2,"tid":1,"tx":2,"kind":"body-eval","view":"\#(view)","reason":"initial","dur":5,"changed":1}"#,
        ].joined(separator: "\n") + "\n").write(toFile: directory + "/t.jsonl", atomically: false, encoding: .utf8)
        try #"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"body-evals","max":1}]}"#
            .write(toFile: directory + "/b.json", atomically: false, encoding: .utf8)
        let run = try TracectlProcess.run(["check", "t.jsonl", "--budget", "b.json", "--github"], currentDirectory: directory)
        #expect(run.status == 1)
        let annotation = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("::error") })
        #expect(annotation.contains(#"Root/\u{1B}[31mRed\u{0}\u{7}"#))
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
