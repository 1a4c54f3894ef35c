import Foundation
import Combine
import Dispatch
import SwiftUI
import Synchronization
import Testing
import TracerSwiftUI
import TracerSwiftUICore

/// The adapter recording into `TRACER_OUTPUT` (set by `scripts/check-swiftui-adapter.sh`).
@MainActor @Suite(.enabled(if: SwiftUITrace.session != nil, "needs TRACER_OUTPUT"))
struct RecordingOnTests {
    @Test("while recording, the flag a traced body checks first stays set")
    func theRecordingFlagIsOn() {
        #expect(SwiftUITrace.session != nil)
        let mayRecord = SwiftUITrace.mayRecord
        #expect(mayRecord)
    }

    @Test func aTracedStateWriteRecordsNameSiteWrapperAndChanged() {
        let counter = standInInstall(Counter())
        _ = counter.body
        counter.count = 1
        counter.count = 1
        let writes = recorded("write", view: "Counter")
        #expect(writes.count == 2)
        #expect(writes.first?["prop"] as? String == "count")
        #expect(writes.first?["wrapper"] as? String == "State")
        #expect(writes.first?["site"] as? String == "TracerSwiftUITests/AdapterTestViews.swift:9")
        #expect(writes.map { $0["changed"] as? Bool } == [true, false])
        #expect(counter.count == 1)
        #expect(stateWrites(in: counter, at: "_count", "state") == 1, "the equal write invalidates nothing")
    }

    @Test func aBindingWriteRecordsToo() {
        let dial = standInInstall(Dial())
        _ = dial.body
        let binding = dial.$level
        binding.wrappedValue = 7
        #expect(dial.level == 7)
        let writes = recorded("write", view: "Dial")
        #expect(writes.count == 1)
        #expect(writes.first?["prop"] as? String == "level")
        #expect(writes.first?["changed"] as? Bool == true)
    }

