/// A view with no content.
public struct EmptyView: BuiltinView, StructuralView {
    /// Nothing.
    public init() {}

    func contribute(to list: inout ChildList, at position: UInt64) {}
}
