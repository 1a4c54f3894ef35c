/// A piece of user interface: a value whose `body` describes its content.
///
/// Views are cheap values, re-created every time their parent's `body` runs; a `ViewGraph` keeps
/// one node per view identity, with the view's state, across those re-creations.
public protocol View {
    /// The type of view this view's body produces (`Never` for primitives).
    associatedtype Body: View

    /// The content of this view, evaluated by the graph when the view is new, invalidated or
    /// given different inputs.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Primitives have no body; the graph never asks for it.
    public var body: Never { fatalError("Never has no body") }
}

/// A view built into the runtime (a leaf, container or structural view): it has no `body`.
///
/// NB: the runtime treats these views by what they contribute to their parent (see
/// `StructuralView`) or as nodes of their own with attributes and content (see `PrimitiveNodeView`).
protocol BuiltinView: View where Body == Never {}

extension BuiltinView {
    /// Built-in views have no body.
    public var body: Never { fatalError("\(Self.self) is built in and has no body") }
}
