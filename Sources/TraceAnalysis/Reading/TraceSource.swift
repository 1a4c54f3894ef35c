/// Where a trace is read from: a file path or standard input.
public enum TraceSource: Sendable, Hashable {
    /// A file at a path.
    case file(String)
    /// The process's standard input.
    case standardInput

    /// The source a command-line argument names: `-` is standard input, anything else a path.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name diagnostics use: the path, or `<stdin>`.
    public var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "<stdin>"
        }
    }
}
