#if canImport(SwiftUI)
import SwiftUI
import Synchronization
import TracerSwiftUICore

extension View {
    /// Runs `content` at once, inside this view's `body`, and records it as one `body-eval` of
    /// this view with its duration: `var body: some View { traced { … } }`.
    ///
    /// State reads stay in the owner's `body`, so SwiftUI sees the same dependencies. The view is
    /// named `label` or its type name, under `scope` (see `traceScope(_:)`) or under the traced
    /// body it runs inside. The `@Observable` properties `content` reads are tracked as well
    /// (nested in SwiftUI's own tracking, which still sees them): the first mutation of one after
    /// this body is a `write` of the view. Recording off: one load and branch, then `content()`; the label
    /// (`"Row[\(index)]"`) is built only when recording.
    ///
    /// NB: disfavoured, so that an app's own `traced` (README: leaving Tracer out of a Release
    /// build) wins over this one wherever both are visible.
    /// Inlinable, so that the branch and the call of `content` are specialised in the app, as a
    /// plain body is; `scope` is optional so that its default costs nothing with recording off.
    @_disfavoredOverload @inlinable
    public func traced<Content: View>(
        _ label: @autoclosure () -> String? = nil, scope: TracePath? = nil, @ViewBuilder content: () -> Content
    ) -> Content {
        // NB: `_slowPath`: the block layout and register allocation favour the recording-off path,
        // so that the spills the recording call needs are made on its side of the branch.
        guard _slowPath(SwiftUITrace.mayRecord) else { return content() }
        return tracedBody(label, scope: scope, content)
    }

    /// Runs `content` as this view's traced body when a session records, else as it is.
    ///
    /// NB: apart from `traced`, and never inlined, so that the body an app inlines holds only the
    /// recording-off branch (inlinable, so that it is still specialised in the app).
    @inlinable @inline(never)
    func tracedBody<Content: View>(_ label: () -> String?, scope: TracePath?, _ content: () -> Content) -> Content {
        guard let session = SwiftUITrace.session else { return content() }
        return session.recordBody(of: self, label: label(), scope: scope ?? .none, content)
    }
}
#endif
