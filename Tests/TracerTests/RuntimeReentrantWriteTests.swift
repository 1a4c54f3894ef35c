import Foundation
import Synchronization
import Testing
@testable import Tracer

/// A value whose `deinit` (user code) runs `onRelease`; compared by `generation` (user code too).
private final class ReleasingValue: Equatable, @unchecked Sendable {
    let generation: Int
    var onRelease: (() -> Void)?

    init(generation: Int) { self.generation = generation }

    deinit { onRelease?() }

    static func == (lhs: ReleasingValue, rhs: ReleasingValue) -> Bool { lhs.generation == rhs.generation }
}

/// A view whose button replaces its `@State` value with the next, the old one set to write the
/// same state when it is released. (The first value is the wrapper's initial value, which the view
/// value keeps: only from the second on is the state's the last reference.)
private struct ReleasingView: View {
    @State private var value = ReleasingValue(generation: 0)

    var body: some View {
        VStack {
            Text("\(value.generation)")
            Button("Replace") {
                // NB: the old value's deinit writes the state again, while its write is still in
                // progress: under the storage's lock it would wait for itself. Written through the
                // wrapper, not a binding, which would keep the value it carries alive.
                let view = self
                let next = value.generation + 1
                // NB: not on the initial value, which the view value keeps (it is never released):
                // its closure, holding the view, would make a cycle that the leak checker reports.
                if value.generation > 0 { value.onRelease = { view.value = ReleasingValue(generation: -1) } }
                value = ReleasingValue(generation: next)
            }
        }
    }
}

@Suite("Runtime: no user code under a lock")
struct RuntimeReentrantWriteTests {
    /// Taps "Replace" twice on a thread of its own; whether the writes came out as they should:
    /// three, the last from the deinit of the second value.
    ///
    /// NB: a write calling user code under its lock stops the process (a recursive lock) or
    /// waits for itself: in a process of its own, each fails the test rather than the run.
    static func replaceTwice() -> Bool {
        let harness = RecordingGraph()
        harness.graph.mount(ReleasingView())
        let before = harness.lastSeq
        let done = DispatchSemaphore(value: 0)
        let tapped = Mutex(false)
        // NB: the graph is used on that thread alone until it signals.
        nonisolated(unsafe) let graph = harness.graph
        Thread.detachNewThread {
            let ok = (try? graph.tap(buttonTitled: "Replace")) != nil && (try? graph.tap(buttonTitled: "Replace")) != nil
            tapped.withLock { $0 = ok }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, tapped.withLock({ $0 }) else { return false }
        let writes = harness.events(.write, after: before)
        return writes.count == 3 && writes.allSatisfy { $0.changedFlag == true }
            && (harness.graph.view(at: "ReleasingView/VStack/Text") as? Text)?.content == "-1"
    }

    @Test("a @State value whose deinit writes the same state: every write is recorded, nothing waits on itself")
    func deinitWritesSameState() async {
        await #expect(processExitsWith: .success) {
            exit(Self.replaceTwice() ? EXIT_SUCCESS : EXIT_FAILURE)
        }
    }
}
