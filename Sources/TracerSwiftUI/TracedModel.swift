#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI
import TracerSwiftUICore

extension View {
    /// Records each change `model` announces (`objectWillChange`) as a `write` of the model's type
    /// (`prop` `objectWillChange`, `wrapper` `Published`).
    ///
    /// NB: `objectWillChange` does not say which property changed, so the write names the model.
    public func tracedChanges<Model: ObservableObject>(of model: Model) -> some View {
        onReceive(model.objectWillChange) { _ in
            SwiftUITrace.session?.recordModelChange(of: model, property: "objectWillChange", wrapper: .published)
        }
    }
}
#endif
