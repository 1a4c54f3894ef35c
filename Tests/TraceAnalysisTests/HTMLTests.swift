import Foundation
import Testing
@testable import TraceAnalysis
import TraceSupport

@Suite struct HTMLTests {
    static let hostile = "<script>alert(1)</script>"

    private func pages() throws -> [(name: String, html: String)] {
        let state = try VisualGolden.profile("state")
        let viewStorage = try VisualGolden.profile("view-storage")
        let advised = try VisualProfile.load(
            source: .file(VisualGolden.fixture("state")), options: TraceReadOptions(threads: 1), advising: true)
        let paths = try VisualProfile.load(
            source: .file(VisualGolden.fixture("state")), options: TraceReadOptions(threads: 1), whyPaths: true)
        return [
            ("report", HTMLReport.report(state)),
            ("report with advice", HTMLReport.report(advised)),
            ("report with why sections", HTMLReport.report(paths, values: true)),
            ("diff", HTMLReport.diff(TraceDiff(base: state, variant: viewStorage))),
        ]
    }

    /// Every `<script` in `html`, with what follows up to its `>`.
    private func scriptTags(_ html: String) -> [String] {
        html.components(separatedBy: "<script").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test func theReportPageListsTheAdvice() throws {
        let profile = try VisualProfile.load(
            source: .file(VisualGolden.fixture("scroll-offset.state")), options: TraceReadOptions(threads: 1), advising: true)
        let html = HTMLReport.report(profile)
        #expect(html.contains("<h2>Advice</h2>"))
        #expect(html.contains(
            "<li><strong>High-frequency write → @ViewStorage</strong> at <code>MyView.scrollContentOffset (State) at Scenarios/ScrollOffset.swift:62</code>"))
        #expect(!HTMLReport.report(try VisualGolden.profile("scroll-offset.state")).contains("<h2>Advice</h2>"))
    }

    @Test func theHostileViewNameNeverAppearsUnescaped() throws {
        for (name, html) in try pages() {
            #expect(!html.contains(Self.hostile), "\(name) page contains the raw name")
            #expect(!html.contains("alert(1)</"), "\(name) page contains an unescaped closing tag")
            // Only the page's own script elements: one JSON block and three scripts.
            #expect(scriptTags(html) == [" type=\"application/json\" id=\"tracer-data\"", "", "", ""], "\(name)")
            #expect(html.contains("&lt;script&gt;alert(1)&lt;"), "\(name) flame graph shows the name as text")
        }
    }

    @Test func theDataBlockParsesAndCarriesTheNameAsText() throws {
        for (name, html) in try pages() {
            let start = try #require(html.range(of: "<script type=\"application/json\" id=\"tracer-data\">"))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let json = String(html[start.upperBound..<end.lowerBound])
            #expect(!json.contains("<"), "\(name)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let rows = try #require(document["rows"] as? [[Any]])
            #expect(rows.contains { $0.first as? String == "ContentView/" + Self.hostile }, "\(name)")
            let sides = try #require(document["sides"] as? [[String: Any]])
            #expect(sides.count == (name == "diff" ? 2 : 1))
        }
    }

    @Test func pagesAreSelfContained() throws {
        for (name, html) in try pages() {
            let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(!withoutNamespace.contains("http://"), "\(name)")
            #expect(!withoutNamespace.contains("https://"), "\(name)")
            #expect(!html.contains(" src="), "\(name)")
            #expect(html.contains("Content-Security-Policy"), "\(name)")
            #expect(html.contains("class=\"tracer-flame\""), "\(name)")
        }
    }

    @Test func diffPageShowsTheVerdict() throws {
        let state = try VisualGolden.profile("state")
        let diff = TraceDiff(base: state, variant: try VisualGolden.profile("view-storage"))
        #expect(HTMLReport.diff(diff).contains(JSONText.quoted(diff.verdict)))
    }

    @Test(arguments: [
        ("<a href='x'>&", "&lt;a href=&#39;x&#39;&gt;&amp;"), ("\"q\"", "&quot;q&quot;"), ("bell\u{7}", "bell"),
        ("Root/List/Row[7]\tx\n", "Root/List/Row[7]\tx\n"), ("caf\u{E9} \u{2014} \u{FFFD}", "caf\u{E9} \u{2014} \u{FFFD}"),
        ("a\u{FFFE}b\u{FFFF}c\u{7F}", "abc\u{7F}"),
    ])
    func markupEscaping(text: String, expected: String) {
        #expect(Markup.escape(text) == expected)
    }

    @Test func timelineBucketsByFrameAndStaysBounded() {
        var timeline = EvalTimeline(bucketWidth: 10, maximumBuckets: 4)
        func event(_ ts: Int64, changed: Int64 = 1) -> ParsedEvent {
            var event = ParsedEvent()
            event.kind = .bodyEval
            event.ts = ts
            event.changed = changed
            event.fields = [TraceField.ts.bit, TraceField.changed.bit]
            return event
        }
        timeline.add(event(100))
        timeline.add(event(105, changed: 0))
        timeline.add(event(125))
        #expect(timeline.axis == .time)
        #expect(timeline.evals == [2, 0, 1])
        #expect(timeline.wasted == [1, 0, 0])
        timeline.add(event(150))
        #expect(timeline.bucketWidth == 20)
        #expect(timeline.evals == [2, 1, 1])
        #expect(timeline.evals.count <= 4)
    }

    @Test func timelineOfATraceWithoutTimestampsCountsPerTransaction() throws {
        let profile = try VisualGolden.profile("scroll-offset.view-storage")
        let timeline = profile.timeline
        #expect(timeline.axis == .transaction)
        #expect(timeline.bucketWidth == 1)
        #expect(timeline.start == 1)
        // tx 1 mounts (2 evaluations), each threshold crossing re-evaluates both views; 240 scroll transactions.
        #expect(timeline.evals.count == 241)
        #expect(timeline.evals.reduce(0, +) == profile.summary.totals.bodyEvals)
        #expect(timeline.evals.filter { $0 > 0 } == [2, 2, 2])
        #expect(timeline.writes.reduce(0, +) == profile.summary.totals.writes)
        let page = HTMLReport.report(profile)
        #expect(page.contains("\"timeline\":{\"axis\":\"transaction\",\"start\":1,\"bucket\":1,"))
    }

    @Test("the report page's why sections: one per view with paths, each row's anchor in the data block; values only when asked for")
    func whySections() throws {
        let profile = try VisualProfile.load(
            source: .file(TestSupport.traces.appendingPathComponent("values/edges.jsonl").path), options: TraceReadOptions(threads: 1), whyPaths: true)
        let plain = HTMLReport.report(profile)
        #expect(plain.contains(#"<section class="why" id="why-1">"#) && plain.contains("<h3>Why <code>Editor</code> re-evaluated</h3>"))
        #expect(plain.contains(#""why":{"Editor":"why-1"}"#))
        #expect(plain.contains("<li>14 evaluations: Editor.title (@TracedState, Editor.swift:7) changed;"))
        for hidden in ["old → new", "&quot;H&quot;", "equal value", "redacted", "unavailable"] { #expect(!plain.contains(hidden), "\(hidden)") }
        let valued = HTMLReport.report(profile, values: true)
        #expect(valued.contains("<li>old → new: &quot;1&quot; → &quot;2&quot; ×3, &quot;&quot; → &quot;H&quot; ×1,"))
        #expect(valued.contains("<li>values redacted (1 evaluation)</li>"))
        #expect(!HTMLReport.report(try VisualGolden.profile("state")).contains(#"<section class="why""#))
    }
}
