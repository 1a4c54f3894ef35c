import Foundation
import ScenarioTestSupport
import Scenarios
import Testing
import TracerTestSupport

@Suite("tracectl graph, diff's edges and the edge budget rules", .temporaryDirectory)
struct GraphCommandTests {
    /// The recorded scenario traces; commands run there so outputs name them relatively.
    static let scenarios = PackagePaths.trace("scenarios")
    static let state = "scroll-offset.state.jsonl"
    static let viewStorage = "scroll-offset.view-storage.jsonl"
    /// Every scenario variant's trace, by name (`SCENARIO.VARIANT`).
    static let traces = ScenarioCatalog.all.flatMap { scenario in scenario.variants.map { "\(scenario.name).\($0.name)" } }
    /// Each format and the extension of its goldens.
    static let formats = [("text", "txt"), ("json", "json"), ("dot", "dot"), ("mermaid", "mmd")]

    private func tracectl(_ arguments: [String], in directory: String = scenarios) throws -> TracectlRun {
        try TracectlProcess.run(arguments, currentDirectory: directory)
    }

    @Test("graph of every scenario trace in every format matches its golden", arguments: traces)
    func everyFormat(trace: String) throws {
        let directory = temporaryDirectory()
        _ = try ScenarioTraces.write(trace, into: directory)
        for (format, suffix) in Self.formats {
            let run = try tracectl(["graph", "\(trace).jsonl", "--format", format], in: directory)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            Golden.check(run.stdout, named: "graph/\(trace).\(suffix)")
        }
    }

