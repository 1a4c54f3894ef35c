/// How a `Stack` lays out its children, and whether it is lazy.
public protocol StackLayout {
    /// The stack's name in view paths.
    static var name: String { get }
    /// Whether only the children inside the viewport get nodes.
    static var isLazy: Bool { get }
}

/// Children one above the other.
public enum VerticalLayout: StackLayout {
    public static var name: String { "VStack" }
    public static var isLazy: Bool { false }
}

/// Children side by side.
public enum HorizontalLayout: StackLayout {
    public static var name: String { "HStack" }
    public static var isLazy: Bool { false }
}

/// Children on top of each other.
public enum DepthLayout: StackLayout {
    public static var name: String { "ZStack" }
    public static var isLazy: Bool { false }
}

/// Children one above the other, materialised only inside the viewport.
public enum LazyVerticalLayout: StackLayout {
    public static var name: String { "LazyVStack" }
    public static var isLazy: Bool { true }
}

/// Children side by side, materialised only inside the viewport.
public enum LazyHorizontalLayout: StackLayout {
    public static var name: String { "LazyHStack" }
    public static var isLazy: Bool { true }
}

/// A stack of children; `VStack`, `HStack`, `ZStack`, `LazyVStack` and `LazyHStack` are its
/// layouts.
///
/// A lazy stack gives nodes only to the rows inside its viewport (`ViewGraph.setViewport`):
/// a row scrolled out is unmounted with its state, and mounted afresh when it comes back.
public struct Stack<Layout: StackLayout, Content: View>: PrimitiveView {
    /// The children's alignment.
    public let alignment: Alignment
    /// The space between children.
    public let spacing: Double?
    let content: Content

    /// A stack of the views `content` builds.
    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    static var segmentName: String { Layout.name }

    struct Attributes: Equatable {
        var alignment: Alignment
        var spacing: Double?
    }

    var attributes: Attributes { Attributes(alignment: alignment, spacing: spacing) }
    var childContent: (any View)? { content }
    var isLazy: Bool { Layout.isLazy }
}

/// Children one above the other.
public typealias VStack<Content: View> = Stack<VerticalLayout, Content>
/// Children side by side.
public typealias HStack<Content: View> = Stack<HorizontalLayout, Content>
/// Children on top of each other.
public typealias ZStack<Content: View> = Stack<DepthLayout, Content>
/// A vertical stack that materialises only the rows inside its viewport.
public typealias LazyVStack<Content: View> = Stack<LazyVerticalLayout, Content>
/// A horizontal stack that materialises only the rows inside its viewport.
public typealias LazyHStack<Content: View> = Stack<LazyHorizontalLayout, Content>
