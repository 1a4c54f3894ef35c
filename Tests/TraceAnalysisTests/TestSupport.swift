import Foundation
@testable import TraceAnalysis
import TracerTestSupport

/// Paths and helpers shared by the TraceAnalysis tests.
enum TestSupport {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let traces = packageRoot.appendingPathComponent("Fixtures/Traces")
    static let badTraces = traces.appendingPathComponent("bad")
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Writes `bytes` to a new file in the test's temporary directory and returns its path.
    static func temporaryTrace(_ bytes: [UInt8], name: String = "trace.jsonl") throws -> String {
        let path = temporaryPath(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryTrace(_ text: String, name: String = "trace.jsonl") throws -> String {
        try temporaryTrace(Array(text.utf8), name: name)
    }

    /// The meta header line every well-formed test trace starts with.
    static let meta = #"{"kind":"meta","schema":"tracer/1","tool":"test","scenario":"s","variant":"v","unit":"ns","pid":1}"#

    /// Analyses `text` (on one thread unless told) and returns the summary.
    static func analyze(_ text: String, lenient: Bool = false, threads: Int = 1) throws -> TraceSummary {
        let path = try temporaryTrace(text)
        return try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(lenient: lenient, threads: threads)))
    }

    /// The diagnostic that reading `text` fails with, or nil when it reads.
    static func failure(_ text: String) throws -> TraceDiagnostic? {
        let path = try temporaryTrace(text)
        do {
            _ = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 1)))
            return nil
        } catch {
            return error.diagnostic
        }
    }

    /// A synthetic trace shaped like the benchmark's: `transactions` transactions of a write, an
    /// invalidation, the owner's evaluation and child evaluations/skips, with marks in between.
    static func syntheticTrace(transactions: Int) -> String {
        var lines = [meta]
        var seq = 0
        var random = SystemRandomNumberGenerator.Seeded(seed: 42)
        let owners = ["Root", "Root/Content", "Settings/Form"]
        let props = ["offset", "selection", "query"]
        let wrappers = ["State", "ViewStorage", "Published"]
        func emit(_ fields: String) -> Int {
            seq += 1
            lines.append("{\"seq\":\(seq),\"ts\":\(seq * 100),\"tid\":1,\(fields)}")
            return seq
        }
        for tx in 1...transactions {
            if tx % 1000 == 0 { _ = emit("\"kind\":\"mark\",\"name\":\"m\(tx / 1000)\"") }
            let owner = owners[random.next(below: owners.count)]
            let write = emit("\"tx\":\(tx),\"kind\":\"write\",\"view\":\"\(owner)\",\"prop\":\"\(props[random.next(below: 3)])\",\"wrapper\":\"\(wrappers[random.next(below: 3)])\",\"changed\":true,\"site\":\"\(owner).swift:\(tx % 7)\"")
            let invalidate = emit("\"tx\":\(tx),\"kind\":\"invalidate\",\"view\":\"\(owner)\",\"cause\":\(write)")
            let body = emit("\"tx\":\(tx),\"kind\":\"body-eval\",\"view\":\"\(owner)\",\"cause\":\(invalidate),\"reason\":\"state\",\"dur\":\(random.next(below: 90_000)),\"changed\":\(random.next(below: 3))")
            for _ in 0..<(1 + random.next(below: 4)) {
                let child = "\(owner)/Row[\(random.next(below: 50))]"
                if random.next(below: 10) < 6 {
                    _ = emit("\"tx\":\(tx),\"kind\":\"skip\",\"view\":\"\(child)\",\"cause\":\(body),\"reason\":\"inputs-equal\"")
                } else {
                    _ = emit("\"tx\":\(tx),\"kind\":\"body-eval\",\"view\":\"\(child)\",\"cause\":\(body),\"reason\":\"inputs-changed\",\"dur\":\(random.next(below: 20_000)),\"changed\":\(random.next(below: 2))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SystemRandomNumberGenerator {
    /// A small deterministic generator (SplitMix64) so synthetic traces are reproducible.
    struct Seeded {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
