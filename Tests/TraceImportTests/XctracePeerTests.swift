import Foundation
import Testing
import TraceImport
import TracerTestSupport
import XctraceSynthetic

/// The Python peer (`Fixtures/Peers/xctrace_iterparse.py`), what SwiftUI teams script today.
private let peerScript = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Peers/xctrace_iterparse.py").path

/// Whether `python3` runs here (it does in CI).
private let pythonAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import xml.etree.ElementTree"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

@Suite("xctrace import against the Python peer", .temporaryDirectory)
struct XctracePeerTests {
    @Test(
        "per-view body counts and exclusive times equal the peer's on a generated export (nested rows, garbage durations, SwiftUI-module rows, other processes)",
        .enabled(if: pythonAvailable, "python3 is not installed: the peer cannot run, so the comparison is skipped"),
        arguments: [1, 2, 3] as [UInt64]
    )
    func equalsPeer(seed: UInt64) throws {
        let directory = temporaryDirectory(prefix: "export-\(seed)")
        let files = SyntheticExport.write(directory: directory, megabytes: 1.5, seed: seed)
        let peer = try Self.peer(files.toc, files.updates)
        let tracer = try Self.tracer(directory)
        #expect(peer.count > 20, "the peer found views")
        #expect(tracer["total"] == peer["total"])
        let differing = Set(peer.keys).union(tracer.keys).filter { peer[$0] != tracer[$0] }.sorted()
        #expect(differing.isEmpty, "views that differ (tracer vs peer): \(differing.prefix(5).map { "\($0): \(tracer[$0].map { "\($0)" } ?? "none") vs \(peer[$0].map { "\($0)" } ?? "none")" })")
    }

    /// The peer's `view → (evaluations, exclusive ns)`, with its `total` line.
    static func peer(_ paths: String...) throws -> [String: Figures] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", peerScript] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the peer exits 0")
        var figures: [String: Figures] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let evaluations = Int(fields[1]), let nanoseconds = Int(fields[2]) else {
                Issue.record("a peer line that is not view<TAB>evals<TAB>ns: \(line)")
                continue
            }
            figures[String(fields[0])] = Figures(evaluations: evaluations, exclusiveNanoseconds: nanoseconds)
        }
        return figures
    }

    /// The same figures from the trace Tracer's import writes: body-evals per view, their `dur`.
    static func tracer(_ directory: String) throws -> [String: Figures] {
        var trace = ""
        try XctraceImporter.run(path: directory, into: &trace)
        var figures: [String: Figures] = [:]
        var total = Figures()
        for line in trace.split(separator: "\n") {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard event["kind"] as? String == "body-eval", let view = event["view"] as? String else { continue }
            let nanoseconds = (event["dur"] as? Int) ?? 0
            figures[view, default: Figures()].add(nanoseconds)
            total.add(nanoseconds)
        }
        figures["total"] = total
        return figures
    }

    struct Figures: Equatable, CustomStringConvertible {
        var evaluations = 0
        var exclusiveNanoseconds = 0

        mutating func add(_ nanoseconds: Int) {
            evaluations += 1
            exclusiveNanoseconds += nanoseconds
        }

        var description: String { "\(evaluations) evals, \(exclusiveNanoseconds) ns" }
    }
}
