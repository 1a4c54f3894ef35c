#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI
import TracerSwiftUICore

extension View {
    /// Records each change `model` announces (`objectWillChange`) as a `write` of the model's type
    /// (`prop` `objectWillChange`, `wrapper` `Published`).
    ///
    /// Safe from any isolation: `nonisolated`, so the action is not main-actor isolated, and a model
    /// that publishes off the main thread is recorded there (the recorder is thread-safe).
    ///
    /// NB: `objectWillChange` does not say which property changed, so the write names the model.
    /// Disfavoured, as `traced` is, so that an app's own `tracedChanges(of:)` wins.
    @_disfavoredOverload
    nonisolated public func tracedChanges<Model: ObservableObject>(of model: Model) -> some View {
        onReceive(model.objectWillChange) { _ in
            SwiftUITrace.session?.recordModelChange(of: model, property: "objectWillChange", wrapper: .published)
        }
    }
}
#endif
