#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TracerCore

/// Reads a trace and aggregates it into a `TraceSummary`: the entry point of `tracectl report`.
///
/// A regular file of at least `AnalysisOptions.minimumSplitSize` bytes is split at a line where a
/// new transaction begins and the halves are parsed on two threads; a thread that is done while
/// the other still has much to read takes the second half of that rest (again from a transaction
/// boundary). The pieces are merged in file order; when a cause chain crosses a split after all
/// (threads interleaving transactions), the file is read again on one thread. Either way the
/// result is identical to a one-thread parse.
public enum TraceAnalyzer {
    /// How a trace is analysed.
    public struct AnalysisOptions: Sendable, Hashable {
        /// How lines are read (strictness, threads).
        public var read: TraceReadOptions
        /// Files smaller than this are parsed on one thread.
        public var minimumSplitSize: Int
        /// The fewest bytes a thread that is done takes over from one still reading (half of
        /// what that one has left).
        public var minimumStolenSize: Int
        /// Which per-view figures to also keep per mark interval (`TraceSummary.markViews`, for
        /// budget rules with a `mark`); none by default, so that a report pays nothing for them.
        public var markViews: MarkFigures
        /// Whether cause chains are followed to their root writes (each view's causes and
        /// evaluations caused by writes); a reader that needs neither is spared the work, and
        /// those figures are then 0 and empty.
        public var followsCauses: Bool
        /// Whether the cause graph is gathered (`TraceSummary.causeGraph`; cause chains are then
        /// followed whatever `followsCauses` says).
        public var causeGraph: Bool
        /// Whether each view's statistics are gathered (`TraceSummary.views`); a reader that needs
        /// only the trace's totals and its cause graph is spared them, and `views` is then empty
        /// (no warning names a view whose body time saturated: no view figure is shown).
        public var viewStatistics: Bool

        /// Options with the given read options.
        public init(
            read: TraceReadOptions = TraceReadOptions(), minimumSplitSize: Int = 1 << 20, minimumStolenSize: Int = 8 << 20,
            markViews: MarkFigures = .none, followsCauses: Bool = true, causeGraph: Bool = false, viewStatistics: Bool = true
        ) {
            self.causeGraph = causeGraph
            self.viewStatistics = viewStatistics
            self.read = read
            self.minimumSplitSize = minimumSplitSize
            self.minimumStolenSize = minimumStolenSize
            self.markViews = markViews
            self.followsCauses = followsCauses
        }
    }

    /// The per-view figures kept per mark interval.
    public enum MarkFigures: Sendable, Hashable {
        /// No per-view figures per mark interval.
        case none
        /// Evaluations, wasted evaluations, skips, invalidations and writes.
        case counts
        /// The counts and each view's body-time distribution (the costlier part).
        case countsAndBodyTimes
    }

    /// The summary of the trace at `source`.
    ///
    /// - Throws: `TraceError` for an unreadable file, an empty trace, another schema, or (strict
    ///   mode) the first invalid line.
    public static func analyze(
        source: TraceInput, options: AnalysisOptions = AnalysisOptions()
    ) throws(TraceError) -> TraceSummary {
        try read(source: source, options: options) { (reader) throws(TraceError) in try aggregate(&reader, options) }
            .summary(threads: options.read.threads)
    }

    /// `fold`'s result for the whole trace at `source`: of one reader, or of the ranges a regular
    /// file is split into (read on two threads), appended in file order. A `ReadHook` of the
    /// calling task may say which descriptor standard input is and where the file is split, and
    /// is told which pieces each thread reads.
    ///
    /// - Throws: `TraceError` for an unreadable file, an empty trace, another schema, or (strict
    ///   mode) the first invalid line.
    static func read<Partial: RangePartial>(
        source: TraceInput, options: AnalysisOptions,
        fold: @escaping @Sendable (inout TraceReader) throws(TraceError) -> Partial
    ) throws(TraceError) -> Partial {
        let hook = ReadHook.current
        guard case .file(let path) = source else {
            if source == .standardInput, let descriptor = hook?.standardInput {
                var reader = TraceReader(
                    descriptor: descriptor, ownsDescriptor: false, range: nil, role: .whole, displayName: source.displayName,
                    options: options.read)
                return try fold(&reader)
            }
            var reader = try TraceReader(source: source, options: options.read)
            return try fold(&reader)
        }
        let splits = hook?.splits
        return try read(path: path, options: options, fold: fold) { file in
            guard options.read.threads >= 2 && (file.size >= options.minimumSplitSize || splits != nil),
                let split = transactionBoundary(
                    descriptor: file.descriptor, near: splits.map { file.size * $0.first / 1000 } ?? file.size / 2, end: file.size,
                    displayName: path)
            else { return nil }
            let header = file.header()
            let pieces = LockedBox([
                Piece<Partial>(range: ReadRange(start: 0, end: split), role: .head),
                Piece<Partial>(range: ReadRange(start: split, end: file.size), role: .tail),
            ])
            let minimum = splits == nil ? options.minimumStolenSize : 1
            DispatchQueue.concurrentPerform(iterations: 2) { first in
                var next: Int? = first
                defer { hook?.observe?(.done(thread: first)) }
                while let index = next {
                    let (range, role) = pieces.withLock { ($0[index].range, $0[index].role) }
                    hook?.observe?(.reading(thread: first, range: range.start..<range.snapshot.end, stolen: index > 1))
                    let (result, seqs) = file.fold(range, role, header)
                    pieces.withLock { ($0[index].result, $0[index].seqs) = (result, seqs) }
                    guard case .success = result else { return }
                    next = steal(pieces, descriptor: file.descriptor, displayName: path, minimum: minimum, at: splits?.steal)
                }
            }
            return pieces.withLock { $0 }
        }
    }

