import Tracer

/// A view whose output does not depend on its state: it reads `ticks`, so a tap of Tick
/// re-evaluates it, and builds the same output whatever `ticks` is, so every evaluation after the
/// first is wasted.
public struct TickingView: View {
    @State private var ticks = 0

    /// A view whose ticks start at 0.
    public init() {}

    /// A static text and the Tick button.
    public var body: some View {
        // NB: reads `ticks`, so that a tick re-evaluates it, and builds the same output whatever it is.
        let _ = ticks
        return VStack {
            Text("static")
            Button("Tick") { ticks += 1 }
        }
    }
}
