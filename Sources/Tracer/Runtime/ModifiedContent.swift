/// A view with a modifier applied; the modifier goes to each child node the content produces.
public struct ModifiedContent<Content: View, Modifier>: BuiltinView, StructuralView {
    let content: Content
    let modifier: Modifier

    func contribute(to list: inout ChildList, at position: UInt64) {
        if let modifier = modifier as? any NodeModifier {
            list.add(content, modifiedBy: modifier, at: position)
        } else {
            list.add(content, at: position)
        }
    }
}

/// A modifier the runtime attaches to a child node: an output attribute, or a handler with
/// per-node state (a subscription, a previous value, a "has appeared" flag).
protocol NodeModifier {
    /// Whether the modifier is an output attribute (counted in `changed`), not a handler.
    var isAttribute: Bool { get }

    /// For an output attribute: whether `previous` (the modifier in the same place last time)
    /// had the same value. Nil for handlers, which are not output.
    func isSameAttribute(as previous: any NodeModifier) -> Bool?

    /// Brings the node's state for this modifier up to date after the node got a new value.
    func update(_ context: inout ModifierContext)

    /// Whether it sets environment values (an `EnvironmentModifier`): asked of every modifier
    /// on every reconciliation, cheaper than a cast.
    var setsEnvironment: Bool { get }
}

extension NodeModifier {
    var isAttribute: Bool { false }
    var setsEnvironment: Bool { false }
    func isSameAttribute(as previous: any NodeModifier) -> Bool? { nil }
    func update(_ context: inout ModifierContext) {}
}

/// The names of output attributes.
enum AttributeName: Sendable {
    case opacity, navigationBarHidden, frame, padding, tag
}

/// An output attribute (`.opacity`, `.background`, `.frame`, …): counted in `changed` when it
/// differs from the previous evaluation's.
struct AttributeModifier<Value>: NodeModifier {
    let name: AttributeName
    let value: Value

    var isAttribute: Bool { true }

    func isSameAttribute(as previous: any NodeModifier) -> Bool? {
        guard let previous = previous as? Self, previous.name == name else { return false }
        return ValueComparison.sameInput(value, previous.value)
    }
}

/// `.background` and `.overlay`: content drawn behind or over a view. The content gets nodes of
/// its own beside the view (see `ChildList`); the modifier itself is an attribute of the view,
/// its layer and alignment.
struct DecorationModifier: AttachedContentModifier {
    enum Layer: UInt64 { case background = 1, overlay = 2 }

    let layer: Layer
    let alignment: Alignment
    let content: any View

    var isAttribute: Bool { true }
    var attachedContent: (any View)? { content }
    var attachmentLayer: UInt64 { layer.rawValue }

    func isSameAttribute(as previous: any NodeModifier) -> Bool? {
        guard let previous = previous as? Self else { return false }
        return previous.layer == layer && previous.alignment == alignment
    }
}

/// A modifier whose content is drawn with the view it modifies, as children of their own beside
/// it (see `ChildList`).
protocol AttachedContentModifier: NodeModifier {
    /// The content; nil when there is none now (a sheet not presented).
    var attachedContent: (any View)? { get }
    /// Tells the attachments of one view apart.
    var attachmentLayer: UInt64 { get }
}

/// Gives its content an explicit identity: a new id is a new node, with fresh state.
struct IdentifiedView<Content: View, ID: Hashable>: BuiltinView, StructuralView {
    let content: Content
    let id: ID

    func contribute(to list: inout ChildList, at position: UInt64) {
        list.add(content, id: AnyHashable(id), mixingPosition: false, at: position)
    }
}