    @Test func aViewStorageWriteRecordsAndPublishesButNeverInvalidates() {
        let scroller = standInInstall(Scroller())
        _ = scroller.body
        var received: [Double] = []
        let subscription = scroller.$offset.publisher.sink { received.append($0) }
        scroller.offset = 3
        scroller.$offset.binding.wrappedValue = 4
        let writes = recorded("write", view: "Scroller")
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0["wrapper"] as? String == "ViewStorage" && $0["prop"] as? String == "offset" })
        #expect(received == [3, 4])
        #expect(scroller.offset == 4)
        #expect(stateWrites(in: scroller, at: "_offset", "_box") == 0)
        subscription.cancel()
    }

    @Test func aTracedBodyRecordsOneEvaluationCoveringItsContentAndNestsItsChild() {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = Parent().body
        let wall = Int(DispatchTime.now().uptimeNanoseconds - start)
        let parent = recorded("body-eval", view: "Parent")
        let child = recorded("body-eval", view: "Parent/Child")
        #expect(parent.count == 1)
        #expect(child.count == 1)
        let parentTime = parent.first?["dur"] as? Int ?? 0
        let childTime = child.first?["dur"] as? Int ?? 0
        // NB: 5% below the time spun covers the tick counter's calibration (a body's `dur` is
        // counted in ticks and converted), as in the bound below.
        #expect(childTime >= 10_000_000 - 10_000_000 / 20)
        #expect(parentTime >= 1_000_000 - 1_000_000 / 20)
        // NB: bounded by the call's own wall time, however loaded the machine: were the child's
        // time left in the parent's, the two would add up to the wall time plus the child's
        // (≥ 10 ms more); 5% covers the tick counter's calibration.
        #expect(parentTime + childTime <= wall + wall / 20, "the child's time is taken out of the parent's")
    }

    @Test func anObservableObjectChangeIsAWriteNamingTheModel() {
        let tracker = Tracker()
        _ = Text("").tracedChanges(of: tracker)
        tracker.isHidden = true
        let writes = recorded("write", view: "Tracker")
        #expect(writes.count == 1)
        #expect(writes.first?["prop"] as? String == "objectWillChange")
        #expect(writes.first?["wrapper"] as? String == "Published")
    }

    @Test func anObservableMutationTheBodyReadIsOneWriteUntilTheNextBody() {
        let view = FeedView(feed: Feed())
        _ = view.body
        view.feed.offset = 1
        view.feed.offset = 2
        _ = view.body
        view.feed.offset = 3
        let writes = recorded("write", view: "FeedView")
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0["prop"] as? String == "Feed" && $0["wrapper"] as? String == "Observable" })
        #expect(writes.allSatisfy { $0["changed"] as? Bool == true })
        let evaluations = recorded("body-eval", view: "FeedView")
        #expect(evaluations.map { $0["cause"] as? Int } == [nil, writes.first?["seq"] as? Int])
        #expect(evaluations.last?["reason"] as? String == "observed")
    }

    @Test("a traced write is the cause of its view's next evaluation (state); the child's evaluations have none")
    func aWriteCausesItsViewsNextEvaluation() {
        let pager = standInInstall(Pager())
        _ = pager.body
        pager.page = 1
        pager.$page.wrappedValue = 2
        _ = pager.body
        _ = pager.body
        let writes = recorded("write", view: "Pager")
        #expect(writes.count == 2)
        let evaluations = recorded("body-eval", view: "Pager")
        #expect(evaluations.map { $0["cause"] as? Int } == [nil, writes.first?["seq"] as? Int, nil], "the first write of the two, once")
        #expect(evaluations.map { $0["reason"] as? String } == [nil, "state", nil])
        let child = recorded("body-eval", view: "Pager/PageLabel")
        #expect(child.count == 3 && child.allSatisfy { $0["cause"] == nil && $0["reason"] == nil }, "parent → child: not available")
    }

    @Test("a write opens an update its view's evaluation shares; a child traced under its parent's scope carries the parent's path")
    func updatesAndPaths() {
        SameOnAndOff.updatesAndPathsAddNoRead()
        let writes = recorded("write", view: "Shelf")
        let parents = Array(recorded("body-eval", view: "Shelf").dropFirst())
        let children = recorded("body-eval", view: "Shelf/ShelfLabel")
        #expect(writes.count == 3 && parents.count == 3 && children.count == 3, "the child is named under its parent's scope")
        let updates = writes.compactMap { $0["tx"] as? Int }
        #expect(updates.count == 3 && Set(updates).count == 3, "each write after a body opens an update")
        #expect(parents.map { $0["tx"] as? Int } == updates.map(Optional.some), "the evaluation a write causes is in its update")
        #expect(parents.map { $0["cause"] as? Int } == writes.map { $0["seq"] as? Int })
        // NB: the child's update is the parent's unless more than 1 ms passed between them (a loaded machine).
        #expect(zip(children, parents).allSatisfy { ($0["tx"] as? Int ?? 0) >= ($1["tx"] as? Int ?? .max) })
    }

    @Test("x = v records with one read outside an update and no projection; $x is one projection, none allocated while held")
    func writePathsInTheStandIn() {
        let tally = standInInstall(Tally())
        let before = standInCounters
        tally.count = 1
        let write = standInCounters.since(before)
        #expect(write.projections == 0)
        #expect(write.trackedReads == 0)
        #expect(write.untrackedReads == 1, "the old value, by the State's getter")
        #expect(write.locationAllocations == 0)
        let held = tally.$count
        let beforeProjection = standInCounters
        let again = tally.$count
        again.wrappedValue = 2
        let projection = standInCounters.since(beforeProjection)
        #expect(projection.projections == 1)
        #expect(projection.locationAllocations == 0, "a child holds the previous binding")
        #expect(held.standInLocation == again.standInLocation)
        #expect(tally.count == 2)
    }

    @Test("recording adds no read to a body")
    func bodiesReadWhatTheyRead() { SameOnAndOff.bodiesReadWhatTheyReadWithoutTracer() }

    @Test("a traced write, through the property or its binding, adds no read while recording")
    func writesAddNoRead() { SameOnAndOff.aTracedWriteAddsNoRead() }

    @Test("recording leaves a child's binding the owner's State location, the same on every evaluation")
    func bindingIdentity() { SameOnAndOff.theChildsBindingIsTheStatesOwnAndStable() }

    @Test("a child reading the storage's binding during an update sees the current value while recording")
    func storageBindingCurrent() { SameOnAndOff.theStoragesBindingIsCurrentInAChild() }

    @Test("a model publishing off the main thread does not trap, and its change is recorded")
    func offMainPublish() {
        traceMark("before-off-main-publish")
        SameOnAndOff.aModelPublishesOffTheMainThread()
        let mark = recordedLines().first { $0["name"] as? String == "before-off-main-publish" }
        let writes = recorded("write", view: "BackgroundTracker")
        #expect(writes.count == 1)
        #expect(writes.first?["tid"] as? Int != mark?["tid"] as? Int, "recorded on the publishing thread")
    }

    @Test("a body re-evaluated 10,000 times keeps at most one Observation registration")
    func boundedRegistrations() throws {
        let session = try #require(SwiftUITrace.session)
        let view = FeedRow(feed: Feed(), index: 10_000)
        let before = session.pendingObservations
        for _ in 0..<10_000 { _ = view.body }
        #expect(session.pendingObservations - before == 1)
        view.feed.offset = 1
        #expect(session.pendingObservations == before)
        #expect(recorded("write", view: "Row[10000]").count == 1)
        #expect(recorded("body-eval", view: "Row[10000]").count == 10_000)
    }

    @Test("a body whose first model went away unmutated records both writes of the next one's")
    func aModelGoneUnmutatedWedgesNoBody() {
        do {
            let first = FeedRow(feed: Feed(), index: 20_000)
            _ = first.body
        }
        let second = FeedRow(feed: Feed(), index: 20_000)
        _ = second.body
        second.feed.offset = 1
        _ = second.body
        second.feed.offset = 2
        #expect(recorded("write", view: "Row[20000]").count == 2)
    }

    @Test("10,000 views that came and went leave no pending Observation registration")
    func goneViewsLeaveNoRegistration() throws {
        let session = try #require(SwiftUITrace.session)
        let before = session.pendingObservations
        for index in 30_000..<40_000 {
            _ = FeedRow(feed: Feed(), index: index).body
        }
        #expect(session.pendingObservations == before)
    }

    @Test("bodies named per instance each record the write they observe")
    func perInstanceAttribution() {
        let feed = Feed()
        let rows = [FeedRow(feed: feed, index: 1), FeedRow(feed: feed, index: 2)]
        for row in rows { _ = row.body }
        _ = rows[0].body
        feed.offset = 1
        #expect(recorded("write", view: "Row[1]").count == 1)
        #expect(recorded("write", view: "Row[2]").count == 1)
        #expect(recorded("body-eval", view: "Row[1]").count == 2)
    }

    @Test("past the body-name ceiling, a body of a new name runs untraced and counts as dropped")
    func boundedBodyNames() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ceiling-\(UUID()).jsonl").path
        let session = try #require(SwiftUITrace.session(["TRACER_OUTPUT": path]))
        let names = AdapterSession.maximumBodyNames + 100
        var ran = 0
        for index in 0..<names {
            session.recordBody(of: Text(""), label: "Row[\(index)]", scope: .none) { ran += 1 }
        }
        session.recorder.flush()
        let lines = recordedLines(at: path)
        #expect(ran == names)
        #expect(session.bodyNames == AdapterSession.maximumBodyNames)
        #expect(lines.count { $0["kind"] as? String == "body-eval" } == AdapterSession.maximumBodyNames)
        #expect(lines.compactMap { $0["kind"] as? String == "dropped" ? $0["count"] as? Int : nil }.reduce(0, +) == 100)
    }

    @Test func aMarkIsRecorded() {
        traceMark("adapter-test-mark")
        #expect(recordedLines().contains { $0["kind"] as? String == "mark" && $0["name"] as? String == "adapter-test-mark" })
    }

    @Test func theTraceSaysItComesFromTheAdapter() {
        let header = recordedLines().first
        #expect(header?["kind"] as? String == "meta")
        #expect(header?["source"] as? String == "swiftui")
        #expect((header?["capabilities"] as? [String])?.contains("skip") == false)
        #expect((header?["capabilities"] as? [String])?.contains("cause") == true)
    }

    @Test("an equal write invalidates a traced state no more than a State while recording")
    func equalWrites() { SameOnAndOff.anEqualWriteInvalidatesAsWithState() }

    @Test("a write before install is dropped as a State's is while recording")
    func writeBeforeInstall() { SameOnAndOff.aWriteBeforeInstallIsDroppedAsWithState() }
}
