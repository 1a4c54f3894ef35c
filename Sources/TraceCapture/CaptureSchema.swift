/// The names a listener adds to the lines it merges from several connections.
public enum CaptureSchema {
    /// The field naming the connection an event came from (1, 2, … in order of acceptance).
    public static let connectionField = "conn"
    /// The kind of the line that stands for a connection's own `meta` header: it carries that
    /// header's fields (`schema`, `tool`, `scenario`, `variant`, `pid`) and `conn`.
    public static let connectionKind = "connection"
}
