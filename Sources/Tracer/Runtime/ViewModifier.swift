/// A modifier you write: a `body` that wraps the content it is applied to, like SwiftUI's.
///
/// Applied with `.modifier(_:)`, it is a view of its own in the graph, named by the modifier's
/// type: its dynamic properties (`@State`, …) live in its node, its body runs when they change or
/// when it gets different inputs, and the content it wraps is compared and skipped like any child.
public protocol ViewModifier {
    /// The type of view the modifier's body produces.
    associatedtype Body: View

    /// The content the modifier is applied to, as it appears in `body(content:)`.
    typealias Content = ViewModifierContent

    /// The modified view: `content` with whatever the modifier adds around it.
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` is applied to: stands for it in `body(content:)`.
public struct ViewModifierContent: BuiltinView, StructuralView {
    let content: any View

    func contribute(to list: inout ChildList, at position: UInt64) {
        list.add(content, at: position)
    }
}

/// A view with a `ViewModifier` applied: the modifier's body around the content.
struct ModifiedView<Content: View, Modifier: ViewModifier>: View, SegmentNamed {
    let content: Content
    let properties: ModifierProperties<Modifier>

    var body: Modifier.Body { properties.modifier.body(content: ViewModifierContent(content: content)) }

    static var segmentName: String { String(String(describing: Modifier.self).prefix { $0 != "<" }) }
}

/// Holds a modifier so that the graph installs the dynamic properties it declares.
struct ModifierProperties<Modifier>: DynamicProperty, CustomReflectable {
    let modifier: Modifier

    /// NB: reflects as the modifier itself, so that installing finds its wrappers by their labels.
    var customMirror: Mirror { Mirror(reflecting: modifier) }
}

/// A view type that names its node's path segment itself.
protocol SegmentNamed {
    /// The path segment of the view's node.
    static var segmentName: String { get }
}

extension View {
    /// Applies `modifier`: the view becomes the content of the modifier's body.
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> some View {
        ModifiedView(content: self, properties: ModifierProperties(modifier: modifier))
    }
}

/// A type-erased view: its content's identity is its dynamic type, so wrapping a view of another
/// type replaces the old one (and its state), as SwiftUI's `AnyView` does.
public struct AnyView: BuiltinView, StructuralView {
    let content: any View

    /// Erases the type of `view`.
    public init<Content: View>(_ view: Content) { content = view }

    /// Erases the type of `view`.
    public init<Content: View>(erasing view: Content) { content = view }

    func contribute(to list: inout ChildList, at position: UInt64) {
        list.add(content, at: position)
    }
}
