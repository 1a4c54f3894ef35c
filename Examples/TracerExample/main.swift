#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Tracer

/// A program that links Tracer and records through `TRACER_OUTPUT`, as any instrumented app would.
///
/// `tracer-example [--events N] [--threads T] [--forever] [--rate HZ]`: records N events per
/// thread (write → invalidate → body-eval → skip transactions), or forever until killed, and
/// exits normally, leaving the final flush to the recorder's exit hook.
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

    /// Runs every thread's transactions to the end.
    func run() {
        let finished = DispatchGroup()
        for thread in 0..<threads {
            finished.enter()
            Thread {
                var tx = UInt64(thread) << 40
                repeat {
                    for _ in 0..<max(events / 4, 1) {
                        tx += 1
                        transaction(tx)
                        if rate > 0 { usleep(UInt32(1_000_000 / rate)) }
                    }
                } while forever
                finished.leave()
            }.start()
        }
        finished.wait()
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tracer-example: \(message)\n".utf8))
        exit(2)
    }
}

guard let recorder = TraceRecorder.shared else {
    ExampleApp.fail("set TRACER_OUTPUT to record (a path or fd:N)")
}
ExampleApp(arguments: Array(CommandLine.arguments.dropFirst()), recorder: recorder).run()
