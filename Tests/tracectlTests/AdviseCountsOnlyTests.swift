import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl advise: counts-only forms of the patterns a trace cannot evaluate, marked estimated from counts", .temporaryDirectory)
struct AdviseCountsOnlyTests {
    /// The `tracer-advice/1` document of `advise ARGUMENTS --format json`.
    private func document(_ arguments: [String]) throws -> [String: Any] {
        let run = try TracectlProcess.run(["advise"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// An adapter-shaped trace (no `changed` on evaluations): `observers` views each re-evaluated
    /// (`observed`) after each of `writes` writes of `Model.items`.
    private func observedTrace(observers: Int, writes: Int) throws -> String {
        var lines = [#"{"kind":"meta","schema":"tracer/1","tool":"hand-written","unit":"ns","source":"swiftui","capabilities":["write","body-eval","dur","cause"]}"#]
        var seq = 0
        for _ in 0..<writes {
            seq += 1
            let write = seq
            lines.append(#"{"seq":\#(seq),"ts":\#(seq * 1000),"tid":1,"kind":"write","view":"Store","prop":"items","wrapper":"Observable","changed":true}"#)
            for observer in 0..<observers {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq * 1000),"tid":1,"kind":"body-eval","view":"List\#(observer)","cause":\#(write),"reason":"observed","dur":1000}"#)
            }
        }
        let path = temporaryDirectory() + "/observed.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("the adapter trace: no finding, the high-frequency write estimated from counts, its savings an upper bound, marked in text and JSON")
    func adapterTrace() throws {
        let trace = PackagePaths.trace("adapter/scroll-offset.state.jsonl")
        let object = try document([trace])
        #expect((object["findings"] as? [Any])?.isEmpty == true)
        let estimates = try #require(object["countsOnly"] as? [[String: Any]])
        #expect(estimates.map { $0["pattern"] as? String } == ["high-frequency-write"])
        #expect(estimates.first?["estimatedFromCounts"] as? Bool == true)
        #expect((estimates.first?["evidence"] as? [String: Any])?["writes"] as? Int == 240)
        #expect((estimates.first?["method"] as? String)?.hasPrefix("estimated from counts") == true)
        let text = try TracectlProcess.run(["advise", trace]).stdout
        #expect(text.contains("\nE1. High-frequency write → @ViewStorage (estimated from counts, not the full finding)\n"))
        #expect(text.contains("   saves at most ~") && !text.contains("\n1. "))
        #expect(text.range(of: "Nothing could be evaluated")!.lowerBound < text.range(of: "E1.")!.lowerBound)
    }

    @Test("a trace whose patterns are all evaluated gets no counts-only form")
    func runtimeTrace() throws {
        let trace = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")
        #expect((try document([trace])["countsOnly"] as? [Any])?.isEmpty == true)
        #expect(!(try TracectlProcess.run(["advise", trace]).stdout.contains("estimated from counts")))
    }

    @Test("an object observed by 3 views is a counts-only broad observation; by 2 it is not")
    func observedByMany() throws {
        let many = try document([try observedTrace(observers: 3, writes: 5)])
        let broad = (many["countsOnly"] as? [[String: Any]] ?? []).first { $0["pattern"] as? String == "broad-observation" }
        #expect((broad?["evidence"] as? [String: Any])?["observingViews"] as? Int == 3)
        #expect((broad?["savings"] as? [String: Any])?["bodyEvals"] as? Int == 15 && broad?["estimatedFromCounts"] as? Bool == true)
        let few = try document([try observedTrace(observers: 2, writes: 5)])
        #expect(!(few["countsOnly"] as? [[String: Any]] ?? []).contains { $0["pattern"] as? String == "broad-observation" })
    }

    @Test("an estimate below --min-savings is left out, as a finding is")
    func minimumSavings() throws {
        let trace = PackagePaths.trace("adapter/scroll-offset.state.jsonl")
        #expect((try document([trace, "--min-savings", "100000"])["countsOnly"] as? [Any])?.isEmpty == true)
    }
}
