#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Tracer

/// `tracer-bench emit [--events N] [--bursts B] [--no-peers]`: ns per event on the calling thread.
///
/// Tracer's recorder (a fixed-size record handed to the background writer, which formats and
/// writes to /dev/null) against two ways a user would hand-roll it, measured in the same run:
/// a `JSONEncoder` call per event, and string interpolation per event.
enum EmitBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let events = option("--events", in: arguments, default: 1_000_000)
        let bursts = option("--bursts", in: arguments, default: 21)
        let burst = Tracing(events: events / 10)
        let calling = median((0..<bursts).map { _ in burst.nanosecondsPerEvent() })
        let sustained = median((0..<3).map { _ in Tracing(events: events).nanosecondsPerEvent(drainBefore: false) })
        burst.close()
        let recorderFigures = [
            BenchFigure(name: "emit.ns_per_event", value: calling, unit: "ns",
                        note: "calling thread, median of \(bursts) bursts of \(events / 10)"),
            BenchFigure(name: "emit.sustained_ns_per_event", value: sustained, unit: "ns",
                        note: "\(events) back to back, writer saturated"),
            BenchFigure(name: "emit.events_per_s", value: 1e9 / calling, unit: "events/s"),
        ]
        // NB: `--no-peers` leaves out the baselines, e.g. to count the recorder's allocations alone.
        guard !arguments.contains("--no-peers") else { return recorderFigures }
        let encoder = median((0..<3).map { _ in jsonEncoderNanosecondsPerEvent(max(events / 50, 1000)) })
        let interpolation = median((0..<3).map { _ in interpolationNanosecondsPerEvent(max(events / 10, 1000)) })
        return recorderFigures + [
            BenchFigure(name: "emit.jsonencoder_ns_per_event", value: encoder, unit: "ns", note: "JSONEncoder per event"),
            BenchFigure(name: "emit.interpolation_ns_per_event", value: interpolation, unit: "ns",
                        note: "string interpolation per event"),
            BenchFigure(name: "emit.speedup_vs_jsonencoder", value: encoder / calling, unit: "x"),
            BenchFigure(name: "emit.speedup_vs_interpolation", value: interpolation / calling, unit: "x"),
        ]
    }

    /// A recorder writing to /dev/null and the symbols of a typical write event.
    struct Tracing {
        let recorder: TraceRecorder
        let events: Int
        let view, prop, site: Symbol

        init(events: Int) {
            self.events = events
            recorder = TraceRecorder(sink: FileDescriptorSink(descriptor: open("/dev/null", O_WRONLY), ownsDescriptor: true))
            view = recorder.intern("MyView/MyScrollView")
            prop = recorder.intern("scrollContentOffset")
            site = recorder.intern("ScrollOffset.swift:12")
        }

        /// Records `events` writes; returns ns per event spent on the calling thread.
        ///
        /// NB: with `drainBefore`, the writer first catches up (untimed), as between an app's
        /// bursts of updates; without it the recorder is measured with the writer saturated.
        func nanosecondsPerEvent(drainBefore: Bool = true) -> Double {
            if drainBefore { recorder.flush() }
            let start = nowNanoseconds()
            for index in 0..<events {
                recorder.record(.write(view: view, prop: prop, wrapper: .state, changed: true, site: site, tx: UInt64(index)))
            }
            let elapsed = nowNanoseconds() - start
            if !drainBefore { recorder.close() }
            return Double(elapsed) / Double(events)
        }

        func close() { recorder.close() }
    }

    struct WriteEvent: Encodable {
        var seq: Int, ts: UInt64, tid: Int, tx: Int, kind: String, view: String, prop: String
        var wrapper: String, changed: Bool, site: String
    }

    /// One `JSONEncoder` call per event into a growing buffer.
    static func jsonEncoderNanosecondsPerEvent(_ events: Int) -> Double {
        let encoder = JSONEncoder()
        var output = Data()
        let start = nowNanoseconds()
        for index in 0..<events {
            let event = WriteEvent(
                seq: index, ts: nowNanoseconds(), tid: 1, tx: index, kind: "write", view: "MyView/MyScrollView",
                prop: "scrollContentOffset", wrapper: "State", changed: true, site: "ScrollOffset.swift:12")
            output.append(try! encoder.encode(event))
            output.append(0x0A)
        }
        let elapsed = nowNanoseconds() - start
        precondition(output.count > events)
        return Double(elapsed) / Double(events)
    }

    /// A line built by string interpolation per event into a growing string.
    static func interpolationNanosecondsPerEvent(_ events: Int) -> Double {
        var output = ""
        let view = "MyView/MyScrollView", prop = "scrollContentOffset"
        let start = nowNanoseconds()
        for index in 0..<events {
            output += "{\"seq\":\(index),\"ts\":\(nowNanoseconds()),\"tid\":1,\"tx\":\(index),\"kind\":\"write\",\"view\":\"\(view)\",\"prop\":\"\(prop)\",\"wrapper\":\"State\",\"changed\":true,\"site\":\"ScrollOffset.swift:12\"}\n"
        }
        let elapsed = nowNanoseconds() - start
        precondition(output.utf8.count > events)
        return Double(elapsed) / Double(events)
    }
}
