/// Where a trace came from, as its `meta` header's `source` field names it.
///
/// NB: a header without `source` is a runtime trace (the first wave wrote none), and a header
/// without `capabilities` can produce everything.
public enum TraceProducer: String, Sendable, CaseIterable {
    /// Tracer's own view graph (`ViewGraph`): every kind and field.
    case runtime
    /// A real SwiftUI app through `TracerSwiftUI`: writes and timed evaluations, no skips or
    /// invalidations (SwiftUI does not expose them).
    case swiftUI = "swiftui"
    /// `tracectl import` of `Self._printChanges()` console output.
    case printChanges
    /// `tracectl import` of `Self._logChanges()` unified-log records.
    case logChanges
    /// `tracectl import --from xctrace` of Instruments' SwiftUI instrument (Xcode 26+).
    case instruments
    /// `tracectl import --from xctrace` of the legacy View Body / View Properties instruments.
    case instrumentsLegacy = "instruments-legacy"

    /// Whether the trace comes from Instruments, whose evaluations may lack `dur` (an update
    /// still in flight when recording stopped has no length).
    public var isInstruments: Bool { self == .instruments || self == .instrumentsLegacy }
}

/// Something a trace's source can produce: an event kind, or a field on some or all kinds.
///
/// A `meta` header lists them in `capabilities`; a figure built on one the list lacks is *not
/// available* (`n/a` in text, `null` in JSON, a skipped budget rule), never a measured 0.
public enum TraceCapability: String, Sendable, CaseIterable {
    /// `write` events.
    case write
    /// `invalidate` events.
    case invalidate
    /// `body-eval` events.
    case bodyEval = "body-eval"
    /// `skip` events.
    case skip
    /// `mount` events.
    case mount
    /// `unmount` events.
    case unmount
    /// `state-init` events.
    case stateInit = "state-init"
    /// `mark` events.
    case mark
    /// `dur` on body evaluations: body time.
    case duration = "dur"
    /// `changed` on body evaluations (how many children differ): wasted evaluations.
    case outputChanges = "body-eval.changed"
    /// `built` and `extractable` on body evaluations: what each body built.
    case bodyContent = "body-eval.built"
    /// `changed` on writes: whether the value changed.
    case writeChanges = "write.changed"
    /// `cause` chains from writes to the evaluations they led to.
    case cause
    /// `site` on writes: the declaration site.
    case site
    /// `wrapper` on writes: the property wrapper's kind (`State`, `Published`, …).
    case wrapper
    /// `view` holds the path from the root (`Screen/List/Row[3]`), not only the view's type name.
    case viewPath = "view-path"
    /// `hitch` events: frames shown late.
    case hitch
    /// `group` on events and `update-group` events: SwiftUI's update groups.
    case group
    /// `old` and `new` (or the `values` marker) on writes: the values written.
    case values

    /// Whether a header that lists no capabilities (the runtime's) claims this one.
    ///
    /// NB: a capability added after the first sources were written counts only when listed: the
    /// runtime records no hitches, so its hitches are not available rather than 0.
    public var isImpliedWithoutList: Bool {
        switch self {
        case .hitch, .group, .values: false
        default: true
        }
    }

    /// The capabilities of a source that states none.
    public static let all = Set(allCases.filter(\.isImpliedWithoutList))
}
