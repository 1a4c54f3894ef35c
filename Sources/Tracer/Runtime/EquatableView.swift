/// A view compared with its previous value by its own `==`, whatever it holds, to decide whether
/// its body runs (SwiftUI's `EquatableView`; `.equatable()` makes one). It adds no node: the path
/// names its content.
///
/// NB: without it, an `Equatable` view holding anything but plain data (a `String`, a closure,
/// `@State`) is compared by its `==` too; a plain one (only numbers, `Bool`s, …) by its bytes,
/// whatever its `==` says. See `ValueComparison.sameInput`.
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
    /// Compares the view with its previous value by its `==` to decide whether its body runs,
    /// also when the view holds only plain data (which is otherwise compared by its bytes).
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
