import Foundation
import Testing
@testable import TraceAnalysis

@Suite struct ExportTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func chromeEvaluationsAreCompleteEventsInMicroseconds() throws {
        let document = try json(try VisualGolden.export("state", with: ChromeTraceExporter()))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let slices = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "body-eval" }
        let summary = try VisualGolden.profile("state").summary
        #expect(slices.count == summary.totals.bodyEvals)
        // seq 13 in the fixture: ts 8_373_333 ns, dur 36_000 ns → starts at 8_337_333 ns.
        let first = try #require(slices.first { ($0["args"] as? [String: Any])?["seq"] as? Int == 13 })
        #expect((first["ts"] as? Double) == 8337.333)
        #expect((first["dur"] as? Double) == 36)
        let skips = events.filter { $0["ph"] as? String == "i" && $0["cat"] as? String == "skip" }
        #expect(skips.count == summary.totals.skips)
        #expect(events.contains { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" })
        #expect(events.contains { $0["ph"] as? String == "C" })
    }

    @Test func chromeFlowsLinkEachWriteToTheEvaluationsItCaused() throws {
        let document = try json(try VisualGolden.export("state", with: ChromeTraceExporter()))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let starts = events.filter { $0["ph"] as? String == "s" }
        let ends = events.filter { $0["ph"] as? String == "f" }
        #expect(starts.count == ends.count)
        // Every body-eval after the first transaction goes back to that frame's scroll write.
        let caused = try VisualGolden.profile("state").summary.views.reduce(0) { total, stats in
            total + stats.causes.reduce(0) { $0 + $1.count }
        }
        #expect(ends.count == caused)
        #expect(Set(ends.compactMap { $0["id"] as? Int }).count == ends.count)
    }

    @Test(arguments: FlameWeight.allCases)
    func speedscopeEventsAreBalancedAndOrdered(weight: FlameWeight) throws {
        let document = try json(try VisualGolden.export("state", with: SpeedscopeExporter(weight: weight)))
        #expect(document["$schema"] as? String == SpeedscopeExporter.schemaURL)
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["type"] as? String } == ["evented", "sampled"])
        let events = try #require(profiles[0]["events"] as? [[String: Any]])
        var open: [Int] = []
        var last = -1
        for event in events {
            let at = try #require(event["at"] as? Int)
            let frame = try #require(event["frame"] as? Int)
            #expect(at >= last)
            last = at
            if event["type"] as? String == "O" { open.append(frame) } else { #expect(open.popLast() == frame) }
        }
        #expect(open.isEmpty)
        let weights = try #require(profiles[1]["weights"] as? [Int])
        let summary = try VisualGolden.profile("state").summary
        let expected = summary.views.reduce(0) { $0 + Int(weight.value(of: $1)) }
        #expect(weights.reduce(0, +) == expected)
        #expect(profiles[1]["endValue"] as? Int == expected)
    }

    @Test func readsStandardInputShapedSourcesAndReportsBadLines() throws {
        let path = try TestSupport.temporaryTrace(TestSupport.meta + "\n{\"seq\":1,\"kind\":\"body-eval\",\"view\":\"A\",\"dur\":x}\n")
        var exporter = ChromeTraceExporter()
        var output = ""
        #expect(throws: TraceError.self) {
            try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        }
    }

    @Test(arguments: [
        (Int64(0), "0"), (1, "0.001"), (1500, "1.5"), (8_337_333, "8337.333"), (-2000, "-2"),
    ])
    func microsecondsKeepNanosecondPrecision(nanoseconds: Int64, expected: String) {
        #expect(JSONText.microseconds(nanoseconds) == expected)
    }

    @Test func jsonStringsCannotCloseAScriptElement() {
        let quoted = JSONText.quoted("</script><b>\"&\n\u{2028}")
        #expect(!quoted.contains("<"))
        #expect(!quoted.contains(">"))
        #expect(quoted == #""\u003c/script\u003e\u003cb\u003e\"\u0026\n\u2028""#)
    }
}
