import SwiftUI
import TracerSwiftUI

// Tracer in Debug builds only. The app target defines the compilation condition `TRACER` for
// Debug (Xcode: Build Settings ▸ Active Compilation Conditions; a manifest:
// `.define("TRACER", .when(configuration: .debug))`); without it, these declarations of the
// app's own module shadow Tracer's, so a Release build runs SwiftUI's `@State` and plain bodies
// with no Tracer code in them. Only `@TracedViewStorage`, which has no SwiftUI twin, stays.
#if !TRACER
/// Without `TRACER`: `@TracedState` is SwiftUI's `@State`.
typealias TracedState<Value> = State<Value>

/// Without `TRACER`: what `@TracedState(values:)` is given, which nothing records.
enum ValueRecording { case allowedTypes, recorded }

extension State {
    /// Without `TRACER`: `@TracedState(name:values:)`, either given or both, is `@State`; the
    /// name and the values setting are dropped.
    init(wrappedValue: Value, name: StaticString? = nil, values: ValueRecording = .allowedTypes) {
        self.init(wrappedValue: wrappedValue)
    }
}

extension View {
    /// Without `TRACER`: the body's content, run as a plain body would run it.
    func traced<Content: View>(_ label: @autoclosure () -> String? = nil, @ViewBuilder content: () -> Content) -> Content {
        content()
    }

    /// Without `TRACER`: the view itself.
    func tracedChanges<Model: ObservableObject>(of model: Model) -> Self { self }
}

/// Without `TRACER`: a mark nothing records.
func traceMark(_ name: String) {}
#endif
