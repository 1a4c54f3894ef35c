import Foundation
import Testing
import TracerTestSupport

@Suite("export and report html: writes' values only with --values", .temporaryDirectory)
struct ValuesExportTests {
    /// The hand-written trace whose writes carry every kind of value.
    static let trace = PackagePaths.trace("values/edges.jsonl")

    /// The args of the Chrome export's write events, `arguments` added to the command.
    private func writeArgs(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try TracectlProcess.run(["export", Self.trace, "--format", "chrome"] + arguments)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        return events.filter { $0["cat"] as? String == "write" }.compactMap { $0["args"] as? [String: Any] }
    }

    @Test("chrome: no write carries old, new or the marker by default; with --values each carries what the trace recorded")
    func chrome() throws {
        let plain = try writeArgs([])
        #expect(plain.count == 14)
        #expect(plain.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        let valued = try writeArgs(["--values"])
        #expect(valued.map { $0["old"] as? String ?? $0["values"] as? String } == ["", "H", "Hé", "Hé\"l", String(repeating: "x", count: 61) + "…",
                                                                                  "redacted", "unavailable", "1", "1", "1", "2", "3", "4", "5"])
        #expect(valued.first?["new"] as? String == "H")
    }

    @Test("speedscope has no place for writes: its file is the same with --values and holds no value", arguments: [[], ["--values"]])
    func speedscope(extra: [String]) throws {
        let run = try TracectlProcess.run(["export", Self.trace, "--format", "speedscope"] + extra)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout == (try TracectlProcess.run(["export", Self.trace, "--format", "speedscope"])).stdout)
        #expect(!run.stdout.contains("Hé") && !run.stdout.contains("redacted"))
    }

    @Test("report --format html: the why sections show values only with --values")
    func report() throws {
        let plain = try TracectlProcess.run(["report", Self.trace, "--format", "html"])
        let valued = try TracectlProcess.run(["report", Self.trace, "--format", "html", "--values"])
        #expect(plain.status == 0 && valued.status == 0)
        #expect(plain.stdout.contains(#"<section class="why" id="why-1">"#) && !plain.stdout.contains("old → new") && !plain.stdout.contains("H&quot;"))
        #expect(valued.stdout.contains("<li>old → new: &quot;1&quot; → &quot;2&quot; ×3"))
    }
}
