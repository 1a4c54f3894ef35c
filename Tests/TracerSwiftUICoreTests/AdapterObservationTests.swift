import Foundation
import Observation
import Synchronization
import Testing
import TracerCore
@testable import TracerSwiftUICore

/// An `@Observable` model a traced body reads.
@Observable private final class Feed {
    var offset = 0.0
    var unread = 0
}

@Observable private final class Session {
    var user = "a"
}

/// A view holding its model, as `let model`, `@State var model` or `@Bindable var model` do.
private struct FeedScreen {
    let feed: Feed
}

/// A view holding two models.
private struct Inbox {
    let feed: Feed
    let session: Session?
}

/// A view that reaches its model without holding it (an environment value, a global).
private struct Detached {}

/// How many times an `onChange` ran, from any thread.
private final class ChangeCount: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

/// A recording session and a `FeedScreen` whose traced body reads its feed's offset.
private struct ObservedScreen {
    let recorded = RecordedSession()
    let screen = FeedScreen(feed: Feed())

    var feed: Feed { screen.feed }
    var writes: [[String: Any]] { recorded.events("write") }

    /// Runs the screen's traced body once.
    func evaluate() {
        recorded.session.recordBody(of: screen, label: nil, scope: .none) { _ = screen.feed.offset }
    }
}

@Suite struct AdapterObservationTests {
    @Test func aMutationOfAPropertyTheBodyReadIsAWriteOfTheViewNamingItsModel() {
        let observed = ObservedScreen()
        observed.evaluate()
        observed.feed.unread = 1
        #expect(observed.writes.isEmpty, "a property the body did not read")
        observed.feed.offset = 12
        let writes = observed.writes
        #expect(writes.count == 1)
        #expect(writes.first?["view"] as? String == "FeedScreen")
        #expect(writes.first?["prop"] as? String == "Feed")
        #expect(writes.first?["wrapper"] as? String == "Observable")
        #expect(writes.first?["changed"] as? Bool == true)
        #expect(writes.first?["site"] == nil)
    }

    @Test func theWriteNamesEveryModelTheViewHoldsOrUnknown() {
        let recorded = RecordedSession()
        let feed = Feed()
        let inbox = Inbox(feed: feed, session: Session())
        recorded.session.recordBody(of: inbox, label: nil, scope: .none) { _ = inbox.feed.offset }
        recorded.session.recordBody(of: Detached(), label: nil, scope: .none) { _ = feed.unread }
        feed.offset = 1
        feed.unread = 1
        let writes = recorded.events("write")
        #expect(writes.map { $0["view"] as? String } == ["Inbox", "Detached"])
        #expect(writes.map { $0["prop"] as? String } == ["Feed|Session", "unknown"])
    }

    @Test func aBurstOfMutationsBeforeTheNextBodyIsOneWrite() {
        let observed = ObservedScreen()
        observed.evaluate()
        for offset in 1...10 { observed.feed.offset = Double(offset) }
        #expect(observed.writes.count == 1)
        observed.evaluate()
        observed.feed.offset = 11
        #expect(observed.writes.count == 2, "the next body re-registers")
        for _ in 1...3 { observed.evaluate() }
        observed.feed.offset = 12
        #expect(observed.writes.count == 3, "runs while a registration is pending add none")
    }

    @Test("a body run 10,000 times with no mutation keeps one Observation registration")
    func registrationsStayBounded() {
        let observed = ObservedScreen()
        for _ in 0..<10_000 { observed.evaluate() }
        #expect(observed.recorded.session.pendingObservations == 1)
        observed.feed.offset = 1
        #expect(observed.recorded.session.pendingObservations == 0)
        #expect(observed.writes.count == 1)
    }

    @Test("bodies named per instance each keep their registration and record their write")
    func perInstanceNames() {
        let recorded = RecordedSession()
        let feed = Feed()
        for label in ["Row[1]", "Row[2]", "Row[1]"] {
            recorded.session.recordBody(of: FeedScreen(feed: feed), label: label, scope: .none) { _ = feed.offset }
        }
        #expect(recorded.session.pendingObservations == 2)
        feed.offset = 1
        #expect(recorded.events("write").compactMap { $0["view"] as? String }.sorted() == ["Row[1]", "Row[2]"])
    }

    @Test func anEqualValueIsNotAChange() {
        let observed = ObservedScreen()
        observed.evaluate()
        observed.feed.offset = 0
        #expect(observed.writes.isEmpty, "Observation does not notify an equal value, so a write says changed")
    }

    @Test func theTrackingNestsLeavingAnEnclosingTrackingIntact() {
        let observed = ObservedScreen()
        let outer = ChangeCount()
        // NB: the outer tracking stands for SwiftUI's own around the view's `body`.
        withObservationTracking(observed.evaluate) { outer.increment() }
        observed.feed.offset = 1
        #expect(outer.value == 1, "the enclosing tracking saw the read made inside the traced body")
        #expect(observed.writes.count == 1)
    }

    @Test func aMutationOnAnotherThreadIsRecordedOnIt() {
        let observed = ObservedScreen()
        observed.evaluate()
        nonisolated(unsafe) let feed = observed.feed
        let mutatingThread = Atomic(-1)
        let done = Mutex(false)
        let thread = Thread {
            mutatingThread.store(Int(ThreadID.current), ordering: .relaxed)
            feed.offset = 3
            done.withLock { $0 = true }
        }
        thread.start()
        while !done.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.001) }
        let write = observed.writes.first
        #expect(write?["view"] as? String == "FeedScreen")
        #expect(write?["tid"] as? Int == mutatingThread.load(ordering: .relaxed))
    }
}
