import Foundation
import Testing
@testable import Tracer
import TracerTestSupport

@Suite("Trace recorder", .temporaryDirectory)
struct RecorderTests {
    @Test("8 threads × 25,000 events: every line valid, seq 1…N in file order")
    func concurrentThreads() throws {
        // NB: 25,000 a thread keeps all eight recording at once for the whole run (they start
        // together) at a quarter of the CPU of 100,000: on Linux a contended Mutex spins before
        // it sleeps, which under the sanitizers made this the suite's longest test.
        let eventsPerThread = 25_000
        let path = temporaryPath("threads.jsonl")
        let recorder = TraceRecorder(sink: try FileDescriptorSink.file(atPath: path))
        let view = recorder.intern("MyView")
        // NB: eight real threads, released together, so that all eight record at once.
        let start = DispatchGroup()
        start.enter()
        let finished = DispatchGroup()
        for thread in 0..<8 {
            finished.enter()
            Thread {
                start.wait()
                for index in 0..<eventsPerThread {
                    recorder.record(.about(.invalidate, view: view, cause: UInt64(index), tx: UInt64(thread + 1)))
                }
                finished.leave()
            }.start()
        }
        start.leave()
        finished.wait()
        recorder.close()
        // NB: one decode of every line (Foundation's decoder) rather than a parse per line; a line
        // that is no object fails it.
        let lines = try decodeLines(RecordedLine.self, String(contentsOfFile: path, encoding: .utf8))
        #expect(lines.count == 8 * eventsPerThread + 1)
        #expect(lines.first?.kind == "meta")
        let events = lines.dropFirst()
        #expect(events.map { $0.seq ?? -1 } == Array(1...(8 * eventsPerThread)))
        let perThread = Dictionary(grouping: events, by: { $0.tx ?? 0 }).mapValues(\.count)
        #expect(perThread == Dictionary(uniqueKeysWithValues: (1...8).map { ($0, eventsPerThread) }))
        // Each thread's events carry one tid of its own.
        let tids = Dictionary(grouping: events, by: { $0.tx ?? 0 }).mapValues { Set($0.map { $0.tid ?? 0 }) }
        #expect(tids.values.allSatisfy { $0.count == 1 })
        #expect(Set(tids.values.flatMap { $0 }).count == 8)
    }

