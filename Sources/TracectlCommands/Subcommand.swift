/// One `tracectl` subcommand: its spec and what it does with parsed arguments.
protocol Subcommand: Sendable {
    /// Name, arguments, options and help text.
    static var spec: CommandSpec { get }
    /// Runs the command; throws `UsageError` or `CommandError` for the caller to print.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus
}
