/// The process exit statuses of `tracectl`.
enum ExitStatus: Int32, Sendable {
    /// Success (warnings allowed).
    case success = 0
    /// A budget was exceeded (`check`), or a command's own failure criterion was met.
    case failure = 1
    /// Bad input (an unreadable or invalid trace or budget file) or a usage error.
    case badInput = 2
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
