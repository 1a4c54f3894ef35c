import Foundation

/// A scrollable container; a scenario scrolls it with `ViewGraph.scroll(to:)`, which writes the
/// content-offset binding once per frame.
public struct ScrollView<Content: View>: PrimitiveView {
    /// The scrollable axes.
    public let axes: Axis.Set
    /// Whether scroll indicators show.
    public let showsIndicators: Bool
    /// Where the scroll position is reported; nil when nobody tracks it.
    public let contentOffset: Binding<CGPoint>?
    let content: Content

    /// A scroll view of the views `content` builds, reporting its offset to `contentOffset`.
    public init(
        _ axes: Axis.Set = .vertical, showsIndicators: Bool = true, contentOffset: Binding<CGPoint>? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.contentOffset = contentOffset
        self.content = content()
    }

    static var segmentName: String { "ScrollView" }

    struct Attributes: Equatable {
        var axes: Axis.Set
        var showsIndicators: Bool
    }

    var attributes: Attributes { Attributes(axes: axes, showsIndicators: showsIndicators) }
    var childContent: (any View)? { content }
}

/// A scroll view a driver can move.
protocol ScrollableView {
    /// Whether scrolling writes anything (the view has a content-offset binding).
    var hasOffsetBinding: Bool { get }
    /// Writes `offset` to the content-offset binding; false when it has none.
    func scroll(to offset: CGPoint) -> Bool
}

extension ScrollView: ScrollableView {
    var hasOffsetBinding: Bool { contentOffset != nil }

    func scroll(to offset: CGPoint) -> Bool {
        guard let contentOffset else { return false }
        contentOffset.wrappedValue = offset
        return true
    }
}

