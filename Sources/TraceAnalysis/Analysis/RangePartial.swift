/// What reading one range of a split trace yields: figures keyed by names, which combine in file order.
protocol RangePartial: Sendable {
    /// Events whose `cause` lies before the range (a chain the split cut): the file is then read
    /// again on one thread.
    var crossingCauses: Int { get }
    /// Whether the range ends inside a pairing of events that does not go by `cause` (an object
    /// made for a mounted view, awaiting the evaluation it forces): the next range may hold the
    /// rest, and the file is then read again on one thread.
    var endsInsidePairing: Bool { get }
    /// The lines the range held (a later range's diagnostics are shifted by the earlier ones').
    var lineCount: Int { get }
    /// Adds the figures of the range that follows this one.
    mutating func append(_ later: Self)
}

extension PartialAggregate: RangePartial {
    /// The aggregate pairs events by `cause` alone.
    var endsInsidePairing: Bool { false }
}
