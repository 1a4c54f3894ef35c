#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Observation
import Tracer
import TracerSwiftUICore

/// What naming an `@Observable` write's changed properties costs (`ObservableSnapshot`): in the
/// runtime (always on), one write of a model property and the update it causes beside the same
/// through `@State`, both recorded; in the adapter, one write and one traced body with the switch
/// off and on beside the untraced twin; and the snapshot alone (taken and compared). Each figure:
/// the median of five rounds, with the rounds' min–max in its note.
enum ObservedPropertyBenchmark {
    /// A model of four tracked properties (two plain, a string, an array), as a screen keeps.
    @Observable final class Scroll {
        var offset = 0.0
        var velocity = 0.0
        var title = "feed"
        var rows = [1, 2, 3]
    }

    /// The model's offset, shown and moved by a button.
    struct ModelScreen: View {
        let model: Scroll
        var body: some View {
            VStack {
                Text("\(model.offset)")
                Button("move") { model.offset += 1 }
            }
        }
    }

    /// The twin: the offset in `@State`.
    struct StateScreen: View {
        @State private var offset = 0.0
        var body: some View {
            VStack {
                Text("\(offset)")
                Button("move") { offset += 1 }
            }
        }
    }

    /// The adapter's view: it holds the model.
    struct AdapterScreen {
        let model: Scroll
    }

    /// The runtime's and the adapter's figures (`runtime` and `adapter` suites).
    static func runtimeFigures(_ operations: Int) -> [BenchFigure] {
        [
            figure("runtime.observable_write_flush_ns", ns(rounds { tapCost(ModelScreen(model: Scroll()), operations) }), "property named"),
            figure("runtime.state_write_flush_ns", ns(rounds { tapCost(StateScreen(), operations) }), "twin: @State"),
            figure("observable.snapshot_take_compare_ns", ns(rounds { snapshotCost(operations) }), "4 properties, one changed"),
        ]
    }

    /// The adapter's figures: one write and one traced body, per call.
    static func adapterFigures(_ operations: Int) -> [BenchFigure] {
        let sessions = [false, true].map { names in
            AdapterSession(
                recorder: TraceRecorder(
                    sink: FileDescriptorSink(descriptor: open("/dev/null", O_WRONLY), ownsDescriptor: true),
                    metadata: SwiftUITrace.metadata([:])),
                namesObservedProperties: names)
        }
        defer { sessions.forEach { $0.recorder.close() } }
        return [
            figure("adapter.observable_write_body_ns_twin", ns(rounds { adapterCost(nil, operations) }), "no session"),
            figure("adapter.observable_write_body_ns_on", ns(rounds { adapterCost(sessions[0], operations) }), "names off"),
            figure("adapter.observable_write_body_ns_names", ns(rounds { adapterCost(sessions[1], operations) }), "TRACER_OBSERVED_PROPERTIES=1"),
        ]
    }

    /// ns per tap of `view`'s button and flush, recorded to /dev/null, in the thread's CPU time.
    private static func tapCost(_ view: some View, _ operations: Int) -> Double {
        let recorder = TraceRecorder(sink: FileDescriptorSink(descriptor: open("/dev/null", O_WRONLY), ownsDescriptor: true))
        defer { recorder.close() }
        let graph = ViewGraph(recorder: recorder)
        graph.mount(view)
        try! graph.tap(buttonTitled: "move")  // NB: untimed: finds the button once.
        return perOperation(operations) { _ in try! graph.tap(buttonTitled: "move") }
    }

    /// ns per snapshot of a model taken, one property written, and compared.
    private static func snapshotCost(_ operations: Int) -> Double {
        let screen = AdapterScreen(model: Scroll())
        var named = 0
        let cost = perOperation(operations) { index in
            var snapshot = ObservableSnapshot()
            snapshot.add(modelsHeldBy: screen)
            screen.model.offset = Double(index)
            named &+= snapshot.changes().count
        }
        precondition(named >= operations / 5 - 1, "the offset is named")
        return cost
    }

    /// ns per write of the model's offset and traced body reading it, through `session` (none: the twin).
    private static func adapterCost(_ session: AdapterSession?, _ operations: Int) -> Double {
        let screen = AdapterScreen(model: Scroll())
        return perOperation(operations) { index in
            screen.model.offset = Double(index)
            guard let session else { return blackHole(screen.model.offset) }
            session.recordBody(of: screen, label: nil, scope: .none) { blackHole(screen.model.offset) }
        }
    }

    @inline(never)
    private static func blackHole(_ value: Double) { _ = value }

    /// The ns per call of `operation` over `operations / 5` calls, in the thread's CPU time.
    private static func perOperation(_ operations: Int, _ operation: (Int) -> Void) -> Double {
        let start = cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
        for index in 0..<operations / 5 { operation(index) }
        return Double(cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) - start) / Double(operations / 5)
    }

    /// Five runs of `measure`.
    private static func rounds(_ measure: () -> Double) -> [Double] { (0..<5).map { _ in measure() } }

    /// The median and the min–max of `values`.
    private static func ns(_ values: [Double]) -> (Double, String) {
        (median(values), "\(BenchFigure.format(values.min() ?? 0))–\(BenchFigure.format(values.max() ?? 0))")
    }

    /// A figure in ns, its rounds' range in the note.
    private static func figure(_ name: String, _ measured: (Double, String), _ note: String) -> BenchFigure {
        BenchFigure(name: name, value: measured.0, unit: "ns", note: "\(note) (\(measured.1))")
    }
}