    /// `fold`'s result for the trace file at `path` read in ranges that start at `starts` (line
    /// starts after 0, ascending), one after another, appended as the ranges read on threads are:
    /// a split placed at will, to check that no result depends on where a file is split.
    ///
    /// - Throws: as `read(source:options:fold:)`.
    static func read<Partial: RangePartial>(
        path: String, rangesStartingAt starts: [Int], options: AnalysisOptions,
        fold: @escaping @Sendable (inout TraceReader) throws(TraceError) -> Partial
    ) throws(TraceError) -> Partial {
        try read(path: path, options: options, fold: fold) { file in
            let header = file.header()
            let bounds = [0] + starts + [file.size]
            return (1..<bounds.count).map { index in
                let range = ReadRange(start: bounds[index - 1], end: bounds[index])
                let role: TraceReader.Role = index == 1 ? .head : .tail
                let (result, seqs) = file.fold(range, role, header)
                return Piece(range: range, role: role, result: result, seqs: seqs)
            }
        }
    }

    /// `fold`'s result for the trace file at `path`: of the pieces `split` reads it in, appended in
    /// file order, or of one pass over the whole file when `split` gives none, a cause chain
    /// crosses from one piece into another or a `seq` does not increase (within a piece or from
    /// one to the next: ranges are told apart by their `seq`s).
    private static func read<Partial: RangePartial>(
        path: String, options: AnalysisOptions, fold: @escaping @Sendable (inout TraceReader) throws(TraceError) -> Partial,
        split: (OpenTrace<Partial>) -> [Piece<Partial>]?
    ) throws(TraceError) -> Partial {
        let descriptor = try TraceReader.open(path)
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        let file = OpenTrace(descriptor: descriptor, size: size, path: path, options: options.read, folding: fold)
        guard let pieces = split(file) else { return try file.wholeFile() }
        var merged: Partial?
        var lastSeq: Int64?
        for piece in pieces.sorted(by: { $0.range.start < $1.range.start }) {
            let inOrder = piece.seqs.increase(after: lastSeq)
            lastSeq = piece.seqs.last ?? lastSeq
            switch piece.result! {
            case .success where !inOrder:
                // NB: a `seq` out of order: whether a cause lies in another piece cannot be told.
                return try file.wholeFile()
            case .success(let later) where merged != nil && (later.crossingCauses > 0 || merged!.endsInsidePairing):
                // NB: a chain that crosses a split (threads interleaving transactions across it) can
                // only be followed in one pass: read the file again on one thread, never guess.
                return try file.wholeFile()
            case .success(let later):
                if merged == nil { merged = later } else { merged!.append(later) }
            case .failure(var error):
                // NB: a later piece counts lines from its start (line 0 is no position); earlier
                // pieces' errors come first.
                if error.diagnostic.line > 0 { error.diagnostic.line += merged?.lineCount ?? 0 }
                throw error
            }
        }
        return merged!
    }

    /// A trace file open for reading in ranges, and the fold each range is read with.
    private struct OpenTrace<Partial: RangePartial>: Sendable {
        let descriptor: Int32
        /// The file's size in bytes (0 when it is not a regular file).
        let size: Int
        let path: String
        let options: TraceReadOptions
        let folding: @Sendable (inout TraceReader) throws(TraceError) -> Partial

        /// The result of one pass over the whole file, on this thread.
        func wholeFile() throws(TraceError) -> Partial {
            var reader = TraceReader(
                descriptor: descriptor, ownsDescriptor: false, range: nil, role: .whole, displayName: path, options: options)
            return try folding(&reader)
        }

