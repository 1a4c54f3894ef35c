/// One client of `tracectl record --listen`, from the `connection` line that stands for its
/// own `meta` header.
public struct TraceConnection: Sendable, Hashable {
    /// The number the capture tagged the client's lines with (`conn`).
    public var id: Int64
    /// The client's process id, from its header.
    public var pid: Int64?
    /// The client's scenario, from its header.
    public var scenario: String?
    /// The client's variant, from its header.
    public var variant: String?

    /// A connection with the given fields.
    package init(id: Int64, pid: Int64? = nil, scenario: String? = nil, variant: String? = nil) {
        self.id = id
        self.pid = pid
        self.scenario = scenario
        self.variant = variant
    }

    /// `2 (pid 4242, scroll-offset state)`: the number, and what the client's header said.
    public var description: String {
        let name = [scenario, variant].compactMap { $0 }.joined(separator: " ")
        let details = [pid.map { "pid \($0)" }, name.isEmpty ? nil : name].compactMap { $0 }
        return details.isEmpty ? "\(id)" : "\(id) (\(details.joined(separator: ", ")))"
    }
}
