import SwiftUI
import TracerSwiftUI

/// How many times each kit view's body ran, by view.
///
/// NB: `@MainActor`: bodies run there.
@MainActor final class BodyCounts {
    static let shared = BodyCounts()
    private(set) var counts: [String: Int] = [:]

    /// Counts one evaluation of `view`'s body.
    func count(_ view: String) { counts[view, default: 0] += 1 }

    /// Forgets every count.
    func reset() { counts = [:] }
}

/// A counter in `@TracedState` whose child shows it: the views whose bodies the kit counts.
struct KitCounter: View {
    @TracedState var count = 0
    /// The negative control: the body also reads `extra`, a dependency the plain counter lacks.
    let readsExtra: Bool
    @TracedState var extra = 0

    var body: some View {
        BodyCounts.shared.count(readsExtra ? "control" : "counter")
        return traced { KitLabel(text: readsExtra ? "\(count) \(extra)" : "\(count)") }
    }
}

/// A child showing a text; its body is counted.
struct KitLabel: View {
    let text: String

    var body: some View {
        BodyCounts.shared.count("label")
        return Text(text)
    }
}

/// A value whose `$x` a child writes and reads, for each kind of value type.
struct KitBound<Value>: View {
    // NB: no initial value: the memberwise init gives it (`KitBound(value:seen:)`).
    @TracedState var value: Value
    /// What the child read on its last evaluation.
    let seen: (Value) -> Void

    var body: some View {
        traced { KitReader(value: $value, seen: seen) }
    }
}

/// A child given a binding, reporting what it reads.
struct KitReader<Value>: View {
    @Binding var value: Value
    /// What the parent's body read besides (so that it evaluates again when that changes).
    var generation = 0
    let seen: (Value) -> Void

    var body: some View {
        seen(value)
        return Text("")
    }
}

/// A `@TracedViewStorage` offset passed down by `$x.binding`, with a `@TracedState` that makes the
/// parent evaluate again.
struct KitStorage: View {
    @TracedViewStorage var offset = 0.0
    @TracedState var generation = 0
    let seen: (Double) -> Void

    var body: some View {
        traced { KitReader(value: $offset.binding, generation: generation, seen: seen) }
    }
}

/// A counter in `@TracedState` whose two children show it: one traced under the counter's scope
/// (`KitScopedCounter/KitScopedLabel`, so that the inference's nested rule links it to the
/// counter's evaluation), one traced by its type alone (the negative control).
struct KitScopedCounter: View {
    @TracedState var count = 0

    var body: some View {
        traced {
            KitScopedLabel(text: "\(count)").traceScope("KitScopedCounter")
            KitUnscopedLabel(text: "\(count)")
        }
    }
}

/// A child traced under the scope its environment gives.
struct KitScopedLabel: View {
    @Environment(\.tracePath) private var tracePath
    let text: String

    var body: some View {
        traced(scope: tracePath) { Text(text) }
    }
}

/// A child traced by its type alone.
struct KitUnscopedLabel: View {
    let text: String

    var body: some View {
        traced { Text(text) }
    }
}
