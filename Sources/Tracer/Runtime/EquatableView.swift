/// A view compared with its previous value by its own `==`, instead of field by field, to decide
/// whether its body runs (SwiftUI's `EquatableView`; `.equatable()` makes one). It adds no node:
/// the path names its content.
public struct EquatableView<Content: View & Equatable>: BuiltinView, StructuralView {
    /// The view compared by `==`.
    public var content: Content

    /// Wraps `content`.
    public init(content: Content) { self.content = content }

    func contribute(to list: inout ChildList, at position: UInt64) {
        list.add(content, comparedByEquality: true, at: position)
    }
}

extension View where Self: Equatable {
    /// Compares the view with its previous value by its `==` to decide whether its body runs;
    /// without it a view is compared field by field, whatever its `==` says.
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
