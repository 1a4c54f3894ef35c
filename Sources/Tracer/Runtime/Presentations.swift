/// A container for a navigation hierarchy: its root, and a destination pushed with
/// `.navigationDestination(isPresented:)` or a `NavigationLink` (the root stays mounted).
public struct NavigationStack<Root: View>: PrimitiveView {
    let root: Root

    /// A stack whose root is the view `root` builds.
    public init(@ViewBuilder root: () -> Root) { self.root = root() }

    static var segmentName: String { "NavigationStack" }
    var attributes: Bool { true }
    var childContent: (any View)? { root }
}

/// A button that pushes `destination` when tapped (`ViewGraph.tap(buttonTitled:)`); popping
/// (`ViewGraph.pop()`) unmounts it.
public struct NavigationLink<Destination: View>: View {
    let title: String
    let destination: Destination
    @State private var isActive = false

    /// A link titled `title` to the view `destination` builds.
    public init(_ title: String, @ViewBuilder destination: () -> Destination) {
        self.title = title
        self.destination = destination()
    }

    public var body: some View {
        Button(title) { isActive = true }
            .navigationDestination(isPresented: $isActive) { destination }
    }
}

/// `.navigationDestination(isPresented:)` and `.sheet(isPresented:)`: content mounted beside the
/// view while the binding is true, unmounted when it turns false.
///
/// NB: whether it is presented is read when the body makes the modifier, so the view declaring
/// it depends on the binding's value as a body reading it does. `content` runs only while
/// presented, each time the view declaring it is reconciled: a sheet's builder (`@escaping` in
/// SwiftUI, which stores it) never runs while hidden; a destination's (non-escaping) ran when the
/// body made the modifier, and `content` returns what it built.
struct PresentationModifier: AttachedContentModifier {
    enum Kind: UInt64 {
        case navigationDestination = 3, sheet = 4
    }

    let kind: Kind
    let isPresented: Binding<Bool>
    let presented: Bool
    let content: () -> any View
    let onDismiss: (() -> Void)?

    init(_ kind: Kind, isPresented: Binding<Bool>, content: @escaping () -> any View, onDismiss: (() -> Void)? = nil) {
        self.kind = kind
        self.isPresented = isPresented
        presented = isPresented.wrappedValue
        self.content = content
        self.onDismiss = onDismiss
    }

    var isAttribute: Bool { true }
    var attachedContent: (any View)? { presented ? content() : nil }
    var attachmentLayer: UInt64 { kind.rawValue }

    func isSameAttribute(as previous: any NodeModifier) -> Bool? {
        guard let previous = previous as? Self else { return false }
        return previous.kind == kind && previous.presented == presented
    }

    /// Whether it was presented at the node's previous value.
    final class State {
        var presented: Bool
        init(presented: Bool) { self.presented = presented }
    }

    /// Runs `onDismiss` after the update in which the content went away.
    func update(_ context: inout ModifierContext) {
        guard let state = context.state as? State else {
            context.state = State(presented: presented)
            return
        }
        defer { state.presented = presented }
        if state.presented, !presented, let onDismiss { context.afterUpdate(onDismiss) }
    }
}

extension View {
    /// Pushes the view `destination` builds onto the enclosing navigation stack while
    /// `isPresented` is true; it is unmounted (with its state) when it turns false.
    ///
    /// `destination` runs with the body declaring it, presented or not: SwiftUI takes it
    /// non-escaping, so it cannot keep it for later.
    public func navigationDestination<Destination: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> Destination
    ) -> some View {
        let built = destination()
        return modifier(PresentationModifier(.navigationDestination, isPresented: isPresented, content: { built }))
    }

    /// Presents the view `content` builds as a sheet while `isPresented` is true; it is unmounted
    /// (with its state) when it turns false, and `onDismiss` runs after that update.
    ///
    /// `content` is kept and runs only while the sheet is presented (when it appears and when the
    /// view declaring it is evaluated again), never while it is hidden.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(PresentationModifier(.sheet, isPresented: isPresented, content: content, onDismiss: onDismiss))
    }
}
