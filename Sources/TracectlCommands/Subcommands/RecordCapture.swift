#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TraceAnalysis
import TraceCapture
import Tracer

/// `tracectl record -- CMD ARGS…` and `tracectl record --listen [HOST:]PORT`: live capture.
enum RecordCapture {
    /// Runs the command after `--` with `TRACER_OUTPUT=fd:3`, streams its trace to `-o`, and
    /// exits with the child's status (128 + signal when a signal killed it).
    ///
    /// The trace is staged beside `-o` until the program writes to it: a program that cannot be
    /// run (exit 2) or that writes no trace (a warning) leaves no file, and an existing one as it was.
    static func child(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let output = try openOutput(arguments)
        let progress = console.stderrIsTerminal ? ProgressLine(console: console) : nil
        let capture = ChildCapture(command: arguments.passthrough, output: output) { message in
            progress?.clear()
            console.err("tracectl: \(message)\n")
        }
        let result: ChildCaptureResult
        do {
            try capture.start(forwarding: [SIGINT, SIGTERM])
            result = try capture.run(progress: progress.map { line in { line.update($0) } })
        } catch {
            progress?.clear()
            output.discard()
            throw commandError(error)
        }
        progress?.clear()
        let program = arguments.passthrough[0]
        if result.summary.bytes == 0 {
            output.discard()
            let unwritten = output.isStandardOutput ? "" : "; \(output.name) not written"
            console.warning("\(program) wrote no trace\(unwritten): does it link Tracer and read \(TraceRecorder.outputVariable)?")
        } else {
            output.close()
            console.err(result.summary.rendered(destination: output.name))
            if result.summary.events == 0 { console.warning("\(program) wrote a trace header but no events") }
        }
        if case .signaled(let signal) = result.termination {
            console.err("\(program) was killed by signal \(signal)\n")
        }
        return ExitStatus(rawValue: result.termination.exitStatus)
    }

    /// Accepts traces over TCP until `--duration`, SIGINT or SIGTERM, merging them into `-o`.
    ///
    /// The trace is staged beside `-o` like a child's: an address that cannot be listened on
    /// (exit 2) leaves an existing file as it was. No client is a warning; the trace then holds
    /// its header only.
    static func listen(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let duration = arguments.value(Record.Options.duration)
        do {
            let address = try ListenAddress(parsing: arguments.value(Record.Options.listen) ?? "")
            let output = try openOutput(arguments)
            let listener = try TraceListener(
                address: address, allowRemote: arguments.flag(Record.Options.allowRemote), output: output,
                log: { console.err("tracectl: \($0)\n") })
            let relay = SignalRelay(signals: [SIGINT, SIGTERM]) { _ in listener.stop() }
            defer { relay.cancel() }
            console.err("listening on \(listener.address.description); run the app with\n  \(TraceRecorder.outputVariable)=\(listener.clientOutputValue)\n")
            if let note = listener.clientNote { console.err("  (\(note))\n") }
            let summary = try listener.run(duration: duration)
            output.close()
            console.err(summary.rendered(destination: output.name))
            if summary.connections == 0 { console.warning("no client connected to \(listener.address.description)") }
            return .success
        } catch let error as CaptureError {
            throw commandError(error)
        }
    }

    /// A capture error as a command error: exit 2 for a request that cannot be met (a program
    /// that cannot be run, an address refused or taken), 1 for a failure of the system.
    private static func commandError(_ error: CaptureError) -> CommandError {
        CommandError(error.message, status: error.isUsage ? .badInput : .failure)
    }

    private static func openOutput(_ arguments: ParsedArguments) throws -> CaptureOutput {
        guard let path = arguments.value(Record.Options.output) else {
            throw UsageError("expected '-o FILE' (or '-o -' for standard output) to write the trace to", command: Record.spec.name)
        }
        do {
            return try CaptureOutput(path: path, staged: true)
        } catch {
            throw CommandError(error.message, status: .badInput)
        }
    }
}

/// The live progress line on a terminal: events so far and events per second, redrawn in place.
private final class ProgressLine {
    private let console: Console
    private var lastEvents = 0
    private var lastTime = TraceClock.monotonicNow()

    init(console: Console) { self.console = console }

    /// Redraws the line for `summary`.
    func update(_ summary: CaptureSummary) {
        let now = TraceClock.monotonicNow()
        let seconds = Double(now - lastTime) / 1e9
        let rate = seconds > 0 ? Double(summary.events - lastEvents) / seconds : 0
        (lastEvents, lastTime) = (summary.events, now)
        let perSecond = CheckedInteger.saturating(rate, as: Int.self) ?? 0
        console.progress("recording: \(summary.events) events, \(perSecond) events/s, \(summary.bytes) bytes")
    }

    /// Erases the line.
    func clear() { console.clearProgress() }
}
