import Foundation
import Testing
import TraceAnalysis
import TracerTestSupport

@Suite("TraceAnalysis: read progress and connection filter")
struct ReadProgressTests {
    static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Traces/listen/two-apps.jsonl").path

    @Test("every byte read is counted once, on one thread or two", arguments: [1, 2])
    func progressCountsTheFile(threads: Int) throws {
        let progress = ReadProgress()
        let summary = try TraceAnalyzer.analyze(
            source: .file(Self.trace), options: .init(read: TraceReadOptions(threads: threads, progress: progress)))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.trace)[.size] as? Int)
        #expect(summary.lineCount > 0)
        #expect(progress.bytesRead == size)
    }

    @Test("a connection filter keeps that connection's events and the header; the connections are listed either way")
    func connectionFilter() throws {
        let all = try TraceAnalyzer.analyze(source: .file(Self.trace), options: .init(read: TraceReadOptions()))
        let first = try TraceAnalyzer.analyze(source: .file(Self.trace), options: .init(read: TraceReadOptions(connection: 1)))
        #expect(all.connections.map(\.id) == [1, 2])
        #expect(first.connections == all.connections)
        #expect(first.selectedConnection == 1)
        #expect(first.totals.events + first.filteredEventCount == all.totals.events)
        #expect(first.kindCounts["connection"] == 1)
        #expect(all.unknownKinds.isEmpty)
    }
}
