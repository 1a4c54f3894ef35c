import Foundation
import ScenarioTestSupport
import Synchronization
import Testing
@testable import Tracer

/// Seed 001: a die that rolls on a button tap.
private struct DiceView: View {
    @State private var number: Int = 1

    var body: some View {
        VStack {
            Text("\(number)")
            Button("Roll") { number = number % 6 + 1 }
        }
    }
}

/// Seed 003: an owner with scroll-offset state and two child structs with unchanged inputs.
private struct ViewRenderingCycle: View {
    @State private var counter: Int = 0
    @State private var hello: String = "Hello"
    @State private var scrollOffset: CGPoint = .zero
    @State private var blue: Color = Color.blue

    var body: some View {
        ZStack {
            ScrollView(.vertical, showsIndicators: false, contentOffset: $scrollOffset) {
                HStack {
                    Text("HEADER").padding(.vertical, 20)
                }
                .frame(maxWidth: .infinity, alignment: .center)
                .background(blue)
                .opacity(-scrollOffset.y > 300 ? 0.5 : 1)

                VStack(spacing: 20) {
                    Counter(counter: counter)
                    Hello(hello: hello)
                }
                .padding(20)
                .background(Color.random)
            }
        }
        .background(Color.random)
    }

    struct Counter: View {
        let counter: Int
        var body: some View {
            Text("\(counter)").frame(width: 150, height: 30).background(Color.random)
        }
    }

    struct Hello: View {
        let hello: String
        var body: some View {
            Text(hello).frame(width: 150, height: 30).background(Color.random)
        }
    }
}

/// A switch whose button writes `true` every time: only the first tap changes the value.
private struct OnceSwitch: View {
    @State private var on = false

    var body: some View {
        VStack {
            Text(on ? "on" : "off")
            Button("On") { on = true }
            Button("Off") { on = false }
        }
    }
}

/// A body and a row closure that each let 1 ms pass on `clock`, reporting when the body started
/// and when the last row was built.
private struct TimedRows: View {
    let clock: ManualClock
    let times: TimeLog

    var body: some View {
        let _ = times.append("body", clock.read())
        let _ = clock.advance(by: 1_000_000)
        VStack {
            ForEach(0..<2) { row in
                let _ = clock.advance(by: 1_000_000)
                let _ = times.append("row", clock.read())
                Text("row \(row)")
            }
        }
    }
}

/// Clock readings taken by a view, by label.
final class TimeLog: Sendable {
    private let entries = Mutex<[(String, UInt64)]>([])
    func append(_ label: String, _ time: UInt64) { entries.withLock { $0.append((label, time)) } }
    func all(_ label: String) -> [UInt64] { entries.withLock { $0.filter { $0.0 == label }.map(\.1) } }
}

@Suite("Runtime: @State, invalidation and skipping")
struct RuntimeStateTests {
    @Test("Seed 001: each Roll tap writes number and re-evaluates ContentView once")
    func rollReevaluatesOncePerTap() throws {
        let harness = RecordingGraph()
        harness.graph.mount(DiceView())
        #expect(harness.evaluatedViews(after: 0) == ["DiceView"])
        #expect(harness.events(.stateInit).map(\.prop) == ["number"])

        for tap in 1...3 {
            let before = harness.lastSeq
            try harness.graph.tap(buttonTitled: "Roll")
            let writes = harness.events(.write, after: before)
            #expect(writes.count == 1, "tap \(tap)")
            #expect(writes.first?.prop == "number")
            #expect(writes.first?.wrapper == WrapperKind.state.name)
            #expect(writes.first?.site?.hasPrefix("TracerTests/RuntimeStateTests.swift:") == true)
            let evaluations = harness.events(.bodyEval, after: before)
            #expect(evaluations.map(\.view) == ["DiceView"])
            #expect(evaluations.first?.reason == EvalReason.state.name)
            #expect(evaluations.first?.changedCount == 1, "the Text changed")
            // The cause chain: write → invalidate → body-eval, all in one transaction.
            let invalidation = try #require(harness.events(.invalidate, after: before).first)
            #expect(invalidation.cause == writes.first?.seq)
            #expect(evaluations.first?.cause == invalidation.seq)
            #expect(Set([writes.first?.tx, invalidation.tx, evaluations.first?.tx]).count == 1)
        }
    }

