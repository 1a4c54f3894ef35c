#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer
import TracerSwiftUICore

/// `tracer-bench adapter [--operations N]`: what the SwiftUI adapter adds to one traced write and
/// one traced body, with recording off (no `TRACER_OUTPUT`: the `SwiftUITrace.session` branch)
/// and on (a session recording to /dev/null), through the same steps `@TracedState`'s setter
/// and `traced { }` take (SwiftUI itself is not on Linux; the store and the body are a box write
/// and an empty closure). Timed in the calling thread's CPU time: what the app's thread pays
/// (the recorder's writer formats the lines on its own thread), steady on a busy machine.
enum AdapterBenchmark {
    /// A traced property's storage, as `SwiftUI.State` keeps it.
    final class Storage {
        var value = 0
    }

    /// A view whose traced property the benchmark writes.
    struct Screen {
        var _offset = Property()
    }

    /// A traced property wrapper's declaration, as `@TracedState` holds it.
    struct Property: TracedProperty {
        let tracedDeclaration = TracedDeclaration(wrapper: .state, fileID: #fileID, line: #line)
    }

    static func run(_ arguments: [String]) -> [BenchFigure] {
        let operations = option("--operations", in: arguments, default: 2_000_000)
        let off = SwiftUITrace.session
        let note = off == nil ? "goal ≤ 5" : "TRACER_OUTPUT is set: not an off figure"
        let on = AdapterSession(recorder: TraceRecorder(
            sink: FileDescriptorSink(descriptor: open("/dev/null", O_WRONLY), ownsDescriptor: true),
            metadata: SwiftUITrace.metadata([:])))
        let screen = Screen()
        on.recordBody(of: screen, label: nil, scope: .none) {}  // NB: names the property once, as a first body does.
        let figures = [
            BenchFigure(name: "adapter.write_ns_off", value: writeCost(off, screen, operations), unit: "ns", note: note),
            BenchFigure(name: "adapter.write_ns_on", value: writeCost(on, screen, operations), unit: "ns", note: "goal ≤ 100"),
            BenchFigure(name: "adapter.body_ns_off", value: bodyCost(off, screen, operations), unit: "ns", note: note),
            BenchFigure(name: "adapter.body_ns_on", value: bodyCost(on, screen, operations), unit: "ns", note: "goal ≤ 100"),
        ]
        on.recorder.close()
        return figures + ObservedPropertyBenchmark.adapterFigures(operations / 10)
    }

    /// ns per write of `screen`'s property through `session`, the median of five rounds.
    static func writeCost(_ session: AdapterSession?, _ screen: Screen, _ operations: Int) -> Double {
        let storage = Storage()
        return perOperation(operations) { index in write(index, to: storage, declaration: screen._offset.tracedDeclaration, session: session) }
    }

    /// ns per traced evaluation of `screen`'s (empty) body through `session`.
    static func bodyCost(_ session: AdapterSession?, _ screen: Screen, _ operations: Int) -> Double {
        perOperation(operations) { index in _ = body(of: screen, session: session, index) }
    }

    /// `@TracedState`'s setter: record when there is a session, then store.
    @inline(never)
    static func write(_ newValue: Int, to storage: Storage, declaration: TracedDeclaration, session: AdapterSession?) {
        if let session {
            session.recordWrite(declaration, from: storage.value, to: newValue)
        }
        storage.value = newValue
    }

    /// `traced { }`: run the content, through the session when there is one.
    @inline(never)
    static func body(of screen: Screen, session: AdapterSession?, _ value: Int) -> Int {
        guard let session else { return value &+ 1 }
        return session.recordBody(of: screen, label: nil, scope: .none) { value &+ 1 }
    }

    /// The median over five rounds of the ns per call of `operation`.
    static func perOperation(_ operations: Int, _ operation: (Int) -> Void) -> Double {
        let rounds = (0..<5).map { _ in
            let start = cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
            for index in 0..<operations / 5 { operation(index) }
            return Double(cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) - start) / Double(operations / 5)
        }
        return median(rounds)
    }
}