        /// The file's header, read from its start.
        ///
        /// NB: the ranges after the first have no header of their own; they are read with the
        /// file's (its source decides, say, whether an evaluation without `dur` took 0 ns).
        func header() -> TraceHeader? {
            var first = TraceReader(
                descriptor: descriptor, ownsDescriptor: false, range: ReadRange(start: 0, end: size), role: .head,
                displayName: path, options: options)
            _ = try? first.advance()
            return first.header
        }

        /// The result of reading `range` in `role`, a `.tail` with `header`, and the `seq`s read.
        func fold(
            _ range: ReadRange, _ role: TraceReader.Role, _ header: TraceHeader?
        ) -> (Result<Partial, TraceError>, TraceReader.SeqOrder) {
            var reader = TraceReader(
                descriptor: descriptor, ownsDescriptor: false, range: range, role: role, displayName: path,
                options: options, header: role == .tail ? header : nil)
            let result = Result { () throws(TraceError) -> Partial in try folding(&reader) }
            return (result, reader.seqOrder)
        }
    }

    /// A range of the file, the reader's role in it, and its result once read.
    private struct Piece<Partial: RangePartial>: Sendable {
        var range: ReadRange
        var role: TraceReader.Role
        var result: Result<Partial, TraceError>?
        /// The `seq`s its reader read.
        var seqs = TraceReader.SeqOrder()
    }

    /// Takes the second half of the unread bytes of the piece with the most of them (or what
    /// follows `thousandths` of them, when given), from a line where a transaction begins, as a
    /// new piece; returns its index, or nil when no piece has `2 * minimum` unread bytes (or no
    /// boundary is found, or its reader got there first).
    ///
    /// NB: a thread that finishes early (its core slower, or busy with something else for a while)
    /// so shares the rest instead of waiting; merging a piece has a cost of its own, so small rests
    /// are left to their reader.
    private static func steal<Partial>(
        _ pieces: LockedBox<[Piece<Partial>]>, descriptor: Int32, displayName: String, minimum: Int, at thousandths: Int?
    ) -> Int? {
        let unread = pieces.withLock { $0.filter { $0.result == nil }.map(\.range) }
            .map { (range: $0, bounds: $0.snapshot) }
            .max { $0.bounds.end - $0.bounds.reserved < $1.bounds.end - $1.bounds.reserved }
        guard let unread, unread.bounds.end - unread.bounds.reserved >= 2 * minimum,
            let split = transactionBoundary(
                descriptor: descriptor,
                near: thousandths.map { unread.bounds.reserved + (unread.bounds.end - unread.bounds.reserved) * $0 / 1000 }
                    ?? unread.bounds.end - (unread.bounds.end - unread.bounds.reserved) / 2,
                end: unread.bounds.end, displayName: displayName),
            let end = unread.range.cede(from: split)
        else { return nil }
        return pieces.withLock { pieces in
            pieces.append(Piece<Partial>(range: ReadRange(start: split, end: end), role: .tail))
            return pieces.count - 1
        }
    }

    /// The aggregate of what `reader` reads, gathered as `options` ask.
    static func aggregate(_ reader: inout TraceReader, _ options: AnalysisOptions) throws(TraceError) -> PartialAggregate {
        var aggregator = TraceAggregator(
            markViews: options.markViews, followsCauses: options.followsCauses, causeGraph: options.causeGraph,
            viewStatistics: options.viewStatistics)
        let crossing = try CauseInference.read(&reader) { aggregator.add(&$0) }
        var partial = aggregator.partial(reader)
        partial.reading.crossingCauses += crossing
        return partial
    }

    /// The offset of the first line at or after `near` whose `tx` differs from the `tx` of an earlier
    /// line after `near`, or nil when none is found within a few thousand lines.
    static func transactionBoundary(descriptor: Int32, near: Int, end: Int, displayName: String) -> Int? {
        var lines = LineSource(descriptor: descriptor, range: ReadRange(start: near, end: end), blockSize: 1 << 16)
        var parser = EventParser()
        var event = ParsedEvent()
        _ = lines.next()  // NB: the line `near` falls into (maybe a partial one) stays in the head.
        var previous: Int64?
        for _ in 0..<10_000 {
            guard let line = lines.next(), line.hasNewline else { return nil }
            guard (try? parser.parse(line.start, count: line.count, into: &event)) == true, event.has(.tx) else { continue }
            if let previous, previous != event.tx { return line.offset }
            previous = event.tx
        }
        return nil
    }
}
