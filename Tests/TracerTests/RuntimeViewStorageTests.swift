import Foundation
import Synchronization
import Testing
@testable import Tracer

/// The scroll view of seed 000: reports its content offset through a binding.
private struct MyScrollView: View {
    @Binding var contentOffset: CGPoint

    var body: some View {
        ScrollView(contentOffset: $contentOffset) {
            ForEach(0..<20) { row in Text("Row \(row)") }
        }
    }
}

/// Seed 000, first variant: the offset in `@State`.
private struct StateOffsetView: View {
    @State private var scrollContentOffset: CGPoint = .zero

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffset)
            .navigationBarHidden(scrollContentOffset.y < 0)
    }
}

/// Seed 000, second variant: the offset in a model whose plain `var` does not publish.
private final class ScrollContentOffsetTracker: ObservableObject {
    var scrollContentOffset: CGPoint = .zero {
        didSet {
            let visible = scrollContentOffset.y < 0
            // NB: @Published notifies on every write, as Combine's does; only a change is written.
            if visible != isNavigationBarVisible { isNavigationBarVisible = visible }
        }
    }

    @Published var isNavigationBarVisible: Bool = false
}

private struct TrackerOffsetView: View {
    @StateObject private var scrollContentOffsetTracker = ScrollContentOffsetTracker()

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffsetTracker.scrollContentOffset)
            .navigationBarHidden(scrollContentOffsetTracker.isNavigationBarVisible)
    }
}

/// Seed 000, third variant: `@ViewStorage` plus a derived `@State`, updated from its publisher.
private struct ViewStorageOffsetView: View {
    @ViewStorage private var scrollContentOffset: CGPoint = .zero
    @State private var isNavigationBarVisible: Bool = false
    let received: OffsetLog

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffset.binding)
            .navigationBarHidden(isNavigationBarVisible)
            .onReceive($scrollContentOffset.publisher) { offset in
                received.append(offset.y)
                isNavigationBarVisible = scrollContentOffset.y < 0
            }
    }
}

/// The offsets an `.onReceive` handler saw.
final class OffsetLog: Sendable {
    private let values = Mutex<[Double]>([])
    func append(_ value: Double) { values.withLock { $0.append(value) } }
    var all: [Double] { values.withLock { $0 } }
}

@Suite("Runtime: seed 000, @State versus a tracker versus @ViewStorage")
struct RuntimeViewStorageTests {
    /// A scroll that crosses the threshold (y < 0) twice: at -5 and back at 5.
    static let offsets: [Double] = [10, 5, -5, -10, -20, 5, 8]

    private func scroll(_ harness: RecordingGraph) throws -> Int {
        let before = harness.lastSeq
        for y in Self.offsets { try harness.graph.scroll(to: CGPoint(x: 0, y: y)) }
        return before
    }

    @Test("With @State, every offset write re-evaluates MyView and MyScrollView")
    func stateReevaluatesEveryFrame() throws {
        let harness = RecordingGraph()
        harness.graph.mount(StateOffsetView())
        let before = try scroll(harness)
        let owner = "StateOffsetView"
        let scrollView = "StateOffsetView/MyScrollView"
        #expect(harness.events(.write, after: before).count == Self.offsets.count)
        #expect(harness.events(.bodyEval, view: owner, after: before).count == Self.offsets.count)
        #expect(harness.events(.bodyEval, view: scrollView, after: before).count == Self.offsets.count)
        for evaluation in harness.events(.bodyEval, view: scrollView, after: before) {
            #expect(evaluation.reason == EvalReason.inputsChanged.name)
        }
    }

    @Test("With the ObservableObject tracker, MyView re-evaluates only when the threshold is crossed")
    func trackerReevaluatesOnThreshold() throws {
        let harness = RecordingGraph()
        harness.graph.mount(TrackerOffsetView())
        #expect(harness.events(.stateInit).map(\.wrapper) == [WrapperKind.stateObject.name])
        let before = try scroll(harness)
        let evaluations = harness.events(.bodyEval, view: "TrackerOffsetView", after: before)
        #expect(evaluations.count == 2)
        #expect(evaluations.allSatisfy { $0.reason == EvalReason.observed.name })
        let writes = harness.events(.write, after: before)
        #expect(writes.map(\.prop) == ["isNavigationBarVisible", "isNavigationBarVisible"])
        #expect(writes.allSatisfy { $0.wrapper == WrapperKind.published.name })
    }

    @Test("With @ViewStorage, MyView re-evaluates only on the threshold and .onReceive sees every offset")
    func viewStorageReevaluatesOnThreshold() throws {
        let harness = RecordingGraph()
        let log = OffsetLog()
        harness.graph.mount(ViewStorageOffsetView(received: log))
        let before = try scroll(harness)
        #expect(log.all == Self.offsets)
        let owner = "ViewStorageOffsetView"
        let evaluations = harness.events(.bodyEval, view: owner, after: before)
        #expect(evaluations.count == 2)
        let storageWrites = harness.events(.write, after: before).filter { $0.wrapper == WrapperKind.viewStorage.name }
        #expect(storageWrites.count == Self.offsets.count)
        #expect(storageWrites.allSatisfy { $0.prop == "scrollContentOffset" })
        // The derived @State write is caused by the @ViewStorage write, in its transaction.
        let stateWrites = harness.events(.write, after: before).filter { $0.wrapper == WrapperKind.state.name }
        let crossing = try #require(stateWrites.first { $0.changedFlag == true })
        let origin = try #require(harness.event(seq: crossing.cause))
        #expect(origin.wrapper == WrapperKind.viewStorage.name)
        #expect(origin.tx == crossing.tx)
        #expect(evaluations.first?.tx == crossing.tx)
    }
}
