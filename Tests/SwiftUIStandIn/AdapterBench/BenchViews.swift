import Observation
import SwiftUI
import TracerSwiftUI

/// A counter in `@TracedState`, with a traced body: what the app writes and reads with Tracer.
struct TracedCounter: View {
    @TracedState var count = 0

    var body: some View {
        traced { Text(count.isMultiple(of: 2) ? "even" : "odd") }
    }
}

/// The untraced twin of `TracedCounter`: `@State` and a plain body.
struct PlainCounter: View {
    @State var count = 0

    var body: some View {
        Text(count.isMultiple(of: 2) ? "even" : "odd")
    }
}

/// A row whose traced body is named per instance (`Row[3]`).
struct TracedRow: View {
    let index: Int

    var body: some View {
        traced("Row[\(index)]") { Text(index.isMultiple(of: 2) ? "even" : "odd") }
    }
}

/// The untraced twin of `TracedRow`.
struct PlainRow: View {
    let index: Int

    var body: some View {
        Text(index.isMultiple(of: 2) ? "even" : "odd")
    }
}

/// An offset in `@TracedViewStorage`.
struct TracedScroller: View {
    @TracedViewStorage var offset = 0.0

    var body: some View { Text("") }
}

/// The untraced twin of `TracedScroller`: the same storage shape without Tracer, a box held in
/// `@State` whose binding is made once.
struct PlainScroller: View {
    @State var box = PlainBox(0.0)

    var body: some View { Text("") }
}

/// A value kept by SwiftUI for a view's lifetime, whose writes redraw nothing.
///
/// NB: generic, as `TracedViewStorage`'s box is: the Swift 6.3 compiler crashes emitting the
/// `@isolated(any)` thunk of a `Binding<Double>` made from main-actor closures in a concrete type.
@MainActor final class PlainBox<Value> {
    var value: Value
    private var made: Binding<Value>?

    init(_ value: Value) { self.value = value }

    /// A binding that writes the box, made on the first access.
    var binding: Binding<Value> {
        if let made { return made }
        let binding = Binding(get: { @MainActor in self.value }, set: { @MainActor in self.value = $0 })
        made = binding
        return binding
    }
}

/// A model a body reads.
@Observable final class Model {
    var value = 0
}

/// A view whose traced body reads an `@Observable` model.
struct TracedModelView: View {
    let model: Model

    var body: some View {
        traced { Text(model.value.isMultiple(of: 2) ? "even" : "odd") }
    }
}

/// The untraced twin of `TracedModelView`.
struct PlainModelView: View {
    let model: Model

    var body: some View {
        Text(model.value.isMultiple(of: 2) ? "even" : "odd")
    }
}
