#if canImport(SwiftUI)
import SwiftUI
import TracerSwiftUICore

/// The environment key of the view path scope traced bodies are named under.
private struct TracePathKey: EnvironmentKey {
    static let defaultValue = TracePath.none
}

extension EnvironmentValues {
    /// The view path scope set by the enclosing `traceScope(_:)` modifiers (`Screen/List/Row[3]`).
    public var tracePath: TracePath {
        get { self[TracePathKey.self] }
        set { self[TracePathKey.self] = newValue }
    }
}

extension View {
    /// Appends `segment` to the trace path scope of this view's content: a view that reads
    /// `@Environment(\.tracePath)` and passes it to `traced(scope:)` is named under it.
    ///
    /// Opt-in: without scopes, traced bodies are named by their type alone. Safe from any isolation
    /// (`nonisolated`, as SwiftUI's own modifiers).
    nonisolated public func traceScope(_ segment: String) -> some View {
        transformEnvironment(\.tracePath) { $0 = $0.appending(segment) }
    }
}
#endif
