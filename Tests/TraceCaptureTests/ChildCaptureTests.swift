#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TraceCapture
import TracerTestSupport

@Suite("Child capture", .temporaryDirectory)
struct ChildCaptureTests {
    @Test("a child's events arrive whole and in order", arguments: [400, 20_000])
    func eventsArriveInOrder(events: Int) throws {
        let path = temporaryPath("trace.jsonl")
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
        let path = temporaryPath("trace.jsonl")
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
        let path = temporaryPath("trace.jsonl")
        let script = #"printf '{"kind":"meta","schema":"tracer/1"}\n{"seq":1,"ts":5,"kind":"mark","name":"a"}\n{"seq":2,"ts"' >&3"#
        let capture = ChildCapture(command: ["/bin/sh", "-c", script], output: try CaptureOutput(path: path))
        let result = try capture.run()
        #expect(result.termination == .exited(0))
        #expect(result.summary.cutOffLines == 1)
        #expect(result.summary.events == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\"kind\":\"meta\",\"schema\":\"tracer/1\"}\n{\"seq\":1,\"ts\":5,\"kind\":\"mark\",\"name\":\"a\"}\n")
    }

    /// Lines at and over the 1 MiB limit: length (newline excluded), whether a newline and a
    /// further line follow, and whether the line is kept.
    static let longLines: [(length: Int, terminated: Bool, kept: Bool)] = [
        (1 << 20, true, true),
        ((1 << 20) + 100, true, false),
        (3 << 20, true, false),
        ((1 << 20) + 100, false, false),
    ]

    @Test("a line over 1 MiB is dropped, counted and logged; the lines around it arrive", arguments: longLines)
    func overlongLineIsDropped(length: Int, terminated: Bool, kept: Bool) throws {
        let path = temporaryPath("trace.jsonl")
        let prefix = #"{"seq":2,"ts":2,"kind":"mark","name":"long"#
        let script = """
            {
              printf '%s\\n' '{"kind":"meta","schema":"tracer/1"}' '\(markLine(seq: 1, name: "before", length: 60))'
              printf '%s' '\(prefix)'
              head -c \(length - prefix.utf8.count - 2) /dev/zero | tr '\\0' x
              printf '"}'
              \(terminated ? "printf '\\n%s\\n' '\(markLine(seq: 3, name: "after", length: 60))'" : "")
            } >&3
            """
        let log = MessageLog()
        let capture = ChildCapture(command: ["/bin/sh", "-c", script], output: try CaptureOutput(path: path)) { log.append($0) }
        let result = try capture.run()
        #expect(result.termination == .exited(0))
        let lines = traceLines(path)
        #expect(lines.allSatisfy { $0 != nil })
        let names = lines.compactMap { ($0?["name"] as? String).map { String($0.prefix { $0 != "x" }) } }
        let expected = ["before"] + (kept ? ["long"] : []) + (terminated ? ["after"] : [])
        #expect(names == expected)
        let lengths = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map(\.utf8.count)
        #expect(lengths == [60] + (kept ? [length] : []) + (terminated ? [60] : []))
        #expect(result.summary.events == expected.count)
        #expect(result.summary.overlongLines == (kept ? 0 : 1))
        #expect(result.summary.cutOffLines == 0)
        if kept {
            #expect(log.lines.isEmpty)
        } else {
            #expect(log.lines.count == 1)
            #expect(log.lines.first?.hasPrefix("line 3 of /bin/sh's trace: ") == true, "\(log.lines)")
            #expect(log.lines.first?.hasSuffix("longer than the 1048576-byte line limit; dropped") == true, "\(log.lines)")
        }
    }

    @Test("the child's exit status and killing signal are reported", arguments: [
        ("exit 7", ChildTermination.exited(7)), ("kill -TERM $$", ChildTermination.signaled(SIGTERM)),
    ])
    func terminationIsReported(script: String, expected: ChildTermination) throws {
        let capture = ChildCapture(command: ["/bin/sh", "-c", script], output: try CaptureOutput(path: temporaryPath("trace.jsonl")))
        let result = try capture.run()
        #expect(result.termination == expected)
    }

    @Test("a program that cannot be run is an error naming it")
    func missingProgramFails() throws {
        let capture = ChildCapture(command: ["/nonexistent/program"], output: try CaptureOutput(path: temporaryPath("trace.jsonl")))
        #expect { try capture.run() } throws: { error in
            (error as? CaptureError)?.message.contains("/nonexistent/program") == true
        }
    }
}