    @Test("tid is small and stable per thread; ts comes from the injected clock")
    func threadIDsAndClock() {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, clock: .manual(ManualClock(start: 500, step: 10)))
        let view = recorder.intern("V")
        recorder.record(.about(.skip, view: view, cause: 0, tx: 1))
        let done = DispatchSemaphore(value: 0)
        Thread {
            recorder.record(.about(.skip, view: view, cause: 0, tx: 2))
            done.signal()
        }.start()
        done.wait()
        recorder.record(.about(.skip, view: view, cause: 0, tx: 3))
        recorder.close()
        let events = parseLines(sink.text).dropFirst().compactMap { $0 }
        #expect(events.map { $0["ts"] as? Int } == [10, 20, 30])
        let tids = events.map { $0["tid"] as? Int ?? 0 }
        #expect(tids[0] == tids[2] && tids[0] != tids[1] && tids.allSatisfy { $0 > 0 && $0 < 10_000 })
    }

    @Test("ts counts nanoseconds on the monotonic clock and never goes backwards in file order")
    func monotonicTimestamps() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink)
        let view = recorder.intern("V")
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 { recorder.record(.about(.skip, view: view, cause: 0, tx: 1)) }
        }
        recorder.mark("before-sleep")
        recorder.flush()
        usleep(100_000)
        recorder.mark("after-sleep")
        recorder.close()
        let stamps = parseLines(sink.text).dropFirst().map { $0?["ts"] as? Int ?? -1 }
        #expect(stamps.count == 80_002)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 <= $1 })
        let slept = stamps[80_001] - stamps[80_000]
        #expect(slept >= 100_000_000 && slept < 60_000_000_000, "a 100 ms sleep shows as ≥ 100 ms, got \(slept) ns")
    }

    @Test("lines reach the file on their own, without flush()")
    func boundedLatency() throws {
        let path = temporaryPath("latency.jsonl")
        let recorder = TraceRecorder(sink: try FileDescriptorSink.file(atPath: path))
        recorder.mark("tick")
        var seen = false
        for _ in 0..<500 where !seen {
            usleep(10_000)
            seen = (try? String(contentsOfFile: path, encoding: .utf8))?.contains("\"tick\"") ?? false
        }
        #expect(seen)
        recorder.close()
    }

    @Test("a closed recorder records nothing and costs one branch")
    func closedRecorder() {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink)
        recorder.close()
        #expect(recorder.record(.about(.skip, view: .none, cause: 0, tx: 0)) == 0)
        #expect(!recorder.isRecording)
        #expect(sink.lines.count == 1)
    }

    @Test("TRACER_OUTPUT names a file or a descriptor")
    func environment() throws {
        #expect(TraceRecorder.fromEnvironment([:]) == nil)
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: "fd:x") }
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: "fd:987") }
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: "/nonexistent-dir/trace.jsonl") }
        let path = temporaryPath("env.jsonl")
        let recorder = try #require(TraceRecorder.fromEnvironment([TraceRecorder.outputVariable: path]))
        recorder.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\"kind\":\"meta\""))
    }

    @Test("TRACER_OUTPUT names a path in an app container: documents:, caches:, tmp:, app-group:")
    func containerLocations() throws {
        let temporary = FileManager.default.temporaryDirectory
        #expect(try ContainerLocation.path(for: "tmp:a/trace.jsonl") == temporary.appending(path: "a/trace.jsonl").path(percentEncoded: false))
        let documents = try #require(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first)
        #expect(try ContainerLocation.path(for: "documents:trace.jsonl") == documents.appending(path: "trace.jsonl").path(percentEncoded: false))
        #expect(try ContainerLocation.path(for: "/abs/trace.jsonl") == nil)
        #expect(try ContainerLocation.path(for: "trace.jsonl") == nil)
        let name = "tracer-\(ProcessInfo.processInfo.processIdentifier)-container.jsonl"
        let recorder = try #require(TraceRecorder.fromEnvironment([TraceRecorder.outputVariable: "tmp:" + name]))
        recorder.close()
        let written = temporary.appending(path: name).path(percentEncoded: false)
        defer { try? FileManager.default.removeItem(atPath: written) }
        #expect(try String(contentsOfFile: written, encoding: .utf8).hasPrefix("{\"kind\":\"meta\""))
    }

    @Test("a container location that names no file in it is an error", arguments: [
        "tmp:", "tmp:/etc/trace.jsonl", "tmp:../trace.jsonl", "caches:a//b", "app-group:", "app-group:group.example",
    ])
    func badContainerLocation(_ value: String) {
        #expect(throws: TraceSinkError.self) { try TraceRecorder.sink(for: value) }
    }
}

@Suite("Recording from a real child process", .temporaryDirectory)
struct ChildProcessRecordingTests {
    /// Runs `tracer-example` with `TRACER_OUTPUT=output`; returns its exit status and stderr. With
    /// `killWhen`, the child is killed with SIGKILL once the condition holds (or after 60 s).
    func runExample(_ arguments: [String], output: String, killWhen: (() -> Bool)? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = BuiltProducts.executable("tracer-example")
        process.arguments = arguments
        process.environment = ["TRACER_OUTPUT": output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        if let killWhen {
            // NB: waits for the output, not a fixed time: a slow start (a sanitizer, a loaded
            // machine) must not leave the child killed before it wrote.
            _ = eventually(within: 60, killWhen)
            kill(process.processIdentifier, SIGKILL)
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    @Test("normal exit flushes every event")
    func exitFlushes() throws {
        let path = temporaryPath("exit.jsonl")
        let (status, _) = try runExample(["--events", "40000", "--threads", "2"], output: path)
        #expect(status == 0)
        let lines = parseLines(try String(contentsOfFile: path, encoding: .utf8))
        #expect(lines.count == 80_001 && lines.allSatisfy { $0 != nil })
    }

    @Test("a child killed with SIGKILL leaves only whole, valid lines (at most one cut-off)")
    func killedChild() throws {
        let path = temporaryPath("killed.jsonl")
        _ = try runExample(["--forever"], output: path) {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0) > 100_000
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !text.hasSuffix("\n") { lines.removeLast() }
        #expect(lines.count > 100, "the writer flushed while the child ran")
        #expect(parseLines(lines.joined(separator: "\n")).allSatisfy { $0 != nil })
        let seqs = parseLines(lines.dropFirst().joined(separator: "\n")).map { $0?["seq"] as? Int ?? 0 }
        #expect(seqs == Array((0..<seqs.count).map { $0 + 1 }))
    }

    @Test("a full disk is reported once on stderr and the program keeps running")
    func diskFull() throws {
        let (status, stderr) = try runExample(["--events", "200000"], output: "/dev/full")
        #expect(status == 0)
        let errorLines = stderr.split(separator: "\n").filter { $0.contains("tracer: error:") }
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.contains("/dev/full: No space left on device") == true)
    }
}
