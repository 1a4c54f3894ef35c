import SwiftUI
import Testing
import TracerSwiftUI
import TracerSwiftUICore

/// Compile probes: a view holding a traced wrapper is built from nonisolated code and inside
/// `Task.detached`, as one holding `@State` or `@StateObject` is (this file compiles with warnings
/// as errors only if every traced wrapper's init is as isolated as the wrapper it replaces).
nonisolated func viewsBuiltFromNonisolatedCode() -> Int {
    let counter = Counter()
    let scroller = Scroller()
    let gauge = Knob()
    return [counter.tracedDeclarations, scroller.tracedDeclarations, gauge.tracedDeclarations].reduce(0, +)
}

extension View {
    /// How many traced properties the view declares.
    nonisolated var tracedDeclarations: Int {
        Mirror(reflecting: self).children.count { $0.value is any TracedProperty }
    }
}

@Suite struct IsolationProbes {
    @Test("views with every traced wrapper are built from nonisolated code and in Task.detached")
    func nonisolatedConstruction() async {
        #expect(viewsBuiltFromNonisolatedCode() == 3)
        let detached = await Task.detached { viewsBuiltFromNonisolatedCode() }.value
        #expect(detached == 3)
    }

    @Test("TracedState is Sendable when its value is, as State is")
    func sendableWhereTheValueIs() {
        let state = TracedState(wrappedValue: 1)
        #expect(isSendable(state))
    }
}

/// True: compiles only when `value` is `Sendable`.
func isSendable<T: Sendable>(_ value: T) -> Bool { true }
