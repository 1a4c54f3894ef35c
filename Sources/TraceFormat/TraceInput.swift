/// Where a trace is read from: a file path, standard input, or bytes in memory.
public enum TraceInput: Sendable, Hashable {
    /// A file at a path.
    case file(String)
    /// The process's standard input.
    case standardInput
    /// A whole trace in memory (e.g. what a `MemorySink` collected), called `name` in diagnostics.
    case bytes([UInt8], name: String)

    /// The source a command-line argument names: `-` is standard input, anything else a path.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name diagnostics use: the path, or `<stdin>`.
    public var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "<stdin>"
        case .bytes(_, let name): return name
        }
    }
}
