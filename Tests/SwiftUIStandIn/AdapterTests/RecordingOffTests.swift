import AllocationCounter
import SwiftUI
import Synchronization
import Testing
import TracerSwiftUI
import TracerSwiftUICore

/// The adapter without `TRACER_OUTPUT`: it records nothing, tracks no `@Observable` read and
/// allocates nothing.
@MainActor @Suite(.enabled(if: SwiftUITrace.session == nil, "needs TRACER_OUTPUT unset"))
struct RecordingOffTests {
    @Test func writesBodiesAndObservableMutationsStillWorkAndAllocateNothing() {
        let counter = standInInstall(Counter())
        let scroller = standInInstall(Scroller())
        let feed = FeedView(feed: Feed())
        // NB: warms up what runs once per process (the session's lazy initialisation, a key path's
        // first formation, the storage's binding).
        counter.count = 0
        counter.$count.wrappedValue = 0
        scroller.offset = 0
        scroller.$offset.binding.wrappedValue = 0
        feed.feed.offset = 0
        _ = counter.body
        _ = feed.body
        _ = SectionRow(section: 1, index: 0).body
        // NB: held, as a child holds it: a write makes the next `binding` a new one (its value).
        let offset = scroller.$offset.binding
        let before = allocation_counter_thread_count()
        for value in 1...1_000 {
            counter.$count.wrappedValue = -value
            counter.count = value
            scroller.offset = Double(value)
            offset.wrappedValue = Double(value)
            feed.feed.offset = Double(value)
            _ = counter.body
            _ = feed.body
            _ = SectionRow(section: 1, index: value).body
        }
        let allocations = allocation_counter_thread_count() - before
        #expect(counter.count == 1_000)
        #expect(scroller.offset == 1_000)
        #expect(feed.feed.offset == 1_000)
        #expect(stateWrites(in: counter, at: "_count", "state") == 2_000, "the warm-up writes of the initial value invalidate nothing")
        #expect(allocations == 0)
    }

    @Test("once the session is known to be nil, a traced body's and a storage write's check is the flag's load")
    func theRecordingFlagIsOff() {
        #expect(SwiftUITrace.session == nil)
        let mayRecord = SwiftUITrace.mayRecord
        #expect(!mayRecord)
    }

    @Test func aGenericTracedStateWithoutInitialValueTakesTheMemberwiseValue() {
        let holder = standInInstall(Holder(value: "first"))
        #expect(holder.value == "first")
        #expect(holder.selection == nil)
        holder.value = "second"
        holder.selection = 2
        #expect(holder.value == "second")
        #expect(holder.selection == 2)
    }

    @Test func theAllocationCounterSeesAnAllocation() {
        let before = allocation_counter_thread_count()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        let after = allocation_counter_thread_count()
        memory.deallocate()
        #expect(before >= 0, "the allocation counter is linked in (Linux, glibc)")
        #expect(after - before == 1)
    }

    @Test("a body reads the state it reads without Tracer")
    func bodiesReadWhatTheyRead() { SameOnAndOff.bodiesReadWhatTheyReadWithoutTracer() }

    @Test("a traced write, through the property or its binding, adds no read")
    func writesAddNoRead() { SameOnAndOff.aTracedWriteAddsNoRead() }

    @Test("a child's binding is the owner's State location, the same on every evaluation")
    func bindingIdentity() { SameOnAndOff.theChildsBindingIsTheStatesOwnAndStable() }

    @Test("a child reading the storage's binding during an update sees the current value")
    func storageBindingCurrent() { SameOnAndOff.theStoragesBindingIsCurrentInAChild() }

    @Test("a model publishing off the main thread does not trap")
    func offMainPublish() { SameOnAndOff.aModelPublishesOffTheMainThread() }

    @Test("an equal write invalidates a traced state no more than a State")
    func equalWrites() { SameOnAndOff.anEqualWriteInvalidatesAsWithState() }

    @Test("a write, its view's evaluation and a scoped child's read what they read without Tracer")
    func updatesAndPaths() { SameOnAndOff.updatesAndPathsAddNoRead() }

    @Test("a write before install is dropped as a State's is")
    func writeBeforeInstall() { SameOnAndOff.aWriteBeforeInstallIsDroppedAsWithState() }
}
