import TraceSupport

extension JSONWriter {
    /// `"saturated":true` when `saturated`, else nothing: the figure before it is a body-time
    /// total that reached `Int64.max` ns (the `tracectl report` article, "Body time beyond 292 years").
    mutating func saturated(_ saturated: Bool) {
        guard saturated else { return }
        key("saturated")
        bool(true)
    }

    /// A body time, `ns`, of evaluations of which `timed` had a duration (`untimed` none): `null`
    /// when there were evaluations and none was timed, never 0 (see `Formatting.bodyTime`).
    mutating func bodyTime(_ ns: Int64, timed: Int, untimed: Int) {
        if timed == 0 && untimed > 0 { null() } else { number(ns) }
    }
}
