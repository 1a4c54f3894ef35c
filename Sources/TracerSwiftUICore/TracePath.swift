/// A view path scope set by the user (`Screen/List/Row[3]`): a traced body inside it is named
/// `scope/TypeName` instead of its type name alone.
public struct TracePath: Sendable, Hashable, CustomStringConvertible {
    /// The path's segments joined by `/`; empty for no scope.
    public let text: String

    /// No scope: traced bodies are named by their type.
    public static let none = TracePath(text: "")

    private init(text: String) { self.text = text }

    /// This path with `segment` appended (`Row[3]`, `List`); `/` in a segment is replaced by `:`,
    /// so that it stays one flame-graph frame.
    public func appending(_ segment: String) -> TracePath {
        let segment = segment.replacing("/", with: ":")
        return TracePath(text: text.isEmpty ? segment : text + "/" + segment)
    }

    public var description: String { text }
}
