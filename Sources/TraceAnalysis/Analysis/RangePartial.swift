import TraceSupport

/// What reading one range of a trace yields besides its figures: the file and header, the
/// reader's diagnostics, the lines it held and the causes the split cut.
struct RangeReading: Sendable {
    var file: String
    var header: TraceHeader?
    /// The reader's warnings, at lines counted from the range's start.
    var warnings: [TraceDiagnostic] = []
    /// Lines that were not events.
    var invalidLineCount = 0
    /// The lines the range held (a later range's diagnostics are shifted by the earlier ones').
    var lineCount = 0
    /// Events whose `cause` lies before the range (a chain the split cut): the file is then read
    /// again on one thread.
    var crossingCauses = 0

    /// What `reader` read, with the `crossingCauses` its collector counted.
    init(_ reader: borrowing TraceReader, crossingCauses: Int) {
        file = reader.displayName
        header = reader.header
        warnings = reader.warnings
        invalidLineCount = reader.invalidLineCount
        lineCount = reader.lineCount
        self.crossingCauses = crossingCauses
    }

    /// Adds what reading the range that follows this one gave: its warnings (at lines counted
    /// from this range's start), invalid lines, lines and crossing causes.
    mutating func append(_ later: RangeReading) {
        warnings += later.warnings.shifted(by: lineCount)
        invalidLineCount += later.invalidLineCount
        lineCount += later.lineCount
        crossingCauses += later.crossingCauses
    }
}

/// What reading one range of a split trace yields: figures keyed by names, which combine in file order.
protocol RangePartial: Sendable {
    /// The range's file, header, diagnostics, lines and crossing causes.
    var reading: RangeReading { get set }
    /// Whether the range ends inside a pairing of events that does not go by `cause` (an object
    /// made for a mounted view, awaiting the evaluation it forces): the next range may hold the
    /// rest, and the file is then read again on one thread.
    var endsInsidePairing: Bool { get }
    /// Adds the figures of the range that follows this one.
    mutating func append(_ later: Self)
}

extension RangePartial {
    /// The file the range was read from.
    var file: String { reading.file }
    /// The trace's header, when the range held it.
    var header: TraceHeader? { reading.header }
    /// The reader's warnings, at lines counted from the range's start.
    var warnings: [TraceDiagnostic] { reading.warnings }
    /// Lines that were not events.
    var invalidLineCount: Int { reading.invalidLineCount }
    /// The lines the range held.
    var lineCount: Int { reading.lineCount }
    /// Events whose `cause` lies before the range.
    var crossingCauses: Int { reading.crossingCauses }

    /// Adds what reading the range that follows this one gave (see `RangeReading.append`).
    ///
    /// NB: call it last in `append`: it moves `lineCount` on.
    mutating func appendReading(of later: Self) { reading.append(later.reading) }
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
