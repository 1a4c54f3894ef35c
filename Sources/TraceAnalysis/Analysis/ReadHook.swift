/// How a test or a fuzz target watches and steers the reading of traces, for the task that
/// reads them (`ReadHook.$current.withValue(…)`): which descriptor standard input is, where a file
/// is split, and which pieces each thread read.
///
/// NB: read once per trace, on the thread that asks for it (a task-local value is not seen by
/// the threads that read the pieces); without one, reading goes as it always does.
package struct ReadHook: Sendable {
    /// What a thread reading a split file did.
    package enum Event: Sendable, Equatable {
        /// Thread `thread` (0 or 1) starts reading the bytes `range`: its first piece, or the rest
        /// of another piece it took over (`stolen`).
        case reading(thread: Int, range: Range<Int>, stolen: Bool)
        /// Thread `thread` found no rest to take over: it is done.
        case done(thread: Int)
    }

    /// Where a file is split: every regular file, however small (the size minimums are 1 byte).
    package struct Splits: Sendable, Hashable {
        /// The first split is looked for this many thousandths into the file (the usual: 500).
        package var first: Int
        /// A thread taking over a rest splits it this many thousandths into it (the usual: 500).
        package var steal: Int

        /// Splits `first` and `steal` thousandths in (each 1…999).
        package init(first: Int, steal: Int) {
            self.first = first
            self.steal = steal
        }
    }

    /// The hook of the reading task, if any.
    @TaskLocal package static var current: ReadHook?

    /// The descriptor read for standard input (`-`) instead of descriptor 0, such as a pipe.
    package var standardInput: Int32?
    /// Where files are split; nil: as usual.
    package var splits: Splits?
    /// Told what each thread reading a split file does, on that thread (it may wait there).
    package var observe: (@Sendable (Event) -> Void)?
    /// A fault put in on purpose: the aggregation counts an evaluation with `changed: 1` as
    /// wasted too, for a test to show that the property tests notice; read in debug builds only
    /// (`faultsTakeEffect`), where the aggregator is made on the reading task's thread.
    package var countsWastedOffByOne = false

    /// Whether `countsWastedOffByOne` is read (a debug build's internal checks).
    package static var faultsTakeEffect: Bool {
        #if TRACER_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }

    /// A hook; by default it changes nothing.
    package init(standardInput: Int32? = nil, splits: Splits? = nil, observe: (@Sendable (Event) -> Void)? = nil) {
        self.standardInput = standardInput
        self.splits = splits
        self.observe = observe
    }
}
