/// A capture that could not start or could not write: a message for standard error.
public struct CaptureError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, without a `tracectl: error:` prefix.
    public var message: String
    /// Whether the request itself was wrong (a bad, refused or taken address, a program that cannot be run), not the system.
    public var isUsage: Bool

    /// An error with `message`.
    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }

    public var description: String { message }
}