    @Test("seed 000: @State draws scrollContentOffset → MyView and MyView → MyScrollView 240 times each, @ViewStorage twice",
          arguments: [(state, 240), (viewStorage, 2)])
    func seedEdges(trace: String, count: Int) throws {
        let run = try tracectl(["graph", trace, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        let edges = try #require(document["edges"] as? [[String: Any]])
        let names = Dictionary(uniqueKeysWithValues: nodes.map { ($0["id"] as! Int, $0["name"] as! String) })
        let drawn = edges.map { "\(names[$0["from"] as! Int]!) → \(names[$0["to"] as! Int]!) ×\($0["evals"] as! Int)" }
        #expect(drawn == ["MyView.scrollContentOffset → MyView ×\(count)", "MyView → MyView/MyScrollView ×\(count)"])
    }

    @Test("--top and --min-count leave edges out with a line saying how many; mermaid shows 40 unless told")
    func leftOut() throws {
        let top = try tracectl(["graph", "selection.model-state.jsonl", "--top", "2"])
        #expect(top.stdout.split(separator: "\n").count == 3 + 2 + 1)
        #expect(top.stdout.hasSuffix("left out by --top 2\n"))
        let minimum = try tracectl(["graph", "rendering-cycle.extracted.jsonl", "--min-count", "100"])
        #expect(minimum.stdout.hasSuffix("\n1 more edge (5 evaluations) left out by --min-count 100\n"))
        let mermaid = try tracectl(["graph", "rendering-cycle.extracted.jsonl", "--format", "mermaid", "--top", "1"])
        #expect(mermaid.stdout.contains("left out by --top 1"))
        let view = try tracectl(["graph", "selection.model-state.jsonl", "--view", "**/Row[*]"])
        #expect(!view.stdout.contains("→ ContentView "))
    }

    @Test("a slice (--mark, --from) infers as the whole trace does: its inferred edge marked (\"inferred\", ≈); --recorded-only leaves it out",
          arguments: [["--mark", "scroll-down"], ["--from", "scroll-down"]])
    func sliceInfers(slice: [String]) throws {
        let trace = PackagePaths.trace("adapter/scroll-offset.observable.jsonl")
        let edges = { (extra: [String]) throws -> [[String: Any]] in
            let run = try TracectlProcess.run(["graph", trace, "--format", "json"] + slice + extra)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return try #require(document["edges"] as? [[String: Any]])
        }
        let inferred = try edges([]).filter { $0["inferred"] != nil }
        #expect(inferred.count == 1 && inferred.first?["inferred"] as? String == "same-update-sole-root")
        #expect((inferred.first?["evals"] as? Int ?? 0) > 0)
        #expect(try edges(["--recorded-only"]).allSatisfy { $0["inferred"] == nil })
        let text = try TracectlProcess.run(["graph", trace] + slice).stdout
        #expect(text.contains("MyView → ≈ MyScrollView") && text.contains("≈ inferred:"))
        #expect(!(try TracectlProcess.run(["graph", trace, "--recorded-only"] + slice).stdout.contains("≈")))
    }

    @Test("graph of a source without causes: n/a with a warning, JSON null, never an empty graph")
    func unavailable() throws {
        let run = try tracectl(["graph", "../sources/swiftui-without-causes.jsonl", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("cause graph n/a: the swiftui source records no cause"))
        #expect(run.stdout.contains(#""nodes":null,"edges":null"#))
    }

    @Test("diff of scroll-offset state and view-storage: both edges changed 240 → 2, none new or removed")
    func diffEdges() throws {
        let run = try tracectl(["diff", Self.state, Self.viewStorage, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let edges = try #require(document["edges"] as? [String: Any])
        #expect(edges["new"] as? Int == 0)
        #expect(edges["removed"] as? Int == 0)
        let list = try #require(edges["list"] as? [[String: Any]])
        #expect(list.map { "\($0["from"]!) → \($0["to"]!) \($0["change"]!)" }
            == ["MyView.scrollContentOffset → MyView changed", "MyView → MyView/MyScrollView changed"])
        #expect(list.allSatisfy { ($0["base"] as? [String: Any])?["evals"] as? Int == 240 && ($0["variant"] as? [String: Any])?["evals"] as? Int == 2 })
        for (format, suffix) in [("mermaid", "mmd"), ("dot", "dot"), ("markdown", "md")] {
            let picture = try tracectl(["diff", Self.state, Self.viewStorage, "--format", format])
            #expect(picture.status == 0, "stderr: \(picture.stderr)")
            Golden.check(picture.stdout, named: "diff/scroll-offset.state.view-storage.\(suffix)")
        }
    }

    @Test("diff with several runs a side takes each edge's median")
    func medianRuns() throws {
        let run = try tracectl([
            "diff", Self.state, Self.viewStorage, "--base-run", Self.viewStorage, "--base-run", Self.viewStorage,
            "--format", "json",
        ])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let edges = try #require(document["edges"] as? [String: Any])
        // NB: the base's runs have 240, 2 and 2: the median is 2, the variant's count.
        #expect(edges["changed"] as? Int == 0)
    }

    /// `state` with one more transaction: a write of `MyView.extra` re-evaluating `MyView`.
    private func variantWithOneMoreEdge() throws -> String {
        let directory = temporaryDirectory()
        var text = try String(contentsOfFile: "\(Self.scenarios)/\(Self.state)", encoding: .utf8)
        text += #"""
            {"seq":100001,"tx":90001,"kind":"write","view":"MyView","prop":"extra","wrapper":"State","changed":true,"site":"Scenarios/ScrollOffset.swift:70"}
            {"seq":100002,"tx":90001,"kind":"invalidate","view":"MyView","cause":100001}
            {"seq":100003,"tx":90001,"kind":"body-eval","view":"MyView","changed":1,"cause":100002,"reason":"state"}

            """#
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/one-more-edge.jsonl"))
        try Data(#"{"schema":"tracer-budget/1","rules":[{"metric":"new-edges","max":0}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/edges.json"))
        return directory
    }

    @Test("new-edges fails on exactly the one edge a variant adds, naming it, its count and its write site")
    func newEdgeFails() throws {
        let directory = try variantWithOneMoreEdge()
        let run = try tracectl(
            ["check", "one-more-edge.jsonl", "--budget", "edges.json", "--baseline", "\(Self.scenarios)/\(Self.state)", "--format", "json"],
            in: directory)
        #expect(run.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let result = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(result["found"] as? Int == 1)
        let offenders = try #require(result["offenders"] as? [[String: Any]])
        #expect(offenders.map { $0["view"] as? String } == ["MyView.extra → MyView"])
        let cause = try #require((offenders[0]["causes"] as? [[String: Any]])?.first)
        #expect(cause["site"] as? String == "Scenarios/ScrollOffset.swift:70")
    }

    @Test("the view-storage fix passes new-edges: 0 against the state baseline")
    func viewStoragePasses() throws {
        let directory = try variantWithOneMoreEdge()
        let run = try tracectl(
            ["check", "\(Self.scenarios)/\(Self.viewStorage)", "--budget", "edges.json", "--baseline", "\(Self.scenarios)/\(Self.state)"],
            in: directory)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS    ** → **  new-edges  ≤ 0           0"))
    }

    @Test("a new edge is given with its unit: its evaluations and skips, not a bare count beside a rule that counts edges")
    func newEdgeUnit() throws {
        let directory = try variantWithOneMoreEdge()
        let arguments = ["check", "one-more-edge.jsonl", "--budget", "edges.json", "--baseline", "\(Self.scenarios)/\(Self.state)"]
        let text = try tracectl(arguments, in: directory)
        #expect(text.status == 1)
        #expect(text.stdout.contains("\n  MyView.extra → MyView: 1 eval\n"), "\(text.stdout)")
        let github = try tracectl(arguments + ["--github"], in: directory)
        #expect(github.stderr.contains("MyView.extra → MyView: 1 eval; caused by"), "\(github.stderr)")
    }

    @Test("new-edges without a baseline is an error (exit 2), not a pass")
    func newEdgesNeedsBaseline() throws {
        let directory = try variantWithOneMoreEdge()
        let run = try tracectl(["check", "one-more-edge.jsonl", "--budget", "edges.json"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("new-edges counts the edges a baseline lacks: pass --baseline BASE_TRACE"))
    }

    @Test("check --format markdown and --summary write the pull-request comment", arguments: [
        (["scroll-offset.view-storage.jsonl", "--budget", "../../Budgets/edges.json", "--baseline", "scroll-offset.state.jsonl"], "check/comment.view-storage.md", Int32(0)),
        (["rendering-cycle.extracted.jsonl", "--budget", "../../Budgets/edges.json", "--baseline", "rendering-cycle.inline.jsonl"], "check/comment.rendering-cycle.md", Int32(1)),
    ])
    func comment(arguments: [String], golden: String, status: Int32) throws {
        let run = try tracectl(["check"] + arguments + ["--format", "markdown"])
        #expect(run.status == status, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
        let summary = temporaryDirectory() + "/summary.md"
        let text = try tracectl(["check"] + arguments + ["--summary", summary])
        #expect(text.status == status)
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == run.stdout)
    }
}
