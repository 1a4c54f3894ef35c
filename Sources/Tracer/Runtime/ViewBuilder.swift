/// Builds the content of a `body` from statements: any number of children, `if`/`else`,
/// `if let`, `switch` and availability checks.
@resultBuilder
public enum ViewBuilder {
    /// No children.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// One child, as it is.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Several children, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    /// One expression statement.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else`: the child or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else` (or a `switch` case).
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of an `if`/`else` (or a later `switch` case).
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// Several views side by side, as a `ViewBuilder` block produces them.
public struct TupleView<T>: BuiltinView {
    /// The children, as a tuple.
    public var value: T

    /// A tuple of views.
    public init(_ value: T) { self.value = value }
}

/// One of two views, chosen by an `if`/`else`; each branch has its own identity.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: BuiltinView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    /// Optionals have no body.
    public var body: Never { fatalError("Optional views have no body") }
}
