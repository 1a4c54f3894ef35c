#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TraceCapture

@Suite("Child capture")
struct ChildCaptureTests {
    @Test("a child's events arrive whole and in order", arguments: [400, 20_000])
    func eventsArriveInOrder(events: Int) throws {
        let path = temporaryTracePath()
        let capture = ChildCapture(command: [Example.path, "--events", "\(events)"], output: try CaptureOutput(path: path))
        let result = try capture.run()
        #expect(result.termination == .exited(0))
        let lines = traceLines(path)
        #expect(lines.count == events + 1)
        #expect(lines.allSatisfy { $0 != nil })
        #expect(lines.first??["kind"] as? String == "meta")
        let seqs = lines.dropFirst().compactMap { $0?["seq"] as? Int }
        #expect(seqs == Array(1...events))
        #expect(result.summary.events == events)
        #expect(result.summary.eventsByKind == ["write": events / 4, "invalidate": events / 4, "body-eval": events / 4, "skip": events / 4])
        #expect(result.summary.distinctViews == 2)
        #expect(result.summary.cutOffLines == 0)
        #expect(result.summary.bytes == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        #expect(contractErrors(path).isEmpty)
    }

    @Test("a child killed mid-run still leaves a valid trace")
    func killedChildLeavesValidTrace() throws {
        let path = temporaryTracePath()
        let capture = ChildCapture(command: [Example.path, "--forever", "--rate", "20000"], output: try CaptureOutput(path: path))
        let child = try capture.start()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { kill(child, SIGKILL) }
        let result = try capture.run()
        #expect(result.termination == .signaled(SIGKILL))
        #expect(result.termination.exitStatus == 128 + SIGKILL)
        let lines = traceLines(path)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0 != nil })
        #expect(result.summary.events == lines.count - 1)
        #expect(contractErrors(path).isEmpty)
    }

    @Test("a partial final line is dropped and counted")
    func partialFinalLineIsDropped() throws {
        let path = temporaryTracePath()
        let script = #"printf '{"kind":"meta","schema":"tracer/1"}\n{"seq":1,"ts":5,"kind":"mark","name":"a"}\n{"seq":2,"ts"' >&3"#
        let capture = ChildCapture(command: ["/bin/sh", "-c", script], output: try CaptureOutput(path: path))
        let result = try capture.run()
        #expect(result.termination == .exited(0))
        #expect(result.summary.cutOffLines == 1)
        #expect(result.summary.events == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\"kind\":\"meta\",\"schema\":\"tracer/1\"}\n{\"seq\":1,\"ts\":5,\"kind\":\"mark\",\"name\":\"a\"}\n")
    }

    @Test("the child's exit status and killing signal are reported", arguments: [
        ("exit 7", ChildTermination.exited(7)), ("kill -TERM $$", ChildTermination.signaled(SIGTERM)),
    ])
    func terminationIsReported(script: String, expected: ChildTermination) throws {
        let capture = ChildCapture(command: ["/bin/sh", "-c", script], output: try CaptureOutput(path: temporaryTracePath()))
        let result = try capture.run()
        #expect(result.termination == expected)
    }

    @Test("a program that cannot be run is an error naming it")
    func missingProgramFails() throws {
        let capture = ChildCapture(command: ["/nonexistent/program"], output: try CaptureOutput(path: temporaryTracePath()))
        #expect { try capture.run() } throws: { error in
            (error as? CaptureError)?.message.contains("/nonexistent/program") == true
        }
    }
}
