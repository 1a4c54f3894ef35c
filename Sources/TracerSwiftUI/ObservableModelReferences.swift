#if canImport(SwiftUI)
import Observation
import SwiftUI
import TracerCore

/// A `@State` holding an `@Observable` model refers to the model SwiftUI keeps for the view, which
/// names the properties an `@Observable` write changed (`TRACER_OBSERVED_PROPERTIES=1`).
///
/// NB: the view value's own stored initial value is a new object whenever its parent makes the
/// view again; `wrappedValue` is the installed one.
extension State: ObservableModelReference where Value: AnyObject & Observable {
    /// The model's type name.
    package var observableModelName: String? { String(describing: Value.self) }
    /// The model the view's state holds now.
    package var observableModel: AnyObject? { wrappedValue }
}
#endif
