/// A view that displays one or more lines of read-only text.
///
/// https://developer.apple.com/documentation/swiftui/text — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
public struct Text: View {
    public typealias Body = Never

    /// Creates a text view that displays a stored string without localization.
    nonisolated public init<S: StringProtocol>(_ content: S) {}

    public var body: Never { fatalError("Text has no body") }
}

/// A scrollable view.
///
/// https://developer.apple.com/documentation/swiftui/scrollview — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
public struct ScrollView<Content: View>: View {
    public typealias Body = Never

    /// Creates a new instance that's scrollable in the direction of the given axis.
    nonisolated public init(@ViewBuilder content: () -> Content) { _ = content() }

    public var body: Never { fatalError("ScrollView has no body") }
}

/// A view that arranges its children in a line that grows vertically, creating items only as
/// needed.
///
/// https://developer.apple.com/documentation/swiftui/lazyvstack — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
@available(iOS 14.0, macOS 11.0, *)
public struct LazyVStack<Content: View>: View {
    public typealias Body = Never

    /// Creates a lazy vertical stack view.
    nonisolated public init(@ViewBuilder content: () -> Content) { _ = content() }

    public var body: Never { fatalError("LazyVStack has no body") }
}

/// A structure that computes views on demand from an underlying collection of identified data.
///
/// https://developer.apple.com/documentation/swiftui/foreach — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public typealias Body = Never

    /// Creates an instance that computes views on demand over a given constant range.
    nonisolated public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int {}

    public var body: Never { fatalError("ForEach has no body") }
}

/// A type-erased list of data representing the content of a navigation stack.
///
/// https://developer.apple.com/documentation/swiftui/navigationpath
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationPath {
    public init() {}
}

/// A view that displays a root view and enables you to present additional views over the root.
///
/// https://developer.apple.com/documentation/swiftui/navigationstack — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never

    /// Creates a navigation stack that manages its own navigation state.
    nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { _ = root() }

    public var body: Never { fatalError("NavigationStack has no body") }
}
