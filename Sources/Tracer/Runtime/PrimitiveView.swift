/// A built-in view that is a node of its own (a leaf or a container), as opposed to a
/// structural view that only adds children to its parent.
protocol PrimitiveView: BuiltinView {
    /// What the view compares between evaluations (its own output, not its content).
    associatedtype Attributes: Equatable

    /// The path segment of the view's node (`VStack`, not `Stack<VerticalLayout, …>`).
    static var segmentName: String { get }

    /// The view's own attributes.
    var attributes: Attributes { get }

    /// The children, for containers.
    var childContent: (any View)? { get }

    /// Whether only the children inside the node's viewport get nodes.
    var isLazy: Bool { get }
}

extension PrimitiveView {
    var childContent: (any View)? { nil }
    var isLazy: Bool { false }

    /// Whether `previous` (this view's earlier value) had the same attributes.
    func hasSameAttributes(as previous: any View) -> Bool {
        guard let previous = previous as? Self else { return false }
        return attributes == previous.attributes
    }
}

/// A layout axis.
public enum Axis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// How content is aligned within its frame.
public enum Alignment: Sendable, Hashable {
    /// Where content is placed in its frame, as SwiftUI's alignments.
    case center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing
}

/// Edges of a rectangle, for padding.
public enum Edge: Sendable, Hashable {
    /// One edge of a rectangle.
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}
