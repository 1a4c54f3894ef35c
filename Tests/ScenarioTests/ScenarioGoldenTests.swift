import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport
@testable import Scenarios

/// Every scenario variant, recorded and normalised, against its golden in
/// `Fixtures/Traces/scenarios`: the whole trace (`SCENARIO.VARIANT.jsonl`) when it has at most
/// `longTrace` lines, else its summary (`SCENARIO.VARIANT.summary.txt`, see `summary(of:name:)`),
/// which a reviewer can read. A missing golden is written and the test fails once;
/// `TRACER_RECORD_GOLDENS=1` re-records them.
@Suite("Scenario golden traces")
struct ScenarioGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Traces/scenarios")

    static let variants: [(String, String)] = ScenarioCatalog.all.flatMap { scenario in
        scenario.variants.map { (scenario.name, $0.name) }
    }

    /// The most lines a trace kept whole may have; a longer one is kept as its summary.
    static let longTrace = 1_000

    @Test("the normalised trace equals its golden: the whole trace, or a long one's summary", arguments: variants)
    func golden(scenario: String, variant: String) throws {
        let trace = try ScenarioRecording(scenario, variant).normalised
        let name = "\(scenario).\(variant)"
        let (whole, summary) = (Self.directory.appendingPathComponent("\(name).jsonl"), Self.directory.appendingPathComponent("\(name).summary.txt"))
        let long = trace.utf8.count(where: { $0 == UInt8(ascii: "\n") }) > Self.longTrace
        let stale = long ? whole : summary
        #expect(!FileManager.default.fileExists(atPath: stale.path), "\(stale.lastPathComponent) is the golden of a \(long ? "short" : "long") trace: remove it")
        if long {
            expectGolden(Self.summary(of: trace, name: name), at: summary)
            return
        }
        expectGolden(trace, at: whole) { expected in
            let (actualLines, expectedLines) = (trace.split(separator: "\n"), expected.split(separator: "\n"))
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            return """
                \(whole.lastPathComponent) differs first at line \(first + 1) (\(actualLines.count) lines, golden \(expectedLines.count)):
                  recorded: \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                  golden:   \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                """
        }
    }

    /// What the golden of a long trace keeps: its line count and a digest of its bytes (any change
    /// shows), then each distinct line shape with how many lines have it, in order of first
    /// appearance. A shape is a line without `seq`, `tx` and `cause`, with identities (`[42]`)
    /// written `[*]`. To see a change whole, record the trace before and after it
    /// (`tracectl record SCENARIO --variant VARIANT`) and compare.
    static func summary(of trace: String, name: String) -> String {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in trace.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var shapes: [String] = [], counts: [String: Int] = [:]
        let lines = trace.split(separator: "\n")
        for line in lines {
            let shape = String(line.replacing(/"(seq|tx)":[0-9]+,|,"cause":[0-9]+/, with: "")
                .replacing(/([^:,\[])\[[^\[\]\/"]*\]/) { "\($0.1)[*]" })
            if counts[shape] == nil { shapes.append(shape) }
            counts[shape, default: 0] += 1
        }
        let hex = String(digest, radix: 16)
        let header = "\(name).jsonl: \(lines.count) lines, FNV-1a \(String(repeating: "0", count: 16 - hex.count) + hex)\n"
        return header + shapes.map { shape in
            let count = String(counts[shape, default: 0])
            return String(repeating: " ", count: max(0, 6 - count.count)) + count + "  " + shape + "\n"
        }.joined()
    }

    @Test("a long trace's summary shows a change in any line, and counts lines that differ only in seq, tx, cause and identities as one shape")
    func summaryShapes() {
        let trace = """
            {"kind":"meta","schema":"tracer/1"}
            {"seq":1,"tx":1,"kind":"mount","view":"List/Row[1]"}
            {"seq":2,"tx":2,"kind":"mount","view":"List/Row[2]","cause":1}

            """
        let summary = Self.summary(of: trace, name: "t")
        #expect(summary.hasSuffix("""
                 1  {"kind":"meta","schema":"tracer/1"}
                 2  {"kind":"mount","view":"List/Row[*]"}

            """))
        #expect(summary.hasPrefix("t.jsonl: 3 lines, FNV-1a "))
        #expect(Self.summary(of: trace.replacingOccurrences(of: "Row[2]", with: "Row[3]"), name: "t") != summary)
    }

    @Test("a golden trace differs from the recording it would hide: volatile fields only are dropped")
    func normalisationKeepsContent() throws {
        let trace = try ScenarioRecording("dice-roll", "default")
        let normalised = trace.normalised
        for field in ["ts", "tid", "dur", "pid"] { #expect(!normalised.contains("\"\(field)\":")) }
        #expect(normalised.split(separator: "\n").count == trace.lines.count)
        #expect(normalised.contains("\"kind\":\"write\",\"view\":\"ContentView\",\"prop\":\"number\""))
    }
}
