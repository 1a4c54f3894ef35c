#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TraceCapture
import Tracer

@Suite("TCP sink")
struct TCPSinkTests {
    /// A loopback port nobody listens on (bound, then released).
    static func closedPort() throws -> UInt16 {
        let listener = try TraceListener(address: ListenAddress(port: 0), allowRemote: false, output: try CaptureOutput(path: temporaryTracePath()))
        return listener.address.port
    }

    @Test("with no listener, recording drops the oldest lines and never blocks")
    func noListenerDropsWithoutBlocking() throws {
        let capacity = 64 << 10
        let sink = try TCPSink(host: "127.0.0.1", port: try Self.closedPort(), capacity: capacity)
        let recorder = TraceRecorder(sink: sink)
        let name = recorder.intern("tick")
        var event = TraceEvent(kind: .mark)
        event.text = name
        var recorded = 0
        for _ in 0..<200_000 where recorder.record(event) > 0 { recorded += 1 }
        recorder.flush()
        let statistics = sink.statistics
        #expect(recorded == 200_000)
        #expect(recorder.isRecording)
        #expect(statistics.droppedLines > 0)
        #expect(statistics.bufferedBytes <= capacity)
        #expect(statistics.connections == 0)
        recorder.close()
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

    @Test("bad tcp values are errors", arguments: ["tcp://127.0.0.1", "tcp://:80", "tcp://127.0.0.1:0", "tcp://127.0.0.1:99999"])
    func badValuesFail(value: String) {
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: value) }
    }
}
