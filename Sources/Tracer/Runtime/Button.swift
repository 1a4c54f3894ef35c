/// A button with a title; a scenario taps it with `ViewGraph.tap(buttonTitled:)`.
public struct Button: PrimitiveView {
    /// The visible title.
    public let title: String
    /// What a tap does.
    public let action: () -> Void

    /// A button titled `title` that runs `action` when tapped.
    public init(_ title: String, action: @escaping () -> Void) {
        self.title = title
        self.action = action
    }

    static var segmentName: String { "Button" }
    /// NB: the action is a new closure on every evaluation; it is not visible output, so only
    /// the title counts.
    var attributes: String { title }
}
