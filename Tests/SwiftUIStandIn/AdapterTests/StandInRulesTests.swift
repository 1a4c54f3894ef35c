import SwiftUI
import Testing

/// A pair a `State` holds, projected by key path.
struct Pair: Equatable {
    var first = 0
    var second = 0
}

/// A view holding a `@State` pair, whose body shows the first member.
struct PairView: View {
    @State var pair = Pair()

    var body: some View { Text("\(pair.first)") }
}

/// The stand-in's model of SwiftUI's update context, one test per rule (the stand-in's
/// Update.swift, Location.swift, State.swift and Binding.swift cite OpenSwiftUI's lines): what
/// the adapter's tests and `adapter-bench` count rests on it.
@MainActor @Suite struct StandInRulesTests {
    @Test("a State read during an update is a dependency; outside one it is not")
    func readsInsideAnUpdateAreDependencies() {
        let view = standInInstall(PairView())
        let before = standInCounters
        _ = view.body
        #expect(standInCounters.since(before).untrackedReads == 1)
        #expect(standInCounters.since(before).trackedReads == 0)
        _ = standInUpdate { view.body }
        #expect(standInCounters.since(before).trackedReads == 1)
        #expect(stateReads(in: view, at: "_pair") == 1)
    }

    @Test("a State write during an update is dropped; outside one it invalidates")
    func writesDuringAnUpdateAreDropped() {
        let view = standInInstall(PairView())
        let before = standInCounters
        standInUpdate { view.pair.first = 1 }
        #expect(view.pair.first == 0)
        #expect(standInCounters.since(before).writesDuringUpdate == 1)
        #expect(stateWrites(in: view, at: "_pair") == 0)
        view.pair.first = 2
        #expect(view.pair.first == 2)
        #expect(stateWrites(in: view, at: "_pair") == 1)
    }

    @Test("a projection nobody holds is released and made again; one held is the same location")
    func projectionsAreCachedWeakly() {
        let view = standInInstall(PairView())
        let before = standInCounters
        do {
            let temporary = view.$pair.first
            #expect(temporary.wrappedValue == 0)
        }
        #expect(standInCounters.since(before).releasedProjections == 1)
        let held = view.$pair.first
        let again = view.$pair.first
        #expect(held.standInLocation == again.standInLocation)
        #expect(standInCounters.since(before).projections == 3)
        #expect(standInCounters.since(before).locationAllocations == 2, "the temporary's and the held one's")
    }

    @Test("a binding read during an update returns the value it was made with; outside one, the current value")
    func bindingsKeepTheirValue() {
        let view = standInInstall(PairView())
        let binding = view.$pair
        view.pair.second = 3
        #expect(standInUpdate { binding.wrappedValue.second } == 0)
        #expect(binding.wrappedValue.second == 3)
        #expect(standInUpdate { view.$pair.wrappedValue.second } == 3, "a binding made after the write")
    }

    @Test("a write before install is dropped without a read; $x is a constant binding of the initial value")
    func writesBeforeInstallAreDropped() {
        let view = PairView()
        let before = standInCounters
        view.pair.first = 4
        #expect(view.pair.first == 0)
        let constant = view.$pair
        constant.wrappedValue.first = 5
        #expect(view.pair.first == 0)
        #expect(constant.wrappedValue.first == 0)
        #expect(standInCounters.since(before).invalidations == 0)
    }
}
