// Stand-in for Apple's SwiftUI, for compiling and testing TracerSwiftUI on Linux only: the
// declarations the adapter and its example use, with the documented signatures (isolation,
// `Sendable`, closure types, availability as Xcode 16+ SDKs declare them), implemented minimally.
// Each declaration names its documentation page and how sure the signature is. It makes no claim
// about SwiftUI's update behaviour: nothing here re-evaluates a body.
//
// NB: compiled in the Swift 5 language mode, as Apple's SwiftUI and Combine are: a Swift 6 client
// then gets the dynamic isolation checks it gets from the real SDK (a main-actor closure handed to
// this module and called off the main thread traps).

/// A type that represents part of your app's user interface.
///
/// https://developer.apple.com/documentation/swiftui/view — sure: `@MainActor @preconcurrency`
/// (the page; a type conforming in its declaration inherits the isolation), iOS 13 / macOS 10.15.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — sure.
    @ViewBuilder @MainActor @preconcurrency
    var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the stand-in builds but never renders: what primitives and modifiers return.
public struct StandInView: View {
    public typealias Body = Never
    public var body: Never { fatalError("a stand-in view has no body") }
    nonisolated init() {}
}

/// An interface for a stored variable that updates an external property of a view.
///
/// https://developer.apple.com/documentation/swiftui/dynamicproperty — sure: `mutating func
/// update()` with a default implementation, not isolated (the `update()` page).
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A custom parameter attribute that constructs views from closures.
///
/// https://developer.apple.com/documentation/swiftui/viewbuilder — sure of the attribute; the
/// stand-in has the `build…` methods the adapter and example need (variadic `buildBlock` as
/// iOS 17+ SDKs declare it), `@_alwaysEmitIntoClient` as Apple's interface declares them (fairly
/// sure: quoted so in public code), so that a body's builder calls are inlined into it.
@resultBuilder
public struct ViewBuilder {
    @_alwaysEmitIntoClient public static func buildBlock() -> EmptyView { EmptyView() }
    @_alwaysEmitIntoClient public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    @_alwaysEmitIntoClient public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    @_alwaysEmitIntoClient public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    @_alwaysEmitIntoClient public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    @_alwaysEmitIntoClient public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    @_alwaysEmitIntoClient public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

/// https://developer.apple.com/documentation/swift/optional (SwiftUI: Optional conforms to View
/// when Wrapped does).
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional has no body") }
}

/// A view that doesn't contain any content.
///
/// https://developer.apple.com/documentation/swiftui/emptyview — sure: `nonisolated init()`.
public struct EmptyView: View {
    public typealias Body = Never
    nonisolated public init() {}
    public var body: Never { fatalError("EmptyView has no body") }
}

/// A View created from a swift tuple of View values (the stand-in keeps none of them).
///
/// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
    public typealias Body = Never
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError("TupleView has no body") }
}

/// Content representing one of two possible children (the stand-in keeps neither).
///
/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    @usableFromInline nonisolated init() {}
    public typealias Body = Never
    public var body: Never { fatalError("_ConditionalContent has no body") }
}
