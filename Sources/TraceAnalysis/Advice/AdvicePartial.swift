/// What `tracectl advise` gathered from one range of a trace, keyed by names so that ranges read
/// on different threads (with different interned ids) append in file order.
struct AdvicePartial: RangePartial {
    /// An origin's evaluations of one view, caused by a parent's evaluation (`parent`) or by an
    /// observation (`parent` empty).
    struct ViewKey: Hashable, Sendable {
        var origin: WriteOrigin.Property
        var view: String
        var parent: String
    }

    /// A state property's counts at one full path that depend on what earlier ranges saw there.
    struct Pending: Sendable {
        var path: String
        var state: WriteOrigin
        var tally: StateInitCounts
    }

    var reading: RangeReading
    var endsInsidePairing = false
    /// Body evaluations without a `dur` (of 0 ns unless the header says Instruments).
    var untimedEvals = 0
    /// Root writes by property (views collapsed, see `ViewPathPattern`).
    var writes: [WriteOrigin.Property: WriteCounts] = [:]
    /// Each written property's site: the first one written in the ranges read so far.
    ///
    /// NB: not part of the property's key, so that where a file is split cannot change which
    /// writes count together (a property written with several sites keeps the first).
    var sites: [WriteOrigin.Property: String] = [:]
    /// Each written property's place in the order of first writes, in the ranges read so far:
    /// how findings of equal savings are ranked.
    var firstWrites: [WriteOrigin.Property: Int] = [:]
    /// A class of evaluations counted per origin and view.
    enum ViewEvaluations: Int, Sendable, CaseIterable {
        /// With unchanged output after a parent's evaluation passed new inputs (pattern 2).
        case wasted
        /// With unchanged output after a `@Published` change (pattern 5).
        case observed
        /// Rebuilding leaf content an extraction would skip (pattern 6).
        case extractable
        /// Any evaluation after an observed object's change, its output changed or not (the
        /// counts-only form of pattern 5).
        case observedAny
    }

    /// The evaluations of each class, by origin and view.
    var evaluations = [[ViewKey: EvalCounts]](repeating: [:], count: ViewEvaluations.allCases.count)
    /// State-inits by state property (views collapsed).
    var states: [WriteOrigin: StateInitCounts] = [:]
    /// Full paths unmounted, and those given an `ObservedObject`, in the ranges read so far.
    var unmountedPaths: Set<String> = []
    var observedPaths: Set<String> = []
    /// Counts of this range to settle against the earlier ranges' paths (empty once appended).
    var pending: [Pending] = []

    /// An empty partial of what `reading` read.
    init(reading: RangeReading) { self.reading = reading }

    /// The origin of `property`: it with its site.
    func origin(_ property: WriteOrigin.Property) -> WriteOrigin {
        WriteOrigin(view: property.view, prop: property.prop, wrapper: property.wrapper, site: sites[property] ?? "")
    }

    /// Adds the range that follows: its state-inits at paths an earlier range unmounted (or gave
    /// an `ObservedObject`) become re-creations.
    mutating func append(_ later: AdvicePartial) {
        for item in later.pending {
            var settled = StateInitCounts()
            if unmountedPaths.contains(item.path) { settled.initsAfterUnmount = item.tally.initsBeforeRangeUnmount }
            if observedPaths.contains(item.path) { settled.repeatInits = item.tally.firstInRange }
            states[item.state, default: StateInitCounts()].add(settled)
        }
        for (key, tally) in later.writes { writes[key, default: WriteCounts()].add(tally) }
        sites.merge(later.sites) { earlier, _ in earlier }
        for (property, _) in later.firstWrites.sorted(by: { $0.value < $1.value }) where firstWrites[property] == nil {
            firstWrites[property] = firstWrites.count
        }
        for (index, counts) in later.evaluations.enumerated() {
            for (key, count) in counts { evaluations[index][key, default: EvalCounts()].add(count) }
        }
        for (key, tally) in later.states { states[key, default: StateInitCounts()].add(tally) }
        unmountedPaths.formUnion(later.unmountedPaths)
        observedPaths.formUnion(later.observedPaths)
        endsInsidePairing = later.endsInsidePairing
        untimedEvals += later.untimedEvals
        appendReading(of: later)
    }
}

extension Array where Element == [AdvicePartial.ViewKey: EvalCounts] {
    /// The counts of one class of evaluations.
    subscript(_ evaluations: AdvicePartial.ViewEvaluations) -> [AdvicePartial.ViewKey: EvalCounts] {
        get { self[evaluations.rawValue] }
        set { self[evaluations.rawValue] = newValue }
    }
}
