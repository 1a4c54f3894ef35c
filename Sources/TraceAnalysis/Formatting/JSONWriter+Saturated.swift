import TraceSupport

extension JSONWriter {
    /// `"saturated":true` when `saturated`, else nothing: the figure before it is a body-time
    /// total that reached `Int64.max` ns (the `tracectl report` article, "Body time beyond 292 years").
    mutating func saturated(_ saturated: Bool) {
        guard saturated else { return }
        key("saturated")
        bool(true)
    }
}