    @Test("Seed 003: an offset write re-evaluates the owner; Counter and Hello are skipped")
    func scrollOffsetSkipsStructChildren() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ViewRenderingCycle())
        let owner = "ViewRenderingCycle"
        let counter = "ViewRenderingCycle/ZStack/ScrollView/VStack/Counter"
        let hello = "ViewRenderingCycle/ZStack/ScrollView/VStack/Hello"
        #expect(harness.evaluatedViews(after: 0) == [owner, counter, hello])

        for frame in 1...4 {
            let before = harness.lastSeq
            try harness.graph.scroll(to: CGPoint(x: 0, y: -Double(frame) * 10))
            let evaluation = try #require(harness.events(.bodyEval, after: before).first)
            #expect(harness.evaluatedViews(after: before) == [owner])
            #expect(evaluation.reason == EvalReason.state.name)
            #expect(harness.skippedViews(after: before) == [counter, hello])
            for skip in harness.events(.skip, after: before) {
                #expect(skip.reason == EvalReason.inputsEqual.name)
                #expect(skip.cause == evaluation.seq)
            }
            // Color.random in the owner's body differs on every evaluation (two backgrounds).
            #expect((evaluation.changedCount ?? 0) >= 2)
        }
    }

    @Test("An evaluation whose output equals the previous one carries changed: 0")
    func wastedEvaluationHasZeroChanges() throws {
        let harness = RecordingGraph()
        harness.graph.mount(TickingView())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Tick")
        let evaluation = try #require(harness.events(.bodyEval, after: before).first)
        #expect(evaluation.view == "TickingView")
        #expect(evaluation.changedCount == 0)
    }

    @Test("A write that invalidates nothing ends with its frame: the next frame's write gets a new transaction")
    func transactionClosesWithItsFlush() throws {
        let harness = RecordingGraph()
        harness.graph.mount(OnceSwitch())
        var transactions: [Int] = []
        for title in ["On", "On", "On", "Off"] {
            let before = harness.lastSeq
            try harness.graph.tap(buttonTitled: title)
            #expect(harness.graph.hasPendingUpdates == false)
            let write = try #require(harness.events(.write, after: before).first)
            transactions.append(write.tx)
            // Everything the write led to is in its transaction.
            #expect(harness.events(after: before).allSatisfy { $0.tx == write.tx })
        }
        #expect(harness.events(.write).map(\.changedFlag) == [true, false, false, true])
        #expect(Set(transactions).count == 4, "transactions \(transactions)")
        #expect(transactions == transactions.sorted())
    }

    @Test("A body-eval is stamped when its evaluation ended: it started at ts − dur, rows included")
    func bodyEvalSpansItsEvaluation() throws {
        let harness = RecordingGraph()
        let times = TimeLog()
        harness.graph.mount(TimedRows(clock: harness.clock, times: times))
        let evaluation = try #require(harness.events(.bodyEval, view: "TimedRows").first)
        let bodyStart = try #require(times.all("body").first)
        let lastRow = try #require(times.all("row").last)
        #expect(evaluation.dur >= 3_000_000, "the body and both rows")
        #expect(UInt64(evaluation.ts - evaluation.dur) <= bodyStart)
        #expect(UInt64(evaluation.ts) >= lastRow)
        let mount = try #require(harness.events(.mount, view: "TimedRows").first)
        #expect(evaluation.ts - evaluation.dur > mount.ts)
    }

    @Test("Writing an equal value records an unchanged write and invalidates nothing")
    func equalWriteDoesNotInvalidate() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ViewRenderingCycle())
        try harness.graph.scroll(to: CGPoint(x: 0, y: -10))
        let before = harness.lastSeq
        try harness.graph.scroll(to: CGPoint(x: 0, y: -10))
        #expect(harness.events(.write, after: before).map(\.changedFlag) == [false])
        #expect(harness.events(.invalidate, after: before).isEmpty)
        #expect(harness.events(.bodyEval, after: before).isEmpty)
    }
}

/// Logs lifecycle handler calls.
final class LifecycleLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private struct LifecycleRow: View {
    let row: Int
    let log: LifecycleLog

    var body: some View {
        Text("row \(row)")
            .onAppear { log.append("appear \(row)") }
            .onDisappear { log.append("disappear \(row)") }
    }
}

@Suite("Runtime: lifecycle")
struct RuntimeLifecycleTests {
    @Test("onAppear runs once per identity after its update; onDisappear when it unmounts")
    func appearAndDisappear() throws {
        let harness = RecordingGraph(defaultViewport: 0..<2)
        harness.graph.lazyStackCacheMargin = 0  // a row leaving the window unmounts at once
        let log = LifecycleLog()
        harness.graph.mount(LazyVStack { ForEach(0..<4) { LifecycleRow(row: $0, log: log) } })
        #expect(log.all == ["appear 0", "appear 1"])
        try harness.graph.setViewport(1..<3)
        #expect(log.all == ["appear 0", "appear 1", "disappear 0", "appear 2"])
        harness.graph.unmountAll()
        #expect(harness.graph.nodeCount == 0)
        #expect(Set(log.all.suffix(2)) == ["disappear 1", "disappear 2"])
        #expect(harness.events(.unmount).count == 3)
    }
}
