import Observation
import Testing
import TracerCore
@testable import TracerSwiftUICore

/// A view holding traced properties, as a SwiftUI view does.
private struct ScrollScreen {
    var _offset = FakeTracedProperty(line: 100)
    var _storage = FakeTracedProperty(.viewStorage, line: 101)
    var title = "not traced"
}

private struct Row {}
private struct Header {}

private final class Tracker {}

@Observable private final class Tally {
    var count = 0
}

@Suite struct AdapterWriteTests {
    @Test func aWriteRecordsTheOwnersNameTheSiteTheWrapperAndChanged() {
        let recorded = RecordedSession()
        let screen = ScrollScreen()
        recorded.session.recordBody(of: screen, label: nil, scope: .none) {}
        recorded.session.recordWrite(screen._offset.tracedDeclaration, from: 1.0, to: 2.0)
        recorded.session.recordWrite(screen._storage.tracedDeclaration, from: 2, to: 2)
        let writes = recorded.events("write")
        #expect(writes.count == 2)
        #expect(writes[0]["view"] as? String == "ScrollScreen")
        #expect(writes[0]["prop"] as? String == "offset")
        #expect(writes[0]["wrapper"] as? String == "State")
        #expect(writes[0]["site"] as? String == "TracerSwiftUICoreTests/AdapterSessionTests.swift:100")
        #expect(writes[0]["changed"] as? Bool == true)
        #expect(writes[1]["prop"] as? String == "storage")
        #expect(writes[1]["wrapper"] as? String == "ViewStorage")
        #expect(writes[1]["changed"] as? Bool == false)
    }

    @Test func aValueThatIsNotEquatableRecordsNoChanged() {
        let recorded = RecordedSession()
        // NB: neither Equatable nor plain (a String is not compared by its bytes).
        struct Opaque { var text = "opaque" }
        recorded.session.recordWrite(FakeTracedProperty(name: "opaque").tracedDeclaration, from: Opaque(), to: Opaque())
        let write = recorded.events("write").first
        #expect(write?["prop"] as? String == "opaque")
        #expect(write?["changed"] == nil)
    }

    @Test func aDeclarationWrittenWithValuesOfTwoTypesComparesEachByItsOwn() {
        let recorded = RecordedSession()
        // NB: one site holding two types, as a property of a generic view does.
        let declaration = FakeTracedProperty(name: "value").tracedDeclaration
        recorded.session.recordWrite(declaration, from: 1, to: 1)
        recorded.session.recordWrite(declaration, from: "a", to: "b")
        recorded.session.recordWrite(declaration, from: 2, to: 3)
        #expect(recorded.events("write").map { $0["changed"] as? Bool } == [false, true, true])
    }

    @Test func aWriteBeforeTheOwnersFirstTracedBodyIsNamedAfterItsFileAndLine() {
        let recorded = RecordedSession()
        recorded.session.recordWrite(FakeTracedProperty(line: 7).tracedDeclaration, from: 0, to: 1)
        let write = recorded.events("write").first
        #expect(write?["view"] as? String == "AdapterSessionTests")
        #expect(write?["prop"] as? String == "line 7")
    }

    @Test func aModelChangeIsAWriteNamingTheModel() {
        let recorded = RecordedSession()
        recorded.session.recordModelChange(of: Tracker(), property: "objectWillChange", wrapper: .published)
        let write = recorded.events("write").first
        #expect(write?["view"] as? String == "Tracker")
        #expect(write?["prop"] as? String == "objectWillChange")
        #expect(write?["wrapper"] as? String == "Published")
    }
}

@Suite struct AdapterBodyTests {
    @Test func aTracedBodyRecordsOneEvaluationWhoseDurationCoversItsContent() {
        let recorded = RecordedSession()
        let result = recorded.session.recordBody(of: Row(), label: nil, scope: .none) {
            spin(2_000_000)
            return 42
        }
        #expect(result == 42)
        let evals = recorded.events("body-eval")
        #expect(evals.count == 1)
        #expect(evals.first?["view"] as? String == "Row")
        #expect((evals.first?["dur"] as? Int ?? 0) >= 2_000_000)
        #expect(evals.first?["changed"] == nil)
    }

    @Test func aBodyTracedInsideAnotherIsNamedUnderItAndTakenOutOfItsDuration() {
        let recorded = RecordedSession()
        recorded.session.recordBody(of: ScrollScreen(), label: nil, scope: .none) {
            spin(1_000_000)
            recorded.session.recordBody(of: Header(), label: nil, scope: .none) { spin(10_000_000) }
        }
        let evals = recorded.events("body-eval")
        #expect(evals.map { $0["view"] as? String } == ["ScrollScreen/Header", "ScrollScreen"])
        let child = evals[0]["dur"] as? Int ?? 0
        let parent = evals[1]["dur"] as? Int ?? 0
        #expect(child >= 10_000_000)
        #expect(parent >= 1_000_000 && parent < child, "the child's time is taken out of the parent's")
    }

    @Test func aScopeAndALabelNameTheBody() {
        let recorded = RecordedSession()
        let scope = TracePath.none.appending("Screen").appending("List").appending("Row[3]")
        recorded.session.recordBody(of: Row(), label: nil, scope: scope) {}
        recorded.session.recordBody(of: Row(), label: "a/b", scope: .none) {}
        #expect(recorded.events("body-eval").map { $0["view"] as? String } == ["Screen/List/Row[3]/Row", "a:b"])
    }

    @Test func aStoppedRecorderRecordsNothingAndStillRunsTheContent() {
        let recorded = RecordedSession()
        recorded.session.recorder.close()
        var ran = false
        let model = Tally()
        recorded.session.recordBody(of: Row(), label: nil, scope: .none) { ran = model.count == 0 }
        recorded.session.recordWrite(FakeTracedProperty().tracedDeclaration, from: 0, to: 1)
        model.count = 1
        #expect(ran)
        #expect(recorded.lines.count == 1)
    }
}

@Suite struct AdapterHeaderTests {
    @Test func theHeaderNamesTheSwiftUISourceAndOnlyWhatTheAdapterProduces() {
        let header = RecordedSession().lines.first
        #expect(header?["source"] as? String == "swiftui")
        let capabilities = Set(header?["capabilities"] as? [String] ?? [])
        #expect(capabilities == ["write", "body-eval", "mark", "dur", "write.changed", "site", "cause"])
        #expect(capabilities.isDisjoint(with: ["skip", "invalidate", "body-eval.changed", "view-path"]))
    }

    @Test func theEnvironmentNamesTheOutputScenarioAndVariant() throws {
        #expect(SwiftUITrace.session([:]) == nil)
        let metadata = SwiftUITrace.metadata(["TRACER_SCENARIO": "scroll-offset", "TRACER_VARIANT": "state"])
        #expect(metadata.scenario == "scroll-offset")
        #expect(metadata.variant == "state")
        #expect(metadata.source == .swiftUI)
    }
}
