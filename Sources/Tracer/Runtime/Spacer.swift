/// Flexible space in a stack.
public struct Spacer: PrimitiveView {
    /// The smallest length the space may take.
    public let minLength: Double?

    /// A spacer of at least `minLength`.
    public init(minLength: Double? = nil) { self.minLength = minLength }

    static var segmentName: String { "Spacer" }
    var attributes: Double? { minLength }
}
