import ScenarioTestSupport
import Testing
import Tracer
@testable import TracerTesting

/// Swift Testing runs tests in parallel: each scope sees only the events of its own task tree.
@Suite("TracerTesting: scopes isolate parallel tests")
struct IsolationTests {
    /// How many taps test `index` makes: 1 to 5, so that neighbours differ.
    static func taps(_ index: Int) -> Int { index % 5 + 1 }

    /// Mounts a counter and taps it `taps(index)` times, yielding before each tap so that other
    /// scopes record in between; into a scope of its own, or into `shared`.
    static func tapCounter(_ index: Int, into shared: RedrawTarget? = nil) async throws -> Redraws {
        let body: () async throws -> Void = {
            let graph = ViewGraph()
            graph.mount(CounterScreen())
            for _ in 0..<taps(index) {
                await Task.yield()
                try graph.tap(buttonTitled: "Increment")
            }
        }
        guard let shared else { return try await Redraws.record(.runtime, body) }
        return try await Redraws.record(into: shared, body)
    }

    @Test("200 tests in parallel, each writing its own state under a scope, each see exactly their own events", arguments: 0..<200)
    func eachSeesItsOwnEvents(index: Int) async throws {
        let redraws = try await Self.tapCounter(index)
        #expect(redraws.evaluations(of: "CounterScreen") == Self.taps(index) + 1)
        #expect(redraws.summary.totals.counts[.writes] == Self.taps(index))
        #expect(redraws.summary.totals.counts[.bodyEvals] == 2 * (Self.taps(index) + 1) + 1)
    }

    @Test("the same counts fail with one session for every scope (a global session): 200 scopes in parallel see each other's events")
    func aGlobalSessionMixesTheTests() async throws {
        let shared = RedrawTarget.shared(.runtime)
        defer { shared.close() }
        let mixed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { try await Self.tapCounter(index, into: shared).evaluations(of: "CounterScreen") != Self.taps(index) + 1 }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        // NB: every scope but the first to finish reads at least that one's events too.
        #expect(mixed >= 199)
    }

    @Test("a graph made inside the scope records into it whichever thread writes its state; one made outside does not")
    func threadsAndGraphsMadeOutside() async throws {
        let outside = ViewGraph()
        outside.mount(CounterScreen())
        let redraws = try await Redraws.record {
            let graph = ViewGraph()
            graph.mount(TickingView())
            try outside.tap(buttonTitled: "Increment")
            // NB: a tap made on a detached task: the graph keeps the scope's recorder.
            let tapped = Task.detached { [graph = UncheckedGraph(graph)] in try graph.graph.tap(buttonTitled: "Tick") }
            try await tapped.value
        }
        #expect(redraws.evaluations(of: "TickingView") == 2)
        #expect(redraws.evaluations(of: "CounterScreen") == 0)
    }
}

/// Hands a graph to one other task at a time.
///
/// NB: `@unchecked Sendable`: the scope's task waits for that task, so one thread drives it at a time.
private struct UncheckedGraph: @unchecked Sendable {
    let graph: ViewGraph

    init(_ graph: ViewGraph) { self.graph = graph }
}
