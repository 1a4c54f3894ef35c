#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Testing
import TraceCapture
import TracerCore
import TracerTestSupport

@Suite("TCP sink", .temporaryDirectory)
struct TCPSinkTests {
    /// A loopback port nobody listens on (bound, then released).
    static func closedPort() throws -> UInt16 {
        let listener = try TraceListener(address: ListenAddress(port: 0), allowRemote: false, output: try CaptureOutput(path: temporaryPath("trace.jsonl")))
        return listener.address.port
    }

    /// The trace header a sink sends first on every connection.
    static let header = "{\"kind\":\"meta\",\"schema\":\"tracer/1\"}\n"

    /// Line `index` of a run: all of one length, named `m<7 digits>` so order can be checked.
    static func line(_ index: Int) -> String {
        markLine(seq: 1_000_000 + index, name: "m\(1_000_000 + index)", length: 60) + "\n"
    }

    /// Writes the header and `count` lines to `sink` on a thread of its own; whether every
    /// `write` returned (a hang guard: a write that waited for the network would not).
    static func writeAll(_ sink: TCPSink, count: Int) -> Bool {
        returns {
            func write(_ text: String) {
                var text = text
                text.withUTF8 { try? sink.write(UnsafeRawBufferPointer($0)) }
            }
            write(header)
            for index in 0..<count { write(line(index)) }
        }
    }

    @Test("with no listener, lines beyond the buffer are dropped and counted; the next listener gets the count")
    func noListenerDropsOldestAndCounts() throws {
        let capacity = 64 << 10, count = 20_000, length = Self.line(0).utf8.count
        let port = try Self.closedPort()
        let sink = try TCPSink(host: "127.0.0.1", port: port, capacity: capacity)
        #expect(Self.writeAll(sink, count: count))
        let statistics = sink.statistics
        #expect(statistics.connections == 0)
        #expect(statistics.sentBytes == 0)
        // Every line is either still buffered or counted as dropped, and the buffer is full.
        #expect(statistics.droppedLines * length + statistics.bufferedBytes == count * length)
        #expect(statistics.bufferedBytes <= capacity && statistics.bufferedBytes > capacity - length)

        let listener = try RunningListener(port: port)
        #expect(eventually { sink.statistics.connections == 1 && sink.statistics.bufferedBytes == 0 })
        sink.close()
        #expect(eventually { listener.log.contains { $0.hasSuffix("closed") } })
        let summary = try listener.stop()
        let lines = traceLines(listener.path).compactMap { $0 }
        #expect(summary.droppedEvents == statistics.droppedLines)
        #expect(lines.filter { $0["kind"] as? String == "dropped" }.compactMap { $0["count"] as? Int } == [statistics.droppedLines])
        // The oldest lines were dropped: the newest arrive, in order.
        let names = lines.compactMap { $0["name"] as? String }.map { String($0.prefix(8)) }
        #expect(names == (statistics.droppedLines..<count).map { "m\(1_000_000 + $0)" })
    }

    @Test("a listener that accepts but never reads: every write returns, and each line is sent or counted as dropped")
    func silentListenerNeverBlocksWrites() throws {
        let capacity = 64 << 10, count = 500_000, length = Self.line(0).utf8.count
        let silent = SilentListener()
        let sink = try TCPSink(host: "127.0.0.1", port: silent.port, capacity: capacity)
        let peer = try #require(silent.accept())
        defer { peer.close() }
        #expect(eventually { sink.statistics.connections == 1 })
        // NB: the lines far outnumber what the buffer and both sockets can hold while nobody reads,
        // so a write that waited for the network could never return: returning is the property.
        #expect(Self.writeAll(sink, count: count))
        let stalled = sink.statistics
        #expect(stalled.connections == 1)
        #expect(stalled.droppedLines > 0)
        #expect(stalled.sentBytes < Self.header.utf8.count + count * length)
        #expect(stalled.bufferedBytes <= capacity)

        // Now read: what was sent arrives whole and in order, and the `dropped` line accounts for the rest.
        let received = Mutex<[UInt8]>([])
        let reading = DispatchSemaphore(value: 0)
        Thread {
            let bytes = peer.receiveAll()
            received.withLock { $0 = bytes }
            reading.signal()
        }.start()
        sink.close()
        #expect(reading.wait(timeout: .now() + 120) == .success)
        let lines = String(decoding: received.withLock { $0 }, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0 + "\n" } == Self.header)
        let parsed = lines.dropFirst().map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(parsed.allSatisfy { $0 != nil })
        let dropped = parsed.compactMap { $0?["kind"] as? String == "dropped" ? $0?["count"] as? Int : nil }.reduce(0, +)
        let names = parsed.compactMap { $0?["name"] as? String }
        #expect(names.count + dropped == count)
        #expect(dropped == sink.statistics.droppedLines)
        #expect(names == names.sorted())
    }

    @Test("a listener that goes away makes the sink drop; a new one gets the drop count")
    func listenerGoingAwayThenBack() throws {
        let first = try RunningListener()
        let port = first.port
        let sink = try TCPSink(host: "127.0.0.1", port: port, capacity: 64 << 10)
        let recorder = TraceRecorder(sink: sink)
        for _ in 0..<100 { recorder.mark("before") }
        recorder.flush()
        #expect(eventually { sink.statistics.connections == 1 && sink.statistics.bufferedBytes == 0 })
        let firstSummary = try first.stop()

        for _ in 0..<200_000 { recorder.mark("away") }
        recorder.flush()
        #expect(sink.statistics.droppedLines > 0)

        let second = try RunningListener(port: port)
        for _ in 0..<10 { recorder.mark("back") }
        recorder.flush()
        #expect(eventually { sink.statistics.connections == 2 && sink.statistics.bufferedBytes == 0 })
        recorder.close()
        #expect(eventually { second.log.contains { $0.hasSuffix("closed") } })
        let secondSummary = try second.stop()

        #expect(firstSummary.eventsByKind["mark"] == 100)
        #expect(firstSummary.droppedEvents + secondSummary.droppedEvents == sink.statistics.droppedLines)
        #expect(secondSummary.droppedEvents > 0)
        let names = traceLines(second.path).compactMap { $0?["name"] as? String }
        #expect(names.suffix(10) == Array(repeating: "back", count: 10))
        #expect(contractErrors(second.path).isEmpty)
    }

    @Test("TRACER_OUTPUT=tcp://HOST:PORT picks the TCP sink", arguments: ["tcp://127.0.0.1:7420", "tcp://[::1]:7420", "tcp://localhost:1"])
    func environmentPicksTCPSink(value: String) throws {
        let sink = try TraceRecorder.sink(for: value)
        #expect(sink is TCPSink)
        sink.close()
    }

    @Test("a host name is resolved by the sender thread: a name that does not resolve fails neither the sink's creation nor a write, and is retried")
    func unresolvableHostIsRetriedOffTheCallingThread() throws {
        // NB: `.invalid` never resolves (RFC 6761).
        let sink = try TraceRecorder.sink(for: "tcp://tracer-test.invalid:7420") as? TCPSink
        let tcp = try #require(sink)
        let header = Array(Self.header.utf8)
        header.withUnsafeBytes { try? tcp.write($0) }
        #expect(eventually(within: 30) { tcp.statistics.failedResolutions >= 2 })
        #expect(tcp.statistics.connections == 0)
        tcp.close()
    }

    @Test("bad tcp values are errors", arguments: ["tcp://127.0.0.1", "tcp://:80", "tcp://127.0.0.1:0", "tcp://127.0.0.1:99999"])
    func badValuesFail(value: String) {
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: value) }
    }
}
