/// A line of text: a leaf whose output is its string.
public struct Text: PrimitiveView {
    /// The displayed string.
    public let content: String

    /// Text showing `content`.
    public init(_ content: String) { self.content = content }

    /// Text showing `content` as is.
    public init(verbatim content: String) { self.content = content }

    static var segmentName: String { "Text" }
    var attributes: String { content }
}
