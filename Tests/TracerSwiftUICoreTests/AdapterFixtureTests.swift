import Foundation
import Observation
import Testing
import TracerTestSupport
import TracerCore
@testable import TracerSwiftUICore

/// Seed 000's screen as the adapter sees it in a SwiftUI app: the offset in `@TracedState`.
private enum StateVariant {
    struct MyView {
        var _scrollContentOffset = FakeTracedProperty(.state, line: 10)
    }
}

/// Seed 000's screen with the offset in `@TracedViewStorage` and the derived flag in `@TracedState`.
private enum ViewStorageVariant {
    struct MyView {
        var _scrollContentOffset = FakeTracedProperty(.viewStorage, line: 17)
        var _isNavigationBarHidden = FakeTracedProperty(.state, line: 18)
    }
}

/// Seed 000's screen with the offset in an `@Observable` model its body reads.
private enum ObservableVariant {
    @Observable final class ScrollModel {
        var contentOffset = 0.0
    }

    struct MyView {
        let model = ScrollModel()
    }
}

private struct MyScrollView {}

/// The adapter-shaped traces in `Fixtures/Traces/adapter/`, recorded through `AdapterSession` on a
/// deterministic clock: what a SwiftUI app with seed 000's screen produces for 240 offset writes
/// (down past the threshold and back up), where SwiftUI re-evaluates what it does in seed 000;
/// in the `@Observable` variant each write is the mutation the screen's traced body observed.
/// A missing fixture is written and the test fails once; `TRACER_RECORD_GOLDENS=1` re-records.
@Suite struct AdapterFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Traces/adapter")

    /// 240 offsets at 120 Hz: down to −120 and back to 0.
    static let offsets: [Double] = (1...240).map { frame in frame <= 120 ? -Double(frame) : -Double(240 - frame) }

    @Test func theStateVariantEqualsItsFixture() throws {
        try expectFixture("scroll-offset.state") { session in
            let screen = StateVariant.MyView()
            session.mark("mount")
            evaluate(screen, in: session)
            var offset = 0.0
            for (frame, next) in Self.offsets.enumerated() {
                markTurn(frame, in: session)
                session.recordWrite(screen._scrollContentOffset.tracedDeclaration, from: offset, to: next)
                offset = next
                evaluate(screen, in: session)
            }
        }
    }

    @Test func theViewStorageVariantEqualsItsFixture() throws {
        try expectFixture("scroll-offset.view-storage") { session in
            let screen = ViewStorageVariant.MyView()
            session.mark("mount")
            evaluate(screen, in: session)
            var (offset, hidden) = (0.0, false)
            for (frame, next) in Self.offsets.enumerated() {
                markTurn(frame, in: session)
                session.recordWrite(screen._scrollContentOffset.tracedDeclaration, from: offset, to: next)
                offset = next
                guard (next < 0) != hidden else { continue }
                session.recordWrite(screen._isNavigationBarHidden.tracedDeclaration, from: hidden, to: !hidden)
                hidden.toggle()
                session.recordBody(of: screen, label: nil, scope: .none) {}
            }
        }
    }

    @Test func theObservableVariantEqualsItsFixture() throws {
        try expectFixture("scroll-offset.observable") { session in
            let screen = ObservableVariant.MyView()
            session.mark("mount")
            evaluate(screen, in: session) { _ = screen.model.contentOffset }
            for (frame, next) in Self.offsets.enumerated() {
                markTurn(frame, in: session)
                screen.model.contentOffset = next
                evaluate(screen, in: session) { _ = screen.model.contentOffset }
            }
        }
    }

    /// The marks the built-in scenario sets: `scroll-down` before the first write, `scroll-up`
    /// before the 121st.
    private func markTurn(_ frame: Int, in session: AdapterSession) {
        if frame == 0 { session.mark("scroll-down") }
        if frame == 120 { session.mark("scroll-up") }
    }

    /// An evaluation of the screen, running `body`, and then of its scroll view (SwiftUI runs
    /// them one after the other).
    private func evaluate(_ screen: Any, in session: AdapterSession, body: () -> Void = {}) {
        session.recordBody(of: screen, label: nil, scope: .none, body)
        session.recordBody(of: MyScrollView(), label: nil, scope: .none) {}
    }

    /// Records `play` into a trace named `name` and compares it with its fixture.
    private func expectFixture(_ name: String, _ play: (AdapterSession) -> Void) throws {
        let sink = MemorySink()
        var metadata = SwiftUITrace.metadata(["TRACER_SCENARIO": "scroll-offset", "TRACER_VARIANT": String(name.split(separator: ".")[1])])
        metadata.pid = 4242
        let recorder = TraceRecorder(sink: sink, metadata: metadata, clock: .manual(ManualClock(step: 1_000)))
        play(AdapterSession(recorder: recorder))
        recorder.close()
        // NB: the thread id depends on which test thread recorded first; a fixture says 1.
        let trace = sink.text.replacing(/"tid":\d+/, with: "\"tid\":1")
        let url = Self.directory.appendingPathComponent("\(name).jsonl")
        expectGolden(trace, at: url) { _ in "\(url.lastPathComponent) differs from what the adapter records" }
    }
}
