#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Tracer

/// Reads a trace and aggregates it into a `TraceSummary`: the entry point of `tracectl report`.
///
/// A regular file of at least `AnalysisOptions.minimumSplitSize` bytes is split at a line where a
/// new transaction begins and the halves are parsed on two threads, then merged; when a cause
/// chain crosses the split after all (threads interleaving transactions), the file is read again
/// on one thread. Either way the result is identical to a one-thread parse.
public enum TraceAnalyzer {
    /// How a trace is analysed.
    public struct AnalysisOptions: Sendable, Hashable {
        /// How lines are read (strictness, threads).
        public var read: TraceReadOptions
        /// Files smaller than this are parsed on one thread.
        public var minimumSplitSize: Int
        /// Which per-view figures to also keep per mark interval (`TraceSummary.markViews`, for
        /// budget rules with a `mark`); none by default, so that a report pays nothing for them.
        public var markViews: MarkFigures

        /// Options with the given read options.
        public init(read: TraceReadOptions = TraceReadOptions(), minimumSplitSize: Int = 1 << 20, markViews: MarkFigures = .none) {
            self.read = read
            self.minimumSplitSize = minimumSplitSize
            self.markViews = markViews
        }
    }

    /// The per-view figures kept per mark interval.
    public enum MarkFigures: Sendable, Hashable {
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
        source: TraceSource, options: AnalysisOptions = AnalysisOptions()
    ) throws(TraceError) -> TraceSummary {
        guard case .file(let path) = source else {
            var reader = try TraceReader(source: source, options: options.read)
            return try aggregate(&reader, options).summary(threads: options.read.threads)
        }
        let descriptor = try TraceReader.open(path)
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        let split = options.read.threads >= 2 && size >= options.minimumSplitSize
            ? transactionBoundary(descriptor: descriptor, near: size / 2, end: size, displayName: path)
            : nil
        guard let split else {
            var reader = TraceReader(
                descriptor: descriptor, ownsDescriptor: false, range: nil, role: .whole, displayName: path,
                options: options.read)
            return try aggregate(&reader, options).summary(threads: options.read.threads)
        }
        let ranges = [(0..<split, TraceReader.Role.head), (split..<size, TraceReader.Role.tail)]
        let results = LockedBox<[Int: Result<PartialAggregate, TraceError>]>([:])
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            let result = Result { () throws(TraceError) -> PartialAggregate in
                var reader = TraceReader(
                    descriptor: descriptor, ownsDescriptor: false, range: ranges[index].0, role: ranges[index].1,
                    displayName: path, options: options.read)
                return try aggregate(&reader, options)
            }
            results.withLock { $0[index] = result }
        }
        let parts = results.withLock { $0 }
        var merged = try parts[0]!.get()
        switch parts[1]! {
        case .success(let later) where later.crossingCauses > 0:
            // NB: a chain that crosses the split (threads interleaving transactions across it) can
            // only be followed in one pass: read the file again on one thread, never guess.
            var reader = TraceReader(
                descriptor: descriptor, ownsDescriptor: false, range: nil, role: .whole, displayName: path,
                options: options.read)
            return try aggregate(&reader, options).summary(threads: options.read.threads)
        case .success(let later): merged.append(later)
        case .failure(var error):
            // NB: the tail counts lines from the split; the head's errors come first anyway.
            error.diagnostic.line += merged.lineCount
            throw error
        }
        return merged.summary(threads: options.read.threads)
    }

    private static func aggregate(_ reader: inout TraceReader, _ options: AnalysisOptions) throws(TraceError) -> PartialAggregate {
        var aggregator = TraceAggregator(markViews: options.markViews)
        while try reader.advance() { reader.withCurrent { aggregator.add(&$0) } }
        return aggregator.partial(reader)
    }

    /// The offset of the first line at or after `near` whose `tx` differs from the `tx` of an earlier
    /// line after `near`, or nil when none is found within a few thousand lines.
    static func transactionBoundary(descriptor: Int32, near: Int, end: Int, displayName: String) -> Int? {
        var lines = LineSource(descriptor: descriptor, start: near, end: end, blockSize: 1 << 16)
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
