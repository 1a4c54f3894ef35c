import Foundation
import Observation
import Testing
import TracerCore
import TracerTestSupport
@testable import TracerSwiftUICore

/// An `@Observable` model a traced body reads.
@Observable private final class Scroller {
    var offset = 0.0
    var velocity = 0.0
    var untouched = 0
}

/// A view holding its model.
private struct ScrollScreen {
    let model: Scroller
}

/// A session, a screen whose traced body reads every property of its model, and what it recorded.
private struct Screen {
    let recorded: RecordedSession
    let screen = ScrollScreen(model: Scroller())

    init(namesObservedProperties: Bool) {
        recorded = RecordedSession(namesObservedProperties: namesObservedProperties)
    }

    var model: Scroller { screen.model }
    var writes: [[String: Any]] { recorded.events("write") }

    /// Runs the screen's traced body once.
    func evaluate() {
        recorded.session.recordBody(of: screen, label: nil, scope: .none) {
            _ = (screen.model.offset, screen.model.velocity, screen.model.untouched)
        }
    }
}

@Suite("Adapter: @Observable writes name the properties that changed (opt-in)")
struct AdapterObservedPropertyTests {
    @Test("Off: the write is recorded when Observation tells, named by the model, as before")
    func offRecordsTheModel() {
        let screen = Screen(namesObservedProperties: false)
        screen.evaluate()
        screen.model.offset = 1
        #expect(screen.writes.map { $0["prop"] as? String } == ["Scroller"])
        #expect(screen.writes.map { $0["changed"] as? Bool } == [true])
    }

    @Test("On: a write to one property names it at the body's next evaluation, which it causes")
    func onNamesTheProperty() throws {
        let screen = Screen(namesObservedProperties: true)
        screen.evaluate()
        screen.model.offset = 1
        #expect(screen.writes.isEmpty, "recorded at the next evaluation")
        screen.evaluate()
        let writes = screen.writes
        #expect(writes.map { $0["prop"] as? String } == ["Scroller.offset"])
        #expect(writes.map { $0["changed"] as? Bool } == [true])
        let evaluation = try #require(screen.recorded.events("body-eval").last)
        #expect(evaluation["cause"] as? Int == writes.first?["seq"] as? Int)
        #expect(evaluation["reason"] as? String == "observed")
    }

    @Test("On: each change after an evaluation is named at the next one, evaluation after evaluation")
    func onNamesEveryRound() {
        let screen = Screen(namesObservedProperties: true)
        screen.evaluate()
        for offset in 1...3 {
            screen.model.offset = Double(offset)
            screen.evaluate()
        }
        #expect(screen.writes.map { $0["prop"] as? String } == Array(repeating: "Scroller.offset", count: 3))
    }

    @Test("On: two properties written before one evaluation are both named, an unchanged one is not")
    func onNamesEveryChangedProperty() {
        let screen = Screen(namesObservedProperties: true)
        screen.evaluate()
        screen.model.offset = 1
        screen.model.velocity = 2
        screen.model.untouched = 0
        screen.evaluate()
        #expect(screen.writes.map { $0["prop"] as? String } == ["Scroller.offset", "Scroller.velocity"])
    }

    @Test("On: a model the registration found and nothing mutated goes away with its view")
    func onKeepsNoModelAlive() {
        let recorded = RecordedSession(namesObservedProperties: true)
        weak var gone: Scroller?
        do {
            let screen = ScrollScreen(model: Scroller())
            gone = screen.model
            recorded.session.recordBody(of: screen, label: nil, scope: .none) { _ = screen.model.offset }
        }
        #expect(gone == nil)
        #expect(recorded.session.pendingObservations == 0)
    }

    @Test("On: a view that holds no model is named as before, when Observation tells")
    func onWithoutAModel() {
        let recorded = RecordedSession(namesObservedProperties: true)
        let model = Scroller()
        recorded.session.recordBody(of: (), label: "Detached", scope: .none) { _ = model.offset }
        model.offset = 1
        #expect(recorded.events("write").map { $0["prop"] as? String } == ["unknown"])
    }

    @Test("TRACER_OBSERVED_PROPERTIES=1 turns it on for the process session", .temporaryDirectory)
    func environmentSwitch() throws {
        let output = temporaryPath("trace.jsonl")
        for (value, on) in [("1", true), ("0", false)] {
            let session = try #require(SwiftUITrace.session([
                "TRACER_OUTPUT": output, SwiftUITrace.observedPropertiesVariable: value,
            ]))
            #expect(session.namesObservedProperties == on)
        }
        #expect(try #require(SwiftUITrace.session(["TRACER_OUTPUT": output])).namesObservedProperties == false)
    }
}
