#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import TracerCore

/// Runs a program that links Tracer and streams its trace from a pipe into a `CaptureOutput`.
///
/// The child gets the pipe's write end as descriptor 3 and `TRACER_OUTPUT=fd:3`; only whole
/// lines reach the output, so a child killed mid-line still leaves a valid trace (the partial
/// line is dropped and counted). A line over 1 MiB is dropped, counted and logged; the lines
/// after it still arrive.
package final class ChildCapture {
    /// The descriptor the child writes its trace to.
    package static let childDescriptor: Int32 = 3
    /// How often the reader wakes without data (progress, a child that exited).
    static let tick: Int32 = 250

    /// The command line: program (looked up in `PATH`) and arguments.
    package let command: [String]
    private let output: CaptureOutput
    private let environment: [String: String]
    private let log: (String) -> Void
    private var pipeRead: Int32 = -1
    private let child = ChildProcess()
    private var relay: SignalRelay?

    /// A capture of `command` into `output`; the child gets `environment` plus `TRACER_OUTPUT`.
    /// `log` gets a message for each line dropped for being over the line limit.
    package init(
        command: [String], output: CaptureOutput, environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping (String) -> Void = { _ in }
    ) {
        precondition(!command.isEmpty, "a command to run")
        self.command = command
        self.output = output
        self.log = log
        var environment = environment
        environment[TraceRecorder.outputVariable] = "fd:\(Self.childDescriptor)"
        self.environment = environment
    }

    deinit {
        if pipeRead >= 0 { close(pipeRead) }
        relay?.cancel()
    }

    /// The child's process id once started (0 before, -1 once reaped).
    package var processID: pid_t { child.id }

    /// Starts the child; returns its process id. Each of `forwarding` (e.g. SIGINT, SIGTERM)
    /// received from now until `run` returns is sent on to the child instead of ending this process.
    ///
    /// - Throws: `CaptureError` when the pipe cannot be made, or (`isUsage`) the program cannot be
    ///   run: missing, not executable.
    @discardableResult
    package func start(forwarding signals: [Int32] = []) throws(CaptureError) -> pid_t {
        if !signals.isEmpty {
            let child = child
            relay = SignalRelay(signals: signals) { child.send($0) }
        }
        guard let ends = POSIX.pipe(nonBlocking: false) else {
            throw CaptureError("cannot create a pipe: \(Self.reason(errno))")
        }
        // NB: keep the write end off descriptor 3, or dup2 onto itself would leave it close-on-exec.
        let writeEnd = fcntl(ends.write, F_DUPFD_CLOEXEC, 10)
        close(ends.write)
        defer { close(writeEnd) }
        pipeRead = ends.read

        // NB: Glibc's spawn types are structs, Darwin's optional pointers the init calls fill in.
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, Self.childDescriptor)
        if output.isStandardOutput {
            // NB: standard output carries the trace; the child's own output goes to standard error.
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var id: pid_t = 0
        let status = posix_spawnp(&id, command[0], &actions, &attributes, arguments, variables)
        guard status == 0 else {
            relay?.cancel()
            throw CaptureError("cannot run '\(command[0])': \(Self.reason(status))", isUsage: true)
        }
        child.started(id)
        return id
    }

    /// Streams the child's trace to the output until the child exits; starts it first if needed.
    ///
    /// `progress` is called about four times a second with the summary so far.
    package func run(progress: ((CaptureSummary) -> Void)? = nil) throws(CaptureError) -> ChildCaptureResult {
        if processID == 0 { try start() }
        signal(SIGPIPE, SIG_IGN)
        var lines = LineBuffer()
        var fields = LineFields()
        var summary = SummaryBuilder()
        var lineNumber = 0
        var termination: ChildTermination?
        var open = true
        var lastProgress = TraceClock.monotonicNow()
        while open {
            var ready = pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Self.tick)
            if polled > 0 {
                switch lines.read(from: pipeRead) {
                case .bytes: break
                case .end, .failed: open = false
                case .wouldBlock: continue
                }
                var offset = 0
                while let line = lines.line(at: offset) {
                    lineNumber += 1
                    switch line {
                    case .whole(let line):
                        write(line, number: lineNumber, fields: &fields, summary: &summary)
                        offset += line.count + 1
                    case .overlong(let length, let terminated):
                        summary.countOverlong()
                        log("line \(lineNumber) of \(command[0])'s trace: \(LineBuffer.describeOverlong(length: length, terminated: terminated)); dropped")
                        if terminated { offset += length + 1 } else { lines.skipUnterminatedLine(at: offset) }
                    }
                }
                lines.discard(upTo: offset)
                output.flush()
            } else if termination == nil {
                // NB: a descendant may hold the pipe open after the child exits; stop once drained.
                termination = reap(blocking: false)
                if termination != nil { _ = fcntl(pipeRead, F_SETFL, O_NONBLOCK) }
            } else {
                open = false
            }
            if let progress, TraceClock.monotonicNow() - lastProgress >= UInt64(Self.tick) * 1_000_000 {
                lastProgress = TraceClock.monotonicNow()
                progress(summary.finished())
            }
        }
        if lines.count > 0 { summary.countCutOff() }
        output.flush()
        let final = termination ?? reap(blocking: true)!
        close(pipeRead)
        pipeRead = -1
        relay?.cancel()
        relay = nil
        if let failure = output.failure { throw failure }
        return ChildCaptureResult(termination: final, summary: summary.finished())
    }

    /// Writes line `number` of the child's trace, unless it is not an object or holds a number no reader reads.
    private func write(_ line: UnsafeBufferPointer<UInt8>, number: Int, fields: inout LineFields, summary: inout SummaryBuilder) {
        guard summary.admits(line, scanning: &fields, at: "line \(number)") else { return }
        output.append(line)
        output.append(UInt8(ascii: "\n"))
        summary.count(fields, in: line, bytes: line.count + 1)
        output.flushIfFull()
    }

    private func reap(blocking: Bool) -> ChildTermination? {
        var status: Int32 = 0
        while true {
            let id = child.id
            let result = waitpid(id, &status, blocking ? 0 : WNOHANG)
            if result < 0, errno == EINTR { continue }
            guard result == id else { return nil }
            child.reaped()
            // NB: Glibc's WIFEXITED & co. are macros Swift cannot import.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// The child's process id, shared with the signal relay's queue.
private final class ChildProcess: Sendable {
    private let state = LockedBox<pid_t>(0)

    var id: pid_t { state.withLock { $0 } }

    func started(_ id: pid_t) { state.withLock { $0 = id } }

    /// Marks the child reaped, so that no signal goes to a recycled process id.
    func reaped() { state.withLock { $0 = -1 } }

    /// Sends `signal` to the child while it runs.
    func send(_ signal: Int32) {
        state.withLock { id in
            if id > 0 { kill(id, signal) }
        }
    }
}

/// How a child ended and what its capture wrote.
package struct ChildCaptureResult: Sendable {
    /// How the program ended.
    package var termination: ChildTermination
    /// What was recorded.
    package var summary: CaptureSummary
}

/// How a child process ended.
package enum ChildTermination: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)

    /// The status a shell would report: the exit status, or 128 + the signal.
    package var exitStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }
}
