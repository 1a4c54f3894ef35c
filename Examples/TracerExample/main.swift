#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Tracer

/// A program that links Tracer and records through `TRACER_OUTPUT`, as any instrumented app would.
///
/// `tracer-example [--events N] [--threads T] [--forever] [--rate HZ]`: records N events per
/// thread (write → invalidate → body-eval → skip transactions), at most HZ transactions a second
/// per thread, and exits normally, leaving the final flush to the recorder's exit hook. With
/// `--forever` it records until SIGINT or SIGTERM, finishes the transactions in progress, prints
/// `tracer-example: stopped after N events` on standard error and exits normally.
struct ExampleApp: Sendable {
    var events = 1000
    var threads = 1
    var forever = false
    var rate = 0
    let recorder: TraceRecorder
    let view, child, prop, site: Symbol

    init(arguments: [String], recorder: TraceRecorder) {
        self.recorder = recorder
        view = recorder.intern("ExampleView")
        child = recorder.intern("ExampleView/Row[1]")
        prop = recorder.intern("counter")
        site = recorder.intern("TracerExample/main.swift:24")
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--events": events = iterator.next().flatMap { Int($0) } ?? events
            case "--threads": threads = iterator.next().flatMap { Int($0) } ?? threads
            case "--rate": rate = iterator.next().flatMap { Int($0) } ?? rate
            case "--forever": forever = true
            default: ExampleApp.fail("unknown argument '\(argument)'")
            }
        }
    }

    /// Records one write and the invalidation and evaluations it leads to, in transaction `tx`.
    func transaction(_ tx: UInt64) {
        let write = recorder.record(.write(view: view, prop: prop, wrapper: .state, changed: true, site: site, tx: tx))
        let invalidate = recorder.record(.about(.invalidate, view: view, cause: write, tx: tx))
        let body = recorder.record(
            .bodyEval(view: view, cause: invalidate, tx: tx, reason: .state, duration: 1200, changedChildren: 1))
        recorder.record(.about(.skip, view: child, cause: body, tx: tx, reason: .inputsEqual))
    }

    /// Runs every thread's transactions to the end (with `--forever`, until SIGINT or SIGTERM).
    func run() {
        let finished = DispatchGroup()
        for thread in 0..<threads {
            finished.enter()
            Thread {
                var tx = UInt64(thread) << 40
                var remaining = forever ? Int.max : max(events / 4, 1)
                while remaining > 0, !StopRequest.received.load(ordering: .relaxed) {
                    remaining -= 1
                    tx += 1
                    transaction(tx)
                    StopRequest.transactions.add(1, ordering: .relaxed)
                    if rate > 0 { usleep(UInt32(1_000_000 / rate)) }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        if forever {
            let events = StopRequest.transactions.load(ordering: .relaxed) * 4
            FileHandle.standardError.write(Data("tracer-example: stopped after \(events) events\n".utf8))
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tracer-example: \(message)\n".utf8))
        exit(2)
    }
}

/// A `--forever` run's stop: set by SIGINT or SIGTERM, read between transactions.
enum StopRequest {
    static let received = Atomic<Bool>(false)
    /// Transactions recorded by every thread.
    static let transactions = Atomic<Int>(0)

    /// Turns SIGINT and SIGTERM into a stop request, taken by a thread of its own with `sigwait`.
    ///
    /// NB: called before any other thread starts, so that every thread inherits the blocked
    /// signals and only `sigwait` receives them. A handler would not do: under ThreadSanitizer a
    /// handler runs only when its thread next enters an intercepted call, and a main thread
    /// waiting for the workers never does. Blocking also covers a parent that passed the signals
    /// on blocked: `sigwait` takes pending ones too.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waited = signals
        let waiter = Thread {
            var signals = waited
            var number: Int32 = 0
            while sigwait(&signals, &number) != 0 {}
            received.store(true, ordering: .relaxed)
        }
        waiter.start()
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--forever") { StopRequest.install() }
guard let recorder = TraceRecorder.shared else {
    ExampleApp.fail("set TRACER_OUTPUT to record (a path or fd:N)")
}
ExampleApp(arguments: arguments, recorder: recorder).run()
