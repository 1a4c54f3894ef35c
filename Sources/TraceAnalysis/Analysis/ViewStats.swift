/// What happened to one view over a trace.
public struct ViewStats: Sendable, Hashable, CountedFigures {
    /// The view path (`Root/Child[id]/…`).
    public var view: String
    /// The view's counted metrics (`Metric.counted`).
    public var counts = CountVector()
    /// Writes to this view's properties by wrapper kind (`State`, `ViewStorage`, …).
    public var writesByWrapper: [String: Int] = [:]
    /// Writes to this view's properties by property (with wrapper and declaration site), most first.
    public var writesByProperty: [OriginCount] = []
    /// Body evaluations anywhere whose cause chain starts at a write to this view's properties.
    public var evalsCausedByWrites: Int {
        get { counts[.evalsCausedByWrites] }
        set { counts[.evalsCausedByWrites] = newValue }
    }
    /// `body` time of this view's evaluations.
    public var bodyTime = DurationStats()
    /// The writes whose cause chains led to this view's evaluations, most first.
    public var causes: [OriginCount] = []
    /// This view's `inputs-changed` evaluations by the inputs the trace says differed (names
    /// joined by `", "`), most first, then by name; empty when the source records none.
    public var changedInputs: [InputsCount] = []
    /// The view's place among the trace's views by their first event (0: the first view the trace
    /// names): how lists break ties, however the trace was split to be read.
    public var firstAppearance = 0

    /// Empty statistics for `view`.
    package init(view: String) { self.view = view }

    /// Evaluations caused per write to this view's properties (nil without writes): the fan-out of
    /// one write, e.g. a whole screen re-evaluated per scroll-offset write.
    public var evalsPerWrite: Double? {
        writes > 0 ? Double(evalsCausedByWrites) / Double(writes) : nil
    }
}

/// Evaluations of one view whose inputs differed in the same properties.
public struct InputsCount: Sendable, Hashable {
    /// The properties that differed, in declaration order.
    public var inputs: [String]
    /// How many evaluations they were.
    public var evals: Int

    /// `evals` evaluations in which `inputs` differed.
    package init(inputs: [String], evals: Int) { (self.inputs, self.evals) = (inputs, evals) }
}
