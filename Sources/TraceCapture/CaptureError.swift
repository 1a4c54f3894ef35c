/// A capture that could not start or could not write: a message for standard error.
package struct CaptureError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, without a `tracectl: error:` prefix.
    package var message: String
    /// Whether the request itself was wrong (a bad, refused or taken address, a program that cannot be run), not the system.
    package var isUsage: Bool

    /// An error with `message`.
    package init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }

    package var description: String { message }
}
