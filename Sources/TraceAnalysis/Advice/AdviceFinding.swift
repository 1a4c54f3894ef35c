/// One ranked suggestion: a pattern seen at a property or view, its evidence and what fixing it saves.
public struct AdviceFinding: Sendable, Hashable {
    /// The pattern seen.
    public var pattern: AdvicePattern
    /// The view concerned (a row's `[id]` segments written `[*]`, so one finding covers every row).
    public var view: String
    /// The property concerned, its wrapper and declaration site (empty when the trace did not say).
    public var prop: String
    /// The wrapper of `prop` (`State`, `ViewStorage`, …; empty when the trace did not say).
    public var wrapper: String
    /// The declaration site of `prop` (`Module/File.swift:12`; empty when the trace did not say).
    public var site: String
    /// The other view involved: the child re-evaluated, the view observing (nil when none).
    public var relatedView: String?
    /// Counts from the trace, in the order they are shown.
    public var evidence: [AdviceEvidence]
    /// What the fix is estimated to save.
    public var savings: EstimatedSavings
    /// How the estimate was computed, with this trace's numbers.
    public var estimate: String
    /// Whether the finding is a counts-only form, "estimated from counts": what a pattern that
    /// could not be evaluated shows from counts alone, its savings the most a fix could save.
    public var estimatedFromCounts = false
    /// The property's place in the order the trace first writes its properties (`Int.max`: never
    /// written): how findings of equal savings are ranked.
    package var firstWrite = Int.max

    /// A finding with the given fields.
    package init(
        pattern: AdvicePattern, view: String, prop: String, wrapper: String, site: String, relatedView: String? = nil,
        evidence: [AdviceEvidence], savings: EstimatedSavings, estimate: String
    ) {
        self.pattern = pattern
        self.view = view
        self.prop = prop
        self.wrapper = wrapper
        self.site = site
        self.relatedView = relatedView
        self.evidence = evidence
        self.savings = savings
        self.estimate = estimate
    }

    /// `View.prop (Wrapper)`, or the view alone for a finding without a property.
    public var subject: String {
        guard !prop.isEmpty else { return view }
        return "\(view).\(prop)" + (wrapper.isEmpty ? "" : " (\(wrapper))")
    }
}

/// What applying a finding's fix is estimated to save.
public struct EstimatedSavings: Sendable, Hashable {
    /// Body evaluations that would not run.
    public var bodyEvals: Int
    /// Their body time in nanoseconds; nil when the trace has no durations.
    public var bodyTimeNs: Int64?
    /// Objects or state values that would not be created again.
    public var stateRecreations: Int
    /// View values bodies would not rebuild (a fix that saves part of each evaluation).
    public var viewValues: Int
    /// The body time of those values, in whole evaluations of the view that rebuilt them.
    public var evaluationEquivalents: Int

    /// Savings of the given sizes.
    package init(bodyEvals: Int, bodyTimeNs: Int64?, stateRecreations: Int, viewValues: Int = 0, evaluationEquivalents: Int = 0) {
        self.bodyEvals = bodyEvals
        self.bodyTimeNs = bodyTimeNs
        self.stateRecreations = stateRecreations
        self.viewValues = viewValues
        self.evaluationEquivalents = evaluationEquivalents
    }

    /// The figure findings are ranked by and `--min-savings` compares: evaluations (whole, or the
    /// equivalent of the values not rebuilt) plus re-creations.
    public var score: Int { bodyEvals + evaluationEquivalents + stateRecreations }
}

/// One count from the trace backing a finding (`writes: 240`).
public struct AdviceEvidence: Sendable, Hashable {
    /// What was counted, in camelCase (the JSON key).
    public var name: String
    /// How many (`240`).
    public var count: Int

    /// `count` of `name`.
    package init(_ name: String, _ count: Int) {
        self.name = name
        self.count = count
    }
}
