#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Testing
import TraceCapture
import TracerTestSupport

@Suite("tracectl record: child processes and the TCP listener", .temporaryDirectory)
struct RecordCaptureCommandTests {
    static var app: String { BuiltProducts.executable("tracer-app").path }

    @Test("record -- tracer-app: a whole, valid trace of the app's views and a summary")
    func recordsTheExampleApp() throws {
        let directory = temporaryDirectory()
        let trace = directory + "/app.jsonl"
        let run = try TracectlProcess.run(["record", "-o", trace, "--", Self.app, "--frames", "240", "--lap-every", "120"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("nothing dropped"))
        #expect(!run.stderr.contains("warning"))
        let summary = try #require(RecordedSummary(stderr: run.stderr), "stderr: \(run.stderr)")
        #expect(summary == RecordedSummary(traceAt: trace))
        // Every evaluation counted below, of the screen, the label and the lap list.
        #expect(summary.byKind["body-eval"] == 243 + 241 + 3)
        let report = try TracectlProcess.run(["report", trace, "--format", "json"])
        #expect(report.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let views = try #require(document["views"] as? [[String: Any]])
        func evals(_ view: String) -> Int? { views.first { $0["view"] as? String == view }?["bodyEvals"] as? Int }
        // 240 ticks and 2 laps each invalidate the screen once, plus its initial evaluation.
        #expect(evals("StopwatchScreen") == 243)
        // The label's input changes on every tick (240) plus the initial evaluation; laps skip it.
        #expect(evals("StopwatchScreen/VStack/ElapsedLabel") == 241)
        // The lap list: the initial evaluation and one per lap.
        #expect(evals("StopwatchScreen/VStack/LapList") == 3)
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    @Test("record -- CMD exits with the child's status", arguments: [(3, "exit 3"), (0, "exit 0"), (137, "kill -KILL $$")])
    func childStatus(expected: Int32, script: String) throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["record", "-o", directory + "/t.jsonl", "--", "sh", "-c", script])
        #expect(run.status == expected, "stderr: \(run.stderr)")
        if expected == 137 { #expect(run.stderr.contains("was killed by signal 9")) }
    }

    @Test("record -o - writes the trace to standard output")
    func standardOutput() throws {
        let run = try TracectlProcess.run(["record", "-o", "-", "--", Self.app, "--frames", "3"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.contains("\"kind\":\"meta\"") == true)
        #expect(lines.filter { $0.contains("\"kind\":\"write\"") }.count == 3)
    }

    @Test("record of a program that cannot be run: exit 2, an existing -o file untouched, no file left behind", arguments: [
        "/nonexistent/app", "not-executable",
    ])
    func programThatCannotRun(program: String) throws {
        let directory = temporaryDirectory()
        let trace = directory + "/existing.jsonl"
        try "kept\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let path = program.hasPrefix("/") ? program : directory + "/" + program
        if !program.hasPrefix("/") { try "#!/bin/sh\n".write(toFile: path, atomically: true, encoding: .utf8) }
        let run = try TracectlProcess.run(["record", "-o", trace, "--", path])
        #expect(run.status == 2, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("tracectl: error: cannot run '\(path)'"), "stderr: \(run.stderr)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "kept\n")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory)) == Set(["existing.jsonl"] + (program.hasPrefix("/") ? [] : [program])))
    }

    @Test("record of a program that writes no trace: a warning, no file (an existing one untouched), the program's status")
    func programWithoutTraceLeavesNoFile() throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["record", "-o", directory + "/t.jsonl", "--", "sh", "-c", "exit 5"])
        #expect(run.status == 5, "stderr: \(run.stderr)")
        #expect(run.stderr == "tracectl: warning: sh wrote no trace; \(directory)/t.jsonl not written: does it link Tracer and read TRACER_OUTPUT?\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        let existing = directory + "/existing.jsonl"
        try "kept\n".write(toFile: existing, atomically: true, encoding: .utf8)
        _ = try TracectlProcess.run(["record", "-o", existing, "--", "true"])
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "kept\n")
    }

    @Test("record --listen on a port already taken: exit 2, an existing -o file untouched")
    func takenPort() throws {
        let directory = temporaryDirectory()
        let trace = directory + "/existing.jsonl"
        try "kept\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let holder = try TraceListener(address: ListenAddress(port: 0), allowRemote: false, output: try CaptureOutput(path: "-"))
        let run = try TracectlProcess.run(["record", "--listen", holder.address.description, "-o", trace, "--duration", "1"])
        #expect(run.status == 2, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("tracectl: error: cannot listen on \(holder.address.description): "), "stderr: \(run.stderr)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["existing.jsonl"])
    }

    @Test("--listen on a non-loopback address without --allow-remote is refused with exit 2")
    func remoteRefused() throws {
        let run = try TracectlProcess.run(["record", "--listen", "0.0.0.0:0", "-o", "-", "--duration", "1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--allow-remote"))
    }

    @Test("--listen prints the TRACER_OUTPUT value for clients, stops after --duration, warns of no client")
    func listenPrintsClientValue() throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["record", "--listen", "127.0.0.1:0", "-o", directory + "/l.jsonl", "--duration", "0.5"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("TRACER_OUTPUT=tcp://127.0.0.1:"))
        #expect(run.stderr.contains("tracectl: warning: no client connected to 127.0.0.1:"), "stderr: \(run.stderr)")
        // NB: a trace with its header only, which report reads.
        #expect(Self.lines(directory + "/l.jsonl").map { $0?["kind"] as? String } == ["meta"])
    }

    @Test("a program that writes a header but no events gets a warning")
    func programWithoutEventsIsWarned() throws {
        let script = #"printf '{"kind":"meta","schema":"tracer/1"}\n' >&3"#
        let run = try TracectlProcess.run(["record", "-o", temporaryDirectory() + "/t.jsonl", "--", "sh", "-c", script])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("recorded 0 events"))
        #expect(run.stderr.contains("tracectl: warning: sh wrote a trace header but no events\n"), "stderr: \(run.stderr)")
    }

    @Test("a line over 1 MiB from the program is reported and counted; the lines after it are kept")
    func overlongLineIsReported() throws {
        let trace = temporaryDirectory() + "/t.jsonl"
        let script = #"""
            {
              printf '%s\n' '{"kind":"meta","schema":"tracer/1"}'
              printf '%s' '{"seq":1,"ts":1,"kind":"mark","name":"'
              head -c 1048676 /dev/zero | tr '\0' x
              printf '"}\n%s\n' '{"seq":2,"ts":2,"kind":"mark","name":"after"}'
            } >&3
            """#
        let run = try TracectlProcess.run(["record", "-o", trace, "--", "sh", "-c", script])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("tracectl: line 2 of sh's trace: "), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("longer than the 1048576-byte line limit; dropped\n"))
        #expect(run.stderr.contains("recorded 1 events (1 mark)"))
        #expect(run.stderr.contains("1 over-long lines dropped"))
        #expect(try String(contentsOfFile: trace, encoding: .utf8).hasSuffix(#""name":"after"}"# + "\n"))
    }

    @Test("a line from the program whose seq, ts or dur is over 2^63 − 1 is dropped and its place named; validate reads the trace")
    func numbersBeyondInt64AreDropped() throws {
        let trace = temporaryDirectory() + "/t.jsonl"
        let script = #"""
            printf '%s\n' '{"kind":"meta","schema":"tracer/1"}' \
              '{"seq":1,"ts":18446744073709551615,"kind":"mark","name":"a"}' \
              '{"seq":2,"ts":2,"tid":1,"tx":1,"kind":"body-eval","view":"V","reason":"state","dur":9223372036854775808}' \
              '{"seq":3,"ts":3,"kind":"mark","name":"c"}' >&3
            """#
        let run = try TracectlProcess.run(["record", "-o", trace, "--", "sh", "-c", script])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(#"2 lines with a seq, ts or dur over 2^63 − 1 (which no reader reads) dropped, the first at line 2, column 15 ("ts")"#),
                "stderr: \(run.stderr)")
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }

    /// A child that records a mark every 10 ms and exits 42 on SIGTERM, 43 on SIGINT.
    static let trappingChild = #"""
        trap 'exit 42' TERM
        trap 'exit 43' INT
        printf '%s\n' '{"kind":"meta","schema":"tracer/1"}' >&3
        n=0
        while :; do
          n=$((n + 1))
          printf '{"seq":%d,"ts":%d,"kind":"mark","name":"tick"}\n' $n $n >&3
          sleep 0.01
        done
        """#

    @Test("SIGTERM and SIGINT sent to record -- CMD reach the program; tracectl exits with its status", arguments: [
        (Int32(SIGTERM), Int32(42)), (Int32(SIGINT), Int32(43)),
    ])
    func signalsReachTheProgram(signal: Int32, status: Int32) throws {
        let trace = temporaryDirectory() + "/t.jsonl"
        let tracectl = try BackgroundTracectl(["record", "-o", trace, "--", "sh", "-c", Self.trappingChild])
        // NB: marks arriving show the program running with its traps set.
        #expect(eventually { Self.lines(trace).count >= 5 })
        tracectl.send(signal)
        let run = tracectl.finish()
        #expect(run.reason == .exit)
        #expect(run.status == status, "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("killed by signal"))
        let events = Self.lines(trace).dropFirst()
        #expect(events.allSatisfy { $0 != nil })
        #expect(events.compactMap { $0?["seq"] as? Int } == Array(1...events.count))
        #expect(RecordedSummary(stderr: run.stderr) == RecordedSummary(traceAt: trace), "stderr: \(run.stderr)")
    }

    @Test("SIGTERM and SIGINT sent to record -- tracer-app end the app; tracectl exits 128 + signal with a valid trace", arguments: [
        Int32(SIGTERM), Int32(SIGINT),
    ])
    func signalsEndTheApp(signal: Int32) throws {
        let trace = temporaryDirectory() + "/app.jsonl"
        let tracectl = try BackgroundTracectl(["record", "-o", trace, "--", Self.app, "--frames", "10000000", "--rate", "1000"])
        #expect(eventually { Self.lines(trace).count >= 50 })
        tracectl.send(signal)
        let run = tracectl.finish()
        #expect(run.reason == .exit)
        #expect(run.status == 128 + signal, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("was killed by signal \(signal)"))
        #expect(Self.lines(trace).allSatisfy { $0 != nil })
        #expect(RecordedSummary(stderr: run.stderr) == RecordedSummary(traceAt: trace), "stderr: \(run.stderr)")
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    @Test("SIGINT and SIGTERM stop record --listen cleanly: exit 0, every event received written and counted", arguments: [
        Int32(SIGINT), Int32(SIGTERM),
    ])
    func signalsStopTheListener(signal: Int32) throws {
        let trace = temporaryDirectory() + "/listen.jsonl"
        let tracectl = try BackgroundTracectl(["record", "--listen", "127.0.0.1:0", "-o", trace])
        var value: Substring?
        #expect(eventually {
            value = tracectl.stderr.firstRange(of: "TRACER_OUTPUT=").map { tracectl.stderr[$0.upperBound...].prefix { $0 != "\n" } }
            return value != nil && tracectl.stderr.contains("\(value!)\n")
        })
        let app = Process()
        app.executableURL = URL(fileURLWithPath: Self.app)
        app.arguments = ["--frames", "10000000", "--rate", "500"]
        app.environment = ["TRACER_OUTPUT": String(try #require(value))]
        try app.run()
        defer {
            kill(app.processIdentifier, SIGKILL)
            app.waitUntilExit()
        }
        #expect(eventually { Self.lines(trace).count >= 50 })
        tracectl.send(signal)
        let run = tracectl.finish()
        #expect(run.reason == .exit)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("connections: 1\n"))
        let lines = Self.lines(trace)
        #expect(lines.allSatisfy { $0 != nil })
        #expect(lines.dropFirst().compactMap { $0?["seq"] as? Int } == Array(1..<lines.count))
        #expect(RecordedSummary(stderr: run.stderr) == RecordedSummary(traceAt: trace), "stderr: \(run.stderr)")
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    @Test("--listen on 0.0.0.0 with --allow-remote tells clients an address of this machine, not 0.0.0.0")
    func wildcardListenPrintsUsableValue() throws {
        let run = try TracectlProcess.run([
            "record", "--listen", "0.0.0.0:0", "--allow-remote", "-o", temporaryDirectory() + "/l.jsonl", "--duration", "0.5",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("listening on 0.0.0.0:"))
        #expect(run.stderr.contains("TRACER_OUTPUT=tcp://"))
        #expect(!run.stderr.contains("tcp://0.0.0.0"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("(0.0.0.0 listens on every interface: any address of this machine the app can reach will do"))
    }

    /// The lines of the trace at `path`, each parsed as a JSON object (nil where it is not one).
    static func lines(_ path: String) -> [[String: Any]?] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }
}

/// The counts `record` reports: events by kind, distinct views and bytes.
struct RecordedSummary: Equatable {
    var byKind: [String: Int] = [:]
    var views = 0
    var bytes = 0

    /// The counts in the `recorded N events (…), V distinct views, B bytes to …` line of `stderr`.
    init?(stderr: String) {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("recorded ") }),
              let viewsEnd = line.firstRange(of: " distinct views, "), let bytesEnd = line.firstRange(of: " bytes to ")
        else { return nil }
        func number(endingAt end: Substring.Index) -> Int? { Int(line[..<end].split(separator: " ").last ?? "") }
        guard let views = number(endingAt: viewsEnd.lowerBound), let bytes = number(endingAt: bytesEnd.lowerBound) else { return nil }
        (self.views, self.bytes) = (views, bytes)
        if let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") {
            for part in line[line.index(after: open)..<close].split(separator: ", ") {
                let words = part.split(separator: " ")
                guard words.count == 2, let count = Int(words[0]) else { return nil }
                byKind[String(words[1])] = count
            }
        }
        guard let events = number(endingAt: line.firstRange(of: " events")!.lowerBound), events == byKind.values.reduce(0, +) else { return nil }
    }

    /// The same counts taken from the trace file at `path` (headers are not events).
    init(traceAt path: String) {
        var views = Set<String>()
        for line in RecordCaptureCommandTests.lines(path) {
            guard let line, let kind = line["kind"] as? String, kind != "meta", kind != "connection" else { continue }
            byKind[kind, default: 0] += 1
            if let view = line["view"] as? String { views.insert(view) }
        }
        self.views = views.count
        bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}

/// `tracectl` running in the background, its standard error collected as it comes.
final class BackgroundTracectl: Sendable {
    private let process = Process()
    private let collected = Mutex(Data())
    private let drained = DispatchSemaphore(value: 0)

    init(_ arguments: [String]) throws {
        process.executableURL = BuiltProducts.executable("tracectl")
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Thread { [self] in
            while case let data = errors.fileHandleForReading.availableData, !data.isEmpty {
                collected.withLock { $0.append(data) }
            }
            drained.signal()
        }.start()
    }

    /// Standard error so far.
    var stderr: String { String(decoding: collected.withLock { $0 }, as: UTF8.self) }

    /// Sends `signal` to tracectl itself (not to its process group).
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for tracectl to exit, killing it after `seconds` (a hang guard), and returns how it ended.
    func finish(within seconds: Double = 60) -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        if !eventually(within: seconds, { !process.isRunning }) { process.terminate() }
        process.waitUntilExit()
        drained.wait()
        return (process.terminationReason, process.terminationStatus, stderr)
    }
}
