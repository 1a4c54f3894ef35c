import Foundation
import Observation
import Testing
import TracerCore
@testable import TracerSwiftUICore

/// A view holding a traced property.
private struct Screen {
    var _offset = FakeTracedProperty(line: 7)
}

private struct Header {}
private struct Footer {}

@Observable private final class Gauge {
    var level = 0
}

/// A session on a clock that moves only when told to (`advance`), so that the 1 ms gap is exact.
private struct ManualSession {
    let clock = ManualClock()
    let sink = MemorySink()
    let session: AdapterSession

    init() { session = AdapterSession(recorder: TraceRecorder(sink: sink, metadata: SwiftUITrace.metadata([:]), clock: .manual(clock))) }

    /// Each event's kind, view and `tx` (0 when it has none), marks left out.
    var updates: [String] {
        session.recorder.flush()
        return sink.lines.compactMap { line in
            let event = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard let kind = event["kind"] as? String, kind != "meta", kind != "mark" else { return nil }
            return "\(kind) \(event["view"] as? String ?? "") \(event["tx"] as? Int ?? 0)"
        }
    }

    func write(_ screen: Screen, _ value: Double) { session.recordWrite(screen._offset.tracedDeclaration, from: value - 1, to: value) }
    func body<View>(_ view: View, _ content: () -> Void = {}) { session.recordBody(of: view, label: nil, scope: .none, content) }
}

/// The adapter's update numbers (`tx`): the `_printChanges` importer's heuristic (see `UpdateCounter`).
@Suite struct AdapterUpdateTests {
    @Test("a write after a body opens an update its bodies share; writes with no body between share one")
    func writesOpenUpdates() {
        let recorded = ManualSession()
        let screen = Screen()
        recorded.body(screen)
        recorded.body(Header())
        recorded.write(screen, 1)
        recorded.write(screen, 2)
        recorded.body(screen)
        recorded.body(Header())
        recorded.write(screen, 3)
        recorded.body(screen)
        #expect(recorded.updates == [
            "body-eval Screen 1", "body-eval Header 1", "write Screen 2", "write Screen 2", "body-eval Screen 2", "body-eval Header 2",
            "write Screen 3", "body-eval Screen 3",
        ])
    }

    @Test("a body whose name ran in the update already opens a new one")
    func aSecondEvaluationOpensAnUpdate() {
        let recorded = ManualSession()
        recorded.body(Header())
        recorded.body(Footer())
        recorded.body(Header())
        recorded.body(Footer())
        #expect(recorded.updates == ["body-eval Header 1", "body-eval Footer 1", "body-eval Header 2", "body-eval Footer 2"])
    }

    @Test("a body more than 1 ms after the last body started or ended opens an update; one within it does not")
    func aGapOpensAnUpdate() {
        let recorded = ManualSession()
        recorded.body(Header())
        recorded.clock.advance(by: UpdateCounter.gap)
        recorded.body(Footer())
        recorded.clock.advance(by: UpdateCounter.gap + 1)
        recorded.body(Screen())
        // NB: the gap counts from the parent's start: a nested body is in its update, however long the parent had run.
        recorded.clock.advance(by: UpdateCounter.gap + 1)
        recorded.body(Header()) {
            recorded.clock.advance(by: UpdateCounter.gap)
            recorded.body(Footer())
        }
        #expect(recorded.updates == ["body-eval Header 1", "body-eval Footer 1", "body-eval Screen 2", "body-eval Header/Footer 3", "body-eval Header 3"])
    }

    @Test("an evaluation caused by a write of an earlier update joins the write's update (its cause in its own transaction)")
    func aCausedEvaluationJoinsItsWritesUpdate() {
        let recorded = ManualSession()
        let screen = Screen()
        recorded.body(screen)
        recorded.write(screen, 1)
        recorded.body(Header())
        recorded.body(Header())
        recorded.body(screen)
        recorded.body(Footer())
        #expect(recorded.updates == ["body-eval Screen 1", "write Screen 2", "body-eval Header 2", "body-eval Header 3", "body-eval Screen 2", "body-eval Footer 3"])
    }

    @Test("an @Observable write the body observed opens an update, which the body's next run shares")
    func anObservedWriteOpensAnUpdate() {
        let recorded = ManualSession()
        let gauge = Gauge()
        recorded.body(Header()) { _ = gauge.level }
        gauge.level = 1
        recorded.body(Header()) { _ = gauge.level }
        #expect(recorded.updates == ["body-eval Header 1", "write Header 2", "body-eval Header 2"])
    }
}
