import Dispatch
import Foundation
import Observation
import Synchronization
import Testing
@testable import Tracer

/// Hands a view's `@State` to the test, as a closure that escapes to another thread would.
final class StateProbe: Sendable {
    private let state = Mutex<State<Int>?>(nil)

    func capture(_ captured: State<Int>) { state.withLock { $0 = captured } }

    var captured: State<Int>? { state.withLock { $0 } }
}

private struct ConcurrentCounter: View {
    @State private var value = 0
    let probe: StateProbe

    var body: some View {
        let _ = probe.capture(_value)
        Text("\(value)")
    }
}

/// A body that writes its own state once: "modifying state during view update".
private struct SelfWritingView: View {
    @State private var renders = 0

    var body: some View {
        if renders < 1 {
            let _ = (renders = 1)
        }
        Text("renders: \(renders)")
    }
}

@Observable
private final class RenderCount {
    var renders = 0
}

/// A view reading an `@Observable` counter, and a sibling whose body bumps it once.
private struct ObservingPair: View {
    let model: RenderCount

    var body: some View {
        VStack {
            RenderReader(model: model)
            RenderBumper(model: model)
        }
    }
}

private struct RenderReader: View {
    let model: RenderCount
    var body: some View { Text("renders: \(model.renders)") }
}

private struct RenderBumper: View {
    let model: RenderCount

    var body: some View {
        if model.renders < 1 {
            let _ = (model.renders = 1)
        }
        Text("bumped")
    }
}

@Suite("Runtime: threads and writes during updates")
struct RuntimeConcurrencyTests {
    @Test("@State written from several threads while the graph flushes: every write appears")
    func concurrentWrites() throws {
        let harness = RecordingGraph()
        let probe = StateProbe()
        harness.graph.mount(ConcurrentCounter(probe: probe))
        let state = try #require(probe.captured)
        let threads = 4
        let writesPerThread = 200
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for index in 0..<writesPerThread { state.wrappedValue = thread * 1_000 + index + 1 }
            }
        }
        while group.wait(timeout: .now()) == .timedOut { harness.graph.flush() }
        harness.graph.flush()

        let writes = harness.events(.write)
        #expect(writes.count == threads * writesPerThread)
        #expect(writes.allSatisfy { $0.changedFlag == true && $0.prop == "value" })
        let text = try #require(harness.graph.view(at: "ConcurrentCounter/Text") as? Text)
        #expect(text.content == "\(state.wrappedValue)")
        // Every invalidation was evaluated in its own transaction.
        let invalidated = Set(harness.events(.invalidate).map(\.tx))
        let evaluated = Set(harness.events(.bodyEval).map(\.tx))
        #expect(invalidated.isSubset(of: evaluated))
        #expect(harness.graph.hasPendingUpdates == false)
        // Writes from other threads wait for the next flush: never a runaway frame.
        #expect(harness.events(.warning).isEmpty)
    }

    @Test("A write during a body evaluation is warned about (event and stderr) and applied in the next transaction",
          arguments: [false, true])
    func writeDuringUpdate(observable: Bool) throws {
        let harness = RecordingGraph()
        let stderr = capturingStandardError {
            if observable {
                harness.graph.mount(ObservingPair(model: RenderCount()))
            } else {
                harness.graph.mount(SelfWritingView())
            }
        }
        let view = observable ? "ObservingPair/VStack/RenderReader" : "SelfWritingView"
        let warning = try #require(harness.events(.warning).first)
        #expect(harness.events(.warning).count == 1)
        #expect(warning.message == UpdateScheduler.updateWarning)
        let write = try #require(harness.event(seq: warning.cause))
        #expect(write.is(.write))
        if observable {
            #expect(write.wrapper == WrapperKind.observable.name && write.prop == "RenderCount.renders")
        } else {
            #expect(warning.site?.hasPrefix("TracerTests/RuntimeConcurrencyTests.swift:") == true)
        }
        let site = observable ? "RenderCount" : try #require(warning.site)
        #expect(stderr.contains("tracer: warning: \(site): \(UpdateScheduler.updateWarning)\n"))
        let evaluations = harness.events(.bodyEval, view: view)
        #expect(evaluations.map(\.reason) == [EvalReason.initial.name, observable ? EvalReason.observed.name : EvalReason.state.name])
        #expect(evaluations[0].tx != write.tx)
        #expect(evaluations[1].tx == write.tx)
        let text = try #require(harness.graph.view(at: view + "/Text") as? Text)
        #expect(text.content == "renders: 1")
    }

    @Test("A graph without a recorder runs the same updates")
    func unrecordedGraph() throws {
        let graph = ViewGraph()
        let probe = StateProbe()
        graph.mount(ConcurrentCounter(probe: probe))
        try #require(probe.captured).wrappedValue = 7
        #expect(graph.hasPendingUpdates)
        graph.flush()
        #expect((graph.view(at: "ConcurrentCounter/Text") as? Text)?.content == "7")
        #expect(graph.nodeCount == 2)
    }
}
