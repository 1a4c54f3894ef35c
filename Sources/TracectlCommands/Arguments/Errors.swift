/// The process exit status of `tracectl`: one of its own three, or a recorded child's.
struct ExitStatus: RawRepresentable, Equatable, Sendable {
    var rawValue: Int32

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// Success (warnings allowed).
    static let success = ExitStatus(rawValue: 0)
    /// A budget was exceeded (`check`), or a command's own failure criterion was met.
    static let failure = ExitStatus(rawValue: 1)
    /// Bad input (an unreadable or invalid trace or budget file) or a usage error.
    static let badInput = ExitStatus(rawValue: 2)
}

/// A command line that does not fit the subcommand: printed as `Error: …` plus usage.
struct UsageError: Error, Sendable {
    var message: String
    /// The subcommand whose usage to show; nil for the top level.
    var command: String?

    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }
}

/// A failure with a message for standard error: `tracectl: error: MESSAGE`.
///
/// For input errors the message starts with the position, `FILE:LINE:COL: …`.
struct CommandError: Error, Sendable {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus = .badInput) {
        self.message = message
        self.status = status
    }
}
