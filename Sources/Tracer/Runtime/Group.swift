/// Groups children without adding a node: modifiers on a group apply to each child.
public struct Group<Content: View>: BuiltinView, StructuralView {
    let content: Content

    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    func contribute(to list: inout ChildList, at position: UInt64) {
        list.add(content, at: position)
    }
}
