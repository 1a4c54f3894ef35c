/// What reading one range of a split trace yields: figures keyed by names, which combine in file order.
protocol RangePartial: Sendable {
    /// Events whose `cause` lies before the range (a chain the split cut): the file is then read
    /// again on one thread.
    var crossingCauses: Int { get set }
    /// Whether the range ends inside a pairing of events that does not go by `cause` (an object
    /// made for a mounted view, awaiting the evaluation it forces): the next range may hold the
    /// rest, and the file is then read again on one thread.
    var endsInsidePairing: Bool { get }
    /// The lines the range held (a later range's diagnostics are shifted by the earlier ones').
    var lineCount: Int { get set }
    /// The reader's warnings, at lines counted from the range's start.
    var warnings: [TraceDiagnostic] { get set }
    /// Lines that were not events.
    var invalidLineCount: Int { get set }
    /// Adds the figures of the range that follows this one.
    mutating func append(_ later: Self)
}

extension RangePartial {
    /// Adds what reading the range that follows this one counted: its warnings (at lines counted
    /// from this range's start), invalid lines, lines and crossing causes.
    ///
    /// NB: call it last in `append`: it moves `lineCount` on.
    mutating func appendReading(of later: Self) {
        warnings += later.warnings.shifted(by: lineCount)
        invalidLineCount += later.invalidLineCount
        lineCount += later.lineCount
        crossingCauses += later.crossingCauses
    }
}

extension [TraceDiagnostic] {
    /// The diagnostics with their lines moved on by `lines` (those of a range that follows
    /// `lines` lines of the file).
    func shifted(by lines: Int) -> [TraceDiagnostic] {
        // NB: line 0 is no position; it stays 0.
        map { var moved = $0; if moved.line > 0 { moved.line += lines }; return moved }
    }
}

extension PartialAggregate: RangePartial {
    /// The aggregate pairs events by `cause` alone.
    var endsInsidePairing: Bool { false }
}
